/* lockers merge: join the outputs of sharded scans into one scan's report. */
#include "builtin.h"
#include "lib/parse-options.h"
#include "out/merge.h"
#include "out/report.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/util.h"
#include "scan/tree.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct usage merge_usage = {
	"lockers merge -o OUT [options] DIR...",
	"Join the output directories of 'lockers check --shard K/N' (K = 1..N) into\n"
	"what one unsharded scan would have written to OUT: lockers.json (the same\n"
	"bytes), report.html and lockers.sarif, with run.json giving each shard's times.\n"
	"Shards of different trees or rules, a missing or duplicated shard, or an\n"
	"interrupted (partial) shard are refused.\n",
	"Exit: 0 clean, 1 finding >= --fail-on, 2 usage error or a bad set of shards.\n",
};

/* report.html and SARIF from the merged lockers.json, as 'lockers report' reads it. */
static int write_views(const char *json, const char *html, const char *sarif, int fail_on, int *found)
{
	struct scan_result res;
	char err[1024];
	int rc = 0;

	if (saved_scan_read(json, &res, err, sizeof(err))) {
		error_msg("%s", err);
		return -1;
	}
	if (report_html_write(html, &res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = -1;
	}
	struct sarif_result *sr = xcalloc(res.findings.nr + 1, sizeof(*sr));
	for (size_t i = 0; i < res.findings.nr; i++) {
		sr[i].f = res.findings.v[i];
		if (!finding_dismissed(res.findings.v[i]) && res.findings.v[i]->score >= fail_on)
			*found = 1;
	}
	if (report_sarif_write(sarif, res.tree.root, &res.rules, sr, res.findings.nr, fail_on)) {
		error_msg("cannot write %s: %s", sarif, strerror(errno));
		rc = -1;
	}
	free(sr);
	scan_result_release(&res);
	return rc;
}

int cmd_merge(int argc, char **argv)
{
	const char *outdir = NULL;
	int allow_partial = 0, quiet = 0, fail_on = SCORE_FAIL_ON_DEFAULT;
	double t0 = now_seconds();
	struct option options[] = {
		OPT_STRING('o', "output", &outdir, "DIR", "where to write the merged report (required)"),
		OPT_BOOL(0, "allow-partial", &allow_partial,
			 "merge interrupted shards too; the result is marked partial"),
		OPT_INTEGER(0, "fail-on", &fail_on, "SCORE", 0, 101, "exit 1 if a finding not triaged away "
			    "scores at least SCORE (default 60; 101 never fails)"),
		OPT_BOOL('q', "quiet", &quiet, "no line on stderr saying what was written"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, &merge_usage);
	if (!outdir || !argc) {
		error_msg(!outdir ? "merge: -o OUT is required" : "merge: no shard directories given");
		usage_with_options(&merge_usage, options);
	}

	struct merged m;
	char err[2048];
	if (merge_shards((const char *const *)argv, (size_t)argc, allow_partial,
			 &m, err, sizeof(err))) {
		error_msg("%s", err);
		return EXIT_USAGE;
	}
	char *json = xasprintf("%s/lockers.json", outdir);
	char *run = xasprintf("%s/run.json", outdir);
	char *html = xasprintf("%s/report.html", outdir);
	char *sarif = xasprintf("%s/lockers.sarif", outdir);
	char *marker = xasprintf("%s/" TREE_OUTPUT_MARKER, outdir);
	int rc = EXIT_CLEAN, found = 0;

	json_t *sec = json_object();
	json_object_set_new(sec, "merge", json_real(now_seconds() - t0));
	json_object_set_new(m.run, "seconds", sec);
	if (mkdir_p(outdir) || write_file_atomic(marker, "", 0) || report_json_dump(json, m.report) ||
	    report_json_dump(run, m.run)) {
		error_msg("cannot write the merged report to %s: %s", outdir, strerror(errno));
		rc = EXIT_USAGE;
	} else if (write_views(json, html, sarif, fail_on, &found)) {
		rc = EXIT_USAGE;
	} else {
		if (!quiet)
			fprintf(stderr, "lockers: merged %u shards%s into %s, %s and %s\n", m.n,
				m.partial ? " (partial: some were interrupted)" : "", json, html, sarif);
		rc = found ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	merged_release(&m);
	free(json);
	free(run);
	free(html);
	free(sarif);
	free(marker);
	return rc;
}
