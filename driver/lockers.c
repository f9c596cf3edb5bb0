/* lockers: find code that doesn't look right around loops and lock-free sync. */
#include "builtin.h"
#include "out/report.h"
#include "lib/buildinfo.h"
#include "lib/util.h"

#include <stdio.h>
#include <string.h>


static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "check", cmd_check, "scan a kernel tree (or part of it) and rank the findings" },
	{ "fix", cmd_fix, "write the kernel patch for findings whose fix is mechanical, checked" },
	{ "gate", cmd_gate, "report only the findings a patch introduces (CI), with SARIF" },
	{ "merge", cmd_merge, "join the outputs of sharded scans (check --shard) into one report" },
	{ "report", cmd_report, "write a saved scan as an HTML triage page or SARIF" },
	{ "rules", cmd_rules, "list the rules with their confidence and what they find" },
	{ "triage", cmd_triage, "record, import and list verdicts on findings" },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: lockers <command> [options]\n\ncommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\n'lockers <command> --help' describes a command's options.\n"
		     "Exit codes: 0 clean, 1 a finding at or above --fail-on, 2 usage or input error,\n"
		     "130 interrupted (the partial report is written and marked partial).\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("lockers %s\n", lockers_version);
		return EXIT_CLEAN;
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	error_msg("unknown command '%s'", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
