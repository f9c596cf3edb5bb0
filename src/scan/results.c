#include "scan/results.h"
#include "scan/cache.h"
#include "scan/cfunc.h"
#include "scan/reads.h"
#include "scan/record.h"
#include "scan/scan-result.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>

void results_init(struct results *r, struct scan_result *res, struct cache *cache, int timeout)
{
	r->res = res;
	r->cache = cache;
	r->timeout = timeout;
	r->content_hash = xcalloc(res->tree.nr + 1, sizeof(*r->content_hash));
	r->functions = xcalloc(res->tree.nr + 1, sizeof(*r->functions));
	r->changed = xcalloc(res->tree.nr + 1, sizeof(*r->changed));
	r->pending = cache ? xcalloc(res->rules.nr * res->tree.nr + 1, sizeof(*r->pending)) : NULL;
	reads_init(&r->reads, &res->tree, r->content_hash);
	reads_map_init(&r->map, &res->tree, r->reads.root);
}

void results_release(struct results *r)
{
	if (r->pending)
		for (size_t i = 0; i < r->res->rules.nr * r->res->tree.nr; i++)
			if (r->pending[i]) {
				strbuf_release(r->pending[i]);
				free(r->pending[i]);
			}
	for (size_t i = 0; i < r->res->tree.nr; i++)
		if (r->changed[i])
			strvec_pushf(&r->res->tree.problems, "%s: changed while it was scanned: its results "
				     "are not cached", r->res->tree.v[i].path);
	free(r->changed);
	r->changed = NULL;
	free(r->pending);
	free(r->content_hash);
	free(r->functions);
	r->functions = NULL;
	r->pending = NULL;
	r->content_hash = NULL;
	reads_map_release(&r->map);	/* before the root it borrows */
	reads_release(&r->reads);
}

/*
 * A timeout is kept under its own key, which includes --timeout: a re-scan
 * of the same bytes with the same limit would time out again (and cost the
 * limit again), while a longer --timeout or --no-cache runs the file anew.
 */
static uint64_t timeout_key(const struct results *r, uint64_t key)
{
	uint64_t k[3] = { key, 0x74696d656f7574ull /* "timeout" */, (uint64_t)r->timeout };

	return hash_bytes(k, sizeof(k));
}

static void add_failure(struct scan_result *res, const char *path, const char *rule,
			enum file_status st, const char *detail, const struct cache_run *run)
{
	if (res->nfailures == res->afailures) {
		res->afailures = res->afailures ? 2 * res->afailures : 32;
		res->failures = xrealloc(res->failures, res->afailures * sizeof(*res->failures));
	}
	struct file_failure *ff = &res->failures[res->nfailures++];
	ff->path = xstrdup(path);
	ff->rule = rule;
	ff->status = st;
	ff->detail = xstrdup(detail ? detail : "");
	ff->functions = run->functions;
	ff->lost = run->lost;
}

/* The records of the live run of `rule` on `file` waiting for the cache, or NULL without one. */
static struct strbuf **pending_slot(struct results *ctx, size_t rule, size_t file)
{
	return ctx->pending ? &ctx->pending[rule * ctx->res->tree.nr + file] : NULL;
}

/*
 * One record line of rule `rule` about tree file `file` (or, when file is
 * SIZE_MAX, the file its path field names as spatch saw it). Returns the
 * file index the record belongs to, or SIZE_MAX when it was rejected.
 */
/* The tree file spatch calls name ("12.c"), or SIZE_MAX for a name it was not given. */
static size_t tree_file_of(const struct scan_result *res, const char *name)
{
	long idx = spatch_file_index(name);

	return idx < 0 || (size_t)idx >= res->tree.nr ? SIZE_MAX : (size_t)idx;
}

