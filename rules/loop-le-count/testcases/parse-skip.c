/*
 * A function spatch cannot parse is skipped, and counted as lost; the
 * functions around it are still analysed. tests/test_coverage.py checks the
 * counts: 3 functions, 1 lost.
 */
struct ring {
	int count;
	int slot[8];
};

void ring_clear(struct ring *r)
{
	int i;

	for (i = 0; i <= r->count; i++)
		r->slot[i] = 0;
}

/* Not C: spatch skips the whole function, so its overrun goes unseen. */
void ring_broken(struct ring *r)
{
	int i;

	for (i = 0; i <= r->count; i++)
		r->slot[i] = 0 +;
}

int ring_sum(struct ring *r)
{
	int i, sum = 0;

	for (i = 0; i < r->count; i++)
		sum += r->slot[i];
	return sum;
}

/*
 * check-name: a function spatch cannot parse is lost, the others are analysed
 * check-parse-error: 1 (ring_broken(), the case's point)
 * check-output-start
15:2: warning: r->count is a count but i reaches it: the loop runs r->count+1 times [loop-le-count] intended
 * check-output-end
 */
