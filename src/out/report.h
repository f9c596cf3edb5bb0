/* Writers over a finished scan; none of them re-runs a stage. */
#ifndef LOCKERS_REPORT_H
#define LOCKERS_REPORT_H

#include <stdio.h>

struct scan_result;
struct rule_set;
struct finding;
struct json_t;
struct coverage;

/*
 * One SARIF result: a finding, its baselineState ("new", "unchanged",
 * "absent") or NULL, and the subject of the patch of a series that
 * introduced it or NULL (the gate).
 */
struct sarif_result {
	const struct finding *f;
	const char *baseline;
	const char *introduced_by;
};

struct report_options {
	int notes;		/* text: print the score's reasons under each finding */
	int show_all;		/* include findings triaged intended / false-positive */
	int min_score;		/* text: print only findings scoring at least this */
	const char *kept_in;	/* summary: where the findings not printed are */
};

/* Compiler-style lines: path:line:col: warning: message [rule] score=N id=ID */
void report_text(FILE *out, const struct scan_result *res, const struct report_options *o);
/*
 * The summary printed on stderr at the end of a scan: files, failures, and
 * per rule its findings and how many of them were not printed (o may be NULL).
 */
void report_summary(FILE *out, const struct scan_result *res, const struct report_options *o);
/*
 * lockers.json: every finding with evidence and reasons, and the summary.
 * Deterministic: the same tree gives the same bytes whatever -j; times go
 * to run.json instead. Returns 0, or -1 with errno set.
 */
int report_json_write(const char *path, const struct scan_result *res);
int report_run_json_write(const char *path, const struct scan_result *res, int jobs);
/* Write any jansson document the way lockers.json is written (atomic, sorted as built). */
int report_json_dump(const char *path, struct json_t *doc);
/*
 * {"total", "analysed", "lost", "share"}: the functions of some file-rule
 * runs, those spatch analysed and those it skipped (coverage.h); share is
 * analysed / total, null when total is 0. Merges rebuild it from the sums.
 */
struct json_t *report_functions_json(unsigned long total, unsigned long lost);
/* summary.functions: the whole scan's, and "dirs": per top-level directory. */
struct json_t *report_coverage_json(const struct coverage *c);
/*
 * A file name (or a line naming one) as a JSON string, which must be UTF-8:
 * valid UTF-8 is written unchanged; otherwise each byte that is not part of
 * a valid UTF-8 sequence is written as the four characters \xHH and each
 * backslash as two, so that the name reads back (report_json_unpath(): an
 * escaped name unescapes to bytes that are not UTF-8).
 */
struct json_t *report_json_path(const char *s);
/* The bytes report_json_path() wrote s for; the caller frees them. */
char *report_json_unpath(const char *s);
/* Append a finding's JSON object (as in lockers.json) to a jansson array. */
void report_json_append_finding(struct json_t *array, const struct finding *f);
/* SARIF 2.1.0; root is the tree the paths are relative to. */
int report_sarif_write(const char *path, const char *root, const struct rule_set *rs,
		       const struct sarif_result *v, size_t n, int fail_on);
/*
 * The HTML triage report: one self-contained page (no network) with the
 * findings ranked, filters, the code around each finding (read from
 * res->tree.root), verdict buttons and an export in docs/triage.md's format,
 * and beside each finding the patch `lockers fix` wrote for it in the fixes/
 * directory next to the page (fixes/<id>.patch). Written atomically. Returns 0, or -1 with a message in err.
 */
int report_html_write(const char *path, const struct scan_result *res, char *err, size_t errlen);

#endif