static size_t take_record(struct scan_result *res, size_t rule, size_t file,
			  const char *line, size_t len)
{
	const struct rule *r = &res->rules.v[rule];
	struct finding *f;
	char err[256];

	switch (record_parse(line, len, &f, err, sizeof(err))) {
	case RECORD_NONE:
		return SIZE_MAX;
	case RECORD_BAD:
		strvec_pushf(&res->record_errors, "%s: %s: %.*s", r->name, err,
			     (int)(len > 200 ? 200 : len), line);
		return SIZE_MAX;
	case RECORD_OK:
		break;
	}
	if (strcmp(f->rule, r->name)) {
		strvec_pushf(&res->record_errors, "%s: record names rule '%s'", r->name, f->rule);
		finding_free(f);
		return SIZE_MAX;
	}
	if (file == SIZE_MAX) {
		file = tree_file_of(res, f->path);
		if (file == SIZE_MAX) {
			strvec_pushf(&res->record_errors, "%s: record names a file spatch was not given: %s",
				     r->name, f->path);
			finding_free(f);
			return SIZE_MAX;
		}
	}
	free(f->path);
	f->path = xstrdup(res->tree.v[file].path);
	finding_list_add(&res->findings, f);
	return file;
}

/*
 * The file's stat data is no longer what the walk saw: spatch may have read
 * other bytes than the prefilter hashed, so its results must not be kept
 * under that hash (they would be replayed for the old content).
 */
static int changed_since_walk(const struct tree *t, size_t file)
{
	const struct tree_file *tf = &t->v[file];
	char *path = xasprintf("%s/%s", t->root, tf->path);
	struct stat st;
	int changed = stat(path, &st) || st.st_ino != tf->ino || st.st_size != tf->size ||
		      timespec_ns(st.st_mtim) != tf->mtime_ns || timespec_ns(st.st_ctim) != tf->ctime_ns;

	free(path);
	return changed;
}

/* The function definitions of a tree file, counted once per scan. */
static unsigned file_functions(struct results *ctx, size_t file)
{
	const struct tree *t = &ctx->res->tree;
	unsigned *slot = &ctx->functions[file];

	if (!*slot) {
		struct strbuf sb = STRBUF_INIT;
		char *path = xasprintf("%s/%s", t->root, t->v[file].path);
		unsigned n = strbuf_read_regular(&sb, path) ? 0 : cfunc_count(sb.buf, sb.len);
		*slot = n + 1;	/* 0 means not counted yet */
		free(path);
		strbuf_release(&sb);
	}
	return *slot - 1;
}

/*
 * A LOCKERS-READ record: 1 with *file the tree file it is for (it is kept
 * with that file's result), or SIZE_MAX when it is malformed or names no
 * file spatch was given (a record error); 0 for any other line.
 */
static int take_read(struct scan_result *res, size_t rule, const char *line, size_t len, size_t *file)
{
	const char *name;
	size_t n;
	int rc = read_record(line, len, &name, &n);

	if (rc == 0)
		return 0;
	char *spatch_name = rc > 0 ? xstrndup(name, n) : NULL;
	*file = spatch_name ? tree_file_of(res, spatch_name) : SIZE_MAX;
	free(spatch_name);
	if (*file == SIZE_MAX)
		strvec_pushf(&res->record_errors, "%s: %s: %.*s", res->rules.v[rule].name,
			     rc > 0 ? "read record names a file spatch was not given" : "malformed read record",
			     (int)(len > 200 ? 200 : len), line);
	return 1;
}

void results_stdout_line(void *vctx, size_t rule, const char *line, size_t len)
{
	struct results *ctx = vctx;
	size_t file;

	if (!take_read(ctx->res, rule, line, len, &file))
		file = take_record(ctx->res, rule, SIZE_MAX, line, len);
	else if (file != SIZE_MAX)
		reads_map_note(&ctx->map, file, line, len);
	if (file == SIZE_MAX || !ctx->cache)
		return;
	struct strbuf **slot = pending_slot(ctx, rule, file);
	if (!*slot) {
		*slot = xmalloc(sizeof(**slot));
		strbuf_init(*slot, 0);
	}
	strbuf_add(*slot, line, len);
	strbuf_addch(*slot, '\n');
}

