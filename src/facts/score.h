/* One scoring model for every rule; its weights live in weights.def. */
#ifndef LOCKERS_SCORE_H
#define LOCKERS_SCORE_H

#include <stddef.h>

/*
 * Every score constant, in one place. A finding starts from its rule's
 * confidence (// Confidence: High, Moderate or Low in the rule's header)...
 */
enum { SCORE_HIGH = 70, SCORE_MODERATE = 50, SCORE_LOW = 30 };
/* ...and its score (0-100) falls in one of the article's three bands: */
enum { SCORE_BUG = 60, SCORE_INTENDED = 30 };	/* >= bug, >= intended, else false-positive */
/* --fail-on's default (check, gate; report's SARIF "error" level): the bug
 * band. The Makefile's FAIL_ON repeats it. 101 never fails. */
enum { SCORE_FAIL_ON_DEFAULT = SCORE_BUG };

struct finding;
struct rule;

struct weight {
	const char *rule;	/* a rule name, or "*" for every rule */
	const char *name;	/* evidence name */
	int points;
	const char *why;
};

const struct weight *score_weights(size_t *n);
/* Set f->score and f->reasons (replacing any) from the rule's base and the evidence. */
void score_finding(struct finding *f, const struct rule *r);
/* Evidence counts as present when its value is neither empty nor "0". */
int evidence_present(const char *value);
/* The score's class: "bug" (>= SCORE_BUG), "intended" (>= SCORE_INTENDED), "false-positive". */
const char *score_class(int score);
/* The prior of a rule (PRIOR rows of weights.def: fitted or set by hand), or -1 when it has none. */
int score_rule_prior(const char *rule);
/* The base score of a rule's confidence ("High", "Moderate", "Low"), or -1. */
int score_for_confidence(const char *confidence);

#endif
