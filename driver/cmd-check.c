/* lockers check: scan a tree, print ranked findings, write lockers.json. */
#include "builtin.h"
#include "out/report.h"
#include "scan/scan.h"
#include "facts/score.h"
#include "facts/triage.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
"usage: lockers check [options] [KDIR [PATH...]]\n"
"\n"
"Scan the kernel tree KDIR (default: .), or only PATHs inside it (directories\n"
"or files, like coccicheck's M=), and print findings ranked by score.\n"
"\n"
"  -M, --path PATH      scan only PATH inside KDIR (repeatable)\n"
"  -r, --rule NAME      run only this rule (repeatable; 'lockers rules' lists them)\n"
"  -j, --jobs N         spatch processes in parallel (default: CPUs online)\n"
"  -o, --output DIR     write lockers.json, run.json and report.html there\n"
"                       (default: lockers-out)\n"
"      --fail-on SCORE  exit 1 if a shown finding scores at least SCORE (default 60;\n"
"                       101 never fails)\n"
"      --min-score N    print findings scoring at least N (default: the bug band, 60,\n"
"                       or --fail-on when lower); the rest are counted per rule\n"
"                       and kept in lockers.json and report.html\n"
"      --all-scores     print every finding, whatever its score\n"
"      --timeout SEC    per-file spatch timeout (default 120)\n"
"      --any-tree       scan a directory that is not a kernel tree\n"
"      --no-headers     scan only .c files (default: .h files too, each once)\n"
"      --all            also show findings triaged intended or false-positive\n"
"      --triage FILE    verdicts to apply (default: KDIR/lockers-triage.txt)\n"
"      --no-notes       print only the warning lines, not the score's reasons\n"
"      --no-cache       ignore and do not update the cache in the output directory\n"
"      --cache DIR      keep the cache in DIR instead of OUT/cache (shards and\n"
"                       machines may share one: entries are keyed by content)\n"
"      --shard K/N      scan only the K-th of N parts of the work (1 <= K <= N),\n"
"                       the same split on every machine; 'lockers merge' joins\n"
"                       the N output directories into one report\n"
"      --clang-evidence re-parse files with findings through libclang and add typed\n"
"                       facts (array sizes, struct fields, macros) to the score\n"
"      --macro-index F  use this index of macros and inline helpers instead of\n"
"                       building OUT/macroindex.tsv from KDIR's headers\n"
"  -q, --quiet          no progress line and no summary on stderr\n"
"      --spatch PROG    the spatch to run (default: spatch on PATH)\n"
"      --python PROG    the interpreter for the rules' scripts (default:\n"
"                       $LOCKERS_PYTHON, else /usr/bin/python3; '' lets spatch choose)\n"
"      --rules-dir DIR  rules directory (default: cocci/ beside the binary)\n"
"\n"
"Output: path:line:col: warning: message [rule] score=N id=FINGERPRINT\n"
"Exit: 0 clean, 1 finding >= --fail-on, 2 usage/input error, 130 interrupted.\n";