void results_file_done(void *vctx, size_t rule, size_t file, enum file_status st,
		       const char *detail, unsigned lost)
{
	struct results *ctx = vctx;
	struct scan_result *res = ctx->res;
	struct cache_run run = { .parse_error = st == FILE_PARSE_ERROR, .functions = file_functions(ctx, file) };

	if (st == FILE_TIMEOUT && detail)
		snprintf(run.detail, sizeof(run.detail), "%s", detail);

	/* A file spatch gave up on (timeout, crash) had none of its functions analysed. */
	run.lost = st == FILE_TIMEOUT || st == FILE_CRASH || lost > run.functions ? run.functions : lost;
	res->runs_done++;
	coverage_add(&res->coverage, rule, res->tree.v[file].path, run.functions, run.lost);
	if (st != FILE_OK)
		add_failure(res, res->tree.v[file].path, res->rules.v[rule].name, st, detail, &run);
	if (!ctx->cache)
		return;
	struct strbuf **slot = pending_slot(ctx, rule, file);
	if (!ctx->changed[file] && changed_since_walk(&res->tree, file))
		ctx->changed[file] = 1;
	/* Crashes may be the machine's (memory, a signal): they are never kept. */
	if (!ctx->changed[file] && (st == FILE_OK || st == FILE_PARSE_ERROR || st == FILE_TIMEOUT)) {
		uint64_t key = cache_result_key(ctx->cache, ctx->content_hash[file], res->rules.v[rule].hash);
		if (st == FILE_TIMEOUT)
			key = timeout_key(ctx, key);
		if (!*slot || !reads_for_cache(&ctx->reads, *slot, file))
			cache_result_store(ctx->cache, key, &run, *slot ? (*slot)->buf : "",
					   *slot ? (*slot)->len : 0);
	}
	if (*slot) {
		strbuf_release(*slot);
		free(*slot);
		*slot = NULL;
	}
}

void results_file_retry(void *vctx, size_t rule, size_t file)
{
	struct results *ctx = vctx;
	/* Findings already taken stay: the re-run's, at the same places, are merged with them. */
	struct strbuf **slot = pending_slot(ctx, rule, file);

	if (slot && *slot)
		strbuf_reset(*slot);
}

int results_replay(struct results *ctx, size_t rule, size_t file)
{
	struct scan_result *res = ctx->res;
	struct strbuf lines = STRBUF_INIT;
	struct cache_run run;
	int timed_out = 0;
	uint64_t key = cache_result_key(ctx->cache, ctx->content_hash[file], res->rules.v[rule].hash);

	if (!cache_result_load_either(ctx->cache, key, timeout_key(ctx, key), &timed_out, &run, &lines)) {
		strbuf_release(&lines);
		return 0;
	}
	if (!reads_unchanged(&ctx->reads, lines.buf, file)) {
		cache_result_stale(ctx->cache);
		strbuf_release(&lines);
		return 0;
	}
	for (char *line = lines.buf; *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		take_record(res, rule, file, line, n);
		reads_map_note(&ctx->map, file, line, n);
		line += n + (nl != NULL);
	}
	res->runs_done++;
	coverage_add(&res->coverage, rule, res->tree.v[file].path, run.functions, run.lost);
	/* The live run's words, so that a warm scan's report is the cold one's. */
	if (timed_out)
		add_failure(res, res->tree.v[file].path, res->rules.v[rule].name, FILE_TIMEOUT,
			    *run.detail ? run.detail : "spatch's --timeout expired on this file", &run);
	else if (run.parse_error)
		add_failure(res, res->tree.v[file].path, res->rules.v[rule].name, FILE_PARSE_ERROR,
			    "spatch could not parse some functions; they were skipped", &run);
	strbuf_release(&lines);
	return 1;
}
