/* The scan options check, gate and fix share: one copy of their table entries and defaults. */
#ifndef LOCKERS_SCAN_CLI_H
#define LOCKERS_SCAN_CLI_H

#include "lib/parse-options.h"
#include "scan/scan.h"

struct triage;

struct scan_cli {
	struct scan_options *so;	/* the options below that the scan itself reads */
	const char *triage_path;	/* --triage, or NULL: the tree's lockers-triage.txt */
	int quiet;			/* -q */
	int no_cache;			/* --no-cache */
	char *rules_dir;		/* the default rules directory, when --rules-dir is not given */
};

/* The table entries, for a command's own table: how spatch runs (check, gate, fix). */
#define OPT_SCAN_SPATCH(c) \
	OPT_INTEGER('j', "jobs", &(c)->so->jobs, "N", 1, 256, \
		    "spatch processes in parallel (default: CPUs online)"), \
	OPT_INTEGER(0, "timeout", &(c)->so->timeout, "SEC", 1, 86400, \
		    "per-file spatch timeout (default 120)"), \
	OPT_STRING(0, "spatch", &(c)->so->spatch, "PROG", "the spatch to run (default: spatch on PATH)"), \
	OPT_STRING(0, "python", &(c)->so->python, "PROG", "the interpreter for the rules' scripts " \
		   "(default: $LOCKERS_PYTHON, else /usr/bin/python3; '' lets spatch choose)"), \
	OPT_STRING(0, "rules-dir", &(c)->so->rules_dir, "DIR", "rules directory (default: build/rules/ beside the binary)")

/* Which rules and files (check, gate). */
#define OPT_SCAN_SELECT(c) \
	OPT_STRVEC('r', "rule", &(c)->so->only_rules, "NAME", \
		   "run only this rule (repeatable; 'lockers rules' lists them)"), \
	OPT_BOOL(0, "any-tree", &(c)->so->any_tree, "scan a directory that is not a kernel tree"), \
	OPT_BOOL(0, "no-headers", &(c)->so->no_headers, "scan only .c files (default: .h files too, each once)")

#define OPT_SCAN_TRIAGE(c) \
	OPT_STRING(0, "triage", &(c)->triage_path, "FILE", \
		   "verdicts to apply (default: lockers-triage.txt in the scanned tree)")
#define OPT_SCAN_NO_CACHE(c) \
	OPT_BOOL(0, "no-cache", &(c)->no_cache, "ignore and do not update the cache in the output directory")
#define OPT_SCAN_QUIET(c) \
	OPT_BOOL('q', "quiet", &(c)->quiet, "no progress line and no summary on stderr")

/* Defaults: -j the CPUs online, --timeout 120, --spatch spatch. */
void scan_cli_init(struct scan_cli *c, struct scan_options *so);
/* After parsing: the rules directory when --rules-dir was not given. */
void scan_cli_finish(struct scan_cli *c);
/* The verdicts of --triage, else of tree's triage file; 0, or -1 after an error message. */
int scan_cli_read_triage(const struct scan_cli *c, const char *tree, struct triage *t);
void scan_cli_release(struct scan_cli *c);

#endif
