/*
 * Which fix a finding gets: the rule's transformation (rules/<rule>/fix.cocci), the
 * virtual mode that names the kind of fix, and the places and names the
 * transformation is aimed at, all read from the finding's evidence. A
 * finding whose evidence does not make the fix mechanical gets none, with
 * the reason.
 */
#ifndef LOCKERS_FIXKIND_H
#define LOCKERS_FIXKIND_H

#include <stddef.h>

struct finding;

struct fix_plan {
	const char *rule;	/* rules/<rule>/fix.cocci */
	const char *mode;	/* spatch -D <mode> */
	const char *verb, *tail;	/* the subject: verb, the key, tail ("read", "once") */
	const char *brief;	/* the subject without the key, when the key is too long, or NULL */
	char verbbuf[80];	/* room for a verb made from the finding's key */
	const char *race;	/* for the body: what goes wrong, in which interleaving;
				   {key}, {function} and {fields} are filled in */
	const char *why;	/* one sentence for the body: why this is the fix */
	const char *unmatched;	/* why the code may not have the shape the fix rewrites */
	char at[32];		/* LOCKERS_FIX_AT: the finding's line:col */
	const char *at_first;	/* LOCKERS_FIX_AT_FIRST, or NULL */
	const char *fields;	/* LOCKERS_FIX_FIELDS, or NULL */
	const char *at_unlock;	/* LOCKERS_FIX_AT_UNLOCK: where the section ends, or NULL */
	int alt;		/* which of the rule's kinds this is, when it has several (rcu-escape) */
	int any_place;		/* the patch may change other functions and files (a conversion) */
	char note[512];		/* what the transformation says the human must still check
				   (a "lockers-fix-note: " line it printed), or "" */
	char object[64];	/* the object the subject names, when not the key ("" : the key) */
};

/* 0 with the plan filled, or -1 with why no fix applies in why. */
int fix_plan_for(const struct finding *f, struct fix_plan *plan, char *why, size_t whylen);

/*
 * A rule with several kinds of fix, tried in order (rcu-escape: copy the
 * scalars, extend the section, take a reference; rcu-plain-access: the
 * accessor, then the member's conversion to __rcu): 0 with the plan moved
 * to the next kind, -1 when there is none.
 */
int fix_plan_next(const struct finding *f, struct fix_plan *plan);

#endif
