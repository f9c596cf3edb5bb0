/* A curve of hw_points_num + 1 points: every loop of the file that starts
 * past 0 (at start_index, at 32) runs to hw_points_num with <= as well, so
 * the 0-based one with <= follows the file's encoding and does not deviate
 * (bound_le_elsewhere). Only the 0-based loop is a finding; a 1-based
 * loop with <= is the normal idiom and is not counted either way. */
struct pt { int r, g, b; };

void put(int v);

static void curve_from(struct pt *out, unsigned int hw_points_num, unsigned int start_index)
{
	unsigned int i;

	for (i = start_index; i <= hw_points_num; i++)
		out[i].r = out[i - 1].r + 1;
}

static void curve_tail(struct pt *out, unsigned int hw_points_num)
{
	unsigned int i;

	for (i = 32; i <= hw_points_num; i++)
		out[i].g = out[i].r;
}

static void curve_fill(struct pt *out, unsigned int hw_points_num)
{
	unsigned int i;

	for (i = 0; i <= hw_points_num; i++) {
		out[i].r = i;
		out[i].g = i;
		out[i].b = i;
	}
}

/*
 * check-name: the file's loops that start past 0 use <= with the same bound: the encoding, not a slip
 * check-output-start
30:2: warning: hw_points_num is a count but i reaches it: the loop runs hw_points_num+1 times [loop-le-count] intended
 * check-output-end
 */
