#include "scan.h"
#include "fingerprint.h"
#include "prefilter.h"
#include "record.h"
#include "score.h"
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct scan_ctx {
	struct scan_result *res;
};

static void add_failure(struct scan_result *res, const char *path, const char *rule,
			enum file_status st, const char *detail)
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
}

static void on_stdout_line(void *vctx, size_t rule, const char *line, size_t len)
{
	struct scan_ctx *ctx = vctx;
	struct scan_result *res = ctx->res;
	const struct rule *r = &res->rules.v[rule];
	struct finding *f;
	char err[256];

	switch (record_parse(line, len, &f, err, sizeof(err))) {
	case RECORD_NONE:
		return;
	case RECORD_BAD:
		strvec_pushf(&res->record_errors, "%s: %s: %.*s", r->name, err,
			     (int)(len > 200 ? 200 : len), line);
		return;
	case RECORD_OK:
		break;
	}
	if (strcmp(f->rule, r->name)) {
		strvec_pushf(&res->record_errors, "%s: record names rule '%s'", r->name, f->rule);
		finding_free(f);
		return;
	}
	long idx = pool_file_index(f->path);
	if (idx < 0 || (size_t)idx >= res->tree.nr) {
		strvec_pushf(&res->record_errors, "%s: record names a file spatch was not given: %s",
			     r->name, f->path);
		finding_free(f);
		return;
	}
	free(f->path);
	f->path = xstrdup(res->tree.v[idx].path);
	finding_list_add(&res->findings, f);
}

static void on_file_done(void *vctx, size_t rule, size_t file, enum file_status st,
			 const char *detail)
{
	struct scan_ctx *ctx = vctx;
	struct scan_result *res = ctx->res;

	res->runs_done++;
	if (st != FILE_OK)
		add_failure(res, res->tree.v[file].path, res->rules.v[rule].name, st, detail);
}

static int looks_binary(const char *text, size_t len)
{
	return memchr(text, '\0', len) != NULL;
}

/*
 * Read every file once, build its token set, and list it as a candidate for
 * each rule that may match it. Returns per-rule candidate arrays.
 */
static size_t **prefilter_tree(struct scan_result *res, size_t *ncand)
{
	size_t nrules = res->rules.nr;
	size_t **cand = xcalloc(nrules, sizeof(*cand));
	size_t *alloc = xcalloc(nrules, sizeof(*alloc));
	struct strbuf text = STRBUF_INIT;

	for (size_t fi = 0; fi < res->tree.nr; fi++) {
		char *abs = xasprintf("%s/%s", res->tree.root, res->tree.v[fi].path);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, abs)) {
			res->tree.st.unreadable++;
			strvec_pushf(&res->tree.problems, "%s: %s", res->tree.v[fi].path, strerror(errno));
			free(abs);
			continue;
		}
		free(abs);
		if (looks_binary(text.buf, text.len)) {
			res->skipped_binary++;
			strvec_pushf(&res->tree.problems, "%s: binary file (contains NUL bytes), not scanned",
				     res->tree.v[fi].path);
			continue;
		}
		struct tokset ts;
		int any = 0;
		tokset_build(&ts, text.buf, text.len);
		for (size_t r = 0; r < nrules; r++) {
			if (!prefilter_matches(&res->rules.v[r], &ts, text.buf, text.len))
				continue;
			if (ncand[r] == alloc[r]) {
				alloc[r] = alloc[r] ? 2 * alloc[r] : 256;
				cand[r] = xrealloc(cand[r], alloc[r] * sizeof(**cand));
			}
			cand[r][ncand[r]++] = fi;
			any = 1;
		}
		tokset_release(&ts);
		res->files_candidate += any;
	}
	strbuf_release(&text);
	free(alloc);
	return cand;
}

/* Batches small enough to balance the workers, big enough to amortise start-up. */
static size_t batch_size(size_t n, int jobs)
{
	size_t b = n / ((size_t)(jobs > 0 ? jobs : 1) * 4) + 1;

	return b > 40 ? 40 : b;
}

static int cmp_failure(const void *a, const void *b)
{
	const struct file_failure *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->rule, y->rule);
}

