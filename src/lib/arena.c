#include "lib/arena.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	char data[];
};

/* n bytes at an offset that is a multiple of align (a power of two). */
static void *alloc_aligned(struct arena *a, size_t n, size_t align)
{
	struct arena_chunk *c = a->head;
	size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;

	if (!c || at > c->size || c->size - at < n) {
		size_t size = n > (1u << 20) ? n : (1u << 20);
		c = xmalloc(sizeof(*c) + size);
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
		at = 0;
	}
	c->used = at + n;
	return c->data + at;
}

void *arena_alloc(struct arena *a, size_t n)
{
	return alloc_aligned(a, n, 8);
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = alloc_aligned(a, n + 1, 1);	/* text needs no alignment */

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void arena_release(struct arena *a)
{
	while (a->head) {
		struct arena_chunk *c = a->head;
		a->head = c->next;
		free(c);
	}
}
