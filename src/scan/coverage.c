#include "scan/coverage.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void coverage_init(struct coverage *c, size_t nrules)
{
	memset(c, 0, sizeof(*c));
	c->rule = xcalloc(nrules + 1, sizeof(*c->rule));
	c->nrules = nrules;
}

void coverage_release(struct coverage *c)
{
	for (size_t i = 0; i < c->ndirs; i++)
		free(c->dirs[i].dir);
	free(c->dirs);
	free(c->rule);
	memset(c, 0, sizeof(*c));
}

static void count(struct coverage_count *c, unsigned functions, unsigned lost)
{
	c->functions += functions;
	c->lost += lost;
}

static struct coverage_count *dir_slot(struct coverage *c, const char *path)
{
	const char *slash = strchr(path, '/');
	size_t len = slash ? (size_t)(slash - path) : 1;
	const char *name = slash ? path : ".";
	size_t lo = 0, hi = c->ndirs;

	while (lo < hi) {	/* the first entry not below name */
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strncmp(c->dirs[mid].dir, name, len);
		if (!cmp && c->dirs[mid].dir[len])
			cmp = 1;
		if (!cmp)
			return &c->dirs[mid].c;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	ALLOC_GROW(c->dirs, c->ndirs + 1, c->adirs);
	memmove(c->dirs + lo + 1, c->dirs + lo, (c->ndirs - lo) * sizeof(*c->dirs));
	c->ndirs++;
	c->dirs[lo].dir = xstrndup(name, len);
	memset(&c->dirs[lo].c, 0, sizeof(c->dirs[lo].c));
	return &c->dirs[lo].c;
}

void coverage_add(struct coverage *c, size_t rule, const char *path, unsigned functions, unsigned lost)
{
	count(&c->all, functions, lost);
	if (rule < c->nrules)
		count(&c->rule[rule], functions, lost);
	count(dir_slot(c, path), functions, lost);
}

double coverage_share(const struct coverage_count *c)
{
	return c->functions ? (double)(c->functions - c->lost) / (double)c->functions : -1;
}
