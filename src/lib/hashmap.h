/*
 * hashmap: a hash table of the entries of an array its user keeps, by their
 * index (a uint32_t id). Open addressing with linear probing, at most half
 * full, 4 bytes a slot: the keys stay in the user's array, which the table
 * reads through the two functions it is given (git's hashmap.c takes its
 * comparison function the same way, but chains entries that embed a link;
 * this one holds only indexes, for tables of millions of small entries).
 */
#ifndef LOCKERS_HASHMAP_H
#define LOCKERS_HASHMAP_H

#include <stddef.h>
#include <stdint.h>

#define HASHMAP_NONE UINT32_MAX

/* Entry id of the user's data equals key, of len bytes (what a key is, and
 * what len counts, are the user's). */
typedef int (*hashmap_eq_fn)(const void *data, uint32_t id, const void *key, size_t len);
/* Entry id's hash, the one hashmap_add() was given: the table grows without
 * asking the user for its keys again. */
typedef uint64_t (*hashmap_hash_fn)(const void *data, uint32_t id);

struct hashmap {
	uint32_t *slot;		/* id + 1, 0 empty */
	size_t cap, nr;
	hashmap_eq_fn eq;
	hashmap_hash_fn hash;
};

#define HASHMAP_INIT(eq, hash) { NULL, 0, 0, (eq), (hash) }

/* The id of the entry equal to key, whose hash is h, or HASHMAP_NONE. data
 * is passed to the functions: the user's array, wherever it is now. */
uint32_t hashmap_get(const struct hashmap *map, const void *data, uint64_t h, const void *key,
		     size_t len);
/* Adds entry id, whose hash is h, that no entry of the map equals. */
void hashmap_add(struct hashmap *map, const void *data, uint64_t h, uint32_t id);
/* Empties the map (its functions stay). */
void hashmap_release(struct hashmap *map);

#endif
