/* lockers gate: fail a patch only for the findings it introduces. */
#include "builtin.h"
#include "gate/gate.h"
#include "out/report.h"
#include "facts/score.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
"usage: lockers gate --kdir K (--patch FILE | --git BASE..HEAD) [options]\n"
"\n"
"Scan the .c and .h files a patch touches, before and after it, in a scratch copy\n"
"(K is never written to), and report the findings the patch introduces. A series\n"
"is applied in order, and each finding it introduces names the first patch after\n"
"which it exists.\n"
"\n"
"      --kdir K         the tree the patch applies to (a kernel tree unless --any-tree)\n"
"      --patch FILE     a unified diff (git diff, diff -u), applied -p1, or an mbox of\n"
"                       patches (git format-patch --stdout, b4, patchwork), in order\n"
"      --git A..B       the change between two commits of K's git repository\n"
"      --fail-on SCORE  exit 1 if an introduced finding scores at least SCORE (default 60)\n"
"      --show-removed   also list the findings the patch removes\n"
"  -o, --output DIR     write gate.json and gate.sarif there (default: lockers-out)\n"
"  -r, --rule NAME      run only this rule (repeatable)\n"
"  -j, --jobs N         spatch processes in parallel\n"
"      --triage FILE    verdicts to apply (default: K/lockers-triage.txt)\n"
"      --any-tree       K need not be a kernel tree\n"
"      --no-headers     scan only the .c files the patch touches\n"
"      --timeout SEC    per-file spatch timeout (default 120)\n"
"      --spatch PROG, --python PROG, --rules-dir DIR, --no-cache, -q/--quiet as for check\n"
"\n"
"Output: new findings as '>> path:line:col: warning: ...' (kernel CI style),\n"
"followed for an mbox or --git by ' (introduced by: SUBJECT)' (the patch or\n"
"commit after which it exists), removed ones as '<< ...'.\n"
"Exit: 0 nothing new at or above --fail-on, 1 a new finding at or above it,\n"
"2 usage error or a patch that does not apply (the error names it).\n";

enum { OPT_KDIR = 256, OPT_PATCH, OPT_GIT, OPT_FAIL_ON, OPT_SHOW_REMOVED, OPT_TRIAGE, OPT_ANY_TREE,
       OPT_NO_HEADERS, OPT_TIMEOUT, OPT_SPATCH, OPT_RULES_DIR, OPT_NO_CACHE, OPT_PYTHON };

static int shown(const struct finding *f)
{
	return !finding_dismissed(f);
}

/* The subject of the patch of a series that introduced introduced.v[i], or NULL. */
static const char *introduced_by(const struct gate_result *g, size_t i)
{
	return g->subjects && g->introduced_by[i] >= 0 ? g->subjects[g->introduced_by[i]] : NULL;
}

/* With g, the list is g->introduced and each line names the patch that introduced it. */
static void print_list(const struct finding_list *l, const struct gate_result *g, const char *mark,
		       const char *what)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *f = l->v[i];
		const char *by = g ? introduced_by(g, i) : NULL;
		if (!shown(f))
			continue;
		printf("%s %s:%u:%u: %s: %s [%s] score=%d id=%s", mark, f->path, f->line, f->col, what,
		       f->message, f->rule, f->score, f->id);
		if (by)
			printf(" (introduced by: %s)", by);
		putchar('\n');
	}
}

static void add_all(json_t *obj, const char *key, const struct finding_list *l, const struct gate_result *g)
{
	json_t *a = json_array();

	for (size_t i = 0; i < l->nr; i++) {
		report_json_append_finding(a, l->v[i]);
		if (g && introduced_by(g, i))
			json_object_set_new(json_array_get(a, i), "introduced_by", json_string(introduced_by(g, i)));
	}
	json_object_set_new(obj, key, a);
}

