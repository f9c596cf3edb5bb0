/*
 * Function definitions counted by the C tokenizer: the one measure of how
 * many functions a file holds, and how many a region spatch could not parse
 * held (spatch.c, results.c), so that the coverage figures count both sides
 * the same way; and where each one is, by name (the gate's patch evidence).
 */
#ifndef LOCKERS_CFUNC_H
#define LOCKERS_CFUNC_H

#include <stddef.h>

/*
 * The function definitions in buf: each '{' at file scope right after a ')'
 * (the parameter list, or an attribute such as __acquires(x) after it),
 * outside preprocessor directives. Unbalanced text (a region cut out of a
 * file) is fine: a '}' at file scope is ignored.
 */
unsigned cfunc_count(const char *buf, size_t len);

/* One definition: its name, the identifier before its parameter list ("" if none), and its lines. */
struct cfunc {
	const char *name;	/* into buf, namelen bytes */
	size_t namelen;
	unsigned first_line;	/* of its name, 1-based */
	unsigned last_line;	/* of its closing brace (the last line if it has none) */
};

/* The definitions cfunc_count() counts, in order, into a malloc'd *v (NULL if none); returns their number. */
size_t cfunc_list(const char *buf, size_t len, struct cfunc **v);

#endif
