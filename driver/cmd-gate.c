/* lockers gate: fail a patch only for the findings it introduces. */
#include "builtin.h"
#include "scan-cli.h"
#include "gate/gate.h"
#include "out/report.h"
#include "facts/score.h"
#include "facts/triage.h"
#include "lib/util.h"
#include "scan/tree.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct usage gate_usage = {
	"lockers gate --kdir K (--patch FILE | --git A..B) [--base DIR] [options]",
	"Report what a whole-tree check of K with the patch applied finds that one of K\n"
	"does not, in the files the patch touches and the files whose findings read one\n"
	"of them (a module's other files, its Makefile). The patched tree is a mirror\n"
	"of K in a scratch directory (K is never written to). A series is applied in\n"
	"order, and each finding it introduces names the first patch after which it\n"
	"exists. With --base, the indexes, cache and reads map of `lockers check\n"
	"-o DIR K` are used (many gate runs can share one); else those in -o.\n",
	"Output: new findings as '>> path:line:col: warning: ...' (kernel CI style),\n"
	"followed for an mbox or --git by ' (introduced by: SUBJECT)' (the patch or\n"
	"commit after which it exists), removed ones as '<< ...'. A finding that was\n"
	"there before counts as new where the patch removes or weakens an RCU or\n"
	"seqcount API, or a loop bound, in its function (rcu_read_lock() dropped,\n"
	"kfree_rcu() into kfree(), < into <=), and as removed where it adds one;\n"
	"' (patch: ...)' shows the change.\n"
	"Exit: 0 nothing new at or above --fail-on, 1 a new finding at or above it,\n"
	"2 usage error or a patch that does not apply (the error names it).\n",
};

static int shown(const struct finding *f)
{
	return !finding_dismissed(f);
}

/* The subject of the patch of a series that introduced introduced.v[i], or NULL. */
static const char *introduced_by(const struct gate_result *g, size_t i)
{
	return g->subjects && g->introduced_by[i] >= 0 ? g->subjects[g->introduced_by[i]] : NULL;
}

/*
 * With g, the list is g->introduced and each line names the patch that
 * introduced it. A finding the diff weakened (or, removed, strengthened)
 * shows the change: it may have been there before the patch.
 */
static void print_list(const struct finding_list *l, const struct gate_result *g, const char *mark,
		       const char *what)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *f = l->v[i];
		const char *by = g ? introduced_by(g, i) : NULL;
		const char *change = finding_evidence(f, g ? "patch_weakens" : "patch_strengthens");
		if (!shown(f))
			continue;
		printf("%s %s:%u:%u: %s: %s [%s] score=%d id=%s", mark, f->path, f->line, f->col, what,
		       f->message, f->rule, f->score, f->id);
		if (change)
			printf(" (patch: %s)", change);
		if (by)
			printf(" (introduced by: %s)", by);
		putchar('\n');
	}
}

/* With attribution, the list is g->introduced. Each finding says on which
 * sides its fingerprint is: patch evidence moves some that are on both. */
static void add_all(json_t *obj, const char *key, const struct finding_list *l, const struct gate_result *g,
		    int attribution)
{
	json_t *a = json_array();

	for (size_t i = 0; i < l->nr; i++) {
		report_json_append_finding(a, l->v[i]);
		json_t *f = json_array_get(a, i);
		json_object_set_new(f, "before", json_boolean(gate_side_has(g, 0, l->v[i]->id)));
		json_object_set_new(f, "after", json_boolean(gate_side_has(g, 1, l->v[i]->id)));
		if (attribution && introduced_by(g, i))
			json_object_set_new(f, "introduced_by", json_string(introduced_by(g, i)));
	}
	json_object_set_new(obj, key, a);
}

