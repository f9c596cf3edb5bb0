#include "out/report.h"
#include "scan/scan-result.h"
#include "facts/score.h"

#include <string.h>

static int hidden(const struct finding *f, const struct report_options *o)
{
	return !o->show_all && finding_dismissed(f);
}

void report_text(FILE *out, const struct scan_result *res, const struct report_options *o)
{
	for (size_t i = 0; i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		if (hidden(f, o) || f->score < o->min_score)
			continue;
		fprintf(out, "%s:%u:%u: warning: %s [%s] score=%d id=%s", f->path, f->line, f->col,
			f->message, f->rule, f->score, f->id);
		if (f->verdict)
			fprintf(out, " verdict=%s", f->verdict);
		fputc('\n', out);
		if (!o->notes)
			continue;
		fprintf(out, "%s:%u:%u: note: in %s(): score %d (%s):", f->path, f->line, f->col,
			*f->function ? f->function : "?", f->score, score_class(f->score));
		for (size_t k = 0; k < f->nreasons; k++)
			fprintf(out, "%s %+d %s", k ? ";" : "", f->reasons[k].points, f->reasons[k].why);
		fputc('\n', out);
	}
}

/* Findings of `rule` (all rules when NULL) shown by the triage but scoring below min_score. */
static size_t count_below(const struct scan_result *res, const char *rule, const struct report_options *o)
{
	size_t n = 0;

	for (size_t i = 0; o && i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		n += (!rule || !strcmp(f->rule, rule)) && !hidden(f, o) && f->score < o->min_score;
	}
	return n;
}

void report_summary(FILE *out, const struct scan_result *res, const struct report_options *o)
{
	const struct tree_stats *st = &res->tree.st;

	fprintf(out, "lockers: %s%lu files seen, %lu C files, %zu candidates after prefilter, "
		"%zu file-rule runs, %zu findings in %.1f s\n",
		res->interrupted ? "INTERRUPTED, report is partial: " : "",
		st->files_seen, st->c_files, res->files_candidate, res->runs_done,
		res->findings.nr, res->t_total);
	fprintf(out, "lockers: failed: %zu parse error (functions skipped), %zu timeout, "
		"%zu spatch crash; %lu binary, %lu unreadable, %lu special (FIFO, socket, device)\n",
		scan_count_failures(res, FILE_PARSE_ERROR), scan_count_failures(res, FILE_TIMEOUT),
		scan_count_failures(res, FILE_CRASH), res->skipped_binary, st->unreadable,
		st->skipped_special);
	const struct coverage_count *cov = &res->coverage.all;
	if (cov->functions)
		fprintf(out, "lockers: functions analysed: %lu of %lu (%.1f%%) over the file-rule runs; "
			"%lu skipped where spatch could not parse\n", cov->functions - cov->lost, cov->functions,
			100 * coverage_share(cov), cov->lost);
	if (res->clang_used)
		fprintf(out, "lockers: libclang evidence: %lu of %lu findings got typed facts; "
			"%lu of %lu files parsed (%lu with errors) in %.1f s\n",
			res->clang.findings_with_facts, res->clang.findings, res->clang.files_parsed,
			res->clang.files, res->clang.files_with_errors, res->clang.seconds);
	if (res->macro_index_built || res->macro_index_reused)
		fprintf(out, "lockers: macro index%s: %lu headers, %lu macros, %lu inline helpers, %lu relations, "
			"%lu __rcu fields, %lu RCU accessors, %lu reference helpers, %lu rcu_head structs in %.1f s\n",
			res->macro_index_reused ? " (reused: headers unchanged)" : "", res->macro_stats.headers, res->macro_stats.macros, res->macro_stats.inlines,
			res->macro_stats.relations, res->macro_stats.rcu_fields, res->macro_stats.rcu_loads,
			res->macro_stats.ref_helpers, res->macro_stats.rcu_heads, res->macro_stats.seconds);
	if (res->call_context_built || res->call_context_reused)
		fprintf(out, "lockers: call-context index%s: %lu files, %lu functions, %lu calls, %lu need "
			"their callers' reader (%lu every caller in one) in %.1f s\n",
			res->call_context_reused ? " (reused: files unchanged)" : "", res->call_stats.files,
			res->call_stats.functions, res->call_stats.calls, res->call_stats.needs_reader,
			res->call_stats.in_section, res->call_stats.seconds);
	if (res->cached) {
		char stale[96] = "";
		if (res->cache.stale)
			snprintf(stale, sizeof(stale), " (%lu as another file their rule read changed)",
				 res->cache.stale);
		fprintf(out, "lockers: cache: %lu files unchanged, %lu read; %lu spatch runs reused, %lu run%s%s%s\n",
			res->cache.stat_hits, res->cache.stat_misses, res->cache.result_hits,
			res->cache.result_misses, stale, res->cache.corrupt ? "; corrupt entries ignored" : "",
			res->cache.rebuilt ? "; cache (re)built" : "");
	}
	size_t below = count_below(res, NULL, o);
	for (size_t r = 0; r < res->rules.nr; r++) {
		const char *name = res->rules.v[r].name;
		fprintf(out, "lockers:   %-28s %5zu candidates %5zu findings", name, res->candidates[r],
			scan_count_findings(res, name));
		if (below)
			fprintf(out, ", %zu more below score %d", count_below(res, name, o), o->min_score);
		fputc('\n', out);
	}
	if (below)
		fprintf(out, "lockers: %zu findings below score %d were not printed (--all-scores prints "
			"them); all are in %s\n", below, o->min_score, o->kept_in ? o->kept_in : "lockers.json");
	for (size_t i = 0; i < res->nfailures; i++) {
		const struct file_failure *ff = &res->failures[i];
		if (ff->status == FILE_TIMEOUT || ff->status == FILE_CRASH)
			fprintf(out, "lockers: %s: %s [%s]: %s\n", ff->path, file_status_name(ff->status),
				ff->rule, ff->detail);
	}
	for (size_t i = 0; i < res->stale_verdicts.nr; i++)
		fprintf(out, "lockers: verdict without a finding any more: %s\n", res->stale_verdicts.v[i]);
	for (size_t i = 0; i < res->record_errors.nr; i++)
		fprintf(out, "lockers: rule error: %s\n", res->record_errors.v[i]);
	for (size_t i = 0; i < res->tree.problems.nr; i++)
		fprintf(out, "lockers: skipped %s\n", res->tree.problems.v[i]);
}
