#include "lib/arena.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	char data[];
};

void *arena_alloc(struct arena *a, size_t n)
{
	struct arena_chunk *c = a->head;

	n = (n + 7) & ~(size_t)7;
	if (!c || c->size - c->used < n) {
		size_t size = n > (1u << 20) ? n : (1u << 20);
		c = xmalloc(sizeof(*c) + size);
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
	}
	c->used += n;
	return c->data + c->used - n;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

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
