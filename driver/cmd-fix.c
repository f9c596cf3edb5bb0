/* lockers fix: write the kernel patch for findings whose fix is mechanical. */
#include "builtin.h"
#include "scan-cli.h"
#include "fix/compile.h"
#include "fix/fixcheck.h"
#include "fix/fixgen.h"
#include "fix/fixkind.h"
#include "fix/mailpatch.h"
#include "out/report.h"
#include "lib/pool.h"
#include "lib/run.h"
#include "out/savedscan.h"
#include "scan/scan.h"
#include "facts/score.h"
#include "facts/triage.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct usage fix_usage = {
	"lockers fix [options] (ID... | --min-score N | --verdict V)",
	"Write one patch, in git format-patch form, for each chosen finding of the\n"
	"last scan (DIR/lockers.json) whose fix is mechanical, into DIR/fixes/ID.patch,\n"
	"and rewrite DIR/report.html to offer them. Each patch is a Coccinelle\n"
	"transformation (rules/<rule>/fix.cocci) run by spatch, and is written only\n"
	"if it applies to the scanned tree, changes only the finding's function (a\n"
	"conversion of a member to __rcu: every access to it, the header too),\n"
	"passes the tree's scripts/checkpatch.pl --no-tree, and lockers gate on it\n"
	"shows the finding gone and nothing introduced at or above --fail-on;\n"
	"otherwise the reason is printed. Fixes: and Signed-off-by: are left for you.\n"
	"With --compile, the file is also built before and after the patch in a\n"
	"scratch allmodconfig build of the tree (DIR/kbuild/, made once per tree),\n"
	"with gcc and sparse: a patch that adds a warning is refused.\n"
	"\n"
	"ID is a finding's fingerprint (the id= of lockers check).\n",
	"Exit: 0 every chosen finding was handled (patch offered, refused or not\n"
	"applicable), 2 usage error, an unreadable scan, an ID not in it, or an\n"
	"unwritable output directory, 130 interrupted (the findings after the one\n"
	"a signal stopped are not tried).\n",
};

enum outcome { OFFERED, REFUSED, NOT_APPLICABLE, NOUTCOMES };

struct fix_ctx {
	const char *outdir;		/* absolute */
	const char *shown_outdir;	/* as the user wrote it, for messages */
	char *fixes_dir;
	struct fixgen_options gen;
	struct fixcheck_options check;
	struct fixcompile_options compile;	/* build_dir NULL: no --compile */
	char *author;
	int quiet;
	int write_failed;	/* the output directory is unwritable: exit 2 */
};

/* "Name <email>" from git's configuration, as format-patch would write it. */
static char *git_author(void)
{
	struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;
	const char *nargv[] = { "git", "config", "user.name", NULL };
	const char *eargv[] = { "git", "config", "user.email", NULL };
	char *out;

	if (!run_capture(nargv, NULL, &name, NULL) && !run_capture(eargv, NULL, &email, NULL) &&
	    name.len > 1 && email.len > 1)
		out = xasprintf("%.*s <%.*s>", (int)name.len - 1, name.buf, (int)email.len - 1, email.buf);
	else
		out = xstrdup("lockers fix <lockers@invalid>");
	strbuf_release(&name);
	strbuf_release(&email);
	return out;
}

static int write_scratch_patch(const struct strbuf *mail, char **dir, char **path)
{
	*dir = xasprintf("%s/lockers-fix-XXXXXX", tmp_dir());
	*path = NULL;
	if (!mkdtemp(*dir))
		return -1;
	*path = xasprintf("%s/fix.patch", *dir);
	return write_file_replace(*path, mail->buf, mail->len, 0);
}

static enum outcome fix_one(struct fix_ctx *c, const struct finding *f)
{
	struct fix_plan plan;
	struct strbuf diff = STRBUF_INIT, mail = STRBUF_INIT, note = STRBUF_INIT, built = STRBUF_INIT;
	char why[2048];
	char *dir = NULL, *scratch = NULL, *dest = xasprintf("%s/%s.patch", c->fixes_dir, f->id);
	enum outcome rc = REFUSED;

