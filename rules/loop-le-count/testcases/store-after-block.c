/* quota_tree.c's cycle check: depth is the current level, an index into
 * blks (blks[depth] is read and stored), so the walk over levels 0..depth
 * is right. A store "blks[depth] = ret;" right after an if block's '}' is
 * not a declaration of blks with depth elements (as "struct {...} a[N];"
 * would be), and blks[depth] used in the function says depth is an index,
 * not the length passed beside the buffer. */
typedef unsigned int uint;

int read_blk(uint b);
uint new_blk(void);

int quota_walk(uint *blks, int depth, uint newblk)
{
	int i;

	if (!blks[depth]) {
		newblk = new_blk();
	}
	blks[depth] = newblk;
	for (i = 0; i <= depth; i++)
		if (newblk == blks[i])
			return -1;
	return read_blk(blks[depth]);
}

/*
 * check-name: a store after a block is no declaration; buf[E] in use makes E an index
 * check-output-start
 * check-output-end
 */
