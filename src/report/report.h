/* Writers over a finished scan; none of them re-runs a stage. */
#ifndef LOCKERS_REPORT_H
#define LOCKERS_REPORT_H

#include <stdio.h>

struct scan_result;

struct report_options {
	int notes;		/* text: print the score's reasons under each finding */
	int show_all;		/* include findings triaged intended / false-positive */
};

/* Compiler-style lines: path:line:col: warning: message [rule] score=N id=ID */
void report_text(FILE *out, const struct scan_result *res, const struct report_options *o);
/* The one-paragraph summary printed on stderr at the end of a scan. */
void report_summary(FILE *out, const struct scan_result *res);
/*
 * lockers.json: every finding with evidence and reasons, and the summary.
 * Deterministic: the same tree gives the same bytes whatever -j; times go
 * to run.json instead. Returns 0, or -1 with errno set.
 */
int report_json_write(const char *path, const struct scan_result *res);
int report_run_json_write(const char *path, const struct scan_result *res, int jobs);
/*
 * The HTML triage report: one self-contained page (no network) with the
 * findings ranked, filters, the code around each finding (read from
 * res->tree.root), verdict buttons and an export in docs/triage.md's format.
 * Written atomically. Returns 0, or -1 with a message in err.
 */
int report_html_write(const char *path, const struct scan_result *res, char *err, size_t errlen);

#endif