static int write_outputs(const char *outdir, const struct gate_result *g, const char *kdir,
			 int fail_on, int failed)
{
	char *json = xasprintf("%s/gate.json", outdir), *sarif = xasprintf("%s/gate.sarif", outdir);
	char *marker = xasprintf("%s/.lockers-output", outdir);
	json_t *doc = json_object();
	int rc = -1;

	json_object_set_new(doc, "tool", json_string("lockers"));
	json_object_set_new(doc, "format", json_integer(1));
	json_object_set_new(doc, "tree", json_string(kdir));
	json_object_set_new(doc, "fail_on", json_integer(fail_on));
	json_object_set_new(doc, "failed", json_boolean(failed));
	json_object_set_new(doc, "files_in_patch", json_integer((json_int_t)g->files_in_patch));
	json_object_set_new(doc, "c_files", json_integer((json_int_t)g->c_files));
	if (g->subjects) {
		json_t *patches = json_array();
		for (size_t k = 0; k < g->npatches; k++)
			json_array_append_new(patches, json_string(g->subjects[k]));
		json_object_set_new(doc, "patches", patches);
	}
	add_all(doc, "introduced", &g->introduced, g);
	add_all(doc, "removed", &g->removed, NULL);
	add_all(doc, "unchanged", &g->unchanged, NULL);

	size_t n = g->introduced.nr + g->unchanged.nr + g->removed.nr, k = 0;
	struct sarif_result *sr = xcalloc(n + 1, sizeof(*sr));
	for (size_t i = 0; i < g->introduced.nr; i++)
		sr[k++] = (struct sarif_result){ g->introduced.v[i], "new", introduced_by(g, i) };
	for (size_t i = 0; i < g->unchanged.nr; i++)
		sr[k++] = (struct sarif_result){ g->unchanged.v[i], "unchanged", NULL };
	for (size_t i = 0; i < g->removed.nr; i++)
		sr[k++] = (struct sarif_result){ g->removed.v[i], "absent", NULL };
	char *root = realpath(kdir, NULL);
	if (!mkdir_p(outdir) && !write_file_atomic(marker, "", 0) && !report_json_dump(json, doc) &&
	    !report_sarif_write(sarif, root ? root : kdir, &g->after.rules, sr, n, fail_on))
		rc = 0;
	else
		error_msg("cannot write the gate report to %s: %s", outdir, strerror(errno));
	free(root);
	free(sr);
	json_decref(doc);
	free(json);
	free(sarif);
	free(marker);
	return rc;
}

