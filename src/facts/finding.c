#include "facts/finding.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct finding *finding_new(void)
{
	return xcalloc(1, sizeof(struct finding));
}

void finding_free(struct finding *f)
{
	if (!f)
		return;
	free(f->rule);
	free(f->path);
	free(f->function);
	free(f->key);
	free(f->message);
	for (size_t i = 0; i < f->nev; i++) {
		free(f->ev[i].name);
		free(f->ev[i].value);
	}
	free(f->ev);
	for (size_t i = 0; i < f->nreasons; i++)
		free(f->reasons[i].why);
	free(f->reasons);
	free(f->verdict);
	free(f->verdict_why);
	free(f);
}

void finding_add_evidence(struct finding *f, const char *name, const char *value)
{
	for (size_t i = 0; i < f->nev; i++) {
		if (!strcmp(f->ev[i].name, name)) {
			free(f->ev[i].value);
			f->ev[i].value = xstrdup(value);
			return;
		}
	}
	if (f->nev == f->aev) {
		f->aev = f->aev ? 2 * f->aev : 8;
		f->ev = xrealloc(f->ev, f->aev * sizeof(*f->ev));
	}
	f->ev[f->nev].name = xstrdup(name);
	f->ev[f->nev].value = xstrdup(value);
	f->nev++;
}

const char *finding_evidence(const struct finding *f, const char *name)
{
	for (size_t i = 0; i < f->nev; i++)
		if (!strcmp(f->ev[i].name, name))
			return f->ev[i].value;
	return NULL;
}

void finding_add_reason(struct finding *f, int points, const char *why)
{
	if (f->nreasons == f->areasons) {
		f->areasons = f->areasons ? 2 * f->areasons : 8;
		f->reasons = xrealloc(f->reasons, f->areasons * sizeof(*f->reasons));
	}
	f->reasons[f->nreasons].points = points;
	f->reasons[f->nreasons].why = xstrdup(why);
	f->nreasons++;
}

void finding_list_add(struct finding_list *l, struct finding *f)
{
	if (l->nr == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 64;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	l->v[l->nr++] = f;
}

void finding_list_clear(struct finding_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		finding_free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}

static int cmp_source(const struct finding *a, const struct finding *b)
{
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if ((c = strcmp(a->rule, b->rule)))
		return c;
	if ((c = strcmp(a->key, b->key)))
		return c;
	return strcmp(a->message, b->message);
}

static int qcmp_source(const void *pa, const void *pb)
{
	return cmp_source(*(struct finding *const *)pa, *(struct finding *const *)pb);
}

static int qcmp_ranked(const void *pa, const void *pb)
{
	const struct finding *a = *(struct finding *const *)pa;
	const struct finding *b = *(struct finding *const *)pb;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return cmp_source(a, b);
}

void finding_list_sort_source(struct finding_list *l)
{
	if (l->nr > 1)
		qsort(l->v, l->nr, sizeof(*l->v), qcmp_source);
}

void finding_list_sort_ranked(struct finding_list *l)
{
	if (l->nr > 1)
		qsort(l->v, l->nr, sizeof(*l->v), qcmp_ranked);
}

static int same_place(const struct finding *a, const struct finding *b)
{
	return !strcmp(a->rule, b->rule) && !strcmp(a->path, b->path) &&
	       a->line == b->line && a->col == b->col && !strcmp(a->key, b->key);
}

void finding_list_dedupe(struct finding_list *l)
{
	size_t out = 0;

	finding_list_sort_source(l);
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = l->v[i];
		if (out && same_place(l->v[out - 1], f)) {
			struct finding *keep = l->v[out - 1];
			for (size_t e = 0; e < f->nev; e++)
				if (!finding_evidence(keep, f->ev[e].name))
					finding_add_evidence(keep, f->ev[e].name, f->ev[e].value);
			finding_free(f);
			continue;
		}
		l->v[out++] = f;
	}
	l->nr = out;
}

int finding_dismissed(const struct finding *f)
{
	return f->verdict && (!strcmp(f->verdict, "intended") || !strcmp(f->verdict, "false-positive"));
}
