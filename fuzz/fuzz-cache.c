/* libFuzzer: the cache's index and result files (src/scan/cache.c), never trusted. */
#include "scan/cache.h"
#include "scan/reads.h"
#include "lib/strbuf.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *dir;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];

	if (!dir) {
		dir = xasprintf("/tmp/lockers-fuzz-cache.%ld", (long)getpid());
		struct cache *c = cache_open(dir, "salt", err, sizeof(err));	/* creates FORMAT */
		cache_close(c);
	}
	/* The input is both the index and one result entry. */
	char *index = xasprintf("%s/index", dir);
	write_file_replace(index, data, size, 0);
	struct cache *c = cache_open(dir, "salt", err, sizeof(err));
	if (!c)
		abort();
	char *rdir = xasprintf("%s/results/00", dir);
	mkdir_p(rdir);
	uint64_t key = cache_result_key(c, 0, 0);
	char hex[17];
	hash_hex(key, hex);
	char *entry = xasprintf("%s/results/%.2s/%s", dir, hex, hex + 2);
	char *edir = xasprintf("%s/results/%.2s", dir, hex);
	mkdir_p(edir);
	write_file_replace(entry, data, size, 0);
	struct strbuf lines = STRBUF_INIT;
	struct cache_run run;
	if (cache_result_load(c, key, &run, &lines)) {
		/* Its read records name any path: stat(), and reads of regular files only. */
		struct tree_file one = { .path = "a.c" };
		struct tree t = { .root = dir, .v = &one, .nr = 1 };
		uint64_t hash = 0;
		struct reads r;
		reads_init(&r, &t, &hash);
		reads_unchanged(&r, lines.buf, 0);
		reads_release(&r);
	}
	struct tree_file tf = { .path = "a.c" };
	uint64_t h;
	const char *answers;
	cache_stat_lookup(c, &tf, "sig", &h, &answers);
	strbuf_release(&lines);
	cache_close(c);
	free(index);
	free(rdir);
	free(entry);
	free(edir);
	return 0;
}
