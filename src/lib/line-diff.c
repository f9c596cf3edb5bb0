#include "lib/line-diff.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The search's budget, in diagonals visited: a diff of D changed lines
 * visits about D * D / 2 of them, so this finishes any patch of up to some
 * 10,000 changed lines in a file exactly; past it the rest is one replaced
 * block rather than minutes of search (two unrelated texts of 100,000 lines:
 * 0.9 s).
 */
#define DIFF_BUDGET (48UL << 20)

size_t text_lines(const char *text, size_t len, struct text_line **v)
{
	size_t n = 0, alloc = 0;
	const char *p = text, *end = text + len;

	*v = NULL;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		ALLOC_GROW(*v, n + 1, alloc);
		(*v)[n++] = (struct text_line){ p, (size_t)(stop - p) };
		p = nl ? nl + 1 : end;
	}
	return n;
}

struct differ {
	const struct text_line *a, *b;
	uint64_t *ha, *hb;	/* each line's hash: most comparisons end there */
	char *gone, *added;	/* lines of a removed, lines of b added */
	long *v1, *v2;		/* the bisection's furthest points, sized for the whole problem */
	unsigned long budget;
};

static int same(const struct differ *d, size_t i, size_t j)
{
	return d->ha[i] == d->hb[j] && d->a[i].len == d->b[j].len &&
	       !memcmp(d->a[i].s, d->b[j].s, d->a[i].len);
}

static void diff_range(struct differ *d, size_t a0, size_t a1, size_t b0, size_t b1);

/* Diff the two halves either side of (x, y), a point of a shortest edit script; 0 on a corner. */
static int split_at(struct differ *d, size_t a0, size_t a1, size_t b0, size_t b1, long x, long y)
{
	if ((x == 0 && y == 0) || ((size_t)x == a1 - a0 && (size_t)y == b1 - b0))
		return 0;	/* cannot happen (bisect() says why): never recurse on the same range */
	diff_range(d, a0, a0 + (size_t)x, b0, b0 + (size_t)y);
	diff_range(d, a0 + (size_t)x, a1, b0 + (size_t)y, b1);
	return 1;
}

/*
 * Find the middle of a shortest edit script of a[a0, a1) to b[b0, b1) by
 * searching from both ends at once, and diff the two halves; 0 when the
 * ends never meet (nothing in common) or the budget runs out. The caller
 * has set aside the common head and tail, so both ranges are non-empty and
 * differ at either end: the middle is never a corner, and each half is smaller.
 */
static int bisect(struct differ *d, size_t a0, size_t a1, size_t b0, size_t b1)
{
	long n = (long)(a1 - a0), m = (long)(b1 - b0);
	long max_d = (n + m + 1) / 2, off = max_d, len = 2 * max_d + 2;
	long delta = n - m, front = delta % 2 != 0;
	long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
	long *v1 = d->v1, *v2 = d->v2;

	for (long i = 0; i < len; i++)
		v1[i] = v2[i] = -1;
	v1[off + 1] = v2[off + 1] = 0;
	for (long e = 0; e < max_d; e++) {
		if (d->budget < (unsigned long)(2 * e + 2))
			return 0;
		d->budget -= (unsigned long)(2 * e + 2);
		for (long k1 = -e + k1start; k1 <= e - k1end; k1 += 2) {
			long i1 = off + k1, x1, y1;
			if (k1 == -e || (k1 != e && v1[i1 - 1] < v1[i1 + 1]))
				x1 = v1[i1 + 1];
			else
				x1 = v1[i1 - 1] + 1;
			y1 = x1 - k1;
			while (x1 < n && y1 < m && same(d, a0 + (size_t)x1, b0 + (size_t)y1))
				x1++, y1++;
			v1[i1] = x1;
			if (x1 > n) {
				k1end += 2;
			} else if (y1 > m) {
				k1start += 2;
			} else if (front) {
				long i2 = off + delta - k1;
				if (i2 >= 0 && i2 < len && v2[i2] != -1 && x1 >= n - v2[i2])
					return split_at(d, a0, a1, b0, b1, x1, y1);
			}
		}
		/* The same from the ends, x2 and y2 counting lines back from a1 and b1. */
		for (long k2 = -e + k2start; k2 <= e - k2end; k2 += 2) {
			long i2 = off + k2, x2, y2;
			if (k2 == -e || (k2 != e && v2[i2 - 1] < v2[i2 + 1]))
				x2 = v2[i2 + 1];
			else
				x2 = v2[i2 - 1] + 1;
			y2 = x2 - k2;
			while (x2 < n && y2 < m && same(d, a1 - 1 - (size_t)x2, b1 - 1 - (size_t)y2))
				x2++, y2++;
			v2[i2] = x2;
			if (x2 > n) {
				k2end += 2;
			} else if (y2 > m) {
				k2start += 2;
			} else if (!front) {
				long i1 = off + delta - k2;
				if (i1 >= 0 && i1 < len && v1[i1] != -1) {
					long x1 = v1[i1], y1 = off + x1 - i1;
					if (x1 >= n - x2)
						return split_at(d, a0, a1, b0, b1, x1, y1);
				}
			}
		}
	}
	return 0;
}

static void diff_range(struct differ *d, size_t a0, size_t a1, size_t b0, size_t b1)
{
	while (a0 < a1 && b0 < b1 && same(d, a0, b0))
		a0++, b0++;
	while (a0 < a1 && b0 < b1 && same(d, a1 - 1, b1 - 1))
		a1--, b1--;
	if (a0 == a1 || b0 == b1 || !bisect(d, a0, a1, b0, b1)) {
		memset(d->gone + a0, 1, a1 - a0);
		memset(d->added + b0, 1, b1 - b0);
	}
}

static uint64_t *hash_lines(const struct text_line *v, size_t n)
{
	uint64_t *h = xmalloc((n + 1) * sizeof(*h));

	for (size_t i = 0; i < n; i++)
		h[i] = hash_bytes(v[i].s, v[i].len);
	return h;
}

void line_diff(const struct text_line *a, size_t na, const struct text_line *b, size_t nb,
	       struct diff_blocks *out)
{
	size_t scratch = na + nb + 3;
	struct differ d = {
		.a = a, .b = b, .ha = hash_lines(a, na), .hb = hash_lines(b, nb),
		.gone = xcalloc(na + 1, 1), .added = xcalloc(nb + 1, 1),
		.v1 = xmalloc(scratch * sizeof(long)), .v2 = xmalloc(scratch * sizeof(long)),
		.budget = DIFF_BUDGET,
	};

	diff_range(&d, 0, na, 0, nb);
	/* The lines left unmarked pair up in order; each run of marks between them is a block. */
	for (size_t i = 0, j = 0; i < na || j < nb;) {
		if ((i < na && d.gone[i]) || (j < nb && d.added[j])) {
			struct diff_block blk = { i, 0, j, 0 };
			while (i < na && d.gone[i])
				i++, blk.old_len++;
			while (j < nb && d.added[j])
				j++, blk.new_len++;
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			out->v[out->nr++] = blk;
		} else {
			i++, j++;
		}
	}
	free(d.ha);
	free(d.hb);
	free(d.gone);
	free(d.added);
	free(d.v1);
	free(d.v2);
}

void diff_blocks_release(struct diff_blocks *d)
{
	free(d->v);
	memset(d, 0, sizeof(*d));
}
