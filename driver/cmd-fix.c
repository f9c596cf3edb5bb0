/* lockers fix: write the kernel patch for findings whose fix is mechanical. */
#include "builtin.h"
#include "fix/fixcheck.h"
#include "fix/fixgen.h"
#include "fix/fixkind.h"
#include "fix/mailpatch.h"
#include "out/report.h"
#include "lib/run.h"
#include "out/savedscan.h"
#include "scan/scan.h"
#include "facts/score.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
"usage: lockers fix [options] (ID... | --min-score N | --verdict V)\n"
"\n"
"Write one patch, in git format-patch form, for each chosen finding of the\n"
"last scan (DIR/lockers.json) whose fix is mechanical, into DIR/fixes/ID.patch,\n"
"and rewrite DIR/report.html to offer them. Each patch is a Coccinelle\n"
"transformation (cocci/fix/<rule>.cocci) run by spatch, and is written only\n"
"if it applies to the scanned tree, changes only the finding's function,\n"
"passes the tree's scripts/checkpatch.pl --no-tree, and lockers gate on it\n"
"shows the finding gone and nothing introduced at or above --fail-on;\n"
"otherwise the reason is printed. Fixes: and Signed-off-by: are left for you.\n"
"\n"
"  ID                   a finding's fingerprint (the id= of lockers check)\n"
"      --min-score N    every finding scoring at least N\n"
"      --verdict V      every finding triaged V (bug, intended, false-positive)\n"
"  -o, --output DIR     the scan's output directory (default: lockers-out)\n"
"      --checkpatch F   the checkpatch.pl to run (default: TREE/scripts/checkpatch.pl)\n"
"      --fail-on SCORE  the gate refuses a patch that introduces a finding scoring\n"
"                       at least SCORE (default 60, as lockers gate)\n"
"  -j, --jobs N         spatch processes for the gate's scans\n"
"      --timeout SEC    per-file spatch timeout (default 120)\n"
"      --spatch PROG, --python PROG, --rules-dir DIR, -q/--quiet as for check\n"
"\n"
"Exit: 0 every chosen finding was handled (patch offered, refused or not\n"
"applicable), 2 usage error, an unreadable scan, an ID not in it, or an\n"
"unwritable output directory.\n";

enum { OPT_MIN_SCORE = 256, OPT_VERDICT, OPT_CHECKPATCH, OPT_FAIL_ON, OPT_TIMEOUT, OPT_SPATCH, OPT_PYTHON,
       OPT_RULES_DIR };

enum outcome { OFFERED, REFUSED, NOT_APPLICABLE, NOUTCOMES };

