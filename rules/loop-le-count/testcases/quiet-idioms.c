/* Loops the rule must leave alone: the idiom i < count, a 1-based loop
 * i = 1 .. count, an ordinal bound (max_idx, last), a bound with no name. */
struct queue { int count; int max_idx; int last; int *slot; };

void use(int v);

void idioms(struct queue *q)
{
	int i, ok;

	for (i = 0; i < q->count; i++)
		use(q->slot[i]);

	for (i = 1; i <= q->count; i++)
		use(q->slot[i - 1]);

	for (ok = 0, i = 1; i <= q->count; i++)
		ok += q->slot[i - 1];

	for (i = 0; i <= q->max_idx; i++)
		use(q->slot[i]);

	for (i = 0; i <= q->last; i++)
		use(q->slot[i]);

	for (i = 0; i <= 7; i++)
		use(i);
}

/*
 * check-name: i < count, i = 1 start, ok = 0, i = 1, ordinal bounds, numbers: quiet
 * check-output-start
 * check-output-end
 */
