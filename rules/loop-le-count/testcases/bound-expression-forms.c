/* Bounds that are expressions: X - Y (the last start position of a run of
 * count blocks in a frame: the loop is right), a division (a truncated
 * quotient, <= takes the partial chunk), and E + k (explicit extra passes,
 * as when a dump prints the header and every payload dword). */
struct super { unsigned int s_fpb; };
struct pkt { unsigned int idx; int count; };

int block_free(unsigned int pos);
void dump_dword(unsigned int idx);
void sg_fill(int k);

int find_run(struct super *uspi, unsigned int count)
{
	unsigned int pos, k;

	for (pos = 0; pos <= uspi->s_fpb - count; pos++) {
		for (k = 0; k < count; k++)
			if (!block_free(pos + k))
				break;
		if (k == count)
			return pos;
	}
	return -1;
}

void sg_table_fill(int buf_cnt)
{
	int i;

	for (i = 0; i <= buf_cnt / 8; i++)
		sg_fill(i);
}

void pkt_dump(struct pkt *pkt)
{
	unsigned int i, idx = pkt->idx;

	for (i = 0; i <= (pkt->count + 1); i++, idx++)
		dump_dword(idx);
}

/*
 * check-name: X - Y (false positive), division, E + k (deliberate)
 * check-output-start
16:2: warning: uspi->s_fpb - count is a count but pos reaches it: the loop runs (uspi->s_fpb - count)+1 times [loop-le-count] false-positive
30:2: warning: buf_cnt / 8 is a count but i reaches it: the loop runs (buf_cnt / 8)+1 times [loop-le-count] false-positive
38:2: warning: pkt->count + 1 is a count but i reaches it: the loop runs (pkt->count + 1)+1 times [loop-le-count] intended
 * check-output-end
 */
