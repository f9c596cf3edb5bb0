/* One scoring model for every rule; its weights live in weights.def. */
#ifndef LOCKERS_SCORE_H
#define LOCKERS_SCORE_H

#include <stddef.h>

struct finding;
struct rule;

struct weight {
	const char *rule;	/* a rule name, or "*" for every rule */
	const char *name;	/* evidence name */
	int points;
	const char *why;
};

const struct weight *score_weights(size_t *n);
/* Set f->score and f->reasons from the rule's base and the evidence. */
void score_finding(struct finding *f, const struct rule *r);
/* Evidence counts as present when its value is neither empty nor "0". */
int evidence_present(const char *value);

#endif
