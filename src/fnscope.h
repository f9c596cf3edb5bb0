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
 * named prefilter), or a token of the "Facts" line. With the macro index, a
 * call of an accessor of the tree whose result is an RCU load
 * (__in_dev_get_rcu()) counts as a token of the first group. Like the
 * prefilter, this only proves that a function cannot match.
 */
#ifndef LOCKERS_FNSCOPE_H
#define LOCKERS_FNSCOPE_H

#include <stddef.h>

struct fnscope;
struct rule;
struct strbuf;
struct tokset;

/*
 * The names of the macro index's rcu-load rows (the tree's RCU accessors),
 * read once for every rule: *ts is empty when the index cannot be read (the
 * rules report a missing index themselves).
 */
void fnscope_accessors(const char *macro_index, struct tokset *ts);
/* The token sets of rule r; accessors (or NULL) count as its first group's when it needs the index. */
struct fnscope *fnscope_new(const struct rule *r, const struct tokset *accessors);
void fnscope_free(struct fnscope *fs);

/*
 * Blank the bodies of text's function definitions that cannot match into
 * out. Returns 1 when out holds such a copy; 0 when the file is to be given
 * whole: no body to blank, or braces that do not balance outside
 * preprocessor directives (an #ifdef'd function head), where a body's end
 * is not known. *kept and *blanked count the definitions either way.
 */
int fnscope_reduce(const struct fnscope *fs, const char *text, size_t len, struct strbuf *out,
		   unsigned *kept, unsigned *blanked);

#endif
