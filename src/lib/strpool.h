/*
 * strpool: interned strings. Each distinct string is kept once, in an arena,
 * and named by a compact id (0, 1, 2... in the order first seen): records
 * hold 4-byte ids instead of pointers or copies, and compare names by id.
 */
#ifndef LOCKERS_STRPOOL_H
#define LOCKERS_STRPOOL_H

#include "lib/arena.h"
#include "lib/hashmap.h"

#include <stddef.h>
#include <stdint.h>

struct strpool {
	struct arena arena;	/* the strings, NUL-terminated */
	const char **v;		/* id -> its string */
	size_t nr, alloc;
	struct hashmap map;
};

void strpool_init(struct strpool *sp);
/* The id of the len bytes at s (no NUL among them), added when new. */
uint32_t strpool_intern(struct strpool *sp, const char *s, size_t len);
/* Their id, or HASHMAP_NONE when they were never interned. */
uint32_t strpool_find(const struct strpool *sp, const char *s, size_t len);
void strpool_release(struct strpool *sp);

#endif
