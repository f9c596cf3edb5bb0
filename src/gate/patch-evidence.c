#include "gate/patch-evidence.h"
#include "gate/api-change.h"
#include "gate/gate.h"
#include "facts/finding.h"
#include "facts/score.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "scan/rules.h"

#include <string.h>

/* The topic of a rule's findings, by the prefix of its name (rules/LIST); -1: every topic. */
static int rule_topic(const char *rule)
{
	if (starts_with(rule, "rcu-"))
		return TOPIC_RCU;
	if (starts_with(rule, "seqcount-") || starts_with(rule, "seqlock-"))
		return TOPIC_SEQCOUNT;
	if (starts_with(rule, "loop-"))
		return TOPIC_LOOP;
	return -1;
}

static int near(const struct api_change *c, const struct finding *f)
{
	unsigned gap = c->line > f->line ? c->line - f->line : f->line - c->line;

	return (*f->function && !strcmp(f->function, c->function)) || gap <= PATCH_NEAR_LINES;
}

/*
 * Give f the evidence of the first change of that direction near it, as
 * "kfree_rcu, line 42: -kfree_rcu(e, rcu); +kfree(e);" (line: in the
 * patched file), and how many more there are; 0 if there is none.
 */
static int add_evidence(struct finding *f, const struct api_changes *cs, int weakens)
{
	const struct api_change *first = NULL;
	int topic = rule_topic(f->rule);
	size_t more = 0;

	for (size_t i = 0; i < cs->nr; i++) {
		const struct api_change *c = &cs->v[i];
		if (c->weakens != weakens || (topic >= 0 && (enum api_topic)topic != api_family_topic(c->family)) ||
		    !near(c, f))
			continue;
		if (first)
			more++;
		else
			first = c;
	}
	if (!first)
		return 0;
	struct strbuf value = STRBUF_INIT;
	strbuf_addf(&value, "%s, line %u:", first->api, first->line);
	if (*first->removed)
		strbuf_addf(&value, " -%s", first->removed);
	if (*first->added)
		strbuf_addf(&value, " +%s", first->added);
	if (more)
		strbuf_addf(&value, " (and %zu more)", more);
	finding_add_evidence(f, weakens ? "patch_weakens" : "patch_strengthens", value.buf);
	strbuf_release(&value);
	return 1;
}

static int holds_path(const struct finding_list *l, const char *path)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i]->path, path))
			return 1;
	return 0;
}

void patch_evidence_add(struct gate_result *g, const char *path, const struct strbuf *base,
			const struct strbuf *now)
{
	struct api_changes cs = { 0 };
	size_t kept = 0;

	if (!holds_path(&g->introduced, path) && !holds_path(&g->unchanged, path))
		return;		/* nothing to tell: spare the diff */
	api_changes_find(base->buf, base->len, now->buf, now->len, &cs);
	for (size_t i = 0; cs.nr && i < g->introduced.nr; i++) {
		struct finding *f = g->introduced.v[i];
		if (!strcmp(f->path, path) && add_evidence(f, &cs, 1))
			score_finding(f, rules_find(&g->after.rules, f->rule));
	}
	for (size_t i = 0; i < g->unchanged.nr; i++) {
		struct finding *f = g->unchanged.v[i];
		int weakened = 0, strengthened = 0;
		if (cs.nr && !strcmp(f->path, path)) {
			weakened = add_evidence(f, &cs, 1);
			strengthened = add_evidence(f, &cs, 0);
		}
		if (weakened || strengthened)
			score_finding(f, rules_find(&g->after.rules, f->rule));
		if (weakened)
			finding_list_add(&g->introduced, f);
		else if (strengthened)
			finding_list_add(&g->removed, f);
		else
			g->unchanged.v[kept++] = f;
	}
	g->unchanged.nr = kept;
	if (cs.nr) {
		finding_list_sort_ranked(&g->introduced);
		finding_list_sort_ranked(&g->removed);
	}
	api_changes_release(&cs);
}