static int write_outputs(const char *outdir, const struct gate_result *g, const char *kdir,
			 int fail_on, int failed)
{
	char *json = xasprintf("%s/gate.json", outdir), *sarif = xasprintf("%s/gate.sarif", outdir);
	char *marker = xasprintf("%s/" TREE_OUTPUT_MARKER, outdir);
	json_t *doc = json_object();
	int rc = -1;

	json_object_set_new(doc, "tool", json_string("lockers"));
	json_object_set_new(doc, "format", json_integer(1));
	json_object_set_new(doc, "tree", json_string(kdir));
	json_object_set_new(doc, "fail_on", json_integer(fail_on));
	json_object_set_new(doc, "failed", json_boolean(failed));
	json_object_set_new(doc, "files_in_patch", json_integer((json_int_t)g->files_in_patch));
	json_object_set_new(doc, "c_files", json_integer((json_int_t)g->c_files));
	json_t *deps = json_array();
	for (size_t i = 0; i < g->dependants.nr; i++)
		json_array_append_new(deps, json_string(g->dependants.v[i]));
	json_object_set_new(doc, "dependants", deps);
	if (g->subjects) {
		json_t *patches = json_array();
		for (size_t k = 0; k < g->npatches; k++)
			json_array_append_new(patches, json_string(g->subjects[k]));
		json_object_set_new(doc, "patches", patches);
	}
	add_all(doc, "introduced", &g->introduced, g, 1);
	add_all(doc, "removed", &g->removed, g, 0);
	add_all(doc, "unchanged", &g->unchanged, g, 0);

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

/* The introduced (and with show_removed the removed) findings, the summary, gate.json and gate.sarif. */
static int report_gate(const struct gate_result *g, const char *outdir, const char *kdir, int fail_on,
		       int show_removed, int quiet)
{
	size_t failing = 0;
	int rc = EXIT_CLEAN;

	for (size_t i = 0; i < g->introduced.nr; i++)
		failing += shown(g->introduced.v[i]) && g->introduced.v[i]->score >= fail_on;
	print_list(&g->introduced, g, ">>", "warning");
	if (show_removed)
		print_list(&g->removed, NULL, "<<", "removed");
	if (!quiet)
		fprintf(stderr, "lockers gate: %zu files in the patch (%zu C), %zu reading them%s: %zu findings "
			"introduced (%zu at or above %d), %zu removed, %zu unchanged\n", g->files_in_patch,
			g->c_files, g->dependants.nr, g->have_reads_map ? "" : " (no reads map: run check first)",
			g->introduced.nr, failing, fail_on, g->removed.nr, g->unchanged.nr);
	if (write_outputs(outdir, g, kdir, fail_on, failing > 0))
		rc = EXIT_USAGE;
	else if (failing)
		rc = EXIT_FINDINGS;
	if (g->after.interrupted || g->before.interrupted)
		rc = 130;
	return rc;
}

int cmd_gate(int argc, char **argv)
{
	struct gate_options go = { 0 };
	struct scan_cli cli;
	const char *outdir = "lockers-out", *base = NULL;
	int fail_on = SCORE_FAIL_ON_DEFAULT, show_removed = 0;

	scan_cli_init(&cli, &go.scan);
	struct option options[] = {
		OPT_GROUP("The change"),
		OPT_STRING(0, "kdir", &go.kdir, "K", "the tree the patch applies to (a kernel tree unless --any-tree)"),
		OPT_STRING(0, "patch", &go.patch_file, "FILE",
			   "a unified diff (git diff, diff -u), applied -p1, or an mbox of patches\n"
			   "(git format-patch --stdout, b4, patchwork), applied in order"),
		OPT_STRING(0, "git", &go.git_range, "A..B", "the change between two commits of K's git repository"),
		OPT_STRING(0, "base", &base, "DIR", "use the indexes, cache and reads map of\n"
			   "`lockers check -o DIR K` (only its cache is written)"),
		OPT_GROUP("Findings"),
		OPT_INTEGER(0, "fail-on", &fail_on, "SCORE", 0, 101,
			    "exit 1 if an introduced finding scores at least SCORE (default 60)"),
		OPT_BOOL(0, "show-removed", &show_removed, "also list the findings the patch removes"),
		OPT_SCAN_TRIAGE(&cli),
		OPT_GROUP("What to scan"),
		OPT_SCAN_SELECT(&cli),
		OPT_GROUP("Output"),
		OPT_STRING('o', "output", &outdir, "DIR", "write gate.json and gate.sarif there (default: lockers-out)"),
		OPT_SCAN_QUIET(&cli),
		OPT_SCAN_NO_CACHE(&cli),
		OPT_GROUP("Running spatch"),
		OPT_SCAN_SPATCH(&cli),
		OPT_END(),
	};
	argc = parse_options(argc, argv, options, &gate_usage);
	if (!go.kdir || (!go.patch_file == !go.git_range) || argc)
		usage_with_options(&gate_usage, options);

	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	struct triage triage = { 0 };
	struct gate_result g = { 0 };
	char *cache_dir = NULL, *macro_out = NULL, *macro_in = NULL, *reads_map = NULL;
	char err[1024];
	int rc = EXIT_USAGE;

	scan_make_absolute(&outdir, &owned);
	scan_cli_finish(&cli);
	go.scan.progress = !cli.quiet && isatty(STDERR_FILENO);
	if (scan_cli_read_triage(&cli, go.kdir, &triage))
		goto out;
	go.scan.triage = &triage;
	/* Indexes, cache and reads map of the tree: --base's, or -o's (a check of K with the same -o). */
	const char *from = base ? base : outdir;
	if (!cli.no_cache)
		go.scan.cache_dir = cache_dir = xasprintf("%s/cache", from);
	go.reads_map = reads_map = xasprintf("%s/reads.tsv", from);
	if (base) {
		char *marker = xasprintf("%s/" TREE_OUTPUT_MARKER, base);
		int is_output = !access(marker, F_OK);
		free(marker);
		if (!is_output) {
			error_msg("--base %s is not the output of a check: run lockers check -o %s %s first",
				  base, base, go.kdir);
			goto out;
		}
		macro_in = xasprintf("%s/macroindex.tsv", base);
	}
	if (macro_in && !access(macro_in, R_OK))
		go.scan.macro_index = macro_in;
	else	/* the tree's, built once here (a check with no rule that needed it made none) */
		go.scan.macro_index_out = macro_out = xasprintf("%s/macroindex.tsv", outdir);
	go.scan.macro_index_root = go.kdir;
	scan_options_make_absolute(&go.scan, &owned);
	if (gate_run(&go, &g, err, sizeof(err))) {
		error_msg("%s; nothing was written to %s", err, go.kdir);
		goto out;
	}
	rc = report_gate(&g, outdir, go.kdir, fail_on, show_removed, cli.quiet);
out:
	gate_result_release(&g);
	triage_release(&triage);
	free(cache_dir);
	free(macro_out);
	free(macro_in);
	free(reads_map);
	strvec_clear(&go.scan.only_rules);
	strvec_clear(&owned);
	scan_cli_release(&cli);
	return rc;
}
