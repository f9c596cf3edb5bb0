/* lockers merge: join the outputs of sharded scans into one scan's report. */
#include "builtin.h"
#include "out/merge.h"
#include "out/report.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
"usage: lockers merge -o OUT [options] DIR...\n"
"\n"
"Join the output directories of 'lockers check --shard K/N' (K = 1..N) into\n"
"what one unsharded scan would have written to OUT: lockers.json (the same\n"
"bytes), report.html and lockers.sarif, with run.json giving each shard's times.\n"
"Shards of different trees or rules, a missing or duplicated shard, or an\n"
"interrupted (partial) shard are refused.\n"
"\n"
"  -o, --output DIR     where to write the merged report (required)\n"
"      --allow-partial  merge interrupted shards too; the result is marked partial\n"
"      --fail-on SCORE  exit 1 if a finding not triaged away scores at least SCORE\n"
"                       (default 60; 101 never fails)\n"
"  -q, --quiet          no line on stderr saying what was written\n"
"\n"
"Exit: 0 clean, 1 finding >= --fail-on, 2 usage error or a bad set of shards.\n";

enum { OPT_ALLOW_PARTIAL = 256, OPT_FAIL_ON };

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
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, OPT_ALLOW_PARTIAL },
		{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = NULL;
	int allow_partial = 0, quiet = 0, fail_on = SCORE_FAIL_ON_DEFAULT, c;
	double t0 = now_seconds();

	while ((c = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': outdir = optarg; break;
		case 'q': quiet = 1; break;
		case OPT_ALLOW_PARTIAL: allow_partial = 1; break;
		case OPT_FAIL_ON: fail_on = parse_int_arg(optarg, "--fail-on", 0, 101); break;
		case 'h': fputs(usage_text, stdout); return EXIT_CLEAN;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	if (!outdir || optind == argc) {
		error_msg(!outdir ? "merge: -o OUT is required" : "merge: no shard directories given");
		fputs(usage_text, stderr);
		return EXIT_USAGE;
	}

	struct merged m;
	char err[2048];
	if (merge_shards((const char *const *)argv + optind, (size_t)(argc - optind), allow_partial,
			 &m, err, sizeof(err))) {
		error_msg("%s", err);
		return EXIT_USAGE;
	}
	char *json = xasprintf("%s/lockers.json", outdir);
	char *run = xasprintf("%s/run.json", outdir);
	char *html = xasprintf("%s/report.html", outdir);
	char *sarif = xasprintf("%s/lockers.sarif", outdir);
	char *marker = xasprintf("%s/.lockers-output", outdir);
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
