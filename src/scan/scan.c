#include "scan/scan.h"
#include "scan/fnscope.h"
#include "scan/shard.h"
#include "scan/batch.h"
#include "scan/cache.h"
#include "facts/fingerprint.h"
#include "scan/prefilter.h"
#include "scan/results.h"
#include "scan/rulecost.h"
#include "facts/score.h"
#include "facts/triage.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The indexes' builds: every file of the tree read once more. With two jobs
 * or more a child builds them while the parent prefilters (run_fork()); the
 * report is all it sends back.
 */
struct index_report {
	int failed;
	char err[512];
	struct macroindex_stats macro_stats;
	int macro_reused;
	struct callctx_stats call_stats;
	int call_reused;
};

struct scan_ctx {
	const struct scan_options *o;
	struct scan_result *res;
	double t0, t;			/* the scan's start, the current stage's */
	const char *macro_index;	/* the index the rules read, or NULL */
	char *call_context;		/* the call-context index beside it, or NULL */
	char *builtins;			/* Coccinelle's standard.h, or NULL */
	struct results out;		/* records, failures, the result cache */
	struct spatch_task *tasks;
	size_t ntasks;
	size_t **cand;			/* per rule: its candidate files (tree indexes) */
	int build_macro, build_call;	/* the indexes this scan builds */
	pid_t index_pid;		/* the child building them, or 0 */
	int index_fd;			/* its report's pipe */
	struct index_report index;
	struct strbuf spatch_version;
	uint64_t scripts_hash;		/* of the rules' Python */
};

static int cmp_failure(const void *a, const void *b)
{
	const struct file_failure *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->rule, y->rule);
}

/* A rule's "// Needs:" flag, given as offsetof(struct rule, needs_...). */
static int needs(const struct rule *r, size_t flag)
{
	return *(const int *)((const char *)r + flag);
}

static const char *first_rule_needing(const struct rule_set *rs, size_t flag)
{
	for (size_t r = 0; r < rs->nr; r++)
		if (needs(&rs->v[r], flag))
			return rs->v[r].name;
	return NULL;
}

/* The rules that need the index at PATH (flag as above) depend on its bytes:
 * they salt their cache keys with them. */
static int salt_readers(struct rule_set *rs, size_t flag, const char *what, const char *path,
			int (*hash_of)(const char *, uint64_t *), char *err, size_t errlen)
{
	uint64_t h;

	if (hash_of(path, &h)) {
		snprintf(err, errlen, "cannot read %s %s: %s", what, path, strerror(errno));
		return -1;
	}
	for (size_t r = 0; r < rs->nr; r++)
		if (needs(&rs->v[r], flag)) {
			uint64_t k[2] = { rs->v[r].hash, h };
			rs->v[r].hash = hash_bytes(k, sizeof(k));
		}
	return 0;
}

