/* The while form: i is set to 0 just before "while (i <= count)" and the
 * body steps it. A while without the reset, or whose body never steps i,
 * is not a counting loop and stays quiet. */
struct ring { int count; int nr_desc; int n_slots; int *desc; };

void desc_clear(int *d);
int hw_busy(void);

void ring_clear(struct ring *r)
{
	int i;

	i = 0;
	while (i <= r->count) {
		desc_clear(&r->desc[i]);
		i++;
	}
}

void ring_clear_decl(struct ring *r)
{
	int i = 0;
	while (i <= r->nr_desc) {
		desc_clear(&r->desc[i]);
		i += 1;
	}
}

void ring_empty_init(struct ring *r)
{
	int i;

	i = 0;
	for (; i <= r->n_slots; i++)
		desc_clear(&r->desc[i]);
}

void ring_wait(struct ring *r, int i)
{
	while (i <= r->count) {
		desc_clear(&r->desc[i]);
		i++;
	}
}

void ring_spin(struct ring *r)
{
	int i;

	i = 0;
	while (i <= r->count) {
		if (!hw_busy())
			break;
	}
}

/*
 * check-name: while and empty-init for after i = 0; quiet without the reset or the step
 * check-output-start
14:2: warning: r->count is a count but i reaches it: the loop runs r->count+1 times [loop-le-count] intended
23:2: warning: r->nr_desc is a count but i reaches it: the loop runs r->nr_desc+1 times [loop-le-count] intended
34:2: warning: r->n_slots is a count but i reaches it: the loop runs r->n_slots+1 times [loop-le-count] intended
 * check-output-end
 */
