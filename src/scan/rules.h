/* The rule set: the .cocci files of a directory and what their headers declare. */
#ifndef LOCKERS_RULES_H
#define LOCKERS_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strvec.h"

struct rule {
	char *name;		/* "Rule:", equal to the file's base name */
	char *path;		/* absolute path of the .cocci file */
	char *summary;		/* first paragraph of the /// lines */
	char *doc;		/* all /// lines */
	char *confidence;	/* "High", "Moderate" or "Low" */
	int base_score;
	struct strvec *requires;	/* each an any-of token group */
	size_t nrequires;
	char *prefilter;	/* named check in prefilter.c, or NULL */
	struct strvec module_tokens;	/* "// Module:": tokens a module exit's file takes from
					 * the other parts of its composite object (prefilter.h) */
	int scope_function;	/* "// Scope: function": spatch sees only the bodies that
				 * can match (fnscope.c) */
	struct strvec facts;	/* "// Facts:": tokens of the bodies it learns from */
	struct strvec callers;	/* "// Callers:": a body naming a function of the file
				 * whose body holds one of these is kept too */
	struct strvec locations;	/* "// Locations:": calls whose first argument is a location
				 * it reports plain accesses to in any body (locations.h) */
	struct strvec freed;	/* "// Freed:": calls that free an object of such a location */
	int sites;		/* "// Sites: call-context": its findings are at the index's
				 * site rows (fnscope.h) */
	struct strvec twice;	/* "// Twice:": calls whose first argument a finding reads twice
				 * in one body (fnscope.h) */
	struct strvec options;	/* extra spatch options */
	int needs_macro_index;	/* "// Needs: macro-index": sees through the tree's helpers */
	int needs_call_context;	/* "// Needs: call-context": the tree's callers (callctx.h),
				 * built beside the macro index */
	uint64_t hash;		/* of the file's bytes, for the cache */
};

/*
 * The macro file of the rules directory, handed to spatch (--macro-file):
 * the kernel constructs its parser trips on, so that fewer functions are
 * skipped. Optional; when present its bytes are part of every result's
 * identity (the cache salt, a shard's rules identity).
 */
#define RULES_MACRO_FILE "kernel-macros.h"

struct rule_set {
	char *dir;
	struct rule *v;
	size_t nr;
	char *macro_file;	/* absolute path of dir/RULES_MACRO_FILE, or NULL */
	uint64_t macro_file_hash;	/* of its bytes; 0 without one */
};

/*
 * Load every *.cocci in dir, sorted by name. With `only` non-empty, keep
 * only those rules (an unknown name is an error). Returns 0, or -1 with a
 * message in err.
 */
int rules_load(struct rule_set *rs, const char *dir, const struct strvec *only,
	       char *err, size_t errlen);
void rules_release(struct rule_set *rs);
const struct rule *rules_find(const struct rule_set *rs, const char *name);
/*
 * The default rules directory: $LOCKERS_RULES_DIR, else the installed one
 * (lockers_datadir), else build/rules/ beside the binary (./lockers in the
 * source tree; made by make from rules/: scripts/build-rules).
 */
char *rules_default_dir(void);
/*
 * Hash of what the rules' Python reads besides the file (every *.py and the
 * vocabulary's *.list under the rules directory, by relative path and
 * content): a change there changes every rule's output, so it is part of the
 * cache's salt.
 */
uint64_t rules_scripts_hash(const char *dir);

#endif
