/* The C unit tests' one assertion: report a failed check and count it; main() returns the count. */
#ifndef LOCKERS_UNIT_CHECK_H
#define LOCKERS_UNIT_CHECK_H

#include <stdio.h>

static int unit_failures;

#define CHECK(cond, ...)								\
	do {										\
		if (!(cond)) {								\
			unit_failures++;						\
			fprintf(stderr, "%s:%d: %s: failed: %s: ", __FILE__, __LINE__,	\
				__func__, #cond);					\
			fprintf(stderr, __VA_ARGS__);					\
			fputc('\n', stderr);						\
		}									\
	} while (0)

#endif
