/* Names that say what the bound holds: cnt_max and cpb_cnt_minus1 announce
 * a last index or a count-minus-one encoding (the loop is right); a bare n
 * is as often a degree as a count; n_items is a count. */
struct rvu { int cgx_cnt_max; };
struct hrd { int cpb_cnt_minus1; int bit_rate[32]; };

void cgx_start(int cgx);
void put_rate(int v);
int coef(int k);

void rvu_cgx_start(struct rvu *rvu)
{
	int cgx;

	for (cgx = 0; cgx <= rvu->cgx_cnt_max; cgx++)
		cgx_start(cgx);
}

void hrd_write(struct hrd *hrd)
{
	int i;

	for (i = 0; i <= hrd->cpb_cnt_minus1; i++)
		put_rate(hrd->bit_rate[i]);
}

int poly_eval(int *c, int n, int x)
{
	int i, v = 0;

	for (i = 0; i <= n; i++)
		v = v * x + c[i];
	return v;
}

int items_sum(int *items, int n_items)
{
	int i, v = 0;

	for (i = 0; i <= n_items; i++)
		v += items[i];
	return v;
}

/*
 * check-name: ordinal-named count (cnt_max), N-1 name (_minus1), bare n, n_items
 * check-output-start
15:2: warning: rvu->cgx_cnt_max is a count but cgx reaches it: the loop runs rvu->cgx_cnt_max+1 times [loop-le-count] false-positive
23:2: warning: hrd->cpb_cnt_minus1 is a count but i reaches it: the loop runs hrd->cpb_cnt_minus1+1 times [loop-le-count] false-positive
31:2: warning: n is a count but i reaches it: the loop runs n+1 times [loop-le-count] intended
40:2: warning: n_items is a count but i reaches it: the loop runs n_items+1 times [loop-le-count] bug
 * check-output-end
 */