int cmd_gate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kdir", required_argument, NULL, OPT_KDIR },
		{ "patch", required_argument, NULL, OPT_PATCH },
		{ "git", required_argument, NULL, OPT_GIT },
		{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
		{ "show-removed", no_argument, NULL, OPT_SHOW_REMOVED },
		{ "output", required_argument, NULL, 'o' },
		{ "rule", required_argument, NULL, 'r' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "triage", required_argument, NULL, OPT_TRIAGE },
		{ "any-tree", no_argument, NULL, OPT_ANY_TREE },
		{ "no-headers", no_argument, NULL, OPT_NO_HEADERS },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "spatch", required_argument, NULL, OPT_SPATCH },
		{ "python", required_argument, NULL, OPT_PYTHON },
		{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
		{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct gate_options go = { 0 };
	const char *outdir = "lockers-out", *triage_path = NULL;
	char *rules_dir = NULL;
	int fail_on = SCORE_FAIL_ON_DEFAULT, show_removed = 0, quiet = 0, use_cache = 1, c;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	go.scan.jobs = ncpu > 0 ? (int)ncpu : 1;
	go.scan.timeout = 120;
	go.scan.spatch = "spatch";
	while ((c = getopt_long(argc, argv, "o:r:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_KDIR: go.kdir = optarg; break;
		case OPT_PATCH: go.patch_file = optarg; break;
		case OPT_GIT: go.git_range = optarg; break;
		case OPT_FAIL_ON: fail_on = parse_int_arg(optarg, "--fail-on", 0, 101); break;
		case OPT_SHOW_REMOVED: show_removed = 1; break;
		case 'o': outdir = optarg; break;
		case 'r': strvec_push(&go.scan.only_rules, optarg); break;
		case 'j': go.scan.jobs = parse_int_arg(optarg, "--jobs", 1, 256); break;
		case 'q': quiet = 1; break;
		case OPT_TRIAGE: triage_path = optarg; break;
		case OPT_ANY_TREE: go.scan.any_tree = 1; break;
		case OPT_NO_HEADERS: go.scan.no_headers = 1; break;
		case OPT_TIMEOUT: go.scan.timeout = parse_int_arg(optarg, "--timeout", 1, 86400); break;
		case OPT_SPATCH: go.scan.spatch = optarg; break;
		case OPT_PYTHON: go.scan.python = optarg; break;
		case OPT_RULES_DIR: free(rules_dir); rules_dir = xstrdup(optarg); break;
		case OPT_NO_CACHE: use_cache = 0; break;
		case 'h': fputs(usage_text, stdout); return EXIT_CLEAN;
		default: fputs(usage_text, stderr); return EXIT_USAGE;
		}
	}
	if (!go.kdir || (!go.patch_file == !go.git_range) || optind != argc) {
		fputs(usage_text, stderr);
		free(rules_dir);
		return EXIT_USAGE;
	}
	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	scan_make_absolute(&outdir, &owned);
	go.scan.rules_dir = rules_dir ? rules_dir : (rules_dir = rules_default_dir());
	go.scan.progress = !quiet && isatty(STDERR_FILENO);

	struct triage triage;
	char err[1024];
	char *tpath = triage_path ? xstrdup(triage_path) : triage_default_path(go.kdir);
	if (triage_read(&triage, tpath, err, sizeof(err))) {
		error_msg("%s (the file was left as it was)", err);
		free(tpath);
		strvec_clear(&owned);
		free(rules_dir);
		return EXIT_USAGE;
	}
	free(tpath);
	go.scan.triage = &triage;
	char *cache_dir = use_cache ? xasprintf("%s/cache", outdir) : NULL;
	go.scan.cache_dir = cache_dir;
	/* Helpers are indexed from the whole tree, not the scratch copy. */
	char *macro_out = xasprintf("%s/macroindex.tsv", outdir);
	go.scan.macro_index_out = macro_out;
	go.scan.macro_index_root = go.kdir;
	scan_options_make_absolute(&go.scan, &owned);

	struct gate_result g;
	int rc = EXIT_CLEAN;
	if (gate_run(&go, &g, err, sizeof(err))) {
		error_msg("%s; nothing was written to %s", err, go.kdir);
		rc = EXIT_USAGE;
	} else {
		size_t failing = 0;
		for (size_t i = 0; i < g.introduced.nr; i++)
			failing += shown(g.introduced.v[i]) && g.introduced.v[i]->score >= fail_on;
		print_list(&g.introduced, &g, ">>", "warning");
		if (show_removed)
			print_list(&g.removed, NULL, "<<", "removed");
		if (!quiet)
			fprintf(stderr, "lockers gate: %zu files in the patch (%zu C): %zu findings introduced "
				"(%zu at or above %d), %zu removed, %zu unchanged\n", g.files_in_patch, g.c_files,
				g.introduced.nr, failing, fail_on, g.removed.nr, g.unchanged.nr);
		if (write_outputs(outdir, &g, go.kdir, fail_on, failing > 0))
			rc = EXIT_USAGE;
		else if (failing)
			rc = EXIT_FINDINGS;
		if (g.after.interrupted || g.before.interrupted)
			rc = 130;
	}
	gate_result_release(&g);
	triage_release(&triage);
	free(cache_dir);
	free(macro_out);
	strvec_clear(&go.scan.only_rules);
	strvec_clear(&owned);
	free(rules_dir);
	return rc;
}
