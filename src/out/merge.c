#include "out/merge.h"
#include "facts/finding.h"
#include "out/report.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "lib/util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct part {
	const char *dir;
	json_t *report, *run;	/* run may be NULL: it only carries times */
	unsigned k, n;
	const char *tree_id, *rules_id;
};

static const char *str_at(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int load_part(const char *dir, struct part *p, char *err, size_t errlen)
{
	char *path = xasprintf("%s/lockers.json", dir);
	json_error_t je;
	json_t *sh;

	memset(p, 0, sizeof(*p));
	p->dir = dir;
	p->report = json_load_file(path, 0, &je);
	if (!p->report) {
		snprintf(err, errlen, "%s: cannot read it as a lockers report: %s", path, je.text);
		free(path);
		return -1;
	}
	sh = json_object_get(p->report, "shard");
	json_t *k = json_object_get(sh, "index"), *n = json_object_get(sh, "count");
	p->tree_id = str_at(sh, "tree_identity");
	p->rules_id = str_at(sh, "rules_identity");
	if (!json_is_integer(k) || !json_is_integer(n) || !p->tree_id || !p->rules_id ||
	    !json_is_object(json_object_get(p->report, "summary")) ||
	    !json_is_array(json_object_get(p->report, "findings"))) {
		snprintf(err, errlen, "%s: not the output of a shard (scanned without --shard?)", path);
		free(path);
		return -1;
	}
	if (json_integer_value(n) < 1 || json_integer_value(n) > 1000 ||
	    json_integer_value(k) < 1 || json_integer_value(k) > json_integer_value(n)) {
		snprintf(err, errlen, "%s: shard %lld/%lld is not a shard of a split", path,
			 (long long)json_integer_value(k), (long long)json_integer_value(n));
		free(path);
		return -1;
	}
	p->k = (unsigned)json_integer_value(k);
	p->n = (unsigned)json_integer_value(n);
	free(path);
	path = xasprintf("%s/run.json", dir);
	p->run = json_load_file(path, 0, &je);
	free(path);
	return 0;
}

static void release_parts(struct part *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		json_decref(v[i].report);
		json_decref(v[i].run);
	}
	free(v);
}

/* The set must be one split of one tree and rules: N parts, each once. */
static int check_parts(struct part **slot, struct part *v, size_t nv, int allow_partial,
		       char *err, size_t errlen)
{
	unsigned n = v[0].n;

	for (size_t i = 1; i < nv; i++) {
		if (v[i].n != n) {
			snprintf(err, errlen, "shards of different splits: %s is shard %u/%u, %s is shard %u/%u",
				 v[0].dir, v[0].k, v[0].n, v[i].dir, v[i].k, v[i].n);
			return -1;
		}
		if (strcmp(v[i].tree_id, v[0].tree_id)) {
			snprintf(err, errlen, "shards of different trees: %s scanned tree %s, %s scanned tree %s "
				 "(the candidate files or their contents differ)",
				 v[0].dir, v[0].tree_id, v[i].dir, v[i].tree_id);
			return -1;
		}
		if (strcmp(v[i].rules_id, v[0].rules_id)) {
			snprintf(err, errlen, "shards of different rules: %s ran rules %s, %s ran rules %s "
				 "(rules, spatch, options or triage verdicts differ)",
				 v[0].dir, v[0].rules_id, v[i].dir, v[i].rules_id);
			return -1;
		}
	}
	for (size_t i = 0; i < nv; i++) {
		struct part *p = &v[i];
		if (slot[p->k - 1]) {
			snprintf(err, errlen, "duplicated shard %u/%u: in %s and in %s",
				 p->k, n, slot[p->k - 1]->dir, p->dir);
			return -1;
		}
		slot[p->k - 1] = p;
	}
	for (unsigned k = 0; k < n; k++)
		if (!slot[k]) {
			char list[256] = "";
			size_t len = 0;
			for (unsigned j = k; j < n && len < sizeof(list) - 16; j++)
				if (!slot[j])
					len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%u/%u",
								 len ? ", " : "", j + 1, n);
			snprintf(err, errlen, "missing shard%s %s: a merge needs all %u shards",
				 strchr(list, ',') ? "s" : "", list, n);
			return -1;
		}
	for (unsigned k = 0; k < n; k++)
		if (!allow_partial && json_is_true(json_object_get(json_object_get(slot[k]->report, "summary"),
								   "partial"))) {
			snprintf(err, errlen, "partial shard %u/%u in %s: its scan was interrupted; run it again, "
				 "or pass --allow-partial to merge it and mark the result partial",
				 k + 1, n, slot[k]->dir);
			return -1;
		}
	return 0;
}

static json_t *summary_of(const struct part *p)
{
	return json_object_get(p->report, "summary");
}

static void sum_int(json_t *into, json_t *from, const char *key)
{
	json_int_t a = json_integer_value(json_object_get(into, key));
	json_int_t b = json_integer_value(json_object_get(from, key));

	json_object_set_new(into, key, json_integer(a + b));
}

