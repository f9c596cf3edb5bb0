#include "lib/hashmap.h"
#include "lib/util.h"

#include <stdlib.h>

uint32_t hashmap_get(const struct hashmap *map, const void *data, uint64_t h, const void *key,
		     size_t len)
{
	if (!map->cap)
		return HASHMAP_NONE;
	for (size_t i = h & (map->cap - 1); map->slot[i]; i = (i + 1) & (map->cap - 1))
		if (map->eq(data, map->slot[i] - 1, key, len))
			return map->slot[i] - 1;
	return HASHMAP_NONE;
}

static void put(uint32_t *slot, size_t cap, uint64_t h, uint32_t id)
{
	size_t i = h & (cap - 1);

	while (slot[i])
		i = (i + 1) & (cap - 1);
	slot[i] = id + 1;
}

void hashmap_add(struct hashmap *map, const void *data, uint64_t h, uint32_t id)
{
	if ((map->nr + 1) * 2 > map->cap) {
		size_t cap = map->cap ? map->cap * 2 : 1024;
		uint32_t *slot = xcalloc(cap, sizeof(*slot));
		for (size_t i = 0; i < map->cap; i++)
			if (map->slot[i])
				put(slot, cap, map->hash(data, map->slot[i] - 1), map->slot[i] - 1);
		free(map->slot);
		map->slot = slot;
		map->cap = cap;
	}
	put(map->slot, map->cap, h, id);
	map->nr++;
}

void hashmap_release(struct hashmap *map)
{
	free(map->slot);
	map->slot = NULL;
	map->cap = map->nr = 0;
}