enum { OPT_FAIL_ON = 256, OPT_TIMEOUT, OPT_ANY_TREE, OPT_NO_HEADERS, OPT_ALL, OPT_NO_NOTES,
       OPT_SPATCH, OPT_RULES_DIR, OPT_TRIAGE, OPT_NO_CACHE, OPT_MACRO_INDEX,
       OPT_CLANG_EVIDENCE, OPT_PYTHON, OPT_MIN_SCORE, OPT_ALL_SCORES,
       OPT_SHARD, OPT_CACHE };

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "path", required_argument, NULL, 'M' },
		{ "rule", required_argument, NULL, 'r' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "any-tree", no_argument, NULL, OPT_ANY_TREE },
		{ "no-headers", no_argument, NULL, OPT_NO_HEADERS },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "no-notes", no_argument, NULL, OPT_NO_NOTES },
		{ "spatch", required_argument, NULL, OPT_SPATCH },
		{ "python", required_argument, NULL, OPT_PYTHON },
		{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
		{ "triage", required_argument, NULL, OPT_TRIAGE },
		{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
		{ "macro-index", required_argument, NULL, OPT_MACRO_INDEX },
		{ "clang-evidence", no_argument, NULL, OPT_CLANG_EVIDENCE },
		{ "min-score", required_argument, NULL, OPT_MIN_SCORE },
		{ "all-scores", no_argument, NULL, OPT_ALL_SCORES },
		{ "shard", required_argument, NULL, OPT_SHARD },
		{ "cache", required_argument, NULL, OPT_CACHE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct scan_options so = { 0 };
	struct report_options ro = { .notes = 1 };
	const char *outdir = "lockers-out";
	char *rules_dir = NULL;
	const char *triage_path = NULL, *cache_opt = NULL;
	char shard_err[256];
	int fail_on = SCORE_FAIL_ON_DEFAULT, min_score = -1, quiet = 0, use_cache = 1, c;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	so.jobs = ncpu > 0 ? (int)ncpu : 1;
	so.timeout = 120;
	so.spatch = "spatch";
	while ((c = getopt_long(argc, argv, "M:r:j:o:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'M': strvec_push(&so.paths, optarg); break;
		case 'r': strvec_push(&so.only_rules, optarg); break;
		case 'j': so.jobs = parse_int_arg(optarg, "--jobs", 1, 256); break;
		case 'o': outdir = optarg; break;
		case 'q': quiet = 1; break;
		case OPT_FAIL_ON: fail_on = parse_int_arg(optarg, "--fail-on", 0, 101); break;
		case OPT_TIMEOUT: so.timeout = parse_int_arg(optarg, "--timeout", 1, 86400); break;
		case OPT_ANY_TREE: so.any_tree = 1; break;
		case OPT_NO_HEADERS: so.no_headers = 1; break;
		case OPT_ALL: ro.show_all = 1; break;
		case OPT_NO_NOTES: ro.notes = 0; break;
		case OPT_SPATCH: so.spatch = optarg; break;
		case OPT_PYTHON: so.python = optarg; break;
		case OPT_RULES_DIR: free(rules_dir); rules_dir = xstrdup(optarg); break;
		case OPT_TRIAGE: triage_path = optarg; break;
		case OPT_NO_CACHE: use_cache = 0; break;
		case OPT_MACRO_INDEX: so.macro_index = optarg; break;
		case OPT_CLANG_EVIDENCE: so.clang_evidence = 1; break;
		case OPT_MIN_SCORE: min_score = parse_int_arg(optarg, "--min-score", 0, 101); break;
		case OPT_ALL_SCORES: min_score = 0; break;
		case OPT_CACHE: cache_opt = optarg; break;
		case OPT_SHARD:
			if (shard_parse(optarg, &so.shard, shard_err, sizeof(shard_err))) {
				error_msg("%s", shard_err);
				free(rules_dir);
				strvec_clear(&so.paths);
				strvec_clear(&so.only_rules);
				return EXIT_USAGE;
			}
			break;
		case 'h': fputs(usage_text, stdout); return EXIT_CLEAN;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	scan_make_absolute(&outdir, &owned);
	/* Every finding that fails the run is printed; the rest are a click away. */
	ro.min_score = min_score >= 0 ? min_score : fail_on < SCORE_BUG ? fail_on : SCORE_BUG;
	so.root = optind < argc ? argv[optind++] : ".";
	for (; optind < argc; optind++)
		strvec_push(&so.paths, argv[optind]);
	so.rules_dir = rules_dir ? rules_dir : (rules_dir = rules_default_dir());
	so.progress = !quiet && isatty(STDERR_FILENO);

	struct scan_result res;
	struct triage triage;
	char err[1024];
	char *tpath = triage_path ? xstrdup(triage_path) : triage_default_path(so.root);
	int rc_triage = triage_read(&triage, tpath, err, sizeof(err));
	free(tpath);
	if (rc_triage) {
		error_msg("%s (the file was left as it was)", err);
		strvec_clear(&so.paths);
		strvec_clear(&so.only_rules);
		strvec_clear(&owned);
		free(rules_dir);
		return EXIT_USAGE;
	}
	so.triage = &triage;
	char *cache_dir = !use_cache ? NULL : cache_opt ? xstrdup(cache_opt) : xasprintf("%s/cache", outdir);
	so.cache_dir = cache_dir;
	char *macro_out = xasprintf("%s/macroindex.tsv", outdir);
	so.macro_index_out = macro_out;
	scan_options_make_absolute(&so, &owned);
	if (scan_run(&so, &res, err, sizeof(err))) {
		error_msg("%s", err);
		triage_release(&triage);
		free(cache_dir);
		free(macro_out);
		strvec_clear(&so.paths);
		strvec_clear(&so.only_rules);
		strvec_clear(&owned);
		free(rules_dir);
		return EXIT_USAGE;
	}

	/* Findings go to stdout first: a bad output directory must not lose them. */
	char *json = xasprintf("%s/lockers.json", outdir);
	char *run = xasprintf("%s/run.json", outdir);
	char *html = xasprintf("%s/report.html", outdir);
	char *marker = xasprintf("%s/.lockers-output", outdir);
	ro.kept_in = html;
	report_text(stdout, &res, &ro);
	fflush(stdout);
	if (!quiet)
		report_summary(stderr, &res, &ro);

	int rc = EXIT_CLEAN;
	if (mkdir_p(outdir) || write_file_atomic(marker, "", 0) ||
	    report_json_write(json, &res) || report_run_json_write(run, &res, so.jobs)) {
		error_msg("cannot write the report to %s: %s", outdir, strerror(errno));
		rc = EXIT_USAGE;
	} else if (report_html_write(html, &res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = EXIT_USAGE;
	} else if (!quiet) {
		fprintf(stderr, "lockers: wrote %s and %s\n", json, html);
	}
	if (rc == EXIT_CLEAN) {
		for (size_t i = 0; i < res.findings.nr; i++) {
			const struct finding *f = res.findings.v[i];
			int hidden = !ro.show_all && finding_dismissed(f);
			if (!hidden && f->score >= fail_on)
				rc = EXIT_FINDINGS;
		}
	}
	if (res.interrupted)
		rc = 130;
	free(json);
	free(run);
	free(html);
	free(marker);
	scan_result_release(&res);
	triage_release(&triage);
	free(cache_dir);
	free(macro_out);
	strvec_clear(&so.paths);
	strvec_clear(&so.only_rules);
	strvec_clear(&owned);
	free(rules_dir);
	return rc;
}
