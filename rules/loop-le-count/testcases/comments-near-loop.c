/* A comment just above the loop explaining the extra pass lowers the
 * score (words like "+ 1", or the author pointing at the '<=' itself); a
 * comment that says nothing about it does not. */
struct fifo { int len; int nr_pages; int *data; };

void emit_word(int w);

void fifo_drain_inclusive(struct fifo *f)
{
	int i;

	/*
	 * The hardware reports one less than the entries it holds:
	 * walk len + 1 words.
	 */
	for (i = 0; i <= f->len; i++)
		emit_word(f->data[i]);
}

void fifo_drain(struct fifo *f, int *out, int out_len)
{
	int i;

	/* copy the words out */
	for (i = 0; i <= out_len; i++)
		out[i] = f->data[i];
}

void fifo_unmark(struct fifo *f)
{
	int i;

	/* The '<=' also covers the control page. */
	for (i = 0; i <= f->nr_pages; i++)
		emit_word(i);
}

/*
 * check-name: explaining comments (intended) versus an unrelated comment (bug)
 * check-output-start
16:2: warning: f->len is a count but i reaches it: the loop runs f->len+1 times [loop-le-count] false-positive
25:2: warning: out_len is a count but i reaches it: the loop runs out_len+1 times [loop-le-count] bug
34:2: warning: f->nr_pages is a count but i reaches it: the loop runs f->nr_pages+1 times [loop-le-count] false-positive
 * check-output-end
 */
