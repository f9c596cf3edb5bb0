#include "out/report.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (as jansson accepts it), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	uint32_t cp;
	size_t n = utf8_next(s, strnlen((const char *)s, 4), &cp);

	return n == 1 && cp == 0xfffd ? 0 : n;
}

static int valid_utf8(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = utf8_len(p);
		if (!n)
			return 0;
		p += n;
	}
	return 1;
}

json_t *report_json_path(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)s;

	if (valid_utf8(s))
		return json_string(s);
	while (*p) {
		size_t n = utf8_len(p);
		if (*p == '\\')
			strbuf_addstr(&sb, "\\\\");
		else if (n)
			strbuf_add(&sb, p, n);
		else
			strbuf_addf(&sb, "\\x%02x", *p);
		p += n ? n : 1;
	}
	json_t *v = json_string(sb.buf);
	strbuf_release(&sb);
	return v;
}

char *report_json_unpath(const char *s)
{
	const char *orig = s;
	struct strbuf sb = STRBUF_INIT;
	unsigned x;

	while (*s) {
		if (s[0] == '\\' && s[1] == '\\') {
			strbuf_addch(&sb, '\\');
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &x) == 1 && x &&
			   isxdigit((unsigned char)s[2]) && isxdigit((unsigned char)s[3])) {
			strbuf_addch(&sb, (char)x);
			s += 4;
		} else {
			strbuf_addch(&sb, *s++);
		}
	}
	if (valid_utf8(sb.buf)) {	/* written as it was: not an escaped name */
		strbuf_release(&sb);
		return xstrdup(orig);
	}
	return strbuf_detach(&sb);
}

static json_t *finding_json(const struct finding *f)
{
	json_t *o = json_object();
	json_t *ev = json_object();
	json_t *reasons = json_array();

	json_object_set_new(o, "id", json_string(f->id));
	json_object_set_new(o, "rule", json_string(f->rule));
	json_object_set_new(o, "path", report_json_path(f->path));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "column", json_integer(f->col));
	json_object_set_new(o, "function", json_string(f->function));
	json_object_set_new(o, "key", json_string(f->key));
	json_object_set_new(o, "message", json_string(f->message));
	json_object_set_new(o, "score", json_integer(f->score));
	json_object_set_new(o, "class", json_string(score_class(f->score)));
	if (f->verdict) {
		json_object_set_new(o, "verdict", json_string(f->verdict));
		json_object_set_new(o, "verdict_why", json_string(f->verdict_why ? f->verdict_why : ""));
	}
	for (size_t i = 0; i < f->nreasons; i++) {
		json_t *r = json_object();
		json_object_set_new(r, "points", json_integer(f->reasons[i].points));
		json_object_set_new(r, "why", json_string(f->reasons[i].why));
		json_array_append_new(reasons, r);
	}
	json_object_set_new(o, "reasons", reasons);
	for (size_t i = 0; i < f->nev; i++)
		json_object_set_new(ev, f->ev[i].name, json_string(f->ev[i].value));
	json_object_set_new(o, "evidence", ev);
	return o;
}

json_t *report_functions_json(unsigned long total, unsigned long lost)
{
	json_t *o = json_object();
	struct coverage_count c = { total, lost };
	double share = coverage_share(&c);

	json_object_set_new(o, "total", json_integer((json_int_t)total));
	json_object_set_new(o, "analysed", json_integer((json_int_t)(total - lost)));
	json_object_set_new(o, "lost", json_integer((json_int_t)lost));
	json_object_set_new(o, "share", share < 0 ? json_null() : json_real(share));
	return o;
}

json_t *report_coverage_json(const struct coverage *c)
{
	json_t *o = report_functions_json(c->all.functions, c->all.lost);
	json_t *dirs = json_object();

	for (size_t i = 0; i < c->ndirs; i++)
		json_object_set_new(dirs, c->dirs[i].dir,
				    report_functions_json(c->dirs[i].c.functions, c->dirs[i].c.lost));
	json_object_set_new(o, "dirs", dirs);
	return o;
}

