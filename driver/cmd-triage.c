/* lockers triage: record, import and list a reviewer's verdicts. */
#include "builtin.h"
#include "lib/parse-options.h"
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "facts/triage.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct usage triage_usage = {
	"lockers triage mark ID bug|intended|false-positive --why TEXT [options]\n"
	"lockers triage import FILE [options]\n"
	"lockers triage list [options]",
	NULL,
	"ID is a finding's fingerprint (id= in the output), or a unique prefix of it\n"
	"(at least 6 digits). The triage file has one verdict per line, sorted, written\n"
	"atomically (docs/triage.md); later scans attach its verdicts and hide\n"
	"intended and false-positive findings unless --all.\n",
};

struct triage_args {
	const char *outdir;
	const char *triage_path;
	const char *why;
	const struct option *options;	/* for the usage */
};

static int load_scan(const struct triage_args *a, struct scan_result *res, int required)
{
	char err[1024];
	char *json = xasprintf("%s/lockers.json", a->outdir);
	int rc = saved_scan_read(json, res, err, sizeof(err));

	free(json);
	if (rc && required)
		error_msg("%s (run lockers check first, or pass -o DIR)", err);
	return rc;
}

static int load_triage(const struct triage_args *a, const struct scan_result *res,
		       struct triage *t)
{
	char err[1024];
	char *path = a->triage_path ? xstrdup(a->triage_path)
		   : res && res->tree.root ? triage_default_path(res->tree.root) : NULL;

	if (!path) {
		error_msg("no triage file: pass --triage FILE or -o DIR of a scan");
		return -1;
	}
	int rc = triage_read(t, path, err, sizeof(err));
	free(path);
	if (rc)
		error_msg("%s (the file was left as it was)", err);
	return rc;
}

static const struct finding *find_by_id(const struct scan_result *res, const char *id)
{
	const struct finding *hit = NULL;
	size_t n = strlen(id);

	if (n < 6 || n > 12) {
		error_msg("'%s' is not a finding id (6 to 12 hex digits)", id);
		return NULL;
	}
	for (size_t i = 0; i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		if (strncmp(f->id, id, n))
			continue;
		if (hit) {
			error_msg("id prefix '%s' is ambiguous (%s, %s, ...)", id, hit->id, f->id);
			return NULL;
		}
		hit = f;
	}
	if (!hit)
		error_msg("no finding with id '%s' in the last scan", id);
	return hit;
}

static int triage_mark(const struct triage_args *a, int argc, char **argv)
{
	struct scan_result res;
	struct triage t;
	char err[1024];
	int rc = EXIT_USAGE;

	if (argc != 2 || !a->why)
		usage_with_options(&triage_usage, a->options);
	if (!triage_verdict_valid(argv[1])) {
		error_msg("verdict '%s' is not bug, intended or false-positive", argv[1]);
		return EXIT_USAGE;
	}
	if (strpbrk(a->why, "\t\n\r")) {
		error_msg("--why must be one line without tabs");
		return EXIT_USAGE;
	}
	if (load_scan(a, &res, 1))
		return EXIT_USAGE;
	const struct finding *f = find_by_id(&res, argv[0]);
	if (f && !load_triage(a, &res, &t)) {
		struct verdict v = { .verdict = argv[1], .rule = f->rule, .path = f->path,
				     .function = f->function, .key = f->key, .why = (char *)a->why };
		memcpy(v.id, f->id, sizeof(v.id));
		triage_set(&t, &v);
		if (triage_write(&t, err, sizeof(err))) {
			error_msg("%s", err);
		} else {
			printf("lockers: %s %s:%u [%s] marked %s in %s\n", f->id, f->path, f->line,
			       f->rule, argv[1], t.path);
			rc = EXIT_CLEAN;
		}
		triage_release(&t);
	}
	scan_result_release(&res);
	return rc;
}

static int triage_import(const struct triage_args *a, int argc, char **argv)
{
	struct scan_result res;
	struct triage t, in;
	char err[1024];
	int have_scan, rc = EXIT_USAGE;

	if (argc != 1)
		usage_with_options(&triage_usage, a->options);
	if (triage_read(&in, argv[0], err, sizeof(err))) {
		error_msg("%s", err);
		return EXIT_USAGE;
	}
	have_scan = !load_scan(a, &res, !a->triage_path);
	if (!have_scan && !a->triage_path) {
		triage_release(&in);
		return EXIT_USAGE;
	}
	if (!load_triage(a, have_scan ? &res : NULL, &t)) {
		for (size_t i = 0; i < in.nr; i++)
			triage_set(&t, &in.v[i]);
		if (triage_write(&t, err, sizeof(err))) {
			error_msg("%s", err);
		} else {
			printf("lockers: imported %zu verdicts into %s (%zu in all)\n", in.nr, t.path, t.nr);
			rc = EXIT_CLEAN;
		}
		triage_release(&t);
	}
	triage_release(&in);
	if (have_scan)
		scan_result_release(&res);
	return rc;
}

static int triage_list(const struct triage_args *a)
{
	struct scan_result res;
	struct triage t;
	int have_scan = !load_scan(a, &res, 0);

	if (load_triage(a, have_scan ? &res : NULL, &t)) {
		if (have_scan)
			scan_result_release(&res);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < t.nr; i++) {
		const struct verdict *v = &t.v[i];
		int present = 0;
		for (size_t k = 0; have_scan && k < res.findings.nr && !present; k++)
			present = !strcmp(res.findings.v[k]->id, v->id);
		printf("%s %-14s [%s] %s %s(): %s: %s%s\n", v->id, v->verdict, v->rule, v->path,
		       v->function, v->key, v->why,
		       have_scan && !present ? " (not in the last scan)" : "");
	}
	triage_release(&t);
	if (have_scan)
		scan_result_release(&res);
	return EXIT_CLEAN;
}

int cmd_triage(int argc, char **argv)
{
	struct triage_args a = { .outdir = "lockers-out" };
	struct option options[] = {
		OPT_STRING('o', "output", &a.outdir, "DIR", "the scan whose findings IDs name (default: lockers-out)"),
		OPT_STRING(0, "triage", &a.triage_path, "FILE",
			   "the triage file (default: lockers-triage.txt in the scanned tree)"),
		OPT_STRING(0, "why", &a.why, "TEXT", "the reason for the verdict (mark)"),
		OPT_END(),
	};

	a.options = options;
	/* Options may come before or after the subcommand and its arguments. */
	argc = parse_options(argc, argv, options, &triage_usage);
	if (!argc)
		usage_with_options(&triage_usage, options);
	const char *sub = argv[0];
	if (!strcmp(sub, "mark"))
		return triage_mark(&a, argc - 1, argv + 1);
	if (!strcmp(sub, "import"))
		return triage_import(&a, argc - 1, argv + 1);
	if (!strcmp(sub, "list")) {
		if (argc > 1)
			usage_with_options(&triage_usage, options);
		return triage_list(&a);
	}
	error_msg("unknown triage command '%s'", sub);
	return EXIT_USAGE;
}
