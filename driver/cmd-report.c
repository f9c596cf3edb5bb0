/* lockers report: other formats from a saved scan (it never re-scans). */
#include "builtin.h"
#include "out/report.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

static const char usage_text[] =
"usage: lockers report (--html FILE | --sarif FILE) [-o DIR]\n"
"\n"
"Write the findings of the last scan (DIR/lockers.json, default lockers-out)\n"
"as one self-contained HTML triage page, or as SARIF 2.1.0. The HTML page\n"
"filters by rule, directory, score and verdict, shows the code around each\n"
"finding, and exports verdicts as a triage file for 'lockers triage import'.\n";

enum { OPT_HTML = 256, OPT_SARIF, OPT_FAIL_ON };

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "html", required_argument, NULL, OPT_HTML },
		{ "sarif", required_argument, NULL, OPT_SARIF },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = "lockers-out", *html = NULL, *sarif = NULL;
	int c;

	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_HTML: html = optarg; break;
		case OPT_SARIF: sarif = optarg; break;
		case 'o': outdir = optarg; break;
		case 'h': fputs(usage_text, stdout); return EXIT_CLEAN;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	if ((!html && !sarif) || optind != argc) {
		fputs(usage_text, stderr);
		return EXIT_USAGE;
	}
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
