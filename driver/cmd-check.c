/* lockers check: scan a tree, print ranked findings, write lockers.json. */
#include "builtin.h"
#include "scan-cli.h"
#include "out/report.h"
#include "scan/scan.h"
#include "facts/score.h"
#include "facts/triage.h"
#include "lib/util.h"
#include "scan/tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct usage check_usage = {
	"lockers check [options] [KDIR [PATH...]]",
	"Scan the kernel tree KDIR (default: .), or only PATHs inside it (directories\n"
	"or files, like coccicheck's M=), and print findings ranked by score.\n",
	"Output: path:line:col: warning: message [rule] score=N id=FINGERPRINT\n"
	"Exit: 0 clean, 1 finding >= --fail-on, 2 usage/input error, 130 interrupted.\n",
};

static int shard_option(const struct option *opt, const char *arg, char *err, size_t errlen)
{
	return shard_parse(arg, opt->value, err, errlen);
}

/*
 * The findings on stdout first, so that a bad output directory does not
 * lose them, then lockers.json, run.json and report.html in outdir.
 */
static int write_reports(const char *outdir, const struct scan_result *res, struct report_options *ro,
			 int quiet, int jobs)
{
	char *json = xasprintf("%s/lockers.json", outdir);
	char *run = xasprintf("%s/run.json", outdir);
	char *html = xasprintf("%s/report.html", outdir);
	char *marker = xasprintf("%s/" TREE_OUTPUT_MARKER, outdir);
	char err[1024];
	int rc = EXIT_CLEAN;

	ro->kept_in = html;
	report_text(stdout, res, ro);
	fflush(stdout);
	if (!quiet)
		report_summary(stderr, res, ro);
	if (mkdir_p(outdir) || write_file_atomic(marker, "", 0) ||
	    report_json_write(json, res) || report_run_json_write(run, res, jobs)) {
		error_msg("cannot write the report to %s: %s", outdir, strerror(errno));
		rc = EXIT_USAGE;
	} else if (report_html_write(html, res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = EXIT_USAGE;
	} else if (!quiet) {
		fprintf(stderr, "lockers: wrote %s and %s\n", json, html);
	}
	ro->kept_in = NULL;
	free(json);
	free(run);
	free(html);
	free(marker);
	return rc;
}

/* Some finding that is shown (not triaged away, or --all) scores fail_on or more. */
static int fails(const struct scan_result *res, const struct report_options *ro, int fail_on)
{
	for (size_t i = 0; i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		if ((ro->show_all || !finding_dismissed(f)) && f->score >= fail_on)
			return 1;
	}
	return 0;
}

int cmd_check(int argc, char **argv)
{
	struct scan_options so = { 0 };
	struct scan_cli cli;
	struct report_options ro = { .notes = 1 };
	const char *outdir = "lockers-out", *cache_opt = NULL;
	int fail_on = SCORE_FAIL_ON_DEFAULT, min_score = -1;

	scan_cli_init(&cli, &so);
	struct option options[] = {
		OPT_GROUP("What to scan"),
		OPT_STRVEC('M', "path", &so.paths, "PATH", "scan only PATH inside KDIR (repeatable)"),
		OPT_SCAN_SELECT(&cli),
		OPT_CALLBACK(0, "shard", &so.shard, "K/N", "scan only the K-th of N parts of the work "
			     "(1 <= K <= N), the same split on every machine; 'lockers merge' joins the N "
			     "output directories into one report", shard_option),
		OPT_GROUP("Findings"),
		OPT_INTEGER(0, "fail-on", &fail_on, "SCORE", 0, 101,
			    "exit 1 if a shown finding scores at least SCORE (default 60; 101 never fails)"),
		OPT_INTEGER(0, "min-score", &min_score, "N", 0, 101, "print findings scoring at least N "
			    "(default: the bug band, 60, or --fail-on when lower); the rest are counted per "
			    "rule and kept in lockers.json and report.html"),
		OPT_SET_INT(0, "all-scores", &min_score, "print every finding, whatever its score", 0),
		OPT_BOOL(0, "all", &ro.show_all, "also show findings triaged intended or false-positive"),
		OPT_SCAN_TRIAGE(&cli),
		OPT_SET_INT(0, "no-notes", &ro.notes, "print only the warning lines, not the score's reasons", 0),
		OPT_BOOL(0, "clang-evidence", &so.clang_evidence, "re-parse files with findings through "
			 "libclang and add typed facts (array sizes, struct fields, macros) to the score"),
		OPT_GROUP("Output"),
		OPT_STRING('o', "output", &outdir, "DIR",
			   "write lockers.json, run.json and report.html there (default: lockers-out)"),
		OPT_SCAN_QUIET(&cli),
		OPT_SCAN_NO_CACHE(&cli),
		OPT_STRING(0, "cache", &cache_opt, "DIR", "keep the cache in DIR instead of OUT/cache "
			   "(shards and machines may share one: entries are keyed by content)"),
		OPT_STRING(0, "macro-index", &so.macro_index, "F", "use this index of macros and inline "
			   "helpers instead of building OUT/macroindex.tsv from KDIR's headers"),
		OPT_GROUP("Running spatch"),
		OPT_SCAN_SPATCH(&cli),
		OPT_END(),
	};
	argc = parse_options(argc, argv, options, &check_usage);
	so.root = argc ? argv[0] : ".";
	for (int i = 1; i < argc; i++)
		strvec_push(&so.paths, argv[i]);

	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	struct triage triage = { 0 };
	struct scan_result res = { 0 };
	char *cache_dir = NULL, *macro_out = NULL, *reads_map = NULL;
	char err[1024];
	int rc = EXIT_USAGE;

	scan_make_absolute(&outdir, &owned);
	/* Every finding that fails the run is printed; the rest are a click away. */
	ro.min_score = min_score >= 0 ? min_score : fail_on < SCORE_BUG ? fail_on : SCORE_BUG;
	scan_cli_finish(&cli);
	so.progress = !cli.quiet && isatty(STDERR_FILENO);
	if (scan_cli_read_triage(&cli, so.root, &triage))
		goto out;
	so.triage = &triage;
	if (!cli.no_cache)
		so.cache_dir = cache_dir = cache_opt ? xstrdup(cache_opt) : xasprintf("%s/cache", outdir);
	so.macro_index_out = macro_out = xasprintf("%s/macroindex.tsv", outdir);
	so.reads_map = reads_map = xasprintf("%s/reads.tsv", outdir);	/* for the gate */
	scan_options_make_absolute(&so, &owned);
	int had_outdir = !access(outdir, F_OK);
	lock_dir(outdir);	/* a second scan with this -o waits for the first */
	if (scan_run(&so, &res, err, sizeof(err))) {
		error_msg("%s", err);
		if (!had_outdir)
			rmdir(outdir);	/* made for the lock: a failed scan leaves none */
		goto out;
	}
	rc = write_reports(outdir, &res, &ro, cli.quiet, so.jobs);
	if (rc == EXIT_CLEAN && fails(&res, &ro, fail_on))
		rc = EXIT_FINDINGS;
	if (res.interrupted)
		rc = 130;
out:
	scan_result_release(&res);
	triage_release(&triage);
	free(cache_dir);
	free(macro_out);
	free(reads_map);
	strvec_clear(&so.paths);
	strvec_clear(&so.only_rules);
	strvec_clear(&owned);
	scan_cli_release(&cli);
	return rc;
}
