/* The forcedeth suspend/resume shape (fixed upstream by < in 7.x): the
 * buffer holds register_size bytes as u32 words, and the loop runs one
 * word past them, storing on suspend and loading on resume. */
typedef unsigned int u32;
u32 readl(const void *addr);
void writel(u32 v, void *addr);

struct priv {
	u32 register_size;
	u32 saved[64];
	char *base;
};

void regs_save(struct priv *np)
{
	int i;

	for (i = 0; i <= np->register_size / sizeof(u32); i++)
		np->saved[i] = readl(np->base + i * sizeof(u32));
}

/*
 * check-name: fix: a <= loop over a byte size divided by the element size stops before it
 * check-rules: loop-le-count
 * check-fix: offered
 * check-output-start
18:2: warning: np->register_size / sizeof(u32) is a count but i reaches it: the loop runs (np->register_size / sizeof(u32))+1 times [loop-le-count] bug
 * check-output-end
 */
