/*
 * The triage file (format: docs/triage.md): a reviewer's verdicts, read,
 * written atomically, attached to findings, and used to teach the score.
 */
#ifndef LOCKERS_TRIAGE_H
#define LOCKERS_TRIAGE_H

#include <stddef.h>

struct finding_list;
struct rule_set;
struct strvec;
struct tree;

struct verdict {
	char id[13];
	char *verdict;		/* "bug", "intended", "false-positive" */
	char *rule, *path, *function, *key, *why;
	int used;		/* matched a finding in this scan */
};

struct triage {
	char *path;
	struct verdict *v;
	size_t nr, alloc;
};

int triage_verdict_valid(const char *verdict);
/* A missing file is an empty triage; a malformed one is an error with its line. */
int triage_read(struct triage *t, const char *path, char *err, size_t errlen);
/* The same on a buffer; path names it in messages. */
int triage_parse(struct triage *t, const char *path, const char *data, size_t len,
		 char *err, size_t errlen);
/* Sorted by id, one verdict a line, written atomically. */
int triage_write(const struct triage *t, char *err, size_t errlen);
/* Add or replace (by id) a verdict; copies the strings. */
void triage_set(struct triage *t, const struct verdict *v);
void triage_release(struct triage *t);
/* The default triage file of a tree. */
char *triage_default_path(const char *root);

/*
 * Attach verdicts to findings: by fingerprint, else by rule, path, function
 * and key (the same code whose occurrence index moved). Findings without a
 * verdict of their own whose rule and key match a verdict elsewhere get
 * evidence triage_<verdict>_family, which the weights turn into a demotion
 * or a promotion. Marks the verdicts used.
 */
void triage_attach(struct triage *t, struct finding_list *l);
/*
 * Verdicts not used by triage_attach() on files and rules this scan covered
 * (their finding did not come back), one line each into out.
 */
void triage_list_stale(const struct triage *t, const struct rule_set *rs, const struct tree *tree,
		       struct strvec *out);

#endif
