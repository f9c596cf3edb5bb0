/* The array is sized for the extra pass (nr_levels + 1 entries: one per
 * level and a sentinel), so "i <= nr_levels" stays inside it. */
#define NR_LEVELS 4

struct level_map {
	int bounds[NR_LEVELS + 1];
};

void level_map_init(struct level_map *m, int step)
{
	int i;

	for (i = 0; i <= NR_LEVELS; i++)
		m->bounds[i] = i * step;
}

/*
 * check-name: array declared [NR_LEVELS + 1]: the <= loop fits it (deliberate, intended)
 * check-output-start
13:2: warning: NR_LEVELS is a count but i reaches it: the loop runs NR_LEVELS+1 times [loop-le-count] false-positive
 * check-output-end
 */
