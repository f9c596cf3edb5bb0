/* lockers report: other formats from a saved scan (it never re-scans). */
#include "builtin.h"
#include "lib/parse-options.h"
#include "out/report.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>

static const struct usage report_usage = {
	"lockers report (--html FILE | --sarif FILE) [-o DIR]",
	"Write the findings of the last scan (DIR/lockers.json, default lockers-out)\n"
	"as one self-contained HTML triage page, or as SARIF 2.1.0. The HTML page\n"
	"filters by rule, directory, score and verdict, shows the code around each\n"
	"finding, and exports verdicts as a triage file for 'lockers triage import'.\n",
	NULL,
};

int cmd_report(int argc, char **argv)
{
	const char *outdir = "lockers-out", *html = NULL, *sarif = NULL;
	struct option options[] = {
		OPT_STRING(0, "html", &html, "FILE", "write the HTML triage page to FILE"),
		OPT_STRING(0, "sarif", &sarif, "FILE", "write SARIF 2.1.0 to FILE"),
		OPT_STRING('o', "output", &outdir, "DIR", "the scan to read (default: lockers-out)"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, &report_usage);
	if ((!html && !sarif) || argc)
		usage_with_options(&report_usage, options);
	struct scan_result res;
	char err[1024];
	char *json = xasprintf("%s/lockers.json", outdir);
	int rc = saved_scan_read(json, &res, err, sizeof(err));
	free(json);
	if (rc) {
		error_msg("%s (run lockers check first, or pass -o DIR)", err);
		return EXIT_USAGE;
	}
	rc = EXIT_CLEAN;
	if (html && report_html_write(html, &res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = EXIT_USAGE;
	}
	if (sarif) {
		struct sarif_result *sr = xcalloc(res.findings.nr + 1, sizeof(*sr));
		for (size_t i = 0; i < res.findings.nr; i++)
			sr[i].f = res.findings.v[i];
		if (report_sarif_write(sarif, res.tree.root, &res.rules, sr, res.findings.nr, SCORE_FAIL_ON_DEFAULT)) {
			error_msg("cannot write %s", sarif);
			rc = EXIT_USAGE;
		}
		free(sr);
	}
	scan_result_release(&res);
	return rc;
}