static json_t *summary_json(const struct scan_result *res)
{
	const struct tree_stats *st = &res->tree.st;
	json_t *s = json_object();
	json_t *per_rule = json_object();
	json_t *fails = json_array();
	json_t *skipped = json_object();
	json_t *problems = json_array();
	json_t *rerr = json_array();

	json_object_set_new(s, "partial", json_boolean(res->interrupted));
	json_object_set_new(s, "files_seen", json_integer((json_int_t)st->files_seen));
	json_object_set_new(s, "c_files", json_integer((json_int_t)st->c_files));
	json_object_set_new(s, "candidates", json_integer((json_int_t)res->files_candidate));
	json_object_set_new(s, "runs", json_integer((json_int_t)res->runs_done));
	json_object_set_new(s, "failed", json_integer((json_int_t)res->nfailures));
	json_object_set_new(s, "parse_errors", json_integer((json_int_t)scan_count_failures(res, FILE_PARSE_ERROR)));
	json_object_set_new(s, "timeouts", json_integer((json_int_t)scan_count_failures(res, FILE_TIMEOUT)));
	json_object_set_new(s, "crashes", json_integer((json_int_t)scan_count_failures(res, FILE_CRASH)));
	json_object_set_new(s, "functions", report_coverage_json(&res->coverage));
	json_object_set_new(skipped, "not_c", json_integer((json_int_t)st->skipped_other));
	json_object_set_new(skipped, "generated", json_integer((json_int_t)st->skipped_generated));
	json_object_set_new(skipped, "symlinked_dirs", json_integer((json_int_t)st->skipped_symlink_dirs));
	json_object_set_new(skipped, "duplicates", json_integer((json_int_t)st->skipped_duplicates));
	json_object_set_new(skipped, "binary", json_integer((json_int_t)res->skipped_binary));
	json_object_set_new(skipped, "unreadable", json_integer((json_int_t)st->unreadable));
	json_object_set_new(skipped, "special", json_integer((json_int_t)st->skipped_special));
	json_object_set_new(s, "skipped", skipped);
	for (size_t r = 0; r < res->rules.nr; r++) {
		json_t *pr = json_object();
		size_t n = scan_count_findings(res, res->rules.v[r].name);
		json_object_set_new(pr, "candidates", json_integer((json_int_t)res->candidates[r]));
		json_object_set_new(pr, "findings", json_integer((json_int_t)n));
		json_object_set_new(pr, "functions", report_functions_json(res->coverage.rule[r].functions,
									   res->coverage.rule[r].lost));
		json_object_set_new(per_rule, res->rules.v[r].name, pr);
	}
	json_object_set_new(s, "rules", per_rule);
	for (size_t i = 0; i < res->nfailures; i++) {
		const struct file_failure *ff = &res->failures[i];
		json_t *f = json_object();
		json_object_set_new(f, "path", report_json_path(ff->path));
		json_object_set_new(f, "rule", json_string(ff->rule));
		json_object_set_new(f, "reason", json_string(file_status_name(ff->status)));
		json_object_set_new(f, "detail", json_string(ff->detail));
		json_object_set_new(f, "functions", json_integer(ff->functions));
		json_object_set_new(f, "functions_lost", json_integer(ff->lost));
		json_array_append_new(fails, f);
	}
	json_object_set_new(s, "failures", fails);
	for (size_t i = 0; i < res->tree.problems.nr; i++)
		json_array_append_new(problems, report_json_path(res->tree.problems.v[i]));
	json_object_set_new(s, "problems", problems);
	for (size_t i = 0; i < res->record_errors.nr; i++)
		json_array_append_new(rerr, report_json_path(res->record_errors.v[i]));
	json_object_set_new(s, "record_errors", rerr);
	json_t *stale = json_array();
	for (size_t i = 0; i < res->stale_verdicts.nr; i++)
		json_array_append_new(stale, report_json_path(res->stale_verdicts.v[i]));
	json_object_set_new(s, "stale_verdicts", stale);
	return s;
}

/* A shard's mark: which part, of which tree and rules (a merge checks them). */
static json_t *shard_json(const struct scan_result *res)
{
	json_t *o = json_object();
	char hex[17];

	json_object_set_new(o, "index", json_integer(res->shard.k));
	json_object_set_new(o, "count", json_integer(res->shard.n));
	hash_hex(res->tree_id, hex);
	json_object_set_new(o, "tree_identity", json_string(hex));
	hash_hex(res->rules_id, hex);
	json_object_set_new(o, "rules_identity", json_string(hex));
	return o;
}

int report_json_dump(const char *path, json_t *root)
{
	char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
	int rc, e;

	if (!text) {
		errno = ENOMEM;
		return -1;
	}
	size_t n = strlen(text);
	char *withnl = xmalloc(n + 2);
	memcpy(withnl, text, n);
	withnl[n] = '\n';
	rc = write_file_atomic(path, withnl, n + 1);
	e = errno;
	free(withnl);
	free(text);
	errno = e;
	return rc;
}

