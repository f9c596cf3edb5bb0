/* A descriptor holds the head and up to MAX_FRAGS fragments, so its array is
 * declared 1 + MAX_FRAGS long and a walk to i <= nr_frags touches the head and
 * every fragment (3c59x, pasemi). An array with no such room scores higher
 * (each loop sees the other's <=, so both lose the deviance bonus here). */
#define MAX_FRAGS 17

struct desc { unsigned int addr; };
struct ring { struct { unsigned int addr; } frag[1 + MAX_FRAGS]; };
struct table { struct desc slot[MAX_FRAGS]; };

void unmap(unsigned int addr);

void ring_unmap(struct ring *r, int nr_frags)
{
	int k;

	for (k = 0; k <= nr_frags; k++)
		unmap(r->frag[k].addr);
}

void table_unmap(struct table *t, int nr_frags)
{
	int k;

	for (k = 0; k <= nr_frags; k++)
		unmap(t->slot[k].addr);
}

/*
 * check-name: an array declared X + 1 long has room for the extra pass
 * check-output-start
17:2: warning: nr_frags is a count but k reaches it: the loop runs nr_frags+1 times [loop-le-count] false-positive
25:2: warning: nr_frags is a count but k reaches it: the loop runs nr_frags+1 times [loop-le-count] false-positive
 * check-output-end
 */