static int cmp_json_str(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a), json_string_value(*(json_t *const *)b));
}

/* As scan.c sorts failures: by path, then rule. */
static int cmp_failure_json(const void *a, const void *b)
{
	json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
	int c = strcmp(str_at(x, "path") ? str_at(x, "path") : "", str_at(y, "path") ? str_at(y, "path") : "");

	return c ? c : strcmp(str_at(x, "rule") ? str_at(x, "rule") : "", str_at(y, "rule") ? str_at(y, "rule") : "");
}

/* Every part's array under summary.key, joined and sorted with cmp. */
static void join_sorted(json_t *into, struct part **slot, unsigned n, const char *key,
			int (*cmp)(const void *, const void *))
{
	json_t **all = NULL;
	size_t nr = 0, alloc = 0, i;
	json_t *v, *out = json_array();

	for (unsigned k = 0; k < n; k++)
		json_array_foreach(json_object_get(summary_of(slot[k]), key), i, v) {
			if (cmp == cmp_json_str && !json_is_string(v))
				continue;
			ALLOC_GROW(all, nr + 1, alloc);
			all[nr++] = v;
		}
	if (nr > 1)
		qsort(all, nr, sizeof(*all), cmp);
	for (i = 0; i < nr; i++)
		json_array_append(out, all[i]);
	json_object_set_new(into, key, out);
	free(all);
}

/*
 * A verdict is stale when no shard found its finding: every shard lists it
 * (each lists the tree's unused verdicts), so keep those all shards list.
 */
static void stale_in_all(json_t *into, struct part **slot, unsigned n)
{
	json_t *out = json_array(), *v;
	size_t i;

	json_array_foreach(json_object_get(summary_of(slot[0]), "stale_verdicts"), i, v) {
		int everywhere = json_is_string(v);
		for (unsigned k = 1; k < n && everywhere; k++) {
			size_t j;
			json_t *w;
			everywhere = 0;
			json_array_foreach(json_object_get(summary_of(slot[k]), "stale_verdicts"), j, w)
				if (json_equal(v, w)) {
					everywhere = 1;
					break;
				}
		}
		if (everywhere)
			json_array_append(out, v);
	}
	json_object_set_new(into, "stale_verdicts", out);
}

/* Sum a report_functions_json() object of every part (found under path) and rebuild it. */
static json_t *sum_functions(struct part **slot, unsigned n, json_t *(*at)(json_t *summary, const char *name),
			     const char *name)
{
	json_int_t total = 0, lost = 0;

	for (unsigned k = 0; k < n; k++) {
		json_t *o = at(summary_of(slot[k]), name);
		total += json_integer_value(json_object_get(o, "total"));
		lost += json_integer_value(json_object_get(o, "lost"));
	}
	return report_functions_json((unsigned long)total, (unsigned long)lost);
}

static json_t *functions_all(json_t *s, const char *name)
{
	(void)name;
	return json_object_get(s, "functions");
}

static json_t *functions_of_rule(json_t *s, const char *name)
{
	return json_object_get(json_object_get(json_object_get(s, "rules"), name), "functions");
}

static json_t *functions_of_dir(json_t *s, const char *name)
{
	return json_object_get(json_object_get(json_object_get(s, "functions"), "dirs"), name);
}

/* summary.functions of the whole scan: every part's directories, sorted by name as a scan sorts them. */
static json_t *merge_functions(struct part **slot, unsigned n)
{
	json_t *all = sum_functions(slot, n, functions_all, NULL), *dirs = json_object();
	json_t *names = json_array(), *v;
	const char *name;
	size_t i;

	for (unsigned k = 0; k < n; k++) {
		json_t *d = json_object_get(functions_all(summary_of(slot[k]), NULL), "dirs");
		json_object_foreach(d, name, v)
			json_array_append_new(names, json_string(name));
	}
	json_t **sorted = xcalloc(json_array_size(names) + 1, sizeof(*sorted));
	json_array_foreach(names, i, v)
		sorted[i] = v;
	qsort(sorted, json_array_size(names), sizeof(*sorted), cmp_json_str);
	for (i = 0; i < json_array_size(names); i++) {
		name = json_string_value(sorted[i]);
		if (!json_object_get(dirs, name))
			json_object_set_new(dirs, name, sum_functions(slot, n, functions_of_dir, name));
	}
	free(sorted);
	json_decref(names);
	json_object_set_new(all, "dirs", dirs);
	return all;
}

