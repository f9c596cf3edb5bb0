/*
 * The locations a file treats as RCU pointers, read from its tokens: what
 * function scope keeps for rules that report a plain access to such a
 * location in any function, even one that names no RCU call
 * (jbd2_dev_to_name()'s plain store into a slot other functions read with
 * rcu_dereference()).
 *
 * A location is named the way the rules' Python keys it (cexpr.loc_key()):
 * by its last member ("->f" of p->f, q.f, p->f[i]) or by its own name when
 * it is a variable or an array (g, tbl[i]). The names come from
 *  - the first argument of the "Locations" calls (rcu_dereference(p->f));
 *  - the "Freed" calls: call_rcu(&E->head, cb) and kfree_rcu(E, head) name
 *    E, and a local handed to them names what it was assigned from in the
 *    same function (old = p->f; ... kfree_rcu(old, rcu));
 *  - with the macro index, the members the tree declares __rcu in a struct
 *    the file names.
 * Like the prefilter, this errs only towards keeping: it takes the last
 * name of anything, where the rules' keys take only lvalues.
 */
#ifndef LOCKERS_LOCATIONS_H
#define LOCKERS_LOCATIONS_H

#include "scan/prefilter.h"

#include <stddef.h>

struct strvec;
struct token;

/* What a rule's header and the macro index say about location names. */
struct location_calls {
	struct tokset first_arg;	/* calls whose first argument is a location */
	const struct tokset *more_first_arg;	/* the index's accessors, or NULL */
	struct tokset freed;		/* calls that free E of &E->member, or E */
	const struct strvec *rcu_fields;	/* member, struct, ... pairs, or NULL */
	const struct tokset *always_named;	/* tokens the macro file brings in */
};

struct locations {
	struct tokset member;	/* names that are a location as a member: ->f */
	struct tokset bare;	/* names that are one as a variable: g, tbl[] */
};

/* A function body: token indexes of its parameter list's '(', its '{' and '}'. */
struct body_span {
	size_t head, open, close;
};

/* The end of the call argument starting at v[a]: the ',' or ')' closing it, or n. */
size_t locations_arg_end(const struct token *v, size_t n, size_t a);

/* The location names of the file whose tokens are v[0..n), with its bodies in order. */
void locations_collect(const struct location_calls *lc, const struct token *v, size_t n,
		       const struct body_span *bodies, size_t nbodies, struct locations *out);
void locations_release(struct locations *l);

/*
 * Whether body b names a location: a member name anywhere, or a bare name
 * that is not one of its parameters or locals (then it is the function's
 * own variable, which the rules never report).
 */
int locations_named(const struct locations *l, const struct token *v, const struct body_span *b);

#endif