/* Verdicts for files and rules this scan covered whose finding did not come back. */
static void list_stale_verdicts(struct scan_result *res, const struct triage *t)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct verdict *v = &t->v[i];
		if (v->used || !rules_find(&res->rules, v->rule) || tree_find(&res->tree, v->path) < 0)
			continue;
		strvec_pushf(&res->stale_verdicts, "%s %s [%s] %s %s(): %s", v->id, v->verdict, v->rule,
			     v->path, v->function, v->key);
	}
}

int scan_run(const struct scan_options *o, struct scan_result *res, char *err, size_t errlen)
{
	double t0 = now_seconds(), t;
	char why[512];

	memset(res, 0, sizeof(*res));
	if (!o->any_tree && !tree_is_kernel(o->root, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (rules_load(&res->rules, o->rules_dir, &o->only_rules, err, errlen))
		return -1;
	if (tree_collect(&res->tree, o->root, &o->paths, o->include_headers, err, errlen))
		return -1;
	t = now_seconds();
	res->t_walk = t - t0;

	res->candidates = xcalloc(res->rules.nr, sizeof(*res->candidates));
	size_t **cand = prefilter_tree(res, res->candidates);
	res->t_prefilter = now_seconds() - t;
	t = now_seconds();

	/* Tasks: each rule's candidates in batches, rules interleaved. */
	struct pool_task *tasks = NULL;
	size_t ntasks = 0, atasks = 0;
	size_t *pos = xcalloc(res->rules.nr, sizeof(*pos));
	for (int more = 1; more;) {
		more = 0;
		for (size_t r = 0; r < res->rules.nr; r++) {
			size_t n = res->candidates[r];
			if (pos[r] >= n)
				continue;
			size_t b = batch_size(n, o->jobs);
			if (b > n - pos[r])
				b = n - pos[r];
			if (ntasks == atasks) {
				atasks = atasks ? 2 * atasks : 64;
				tasks = xrealloc(tasks, atasks * sizeof(*tasks));
			}
			tasks[ntasks].rule = r;
			tasks[ntasks].nfiles = b;
			tasks[ntasks].files = xmalloc(b * sizeof(size_t));
			memcpy(tasks[ntasks].files, cand[r] + pos[r], b * sizeof(size_t));
			ntasks++;
			pos[r] += b;
			more = 1;
		}
	}
	free(pos);
	for (size_t r = 0; r < res->rules.nr; r++)
		free(cand[r]);
	free(cand);

	struct scan_ctx ctx = { res };
	struct pool_callbacks cb = { &ctx, on_stdout_line, on_file_done };
	struct pool_options po = {
		.jobs = o->jobs, .timeout = o->timeout, .spatch = o->spatch,
		.cocci_dir = res->rules.dir, .macro_index = o->macro_index,
		.tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		.progress = o->progress,
	};
	int rc = pool_run(&po, &res->rules, &res->tree, tasks, ntasks, &cb, err, errlen);
	free(tasks);
	res->t_spatch = now_seconds() - t;
	if (rc < 0)
		return -1;
	res->interrupted = rc == 1;

	finding_list_dedupe(&res->findings);
	fingerprint_all(&res->findings);
	if (o->triage) {
		triage_attach(o->triage, &res->findings);
		if (!res->interrupted)
			list_stale_verdicts(res, o->triage);
	}
	for (size_t i = 0; i < res->findings.nr; i++) {
		struct finding *f = res->findings.v[i];
		score_finding(f, rules_find(&res->rules, f->rule));
	}
	finding_list_sort_ranked(&res->findings);
	strvec_sort(&res->record_errors);
	if (res->nfailures > 1)
		qsort(res->failures, res->nfailures, sizeof(*res->failures), cmp_failure);
	res->t_total = now_seconds() - t0;
	return 0;
}

size_t scan_count_failures(const struct scan_result *res, enum file_status st)
{
	size_t n = 0;

	for (size_t i = 0; i < res->nfailures; i++)
		n += res->failures[i].status == st;
	return n;
}

void scan_result_release(struct scan_result *res)
{
	finding_list_clear(&res->findings);
	for (size_t i = 0; i < res->nfailures; i++) {
		free(res->failures[i].path);
		free(res->failures[i].detail);
	}
	free(res->failures);
	free(res->candidates);
	strvec_clear(&res->record_errors);
	strvec_clear(&res->stale_verdicts);
	tree_release(&res->tree);
	rules_release(&res->rules);
	memset(res, 0, sizeof(*res));
}
