/* A <= loop over a packet count with no evidence of the array's size:
 * count may hold count-1, so lockers fix writes nothing. */
struct pkt {
	int count;
	int *words;
};

int pkt_sum(struct pkt *p)
{
	int i, sum = 0;

	for (i = 0; i <= p->count; i++)
		sum += p->words[i];
	return sum;
}

/*
 * check-name: fix: no array-size evidence, no loop fix
 * check-rules: loop-le-count
 * check-fix: not applicable: no evidence that the array has exactly
 * check-output-start
12:2: warning: p->count is a count but i reaches it: the loop runs p->count+1 times [loop-le-count] intended
 * check-output-end
 */
