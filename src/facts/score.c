#include "facts/score.h"
#include "facts/finding.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const struct weight weights[] = {
#define WEIGHT(rule, name, points, why) { rule, name, points, why },
#define PRIOR(rule, score, why)
#include "facts/weights.def"
#include "rules-weights.def"
#undef PRIOR
#undef WEIGHT
};

/* A rule's score before evidence: fitted to labels by scripts/fit-weights
 * (its why starts "fitted to") or set by hand (the why says so). */
static const struct prior {
	const char *rule;
	int score;
	const char *why;
} priors[] = {
#define WEIGHT(rule, name, points, why)
#define PRIOR(rule, score, why) { rule, score, why },
#include "facts/weights.def"
#include "rules-weights.def"
#undef PRIOR
#undef WEIGHT
	{ NULL, 0, NULL },
};

static const struct prior *prior_of(const char *rule)
{
	for (size_t i = 0; priors[i].rule; i++)
		if (!strcmp(priors[i].rule, rule))
			return &priors[i];
	return NULL;
}

int score_rule_prior(const char *rule)
{
	const struct prior *p = prior_of(rule);
	return p ? p->score : -1;
}

const struct weight *score_weights(size_t *n)
{
	*n = sizeof(weights) / sizeof(weights[0]);
	return weights;
}

int evidence_present(const char *value)
{
	return value && *value && strcmp(value, "0");
}

const char *score_class(int score)
{
	if (score >= SCORE_BUG)
		return "bug";
	if (score >= SCORE_INTENDED)
		return "intended";
	return "false-positive";
}

int score_for_confidence(const char *c)
{
	if (!strcmp(c, "High"))
		return SCORE_HIGH;
	if (!strcmp(c, "Moderate"))
		return SCORE_MODERATE;
	if (!strcmp(c, "Low"))
		return SCORE_LOW;
	return -1;
}

void score_finding(struct finding *f, const struct rule *r)
{
	struct strbuf why = STRBUF_INIT;
	int score = r ? r->base_score : SCORE_MODERATE;

	/* A recomputation (the gate's patch evidence) replaces the reasons it gave before. */
	for (size_t i = 0; i < f->nreasons; i++)
		free(f->reasons[i].why);
	f->nreasons = 0;
	const struct prior *p = r ? prior_of(r->name) : NULL;
	/* The note says "fitted" only of a prior a fit wrote (issue 54). */
	if (p)
		strbuf_addf(&why, "base: rule prior, %s (confidence %s)",
			    starts_with(p->why, "fitted to ") ? "fitted to labelled findings" : "set by hand",
			    r->confidence);
	else
		strbuf_addf(&why, "base: rule confidence %s", r ? r->confidence : "unknown");
	finding_add_reason(f, score, why.buf);
	for (size_t i = 0; i < sizeof(weights) / sizeof(weights[0]); i++) {
		const struct weight *w = &weights[i];
		if (strcmp(w->rule, "*") && strcmp(w->rule, f->rule))
			continue;
		const char *v = finding_evidence(f, w->name);
		if (!evidence_present(v))
			continue;
		strbuf_reset(&why);
		if (strcmp(v, "1"))
			strbuf_addf(&why, "%s (%s=%s)", w->why, w->name, v);
		else
			strbuf_addf(&why, "%s (%s)", w->why, w->name);
		finding_add_reason(f, w->points, why.buf);
		score += w->points;
	}
	strbuf_release(&why);
	f->score = score < 0 ? 0 : score > 100 ? 100 : score;
}