struct fix_ctx {
	const char *outdir;		/* absolute */
	const char *shown_outdir;	/* as the user wrote it, for messages */
	char *fixes_dir;
	struct fixgen_options gen;
	struct fixcheck_options check;
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
	struct strbuf diff = STRBUF_INIT, mail = STRBUF_INIT, note = STRBUF_INIT;
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
		else if (fix_check(&c->check, f, scratch, &note, why, sizeof(why)))
			printf("refused: %s\n", why);
		else if (mkdir_p(c->fixes_dir) || write_file_atomic(dest, mail.buf, mail.len)) {
			printf("refused: cannot write %s: %s\n", dest, strerror(errno));
			c->write_failed = 1;
		}
		else {
			const char *subj = strstr(mail.buf, "Subject: ");
			printf("wrote %s/fixes/%s.patch: %.*s\n", c->shown_outdir, f->id,
			       (int)strcspn(subj + 9, "\n"), subj + 9);
			if (note.len)
				printf("%s   gate: %.*s\n", f->id, (int)note.len - 2, note.buf);
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

int cmd_fix(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "min-score", required_argument, NULL, OPT_MIN_SCORE },
		{ "verdict", required_argument, NULL, OPT_VERDICT },
		{ "output", required_argument, NULL, 'o' },
		{ "checkpatch", required_argument, NULL, OPT_CHECKPATCH },
		{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
		{ "jobs", required_argument, NULL, 'j' },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "spatch", required_argument, NULL, OPT_SPATCH },
		{ "python", required_argument, NULL, OPT_PYTHON },
		{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fix_ctx c = { .outdir = "lockers-out" };
	struct scan_options *so = &c.check.scan;
	const char *verdict = NULL, *checkpatch = NULL;
	char *rules_dir = NULL;
	int min_score = -1, opt;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	c.check.fail_on = SCORE_FAIL_ON_DEFAULT;
	so->jobs = ncpu > 0 ? (int)ncpu : 1;
	so->timeout = 120;
	so->spatch = "spatch";
	while ((opt = getopt_long(argc, argv, "o:j:qh", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_MIN_SCORE: min_score = parse_int_arg(optarg, "--min-score", 0, 100); break;
		case OPT_VERDICT: verdict = optarg; break;
		case 'o': c.outdir = optarg; break;
		case OPT_CHECKPATCH: checkpatch = optarg; break;
		case OPT_FAIL_ON: c.check.fail_on = parse_int_arg(optarg, "--fail-on", 0, 101); break;
		case 'j': so->jobs = parse_int_arg(optarg, "--jobs", 1, 256); break;
		case OPT_TIMEOUT: so->timeout = parse_int_arg(optarg, "--timeout", 1, 86400); break;
		case OPT_SPATCH: so->spatch = optarg; break;
		case OPT_PYTHON: so->python = optarg; break;
		case OPT_RULES_DIR: free(rules_dir); rules_dir = xstrdup(optarg); break;
		case 'q': c.quiet = 1; break;
		case 'h': fputs(usage_text, stdout); return EXIT_CLEAN;
		default: fputs(usage_text, stderr); free(rules_dir); return EXIT_USAGE;
		}
	}
	if (optind == argc && min_score < 0 && !verdict) {
		fputs(usage_text, stderr);
		free(rules_dir);
		return EXIT_USAGE;
	}
	if (verdict && strcmp(verdict, "bug") && strcmp(verdict, "intended") && strcmp(verdict, "false-positive")) {
		error_msg("--verdict wants bug, intended or false-positive, not '%s'", verdict);
		free(rules_dir);
		return EXIT_USAGE;
	}

	struct scan_result res;
	char err[1024];
	char *json = xasprintf("%s/lockers.json", c.outdir);
	int rc = saved_scan_read(json, &res, err, sizeof(err));
	free(json);
	if (rc) {
		error_msg("%s (run lockers check first, or pass -o DIR)", err);
		free(rules_dir);
		return EXIT_USAGE;
	}

	struct strvec owned = STRVEC_INIT;	/* absolute copies of relative paths */
	c.shown_outdir = c.outdir;
	scan_make_absolute(&c.outdir, &owned);
	so->rules_dir = rules_dir ? rules_dir : (rules_dir = rules_default_dir());
	/* The gate runs the rules the scan ran, with its cache (the tree's side is a hit). */
	for (size_t r = 0; r < res.rules.nr; r++)
		strvec_push(&so->only_rules, res.rules.v[r].name);
	char *cache = xasprintf("%s/cache", c.outdir), *index = xasprintf("%s/macroindex.tsv", c.outdir);
	struct stat st;
	so->cache_dir = cache;
	if (!stat(index, &st))
		so->macro_index = index;
	else
		so->macro_index_out = index;
	so->macro_index_root = res.tree.root;
	scan_options_make_absolute(so, &owned);
	char *cp = checkpatch ? absolute_path(checkpatch) : xasprintf("%s/scripts/checkpatch.pl", res.tree.root);
	c.check.kdir = res.tree.root;
	c.check.checkpatch = cp;
	c.gen = (struct fixgen_options){ .kdir = res.tree.root, .rules_dir = so->rules_dir, .spatch = so->spatch,
					 .python = so->python ? so->python : spatch_default_python(),
					 .timeout = so->timeout };
	c.fixes_dir = xasprintf("%s/fixes", c.outdir);
	c.author = git_author();

	rc = EXIT_CLEAN;
	for (int i = optind; i < argc; i++) {
		size_t k = 0;
		while (k < res.findings.nr && strcmp(res.findings.v[k]->id, argv[i]))
			k++;
		if (k == res.findings.nr) {
			error_msg("no finding %s in %s/lockers.json", argv[i], c.shown_outdir);
			rc = EXIT_USAGE;
		}
	}
	if (stat(cp, &st))
		warning_msg("%s does not exist: every patch will be refused (--checkpatch FILE names one)", cp);

	size_t (*counts)[NOUTCOMES] = xcalloc(res.rules.nr + 1, sizeof(*counts));
	size_t offered = 0;
	for (size_t i = 0; i < res.findings.nr; i++) {
		const struct finding *f = res.findings.v[i];
		if (!chosen(f, argc - optind, argv + optind, min_score, verdict))
			continue;
		enum outcome o = fix_one(&c, f);
		counts[rule_index(&res, f->rule)][o]++;
		offered += o == OFFERED;
	}
	if (!c.quiet)
		summary(&res, counts);
	if (c.write_failed)
		rc = EXIT_USAGE;
	char *html = xasprintf("%s/report.html", c.outdir);
	if (offered && report_html_write(html, &res, err, sizeof(err))) {
		error_msg("%s", err);
		rc = EXIT_USAGE;
	} else if (offered && !c.quiet) {
		fprintf(stderr, "lockers fix: %zu patch(es) in %s/fixes; %s/report.html offers them\n", offered,
			c.shown_outdir, c.shown_outdir);
	}
	free(html);
	free(counts);
	free(c.author);
	free(c.fixes_dir);
	free(cp);
	free(cache);
	free(index);
	strvec_clear(&so->only_rules);
	strvec_clear(&owned);
	scan_result_release(&res);
	free(rules_dir);
	return rc;
}
