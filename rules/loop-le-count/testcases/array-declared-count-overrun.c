/* A table declared with NR_SLOTS entries and filled by a loop that runs
 * while i <= NR_SLOTS: the last pass writes slots[NR_SLOTS], one past the
 * end. The same file bounds NR_SLOTS with < elsewhere. */
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

unsigned long table_sum(struct slot_table *t)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < NR_SLOTS; i++)
		sum += t->slots[i];
	return sum;
}

/*
 * check-name: array field declared [NR_SLOTS] written at index NR_SLOTS
 * check-output-start
15:2: warning: NR_SLOTS is a count but i reaches it: the loop runs NR_SLOTS+1 times [loop-le-count] bug
 * check-output-end
 */
