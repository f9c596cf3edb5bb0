/*
 * Function definitions counted by the C tokenizer: the one measure of how
 * many functions a file holds, and how many a region spatch could not parse
 * held (spatch.c, results.c), so that the coverage figures count both sides
 * the same way.
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

#endif