	printf("%s %s:%u:%u [%s]: ", f->id, f->path, f->line, f->col, f->rule);
	if (fix_plan_for(f, &plan, why, sizeof(why))) {
		printf("not applicable: %s\n", why);
		rc = NOT_APPLICABLE;
	} else if (fix_generate(&c->gen, f, &plan, &diff, why, sizeof(why))) {
		printf("refused: %s\n", why);
	} else {
		mail_format_patch(&mail, f, &plan, diff.buf, c->author, c->check.fail_on);
		if (write_scratch_patch(&mail, &dir, &scratch))
			printf("refused: cannot write a scratch copy in %s: %s\n", tmp_dir(), strerror(errno));
		else if (fix_check(&c->check, f, scratch, plan.any_place, &note, why, sizeof(why)))
			printf("refused: %s\n", why);
		else if (c->compile.build_dir &&
			 fix_compile(&c->compile, f->path, scratch, &built, why, sizeof(why)) == COMPILE_FAILED)
			printf("refused: %s\n", why);
		else if (mail_add_note(&mail, built.buf), mkdir_p(c->fixes_dir) ||
			 write_file_atomic(dest, mail.buf, mail.len)) {
			printf("refused: cannot write %s: %s\n", dest, strerror(errno));
			c->write_failed = 1;
		}
		else {
			const char *subj = strstr(mail.buf, "Subject: ");
			printf("wrote %s/fixes/%s.patch: %.*s\n", c->shown_outdir, f->id,
			       (int)strcspn(subj + 9, "\n"), subj + 9);
			if (note.len)
				printf("%s   gate: %.*s\n", f->id, (int)note.len - 2, note.buf);
			if (built.len)
				printf("%s   compile: %s\n", f->id, built.buf);
			rc = OFFERED;
		}
	}
	/* A patch an earlier run wrote is withdrawn when the fix no longer passes. */
	if (rc != OFFERED)
		unlink(dest);
	fflush(stdout);
	if (dir)
		remove_tree(dir);
	free(dir);
	free(scratch);
	free(dest);
	strbuf_release(&diff);
	strbuf_release(&mail);
	strbuf_release(&note);
	strbuf_release(&built);
	return rc;
}

static int chosen(const struct finding *f, int argc, char **argv, int min_score, const char *verdict)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], f->id))
			return 1;
	if (min_score >= 0 && f->score >= min_score)
		return 1;
	return verdict && f->verdict && !strcmp(f->verdict, verdict);
}

static void summary(const struct scan_result *res, size_t (*counts)[NOUTCOMES])
{
	fprintf(stderr, "lockers fix: %-28s %8s %8s %15s\n", "rule", "offered", "refused", "not applicable");
	for (size_t r = 0; r < res->rules.nr; r++) {
		size_t *n = counts[r];
		if (n[OFFERED] + n[REFUSED] + n[NOT_APPLICABLE])
			fprintf(stderr, "lockers fix: %-28s %8zu %8zu %15zu\n", res->rules.v[r].name,
				n[OFFERED], n[REFUSED], n[NOT_APPLICABLE]);
	}
}

static size_t rule_index(const struct scan_result *res, const char *name)
{
	for (size_t r = 0; r < res->rules.nr; r++)
		if (!strcmp(res->rules.v[r].name, name))
			return r;
	return res->rules.nr;
}

/* Every ID on the command line names a finding of the scan; 0, or -1 after a message per stray one. */
static int check_ids(const struct scan_result *res, int nids, char **ids, const char *shown_outdir)
{
	int rc = 0;

	for (int i = 0; i < nids; i++) {
		size_t k = 0;
		while (k < res->findings.nr && strcmp(res->findings.v[k]->id, ids[i]))
			k++;
		if (k == res->findings.nr) {
			error_msg("no finding %s in %s/lockers.json", ids[i], shown_outdir);
			rc = -1;
		}
	}
	return rc;
}

