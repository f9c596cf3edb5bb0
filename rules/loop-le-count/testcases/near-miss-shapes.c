/* Loops that look like the <= count loop to a token scan but are not its
 * shape: the counter starts at 1, the condition is more than i <= E, the
 * counter is a member or a sum, or the compare is an if. The rule stays
 * quiet, and the le-count-loop prefilter does not hand the file to spatch. */
struct pool { int count; int nr_free; int i; int *slot; };

void slot_clear(int *s);
int slot_busy(int *s);

void pool_clear_from_one(struct pool *p)
{
	int i;

	for (i = 1; i <= p->count; i++)
		slot_clear(&p->slot[i]);
}

void pool_clear_while_busy(struct pool *p)
{
	int i;

	for (i = 1; i <= p->count && slot_busy(&p->slot[i]); i++)
		slot_clear(&p->slot[i]);
}

void pool_clear_member(struct pool *p)
{
	for (p->i = 1; p->i <= p->nr_free; p->i++)
		slot_clear(&p->slot[p->i]);
}

void pool_clear_pairs(struct pool *p)
{
	int i;

	for (i = 2; i + 1 <= p->count; i += 2)
		slot_clear(&p->slot[i]);
}

/*
 * check-name: near misses of the <= count loop shape stay quiet
 * check-output-start
 * check-output-end
 */
