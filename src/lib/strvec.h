/* A NULL-terminated list of owned strings, usable as an argv (git's strvec). */
#ifndef LOCKERS_STRVEC_H
#define LOCKERS_STRVEC_H

#include <stddef.h>

struct strvec {
	char **v;	/* v[nr] == NULL */
	size_t nr;
	size_t alloc;
};

#define STRVEC_INIT { NULL, 0, 0 }

void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strvec_clear(struct strvec *sv);
int strvec_contains(const struct strvec *sv, const char *s);
void strvec_sort(struct strvec *sv);
/* Sorted, each string once. */
void strvec_sort_unique(struct strvec *sv);

#endif
