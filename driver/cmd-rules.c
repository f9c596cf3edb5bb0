/* lockers rules: what each rule finds, its confidence and its weights. */
#include "builtin.h"
#include "lib/parse-options.h"
#include "scan/rules.h"
#include "facts/score.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct usage rules_usage = {
	"lockers rules [--rules-dir DIR] [--weights]",
	"List the rules: name, confidence, base score and what each one finds.\n",
	NULL,
};

int cmd_rules(int argc, char **argv)
{
	const char *dir_opt = NULL;
	int show_weights = 0;
	struct option options[] = {
		OPT_STRING(0, "rules-dir", &dir_opt, "DIR", "rules directory (default: build/rules/ beside the binary)"),
		OPT_BOOL('w', "weights", &show_weights, "also list each rule's score weights"),
		OPT_END(),
	};

	if (parse_options(argc, argv, options, &rules_usage))
		usage_with_options(&rules_usage, options);
	char *dir = dir_opt ? xstrdup(dir_opt) : rules_default_dir();
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