int report_json_write(const char *path, const struct scan_result *res)
{
	json_t *root = json_object();
	json_t *rules = json_array();
	json_t *findings = json_array();

	json_object_set_new(root, "tool", json_string("lockers"));
	json_object_set_new(root, "format", json_integer(1));
	json_object_set_new(root, "tree", report_json_path(res->tree.root));
	if (res->shard.n)
		json_object_set_new(root, "shard", shard_json(res));
	for (size_t r = 0; r < res->rules.nr; r++) {
		const struct rule *ru = &res->rules.v[r];
		json_t *o = json_object();
		json_object_set_new(o, "name", json_string(ru->name));
		json_object_set_new(o, "confidence", json_string(ru->confidence));
		json_object_set_new(o, "summary", json_string(ru->summary));
		json_object_set_new(o, "doc", json_string(ru->doc));
		json_array_append_new(rules, o);
	}
	json_object_set_new(root, "rules", rules);
	json_object_set_new(root, "summary", summary_json(res));
	for (size_t i = 0; i < res->findings.nr; i++)
		json_array_append_new(findings, finding_json(res->findings.v[i]));
	json_object_set_new(root, "findings", findings);
	int rc = report_json_dump(path, root);
	json_decref(root);
	return rc;
}

/* run.json's copy of the coverage: the whole scan's, per rule and per directory. */
static json_t *run_functions_json(const struct scan_result *res)
{
	json_t *o = report_coverage_json(&res->coverage);
	json_t *rules = json_object();

	for (size_t r = 0; r < res->rules.nr; r++)
		json_object_set_new(rules, res->rules.v[r].name,
				    report_functions_json(res->coverage.rule[r].functions, res->coverage.rule[r].lost));
	json_object_set_new(o, "rules", rules);
	return o;
}

/* The function bodies function-scoped rules' runs showed spatch, and those blanked. */
static json_t *function_scope_json(const struct scan_result *res)
{
	json_t *o = json_object();
	unsigned long kept = 0, blanked = 0;

	for (size_t r = 0; res->scope_kept && r < res->rules.nr; r++) {
		kept += res->scope_kept[r];
		blanked += res->scope_blanked[r];
	}
	json_object_set_new(o, "bodies_kept", json_integer((json_int_t)kept));
	json_object_set_new(o, "bodies_blanked", json_integer((json_int_t)blanked));
	return o;
}

/* How many files of rule's findings, each counted once. */
static size_t files_with_findings(const struct scan_result *res, const char *rule)
{
	struct strvec paths = STRVEC_INIT;
	size_t files = 0;

	for (size_t i = 0; i < res->findings.nr; i++)
		if (!strcmp(res->findings.v[i]->rule, rule))
			strvec_push(&paths, res->findings.v[i]->path);
	strvec_sort(&paths);
	for (size_t i = 0; i < paths.nr; i++)
		files += !i || strcmp(paths.v[i - 1], paths.v[i]);
	strvec_clear(&paths);
	return files;
}

/*
 * Where each rule's spatch time goes: the files it was given, those of
 * them with a finding, the bodies it saw and those blanked for it, its
 * children's CPU seconds.
 */
static json_t *rule_budget_json(const struct scan_result *res)
{
	json_t *o = json_object();

	for (size_t r = 0; r < res->rules.nr; r++) {
		json_t *b = json_object();
		json_object_set_new(b, "files", json_integer((json_int_t)(res->candidates ? res->candidates[r] : 0)));
		json_object_set_new(b, "files_with_findings",
				    json_integer((json_int_t)files_with_findings(res, res->rules.v[r].name)));
		json_object_set_new(b, "bodies_kept",
				    json_integer((json_int_t)(res->scope_kept ? res->scope_kept[r] : 0)));
		json_object_set_new(b, "bodies_blanked",
				    json_integer((json_int_t)(res->scope_blanked ? res->scope_blanked[r] : 0)));
		json_object_set_new(b, "cpu_seconds", json_real(res->rule_cpu ? res->rule_cpu[r] : 0.0));
		json_object_set_new(o, res->rules.v[r].name, b);
	}
	return o;
}

