/* The shapes of header the rule must see, each with its own count-like
 * bound: a header split over lines, the mirrored comparison, a declaration
 * in the init, comma lists in the init (either side), 0U. */
void consume(unsigned char c);

struct msg {
	unsigned int len;
	unsigned int size;
	unsigned int nbytes;
	unsigned int n_data;
	unsigned int total;
	unsigned int data_cnt;
	const unsigned char *buf;
};

void shapes(struct msg *m)
{
	unsigned int i, j;

	for (i = 0;
	     i <= m->len;
	     i++)
		consume(m->buf[i]);

	for (i = 0; m->size >= i; i++)
		consume(m->buf[i]);

	for (unsigned int k = 0; k <= m->nbytes; k++)
		consume(m->buf[k]);

	for (i = 0, j = 1; i <= m->n_data; i++, j <<= 1)
		consume(m->buf[i] ^ j);

	for (j = 1, i = 0; i <= m->total; i++)
		consume(m->buf[i]);

	for (i = 0U; i <= m->data_cnt; i++)
		consume(m->buf[i]);
}

/*
 * check-name: multi-line header, E >= i, declaration init, comma inits, 0U
 * check-output-start
20:2: warning: m->len is a count but i reaches it: the loop runs m->len+1 times [loop-le-count] intended
25:2: warning: m->size is a count but i reaches it: the loop runs m->size+1 times [loop-le-count] intended
28:2: warning: m->nbytes is a count but k reaches it: the loop runs m->nbytes+1 times [loop-le-count] intended
31:2: warning: m->n_data is a count but i reaches it: the loop runs m->n_data+1 times [loop-le-count] intended
34:2: warning: m->total is a count but i reaches it: the loop runs m->total+1 times [loop-le-count] intended
37:2: warning: m->data_cnt is a count but i reaches it: the loop runs m->data_cnt+1 times [loop-le-count] intended
 * check-output-end
 */
