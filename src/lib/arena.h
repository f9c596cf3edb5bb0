/* An arena: many small allocations that live as long as it and are freed at once. */
#ifndef LOCKERS_ARENA_H
#define LOCKERS_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;	/* the chunk allocations come from, then older ones */
};

#define ARENA_INIT { NULL }

/* n bytes, 8-byte aligned; dies on out of memory as xmalloc() does. */
void *arena_alloc(struct arena *a, size_t n);
/* A NUL-terminated copy of the n bytes at s, unaligned: text packs tight. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* Free every allocation; the arena is empty and usable again. */
void arena_release(struct arena *a);

#endif