/* Stage: the tree is a kernel tree (or --any-tree), the rules load, the files are listed. */
static int collect(struct scan_ctx *ctx, char *err, size_t errlen)
{
	const struct scan_options *o = ctx->o;
	struct scan_result *res = ctx->res;
	char why[512];

	if (!o->any_tree && !tree_is_kernel(o->root, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (rules_load(&res->rules, o->rules_dir, &o->only_rules, err, errlen) ||
	    tree_collect(&res->tree, o->root, &o->paths, !o->no_headers, err, errlen))
		return -1;
	ctx->t = now_seconds();
	res->t_walk = ctx->t - ctx->t0;
	return 0;
}

/*
 * Stage: rules that see through macros and inline helpers get the tree's
 * index (given, reused or built), and rules that weigh the callers
 * (// Needs: call-context) the tree's call graph and calling contexts
 * (index/callctx.h), reused or built beside it, from the same tree. A rule
 * that needs the second needs the first (rules.c). This stage says where
 * they are and which to build.
 */
static int plan_indexes(struct scan_ctx *ctx, char *err, size_t errlen)
{
	const struct scan_options *o = ctx->o;
	struct scan_result *res = ctx->res;
	const char *needer = first_rule_needing(&res->rules, offsetof(struct rule, needs_macro_index));

	ctx->macro_index = o->macro_index;
	if (needer && !o->macro_index && o->macro_index_out) {
		ctx->macro_index = o->macro_index_out;
		ctx->build_macro = 1;
	}
	if (needer && !ctx->macro_index) {
		snprintf(err, errlen, "%s needs the macro index (// Needs: macro-index), and this scan has "
			 "none (give --macro-index FILE or an output directory)", needer);
		return -1;
	}
	if (!first_rule_needing(&res->rules, offsetof(struct rule, needs_call_context)))
		return 0;
	const char *slash = strrchr(ctx->macro_index, '/');
	ctx->call_context = slash ? xasprintf("%.*s/callctx.tsv", (int)(slash - ctx->macro_index),
					      ctx->macro_index) : xstrdup("callctx.tsv");
	ctx->build_call = !o->macro_index || access(ctx->call_context, R_OK);
	return 0;
}

static void build_indexes(const struct scan_ctx *ctx, struct index_report *r)
{
	const struct scan_options *o = ctx->o;
	const char *from = o->macro_index_root ? o->macro_index_root : ctx->res->tree.root;
	char why[400];

	memset(r, 0, sizeof(*r));
	if (ctx->build_macro &&
	    macroindex_update(from, ctx->macro_index, &r->macro_stats, &r->macro_reused, why, sizeof(why))) {
		snprintf(r->err, sizeof(r->err), "cannot build the macro index that %s needs: %s",
			 first_rule_needing(&ctx->res->rules, offsetof(struct rule, needs_macro_index)), why);
		r->failed = 1;
		return;
	}
	if (ctx->build_call &&
	    callctx_update(from, ctx->call_context, &r->call_stats, &r->call_reused, why, sizeof(why))) {
		snprintf(r->err, sizeof(r->err), "cannot build the call-context index that %s needs: %s",
			 first_rule_needing(&ctx->res->rules, offsetof(struct rule, needs_call_context)), why);
		r->failed = 1;
	}
}

static int index_child(void *arg, int fd)
{
	struct index_report r;

	build_indexes(arg, &r);
	return write_full(fd, &r, sizeof(r)) ? 1 : r.failed;
}

/* Whether any rule with the flag (as needs()) has a candidate file. */
static int candidates_need(const struct scan_ctx *ctx, size_t flag)
{
	const struct scan_result *res = ctx->res;

	for (size_t r = 0; r < res->rules.nr; r++)
		if (needs(&res->rules.v[r], flag) && res->candidates[r])
			return 1;
	return 0;
}

/*
 * Stage, in a scan of some files (M=, the gate): the call-context index is
 * built only if a rule that reads it has a candidate among them; it costs
 * more than the rest of such a scan, and most files have no RCU to judge.
 */
static void drop_unneeded_indexes(struct scan_ctx *ctx)
{
	if (!ctx->build_call || candidates_need(ctx, offsetof(struct rule, needs_call_context)))
		return;
	ctx->build_call = 0;
	free(ctx->call_context);
	ctx->call_context = NULL;
}

/* Stage: the builds start, in a child when the scan runs two jobs or more. */
static void start_indexes(struct scan_ctx *ctx)
{
	if (!ctx->build_macro && !ctx->build_call)
		return;
	if (ctx->o->jobs > 1 && !run_fork(index_child, ctx, &ctx->index_pid, &ctx->index_fd))
		return;
	ctx->index_pid = 0;	/* one job, or no fork: here and now */
	build_indexes(ctx, &ctx->index);
}

/*
 * Stage: the builds are done; the rules that read an index depend on its
 * bytes: they salt their cache keys with them, and so does the identity of
 * the rules (shard.h).
 */
static int finish_indexes(struct scan_ctx *ctx, char *err, size_t errlen)
{
	const struct scan_options *o = ctx->o;
	struct scan_result *res = ctx->res;
	double t = now_seconds();

	if (ctx->index_pid) {
		if (run_fork_finish(ctx->index_pid, ctx->index_fd, &ctx->index, sizeof(ctx->index))) {
			snprintf(err, errlen, "the process building the indexes died before it was done");
			return -1;
		}
		ctx->index_pid = 0;
	}
	res->t_index_wait = now_seconds() - t;
	if (ctx->index.failed) {
		snprintf(err, errlen, "%s", ctx->index.err);
		return -1;
	}
	if (ctx->build_macro) {
		res->macro_stats = ctx->index.macro_stats;
		res->macro_index_reused = ctx->index.macro_reused;
		res->macro_index_built = !ctx->index.macro_reused;
	}
	if (ctx->build_call) {
		res->call_stats = ctx->index.call_stats;
		res->call_context_reused = ctx->index.call_reused;
		res->call_context_built = !ctx->index.call_reused;
	}
	if (ctx->macro_index && salt_readers(&res->rules, offsetof(struct rule, needs_macro_index), "macro index",
					     ctx->macro_index, macroindex_hash, err, errlen))
		return -1;
	if (ctx->call_context &&
	    salt_readers(&res->rules, offsetof(struct rule, needs_call_context), "call-context index",
			 ctx->call_context, callctx_hash, err, errlen))
		return -1;
	res->rules_id = shard_rules_identity(&res->rules, ctx->scripts_hash, ctx->spatch_version.buf,
					     o->clang_evidence, o->triage);
	ctx->t = now_seconds();		/* spatch's time starts */
	return 0;
}

/*
 * Stage: spatch's version (which proves it runs) and every rule script salt
 * the cache; a scan whose cache cannot be opened is slower, not wrong.
 */
static int open_cache(struct scan_ctx *ctx, char *err, size_t errlen)
{
	const struct scan_options *o = ctx->o;
	struct scan_result *res = ctx->res;
	struct cache *cache = NULL;
	char why[512];

	if (spatch_version(o->spatch, &ctx->spatch_version, &ctx->builtins, err, errlen))
		return -1;
	ctx->scripts_hash = rules_scripts_hash(res->rules.dir);
	if (o->cache_dir) {
		char *salt = xasprintf("%s\nrecord 1\nscope %d\n--no-includes --parse-error-msg\nscripts %016llx\n"
				       "--macro-file %016llx\n", ctx->spatch_version.buf, FNSCOPE_VERSION,
				       (unsigned long long)ctx->scripts_hash,
				       (unsigned long long)res->rules.macro_file_hash);
		cache = cache_open(o->cache_dir, salt, why, sizeof(why));
		free(salt);
		if (!cache)
			warning_msg("%s; scanning without a cache", why);
	}
	results_init(&ctx->out, res, cache, o->timeout);
	return 0;
}

/*
 * Stage: each rule's candidates (of this shard's files, with --shard). Every
 * shard prefilters the whole tree: the split and the tree's identity need
 * every file's answers and content.
 */
static void prefilter(struct scan_ctx *ctx)
{
	struct scan_result *res = ctx->res;
	size_t nrules = res->rules.nr;
	double t = now_seconds();

	res->candidates = xcalloc(nrules, sizeof(*res->candidates));
	res->rule_cpu = xcalloc(nrules, sizeof(*res->rule_cpu));
	res->scope_kept = xcalloc(nrules, sizeof(*res->scope_kept));
	res->scope_blanked = xcalloc(nrules, sizeof(*res->scope_blanked));
	coverage_init(&res->coverage, nrules);
	ctx->cand = prefilter_tree(&res->rules, &res->tree, ctx->out.cache, ctx->out.content_hash,
				   res->candidates, &res->skipped_binary, &res->files_candidate);
	res->tree_id = shard_tree_identity(&res->tree, ctx->out.content_hash);
	res->shard = ctx->o->shard;
	if (res->shard.n)
		shard_select(&res->shard, &res->tree, nrules, ctx->cand, res->candidates, &res->files_candidate);
	res->t_prefilter = now_seconds() - t;
}

static void free_candidates(struct scan_ctx *ctx)
{
	for (size_t r = 0; ctx->cand && r < ctx->res->rules.nr; r++)
		free(ctx->cand[r]);
	free(ctx->cand);
	ctx->cand = NULL;
}

/* Stage: the candidates less what the cache answers (keyed by the salted
 * rules), in batches. */
static void make_tasks(struct scan_ctx *ctx)
{
	struct scan_result *res = ctx->res;
	size_t nrules = res->rules.nr;
	size_t *todo = xcalloc(nrules, sizeof(*todo));
	size_t **cand = ctx->cand;

	/* Cached answers first: what is left goes to spatch. */
	for (size_t r = 0; r < nrules; r++)
		for (size_t k = 0; k < res->candidates[r]; k++)
			if (!ctx->out.cache || !results_replay(&ctx->out, r, cand[r][k]))
				cand[r][todo[r]++] = cand[r][k];
	ctx->tasks = batch_tasks(nrules, cand, todo, res->candidates, ctx->o->jobs, &ctx->ntasks);
	free_candidates(ctx);
	free(todo);
}

/*
 * Stage: spatch over the tasks, costliest first from what earlier scans
 * measured (the order only), learning the costs anew. 0, 1 interrupted, -1.
 */
static int run_spatch(struct scan_ctx *ctx, char *err, size_t errlen)
{
	const struct scan_options *o = ctx->o;
	struct scan_result *res = ctx->res;
	struct rule_costs costs;
	/* Kept beside the cache: none when it could not be opened (a read-only -o). */
	char *costs_path = ctx->out.cache ? xasprintf("%s/rule-costs", o->cache_dir) : NULL;
	struct spatch_callbacks cb = { &ctx->out, results_stdout_line, results_file_done, results_file_retry };
	struct spatch_options so = {
		.jobs = o->jobs, .timeout = o->timeout, .spatch = o->spatch,
		.python = o->python ? (*o->python ? o->python : NULL) : spatch_default_python(),
		.cocci_dir = res->rules.dir, .macro_index = ctx->macro_index,
		.call_context = ctx->call_context, .builtins = ctx->builtins,
		.tmpdir = tmp_dir(),
		.progress = o->progress,
		.max_rss_kb = &res->spatch_max_rss_kb,
		.rule_cpu = res->rule_cpu,
		.scope_kept = res->scope_kept,
		.scope_blanked = res->scope_blanked,
	};

	rulecost_load(&costs, costs_path, &res->rules);
	rulecost_sort_tasks(&costs, &res->tree, ctx->tasks, ctx->ntasks);
	int rc = ctx->ntasks ? spatch_run(&so, &res->rules, &res->tree, ctx->tasks, ctx->ntasks,
					  &cb, err, errlen) : 0;
	free(ctx->tasks);
	ctx->tasks = NULL;
	res->t_spatch = now_seconds() - ctx->t;
	if (costs_path && rc == 0 && ctx->ntasks) {
		rulecost_learn(&costs, res->rule_cpu);
		if (rulecost_save(&costs, costs_path, &res->rules))
			warning_msg("cannot write %s: %s", costs_path, strerror(errno));
	}
	rulecost_release(&costs);
	free(costs_path);
	return rc;
}

/* Stage: the cache keeps this scan's results (unless spatch could not start). */
static void close_cache(struct scan_ctx *ctx, int rc)
{
	struct scan_result *res = ctx->res;
	struct cache *cache = ctx->out.cache;

	if (rc == 0 && ctx->o->reads_map && reads_map_write(&ctx->out.map, ctx->o->reads_map))
		warning_msg("cannot write %s: %s", ctx->o->reads_map, strerror(errno));
	results_release(&ctx->out);
	if (!cache)
		return;
	if (rc >= 0 && cache_index_write(cache))
		warning_msg("cannot write the cache index in %s: %s", ctx->o->cache_dir, strerror(errno));
	res->cache = *cache_stats(cache);
	res->cached = 1;
	cache_close(cache);
}

/*
 * Stage: typed facts from libclang feed the score, so they come before
 * scoring; they are not part of the fingerprint, which must not change with
 * the flag.
 */
static void add_clang_facts(const struct scan_options *o, struct scan_result *res)
{
	char why[512];

	if (!o->clang_evidence || res->interrupted)
		return;
	if (evidence_add_clang(&res->findings, res->tree.root, !o->any_tree, &res->clang, why, sizeof(why)))
		warning_msg("libclang evidence: %s; scores use spatch's evidence only", why);
	else
		res->clang_used = 1;
}

static void attach_triage(const struct scan_options *o, struct scan_result *res)
{
	if (!o->triage)
		return;
	triage_attach(o->triage, &res->findings);
	if (!res->interrupted)
		triage_list_stale(o->triage, &res->rules, &res->tree, &res->stale_verdicts);
}

static void score_and_sort(struct scan_result *res)
{
	for (size_t i = 0; i < res->findings.nr; i++) {
		struct finding *f = res->findings.v[i];
		score_finding(f, rules_find(&res->rules, f->rule));
	}
	finding_list_sort_ranked(&res->findings);
	strvec_sort(&res->record_errors);
	if (res->nfailures > 1)
		qsort(res->failures, res->nfailures, sizeof(*res->failures), cmp_failure);
}

static void release_ctx(struct scan_ctx *ctx)
{
	free(ctx->builtins);
	free(ctx->call_context);
	strbuf_release(&ctx->spatch_version);
}

/* A scan that stops before spatch leaves nothing behind: no child, no cache
 * lock (cache_opened: open_cache() went well), nothing to free. */
static int scan_failed(struct scan_ctx *ctx, int cache_opened)
{
	if (ctx->index_pid)
		run_fork_finish(ctx->index_pid, ctx->index_fd, &ctx->index, sizeof(ctx->index));
	free_candidates(ctx);
	if (cache_opened)
		close_cache(ctx, -1);
	release_ctx(ctx);
	scan_result_release(ctx->res);
	return -1;
}

int scan_run(const struct scan_options *o, struct scan_result *res, char *err, size_t errlen)
{
	struct scan_ctx ctx = { .o = o, .res = res, .t0 = now_seconds(), .spatch_version = STRBUF_INIT };
	int rc;

	memset(res, 0, sizeof(*res));
	if (collect(&ctx, err, errlen) || plan_indexes(&ctx, err, errlen))
		return scan_failed(&ctx, 0);
	int whole = !o->paths.nr;
	if (whole)
		start_indexes(&ctx);	/* beside the prefilter, with -j2 or more */
	if (open_cache(&ctx, err, errlen))
		return scan_failed(&ctx, 0);
	prefilter(&ctx);
	if (!whole) {		/* a few files: the prefilter says which indexes they need */
		drop_unneeded_indexes(&ctx);
		start_indexes(&ctx);
	}
	if (finish_indexes(&ctx, err, errlen))
		return scan_failed(&ctx, 1);
	make_tasks(&ctx);		/* cache replay, batches */
	rc = run_spatch(&ctx, err, errlen);
	release_ctx(&ctx);
	close_cache(&ctx, rc);
	if (rc < 0) {
		scan_result_release(res);
		return -1;
	}
	res->interrupted = rc == 1;
	finding_list_dedupe(&res->findings);
	fingerprint_all(&res->findings);
	add_clang_facts(o, res);
	attach_triage(o, res);
	score_and_sort(res);
	res->t_total = now_seconds() - ctx.t0;
	return 0;
}

static void absolute_into(const char **path, struct strvec *owned, int only_paths)
{
	if (!*path || !**path || (only_paths && !strchr(*path, '/')))
		return;	/* unset, or a program name looked up on PATH */
	char *abs = absolute_path(*path);
	strvec_push(owned, abs);
	free(abs);
	*path = owned->v[owned->nr - 1];
}

void scan_make_absolute(const char **path, struct strvec *owned)
{
	absolute_into(path, owned, 0);
}

void scan_options_make_absolute(struct scan_options *o, struct strvec *owned)
{
	absolute_into(&o->rules_dir, owned, 0);
	absolute_into(&o->macro_index, owned, 0);
	absolute_into(&o->macro_index_out, owned, 0);
	absolute_into(&o->macro_index_root, owned, 0);
	absolute_into(&o->cache_dir, owned, 0);
	absolute_into(&o->reads_map, owned, 0);
	absolute_into(&o->spatch, owned, 1);
	absolute_into(&o->python, owned, 1);
}