/* Try each chosen finding, count the outcomes per rule, and offer the patches in report.html. */
static int fix_chosen(struct fix_ctx *c, struct scan_result *res, int nids, char **ids, int min_score,
		      const char *verdict)
{
	size_t (*counts)[NOUTCOMES] = xcalloc(res->rules.nr + 1, sizeof(*counts));
	size_t offered = 0;
	char err[1024];
	int rc = EXIT_CLEAN;

	for (size_t i = 0; i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		if (!chosen(f, nids, ids, min_score, verdict))
			continue;
		enum outcome o = fix_one(c, f);
		counts[rule_index(res, f->rule)][o]++;
		offered += o == OFFERED;
		/* A signal a gate's pool caught: every later gate would only say so. */
		if (pool_interrupted) {
			error_msg("interrupted: the chosen findings after %s were not tried", f->id);
			rc = 130;
			break;
		}
	}
	if (!c->quiet)
		summary(res, counts);
	if (c->write_failed && rc != 130)
		rc = EXIT_USAGE;
	char *html = xasprintf("%s/report.html", c->outdir);
	if (offered && report_html_write(html, res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = EXIT_USAGE;
	} else if (offered && !c->quiet) {
		fprintf(stderr, "lockers fix: %zu patch(es) in %s/fixes; %s/report.html offers them\n", offered,
			c->shown_outdir, c->shown_outdir);
	}
	free(html);
	free(counts);
	return rc;
}

int cmd_fix(int argc, char **argv)
{
	struct fix_ctx c = { .outdir = "lockers-out" };
	struct scan_options *so = &c.check.scan;
	struct scan_cli cli;
	const char *verdict = NULL, *checkpatch = NULL;
	int min_score = -1, compile = 0;

	c.check.fail_on = SCORE_FAIL_ON_DEFAULT;
	scan_cli_init(&cli, so);
	struct option options[] = {
		OPT_GROUP("Which findings"),
		OPT_INTEGER(0, "min-score", &min_score, "N", 0, 100, "every finding scoring at least N"),
		OPT_STRING(0, "verdict", &verdict, "V", "every finding triaged V (bug, intended, false-positive)"),
		OPT_STRING('o', "output", &c.outdir, "DIR", "the scan's output directory (default: lockers-out)"),
		OPT_GROUP("The checks"),
		OPT_STRING(0, "checkpatch", &checkpatch, "F",
			   "the checkpatch.pl to run (default: TREE/scripts/checkpatch.pl)"),
		OPT_INTEGER(0, "fail-on", &c.check.fail_on, "SCORE", 0, 101, "the gate refuses a patch that "
			    "introduces a finding scoring at least SCORE (default 60, as lockers gate)"),
		OPT_BOOL(0, "compile", &compile,
			 "build the touched object before and after, with gcc and sparse (make deps-compile)"),
		OPT_SCAN_QUIET(&cli),
		OPT_GROUP("Running spatch (the fixes and the gate's scans)"),
		OPT_SCAN_SPATCH(&cli),
		OPT_END(),
	};
	argc = parse_options(argc, argv, options, &fix_usage);
	if (!argc && min_score < 0 && !verdict)
		usage_with_options(&fix_usage, options);
	if (verdict && !triage_verdict_valid(verdict))
		die("--verdict wants bug, intended or false-positive, not '%s'", verdict);
	c.quiet = cli.quiet;

	struct scan_result res = { 0 };
	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	char *json = xasprintf("%s/lockers.json", c.outdir);
	char *cache = NULL, *index = NULL, *cp = NULL;
	char err[1024];
	struct stat st;
	int rc = EXIT_USAGE;

	if (saved_scan_read(json, &res, err, sizeof(err))) {
		error_msg("%s (run lockers check first, or pass -o DIR)", err);
		goto out;
	}
	c.shown_outdir = c.outdir;
	scan_make_absolute(&c.outdir, &owned);
	scan_cli_finish(&cli);
	/* The gate runs the rules the scan ran, with its cache (the tree's side is a hit). */
	for (size_t r = 0; r < res.rules.nr; r++)
		strvec_push(&so->only_rules, res.rules.v[r].name);
	so->cache_dir = cache = xasprintf("%s/cache", c.outdir);
	index = xasprintf("%s/macroindex.tsv", c.outdir);
	if (!stat(index, &st))
		so->macro_index = index;
	else
		so->macro_index_out = index;
	so->macro_index_root = res.tree.root;
	scan_options_make_absolute(so, &owned);
	cp = checkpatch ? absolute_path(checkpatch) : xasprintf("%s/scripts/checkpatch.pl", res.tree.root);
	c.check.kdir = res.tree.root;
	c.check.checkpatch = cp;
	c.gen = (struct fixgen_options){ .kdir = res.tree.root, .rules_dir = so->rules_dir, .spatch = so->spatch,
					 .python = so->python ? so->python : spatch_default_python(),
					 .timeout = so->timeout };
	c.fixes_dir = xasprintf("%s/fixes", c.outdir);
	if (compile)
		c.compile = (struct fixcompile_options){ .kdir = res.tree.root, .make = "make", .sparse = "sparse",
							 .jobs = so->jobs,
							 .build_dir = fix_compile_dir(c.outdir, res.tree.root) };
	c.author = git_author();

	int ids_ok = !check_ids(&res, argc, argv, c.shown_outdir);
	if (stat(cp, &st))
		warning_msg("%s does not exist: every patch will be refused (--checkpatch FILE names one)", cp);
	rc = fix_chosen(&c, &res, argc, argv, min_score, verdict);
	if (!ids_ok)
		rc = EXIT_USAGE;
out:
	free(json);
	free(c.author);
	free(c.fixes_dir);
	free(c.compile.build_dir);
	free(cp);
	free(cache);
	free(index);
	strvec_clear(&so->only_rules);
	strvec_clear(&owned);
	scan_result_release(&res);
	scan_cli_release(&cli);
	return rc;
}
