/* The one data type every stage passes along: a finding and its evidence. */
#ifndef LOCKERS_FINDING_H
#define LOCKERS_FINDING_H

#include <stddef.h>

struct evidence {
	char *name;
	char *value;
};

/* One line of a score's explanation: "+15 the index subscripts buf[]". */
struct reason {
	int points;
	char *why;
};

struct finding {
	char *rule;
	char *path;		/* relative to the scanned tree's root */
	unsigned line, col;	/* 1-based */
	char *function;
	char *key;		/* normalised expression the finding is about */
	char *message;

	struct evidence *ev;
	size_t nev, aev;

	/* Filled in after the scan (score.c, fingerprint.c, triage.c). */
	int score;
	struct reason *reasons;
	size_t nreasons, areasons;
	char id[13];		/* fingerprint, 12 hex digits */
	char *verdict;		/* triage verdict or NULL */
	char *verdict_why;
};

struct finding_list {
	struct finding **v;
	size_t nr, alloc;
};

struct finding *finding_new(void);
void finding_free(struct finding *f);
void finding_add_evidence(struct finding *f, const char *name, const char *value);
/* Value of evidence `name`, or NULL. */
const char *finding_evidence(const struct finding *f, const char *name);
void finding_add_reason(struct finding *f, int points, const char *why);

void finding_list_add(struct finding_list *l, struct finding *f);
void finding_list_clear(struct finding_list *l);
/*
 * Merge findings of the same rule at the same place about the same key
 * (two sub-rules of one patch can report one loop), keeping every evidence.
 */
void finding_list_dedupe(struct finding_list *l);
/* Rank order: score descending, then path, line, column, rule, key. */
void finding_list_sort_ranked(struct finding_list *l);
/* Source order: path, line, column, rule, key. */
void finding_list_sort_source(struct finding_list *l);

/* Triaged intended or false-positive: hidden unless --all, never fails a run. */
int finding_dismissed(const struct finding *f);

#endif