static void merge_summary(json_t *s, struct part **slot, unsigned n, int partial)
{
	static const char *const summed[] = { "candidates", "runs", "failed", "parse_errors", "timeouts", "crashes" };
	json_t *rules = json_object_get(s, "rules");
	const char *name;
	json_t *pr;

	json_object_set_new(s, "partial", json_boolean(partial));
	json_object_set_new(s, "functions", merge_functions(slot, n));
	json_object_foreach(rules, name, pr)
		json_object_set_new(pr, "functions", sum_functions(slot, n, functions_of_rule, name));
	for (unsigned k = 1; k < n; k++) {
		json_t *o = summary_of(slot[k]);
		for (size_t i = 0; i < ARRAY_SIZE(summed); i++)
			sum_int(s, o, summed[i]);
		json_object_foreach(rules, name, pr) {
			json_t *other = json_object_get(json_object_get(o, "rules"), name);
			sum_int(pr, other, "candidates");
			sum_int(pr, other, "findings");
		}
	}
	join_sorted(s, slot, n, "failures", cmp_failure_json);
	join_sorted(s, slot, n, "record_errors", cmp_json_str);
	stale_in_all(s, slot, n);
}

/* Findings read back as a scan holds them, then ranked as a scan ranks them. */
static int merge_findings(json_t *report, struct part **slot, unsigned n, char *err, size_t errlen)
{
	struct finding_list all = { 0 };
	json_t *out = json_array();

	for (unsigned k = 0; k < n; k++) {
		struct scan_result res;
		char *path = xasprintf("%s/lockers.json", slot[k]->dir);
		int rc = saved_scan_read(path, &res, err, errlen);
		free(path);
		if (rc) {
			finding_list_clear(&all);
			json_decref(out);
			return -1;
		}
		for (size_t i = 0; i < res.findings.nr; i++)
			finding_list_add(&all, res.findings.v[i]);
		res.findings.nr = 0;	/* moved into all */
		scan_result_release(&res);
	}
	finding_list_sort_ranked(&all);
	for (size_t i = 0; i < all.nr; i++)
		report_json_append_finding(out, all.v[i]);
	finding_list_clear(&all);
	json_object_set_new(report, "findings", out);
	return 0;
}

/* run.json's coverage, as a scan writes it: the summary's, with the rules' beside it. */
static json_t *run_functions(json_t *summary)
{
	json_t *o = json_deep_copy(json_object_get(summary, "functions"));
	json_t *rules = json_object(), *pr;
	const char *name;

	json_object_foreach(json_object_get(summary, "rules"), name, pr)
		json_object_set(rules, name, json_object_get(pr, "functions"));
	json_object_set_new(o, "rules", rules);
	return o;
}

static json_t *merge_runs(struct part **slot, unsigned n, int partial)
{
	json_t *run = json_object(), *shards = json_array();

	json_object_set_new(run, "merged_shards", json_integer(n));
	json_object_set_new(run, "partial", json_boolean(partial));
	for (unsigned k = 0; k < n; k++) {
		json_t *o = json_object();
		json_object_set_new(o, "index", json_integer(k + 1));
		json_object_set_new(o, "dir", json_string(slot[k]->dir));
		if (slot[k]->run) {
			json_t *v;
			if ((v = json_object_get(slot[k]->run, "jobs")))
				json_object_set(o, "jobs", v);
			if ((v = json_object_get(slot[k]->run, "seconds")))
				json_object_set(o, "seconds", v);
			if ((v = json_object_get(slot[k]->run, "cache")))
				json_object_set(o, "cache", v);
		}
		json_array_append_new(shards, o);
	}
	json_object_set_new(run, "shards", shards);
	return run;
}

int merge_shards(const char *const *dirs, size_t ndirs, int allow_partial, struct merged *m,
		 char *err, size_t errlen)
{
	struct part *v = xcalloc(ndirs + 1, sizeof(*v));
	struct part **slot = NULL;
	int partial = 0;

	memset(m, 0, sizeof(*m));
	if (!ndirs) {
		snprintf(err, errlen, "no shard directories given");
		free(v);
		return -1;
	}
	for (size_t i = 0; i < ndirs; i++)
		if (load_part(dirs[i], &v[i], err, errlen)) {
			release_parts(v, i + 1);
			return -1;
		}
	slot = xcalloc(v[0].n + 1, sizeof(*slot));
	if (check_parts(slot, v, ndirs, allow_partial, err, errlen))
		goto fail;
	unsigned n = v[0].n;
	for (unsigned k = 0; k < n; k++)
		partial |= json_is_true(json_object_get(summary_of(slot[k]), "partial"));

	m->report = json_deep_copy(slot[0]->report);
	json_object_del(m->report, "shard");
	merge_summary(json_object_get(m->report, "summary"), slot, n, partial);
	if (merge_findings(m->report, slot, n, err, errlen)) {
		merged_release(m);
		goto fail;
	}
	m->run = merge_runs(slot, n, partial);
	json_object_set_new(m->run, "functions", run_functions(json_object_get(m->report, "summary")));
	m->n = n;
	m->partial = partial;
	free(slot);
	release_parts(v, ndirs);
	return 0;
fail:
	free(slot);
	release_parts(v, ndirs);
	return -1;
}

void merged_release(struct merged *m)
{
	json_decref(m->report);
	json_decref(m->run);
	memset(m, 0, sizeof(*m));
}
