/* Deviating from the file's < loops matters only when the extra pass uses i. */
struct pkt { int count; int idx; int regs[8]; };
void emit(int idx);

void clear(struct pkt *pkt)
{
	int i;

	for (i = 0; i < pkt->count; i++)
		pkt->regs[i] = 0;
}

void walk(struct pkt *pkt)
{
	int i;
	int idx = pkt->idx;

	for (i = 0; i <= pkt->count; i++)
		emit(idx++);
}

/*
 * check-name: a pure repeat counter over a bound the file uses with < is not scored as deviant
 * check-output-start
18:2: warning: pkt->count is a count but i reaches it: the loop runs pkt->count+1 times [loop-le-count] intended
 * check-output-end
 */
