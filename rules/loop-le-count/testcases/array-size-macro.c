/* ARRAY_SIZE(tbl) and sizeof(buf) are the sizes of the arrays indexed, so
 * the last pass reads one past the end; a loop bounded by ARRAY_SIZE of a
 * different array only counts. */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const int rate_tbl[] = { 1, 2, 5, 11 };
static const int other_tbl[] = { 6, 9, 12, 18, 24 };

int rate_lookup(int rate)
{
	unsigned int i;

	for (i = 0; i <= ARRAY_SIZE(rate_tbl); i++)
		if (rate_tbl[i] == rate)
			return i;
	return -1;
}

int name_sum(void)
{
	char name[16];
	unsigned int i;
	int sum = 0;

	for (i = 0; i <= sizeof(name); i++)
		sum += name[i];
	return sum;
}

int other_steps(void)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i <= ARRAY_SIZE(other_tbl); i++)
		n += 2;
	return n;
}

/*
 * check-name: ARRAY_SIZE / sizeof of the indexed array as bound; of another array, only counting
 * check-output-start
13:2: warning: ARRAY_SIZE(rate_tbl) is a count but i reaches it: the loop runs ARRAY_SIZE(rate_tbl)+1 times [loop-le-count] bug
25:2: warning: sizeof(name) is a count but i reaches it: the loop runs sizeof(name)+1 times [loop-le-count] bug
35:2: warning: ARRAY_SIZE(other_tbl) is a count but i reaches it: the loop runs ARRAY_SIZE(other_tbl)+1 times [loop-le-count] intended
 * check-output-end
 */
