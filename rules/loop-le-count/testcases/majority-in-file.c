/* Engler's majority: in the first file-half every other 0-based loop over
 * nr_entries uses <, so the one with <= deviates; the block count is used
 * with <= by every 0-based loop (an encoding, not a slip), and a 1-based
 * loop with <= is the normal idiom and is not counted either way. */
struct tbl { int nr_entries; int nblocks; int *ent; int *blk; };

void put(int v);

void tbl_show(struct tbl *t)
{
	int i;

	for (i = 0; i < t->nr_entries; i++)
		put(t->ent[i]);
}

void tbl_sum(struct tbl *t)
{
	int i;

	for (i = 0; i < t->nr_entries; i++)
		put(t->ent[i] + 1);
}

void tbl_dump(struct tbl *t)
{
	int i;

	for (i = 0; i <= t->nr_entries; i++)
		put(t->ent[i]);
}

void blk_show(struct tbl *t)
{
	int i;

	for (i = 0; i <= t->nblocks; i++)
		put(t->blk[i]);
}

void blk_dump(struct tbl *t)
{
	int i;

	for (i = 0; i <= t->nblocks; i++)
		put(t->blk[i] ^ 1);
	for (i = 1; i < t->nblocks; i++)
		put(t->blk[i] - t->blk[i - 1]);
}

/*
 * check-name: bound used with < elsewhere (bug) versus <= everywhere (intended)
 * check-output-start
29:2: warning: t->nr_entries is a count but i reaches it: the loop runs t->nr_entries+1 times [loop-le-count] bug
37:2: warning: t->nblocks is a count but i reaches it: the loop runs t->nblocks+1 times [loop-le-count] false-positive
45:2: warning: t->nblocks is a count but i reaches it: the loop runs t->nblocks+1 times [loop-le-count] false-positive
 * check-output-end
 */
