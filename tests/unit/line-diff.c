/* Unit test of src/lib/line-diff.c: every diff turns a into b, and none is longer than the shortest. */
#include "check.h"
#include "lib/line-diff.h"
#include "lib/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* Lines removed plus lines added by a shortest diff: n + m - 2 * LCS, by dynamic programming. */
static size_t shortest(const struct text_line *a, size_t n, const struct text_line *b, size_t m)
{
	size_t *row = calloc(m + 1, sizeof(*row)), *prev = calloc(m + 1, sizeof(*prev));

	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			int same = a[i - 1].len == b[j - 1].len && !memcmp(a[i - 1].s, b[j - 1].s, a[i - 1].len);
			row[j] = same ? prev[j - 1] + 1 : row[j - 1] > prev[j] ? row[j - 1] : prev[j];
		}
		memcpy(prev, row, (m + 1) * sizeof(*row));
	}
	size_t lcs = prev[m];
	free(row);
	free(prev);
	return n + m - 2 * lcs;
}

/* Diff a and b (texts), apply the blocks to a, and compare with b and the shortest length. */
static void check_pair(const char *a, const char *b)
{
	struct text_line *la, *lb;
	size_t na = text_lines(a, strlen(a), &la), nb = text_lines(b, strlen(b), &lb);
	struct diff_blocks d = { 0 };
	size_t edits = 0, i = 0, ok = 1;
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;

	line_diff(la, na, lb, nb, &d);
	for (size_t k = 0; k < d.nr; k++) {
		const struct diff_block *blk = &d.v[k];
		CHECK(blk->old_start >= i && blk->old_len + blk->new_len > 0, "block %zu out of order", k);
		/* the unchanged lines before the block, then the block's new lines */
		while (i < blk->old_start)
			strbuf_add(&out, la[i].s, la[i].len), strbuf_addch(&out, '\n'), i++;
		for (size_t j = blk->new_start; j < blk->new_start + blk->new_len; j++)
			strbuf_add(&out, lb[j].s, lb[j].len), strbuf_addch(&out, '\n');
		i += blk->old_len;
		edits += blk->old_len + blk->new_len;
	}
	while (i < na)
		strbuf_add(&out, la[i].s, la[i].len), strbuf_addch(&out, '\n'), i++;
	for (size_t j = 0; j < nb; j++)
		strbuf_add(&want, lb[j].s, lb[j].len), strbuf_addch(&want, '\n');
	ok = out.len == want.len && !memcmp(out.buf, want.buf, out.len);
	CHECK(ok, "the blocks do not turn\n%s\ninto\n%s\n(got\n%s)", a, b, out.buf);
	CHECK(edits == shortest(la, na, lb, nb), "%zu lines changed, the shortest diff changes %zu:\n%s\n--\n%s",
	      edits, shortest(la, na, lb, nb), a, b);
	strbuf_release(&out);
	strbuf_release(&want);
	diff_blocks_release(&d);
	free(la);
	free(lb);
}

static void test_small_cases(void)
{
	check_pair("", "");
	check_pair("", "a\nb\n");
	check_pair("a\nb\n", "");
	check_pair("a\nb\nc\n", "a\nb\nc\n");
	check_pair("a\nb\nc\n", "a\nx\nc\n");
	check_pair("a\nb\nc\n", "c\nb\na\n");
	check_pair("a\nb\nc\nd\ne\n", "x\na\nc\ne\ny\n");
	check_pair("a\n", "b\n");
	check_pair("a\nb", "a\nb\n");	/* a last line without its newline is the same line */
}

/* Texts over a small alphabet of lines, so that they share lines in many orders. */
static void random_text(struct strbuf *sb, unsigned *seed, size_t lines)
{
	for (size_t i = 0; i < lines; i++)
		strbuf_addf(sb, "line %u\n", (unsigned)(rand_r(seed) % 6));
}

static void test_random_pairs_are_shortest(void)
{
	unsigned seed = 49;

	for (int round = 0; round < 400; round++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		random_text(&a, &seed, (size_t)(rand_r(&seed) % 30));
		random_text(&b, &seed, (size_t)(rand_r(&seed) % 30));
		check_pair(a.buf, b.buf);
		strbuf_release(&a);
		strbuf_release(&b);
	}
}

/* A file edited in a few places: the blocks are those places, not more. */
static void test_a_patch_is_its_hunks(void)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct text_line *la, *lb;
	struct diff_blocks d = { 0 };

	for (int i = 0; i < 3000; i++) {
		strbuf_addf(&a, "\tstatement_%d();\n", i);
		if (i == 100)
			strbuf_addstr(&b, "\tnew_call();\n");
		if (i != 2000)
			strbuf_addf(&b, "\tstatement_%d();\n", i == 2500 ? -1 : i);
	}
	size_t na = text_lines(a.buf, a.len, &la), nb = text_lines(b.buf, b.len, &lb);
	line_diff(la, na, lb, nb, &d);
	CHECK(d.nr == 3, "%zu blocks", d.nr);
	if (d.nr == 3) {
		CHECK(d.v[0].old_len == 0 && d.v[0].new_start == 100 && d.v[0].new_len == 1, "the insertion");
		CHECK(d.v[1].old_start == 2000 && d.v[1].old_len == 1 && d.v[1].new_len == 0, "the removal");
		CHECK(d.v[2].old_start == 2500 && d.v[2].old_len == 1 && d.v[2].new_len == 1, "the replacement");
	}
	diff_blocks_release(&d);
	free(la);
	free(lb);
	strbuf_release(&a);
	strbuf_release(&b);
}

int main(void)
{
	test_small_cases();
	test_random_pairs_are_shortest();
	test_a_patch_is_its_hunks();
	return unit_failures != 0;
}
