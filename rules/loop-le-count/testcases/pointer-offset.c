/* Indexing written as pointer arithmetic counts as indexing; a value plus i does not. */
typedef unsigned short u16;
typedef unsigned char u8;
int read_reg(unsigned addr, u16 *val);

int read_otp(u16 size, unsigned addr, u8 *buf)
{
	u16 index;
	u16 *val;
	int ret;

	for (index = 0; index <= size; index++) {
		val = (u16 *)(buf + index);
		ret = read_reg(addr + index, val);
		if (ret)
			return ret;
	}
	return 0;
}

int sum_words(int len, const int *words)
{
	int i, s = 0;

	for (i = 0; i <= len; i++)
		s += *(words + i);
	return s;
}

int poke_regs(int nregs, unsigned base)
{
	int i;

	for (i = 0; i <= nregs; i++)
		read_reg(base + i, 0);
	return 0;
}

/*
 * check-name: *(p + i) and (T *)(p + i) index p; base + i alone does not
 * check-output-start
12:2: warning: size is a count but index reaches it: the loop runs size+1 times [loop-le-count] intended
25:2: warning: len is a count but i reaches it: the loop runs len+1 times [loop-le-count] intended
34:2: warning: nregs is a count but i reaches it: the loop runs nregs+1 times [loop-le-count] intended
 * check-output-end
 */
