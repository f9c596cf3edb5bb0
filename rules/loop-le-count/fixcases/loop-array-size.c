/* A table of NR_SLOTS entries cleared by a loop that runs while
 * i <= NR_SLOTS: the evidence says the array has exactly NR_SLOTS
 * elements, so lockers fix offers i < NR_SLOTS. */
#define NR_SLOTS 16

struct slot_table {
	int used;
	unsigned long slots[NR_SLOTS];
};

void table_reset(struct slot_table *t)
{
	int i;

	for (i = 0; i <= NR_SLOTS; i++)
		t->slots[i] = 0;
	t->used = 0;
}

/*
 * check-name: fix: loop over an array of exactly E elements stops before E
 * check-rules: loop-le-count
 * check-fix: offered
 * check-output-start
15:2: warning: NR_SLOTS is a count but i reaches it: the loop runs NR_SLOTS+1 times [loop-le-count] bug
 * check-output-end
 */
