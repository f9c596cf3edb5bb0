/*
 * Function scope ("// Scope: function" in a rule's header): a rule whose
 * matches never reach outside one function body, and which learns what it
 * knows about the file's pointers only from the functions its "Facts" tokens
 * name, needs spatch to see only the bodies that can matter. Spatch's time
 * goes to matching, function by function; most functions of a file that
 * uses RCU somewhere never touch it.
 *
 * fnscope_reduce() copies a file with every other function body blanked:
 * each byte of it but newlines becomes a space, so what is kept keeps its
 * lines and columns and the declarations at file scope stay. A body is kept
 * when it holds a token of every "Requires" group (and passes the rule's
 * named prefilter), or a token of the "Facts" line, or names a function of
 * the file whose body holds a token of the "Callers" line (the callers of a
 * helper the rule follows into them). With the macro index, a
 * call of an accessor of the tree whose result is an RCU load
 * (__in_dev_get_rcu()) counts as a token of the first group; with the
 * call-context index, so does a call of a function that needs its callers'
 * RCU reader (its fn rows: a lookup helper an entry point calls). A rule with
 * "Locations" or "Freed" lines also keeps every body that names one of the
 * file's RCU locations (locations.h), wherever they are accessed. A rule
 * with a "Twice" line reports one pointer read twice in a body: the file's
 * pointers are the first arguments of its Twice calls and of the index's
 * accessors (and an accessor's name, its call being the load), and a kept
 * body that names none of them twice can hold no finding. It still teaches
 * the rule which pointers the file reads or publishes through RCU, so its
 * Twice calls stay, each ended by a ';' in a blanked byte after it (or the
 * body stays whole where no byte is free). A header word of several tokens
 * ("guard(rcu)") counts only where they follow each other. A rule whose
 * findings are at the call-context index's site rows ("Sites:
 * call-context": rcu-missing-read-lock reports only a read the index lists
 * as a site) keeps only the bodies that hold one; path, relative to the
 * tree's root, says which file text is (NULL: one the index may know by
 * another name, a symlink). Like the
 * prefilter, this only proves that a function cannot match.
 */
#ifndef LOCKERS_FNSCOPE_H
#define LOCKERS_FNSCOPE_H

#include "scan/prefilter.h"
#include "lib/strvec.h"

#include <stddef.h>

/*
 * What function scope hands spatch, versioned for the result cache: a
 * change of which bodies are kept or how a copy is made bumps it, so that
 * runs made from other copies are not reused.
 */
#define FNSCOPE_VERSION 2

struct fnscope;
struct rule;
struct strbuf;

/* What function scope takes from the indexes and the macro file, read once for every rule. */
struct fnscope_index {
	struct tokset accessors;	/* rcu-load rows: the tree's RCU accessors */
	struct tokset needs_reader;	/* the call-context index's fn rows: functions
					 * that need their callers' RCU reader */
	struct strvec rcu_fields;	/* rcu-field rows: member, struct, member, struct, ... */
	struct tokset macro_file_names;	/* identifiers of the macro files */
	struct tokset sites;		/* the call-context index's site rows that can be
					 * reported, as "path <TAB> line", and their paths */
	int have_sites;			/* the index has them, for this tree */
};

/*
 * Read them: the indexes (or NULL) and the macro files spatch reads (the
 * rules' --macro-file and Coccinelle's standard.h; NULLs are skipped), whose
 * macros declare variables of types a file need not name. What cannot be
 * read stays empty (the rules report a missing index themselves).
 */
void fnscope_index_read(const char *macro_index, const char *call_context, const char *tree_root,
			const char *const macro_files[2], struct fnscope_index *ix);
void fnscope_index_release(struct fnscope_index *ix);
/* The token sets of rule r, with what ix (or NULL) adds when the rule needs an index. */
struct fnscope *fnscope_new(const struct rule *r, const struct fnscope_index *ix);
void fnscope_free(struct fnscope *fs);

/*
 * Blank the bodies of text's function definitions that cannot match into
 * out. Returns 1 when out holds such a copy; 0 when the file is to be given
 * whole: no body to blank, or braces that do not balance outside
 * preprocessor directives (an #ifdef'd function head), where a body's end
 * is not known. *kept and *blanked count the definitions either way.
 */
int fnscope_reduce(const struct fnscope *fs, const char *path, const char *text, size_t len,
		   struct strbuf *out, unsigned *kept, unsigned *blanked);

#endif
