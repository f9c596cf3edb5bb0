/* The bound is assigned from something minus one just before the loop
 * (nr is the index of the last bitmap word, not a number of words): the
 * <= is right and the name misleads. The second loop's bound comes from a
 * call, with nothing said about it. */
struct replay { unsigned int window; unsigned int bmp[8]; };

unsigned int ring_words(struct replay *r);

void replay_clear(struct replay *r)
{
	unsigned int i, nr;

	nr = (r->window - 1) >> 5;
	for (i = 0; i <= nr; i++)
		r->bmp[i] = 0;
}

void replay_clear_words(struct replay *r)
{
	unsigned int i, nr_words;

	nr_words = ring_words(r);
	for (i = 0; i <= nr_words; i++)
		r->bmp[i] = 0;
}

/*
 * check-name: bound assigned from X - 1 (false positive) versus from a call (bug)
 * check-output-start
14:2: warning: nr is a count but i reaches it: the loop runs nr+1 times [loop-le-count] false-positive
23:2: warning: nr_words is a count but i reaches it: the loop runs nr_words+1 times [loop-le-count] intended
 * check-output-end
 */