int report_run_json_write(const char *path, const struct scan_result *res, int jobs)
{
	json_t *root = json_object();
	json_t *sec = json_object();

	json_object_set_new(root, "jobs", json_integer(jobs));
	if (res->shard.n)
		json_object_set_new(root, "shard", shard_json(res));
	json_object_set_new(sec, "walk", json_real(res->t_walk));
	json_object_set_new(sec, "prefilter", json_real(res->t_prefilter));
	json_object_set_new(sec, "index_wait", json_real(res->t_index_wait));
	json_object_set_new(sec, "spatch", json_real(res->t_spatch));
	json_object_set_new(sec, "total", json_real(res->t_total));
	json_object_set_new(root, "seconds", sec);
	json_object_set_new(root, "spatch_max_rss_kb", json_integer(res->spatch_max_rss_kb));
	json_object_set_new(root, "functions", run_functions_json(res));
	json_object_set_new(root, "function_scope", function_scope_json(res));
	json_object_set_new(root, "rule_budget", rule_budget_json(res));
	if (res->rule_cpu) {
		json_t *cpu = json_object();
		for (size_t r = 0; r < res->rules.nr; r++)
			json_object_set_new(cpu, res->rules.v[r].name, json_real(res->rule_cpu[r]));
		json_object_set_new(root, "spatch_cpu_seconds", cpu);
	}
	if (res->clang_used) {
		json_t *c = json_object();
		json_object_set_new(c, "files", json_integer((json_int_t)res->clang.files));
		json_object_set_new(c, "files_parsed", json_integer((json_int_t)res->clang.files_parsed));
		json_object_set_new(c, "files_with_errors", json_integer((json_int_t)res->clang.files_with_errors));
		json_object_set_new(c, "findings", json_integer((json_int_t)res->clang.findings));
		json_object_set_new(c, "findings_with_facts", json_integer((json_int_t)res->clang.findings_with_facts));
		json_object_set_new(c, "seconds", json_real(res->clang.seconds));
		json_object_set_new(root, "clang_evidence", c);
	}
	if (res->macro_index_built || res->macro_index_reused) {
		json_t *m = json_object();
		json_object_set_new(m, "headers", json_integer((json_int_t)res->macro_stats.headers));
		json_object_set_new(m, "macros", json_integer((json_int_t)res->macro_stats.macros));
		json_object_set_new(m, "inlines", json_integer((json_int_t)res->macro_stats.inlines));
		json_object_set_new(m, "relations", json_integer((json_int_t)res->macro_stats.relations));
		json_object_set_new(m, "rcu_fields", json_integer((json_int_t)res->macro_stats.rcu_fields));
		json_object_set_new(m, "rcu_loads", json_integer((json_int_t)res->macro_stats.rcu_loads));
		json_object_set_new(m, "ref_helpers", json_integer((json_int_t)res->macro_stats.ref_helpers));
		json_object_set_new(m, "rcu_heads", json_integer((json_int_t)res->macro_stats.rcu_heads));
		json_object_set_new(m, "seconds", json_real(res->macro_stats.seconds));
		json_object_set_new(m, "reused", json_boolean(res->macro_index_reused));
		json_object_set_new(root, "macro_index", m);
	}
	if (res->call_context_built || res->call_context_reused) {
		const struct callctx_stats *cs = &res->call_stats;
		const struct { const char *name; unsigned long n; } counts[] = {
			{ "files", cs->files }, { "functions", cs->functions }, { "calls", cs->calls },
			{ "needs_reader", cs->needs_reader }, { "in_section", cs->in_section },
		};
		json_t *m = json_object();
		for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
			json_object_set_new(m, counts[i].name, json_integer((json_int_t)counts[i].n));
		json_object_set_new(m, "seconds", json_real(cs->seconds));
		json_object_set_new(m, "reused", json_boolean(res->call_context_reused));
		json_object_set_new(root, "call_context", m);
	}
	json_object_set_new(root, "partial", json_boolean(res->interrupted));
	if (res->cached) {
		json_t *c = json_object();
		json_object_set_new(c, "files_unchanged", json_integer((json_int_t)res->cache.stat_hits));
		json_object_set_new(c, "files_read", json_integer((json_int_t)res->cache.stat_misses));
		json_object_set_new(c, "runs_reused", json_integer((json_int_t)res->cache.result_hits));
		json_object_set_new(c, "runs_new", json_integer((json_int_t)res->cache.result_misses));
		json_object_set_new(c, "runs_stale", json_integer((json_int_t)res->cache.stale));
		json_object_set_new(c, "corrupt_ignored", json_integer((json_int_t)res->cache.corrupt));
		json_object_set_new(c, "rebuilt", json_boolean(res->cache.rebuilt));
		json_object_set_new(root, "cache", c);
	}
	int rc = report_json_dump(path, root);
	json_decref(root);
	return rc;
}

void report_json_append_finding(json_t *array, const struct finding *f)
{
	json_array_append_new(array, finding_json(f));
}
