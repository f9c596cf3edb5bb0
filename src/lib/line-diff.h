/*
 * A line diff: which lines of one text the other replaces, by Myers' O(ND)
 * algorithm in linear space (the bisection of diff-match-patch), after the
 * common head and tail are set aside.
 */
#ifndef LOCKERS_LINE_DIFF_H
#define LOCKERS_LINE_DIFF_H

#include <stddef.h>

/* One line of a text, without its '\n'. */
struct text_line {
	const char *s;
	size_t len;
};

/* The lines of text into a malloc'd *v (NULL when text is empty); returns their number. */
size_t text_lines(const char *text, size_t len, struct text_line **v);

/* Lines [old_start, old_start + old_len) of the old text become [new_start, new_start + new_len) of the new one (0-based). */
struct diff_block {
	size_t old_start, old_len;
	size_t new_start, new_len;
};

struct diff_blocks {
	struct diff_block *v;
	size_t nr, alloc;
};

/*
 * The blocks that turn a into b, in order. A diff whose search grows past a
 * fixed budget (a whole file rewritten, not a patch) finishes with what is
 * left as one replaced block: still a correct diff, not the shortest.
 */
void line_diff(const struct text_line *a, size_t na, const struct text_line *b, size_t nb,
	       struct diff_blocks *out);
void diff_blocks_release(struct diff_blocks *d);

#endif
