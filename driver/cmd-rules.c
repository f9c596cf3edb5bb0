/* lockers rules: what each rule finds, its confidence and its weights. */
#include "builtin.h"
#include "scan/rules.h"
#include "facts/score.h"
#include "lib/util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_rules(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules-dir", required_argument, NULL, 'R' },
		{ "weights", no_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *dir = NULL;
	int show_weights = 0, c;

	while ((c = getopt_long(argc, argv, "wh", longopts, NULL)) != -1) {
		switch (c) {
		case 'R': free(dir); dir = xstrdup(optarg); break;
		case 'w': show_weights = 1; break;
		case 'h':
			printf("usage: lockers rules [--rules-dir DIR] [--weights]\n");
			return EXIT_CLEAN;
		default: return EXIT_USAGE;
		}
	}
	if (!dir)
		dir = rules_default_dir();
	struct rule_set rs;
	char err[512];
	if (rules_load(&rs, dir, NULL, err, sizeof(err))) {
		error_msg("%s", err);
		free(dir);
		return EXIT_USAGE;
	}
	size_t nw;
	const struct weight *w = score_weights(&nw);
	for (size_t i = 0; i < rs.nr; i++) {
		printf("%-28s %-8s (base %d) %s\n", rs.v[i].name, rs.v[i].confidence,
		       rs.v[i].base_score, rs.v[i].summary);
		if (!show_weights)
			continue;
		for (size_t k = 0; k < nw; k++)
			if (!strcmp(w[k].rule, rs.v[i].name) || !strcmp(w[k].rule, "*"))
				printf("    %+4d %-32s %s\n", w[k].points, w[k].name, w[k].why);
	}
	rules_release(&rs);
	free(dir);
	return EXIT_CLEAN;
}
