#include "lib/strpool.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int eq(const void *data, uint32_t id, const void *key, size_t len)
{
	const char *s = ((const char *const *)data)[id];

	return !strncmp(s, key, len) && !s[len];
}

static uint64_t hash_of(const void *data, uint32_t id)
{
	const char *s = ((const char *const *)data)[id];

	return hash_bytes(s, strlen(s));
}

void strpool_init(struct strpool *sp)
{
	memset(sp, 0, sizeof(*sp));
	sp->map = (struct hashmap)HASHMAP_INIT(eq, hash_of);
}

uint32_t strpool_intern(struct strpool *sp, const char *s, size_t len)
{
	uint64_t h = hash_bytes(s, len);
	uint32_t id = hashmap_get(&sp->map, sp->v, h, s, len);

	if (id != HASHMAP_NONE)
		return id;
	if (sp->nr >= HASHMAP_NONE)
		die("strpool: more than %u strings", (unsigned)HASHMAP_NONE);
	ALLOC_GROW(sp->v, sp->nr + 1, sp->alloc);
	sp->v[sp->nr] = arena_strndup(&sp->arena, s, len);
	id = (uint32_t)sp->nr++;
	hashmap_add(&sp->map, sp->v, h, id);
	return id;
}

uint32_t strpool_find(const struct strpool *sp, const char *s, size_t len)
{
	return hashmap_get(&sp->map, sp->v, hash_bytes(s, len), s, len);
}

void strpool_release(struct strpool *sp)
{
	hashmap_release(&sp->map);
	arena_release(&sp->arena);
	free(sp->v);
	sp->v = NULL;
	sp->nr = sp->alloc = 0;
}
