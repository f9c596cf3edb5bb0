#include "scan/shard.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "scan/tree.h"
#include "facts/triage.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A file-rule run costs more than its bytes: spatch parses the file for each
 * rule and sets the rule up per batch, so a 200-byte file is not free.
 */
#define SHARD_RUN_BYTES 4096

int shard_parse(const char *arg, struct shard *s, char *err, size_t errlen)
{
	char *end;
	unsigned long k, n;

	errno = 0;
	k = strtoul(arg, &end, 10);
	if (end == arg || *end != '/' || errno)
		goto bad;
	const char *ns = end + 1;
	n = strtoul(ns, &end, 10);
	if (end == ns || *end || errno || n < 1 || n > 1000 || k < 1 || k > n)
		goto bad;
	s->k = (unsigned)k;
	s->n = (unsigned)n;
	return 0;
bad:
	snprintf(err, errlen, "--shard '%s': expected K/N with 1 <= K <= N <= 1000", arg);
	return -1;
}

struct costed_file {
	uint64_t cost;
	size_t file;
};

static int cmp_costed_file(const void *a, const void *b)
{
	const struct costed_file *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost < y->cost ? 1 : -1;
	return (x->file > y->file) - (x->file < y->file);	/* tree order is path order */
}

void shard_select(const struct shard *s, const struct tree *t, size_t nrules,
		  size_t **cand, size_t *ncand, size_t *files_candidate)
{
	uint64_t *cost = xcalloc(t->nr + 1, sizeof(*cost));
	unsigned char *mine = xcalloc(t->nr + 1, 1);
	struct costed_file *order = xcalloc(t->nr + 1, sizeof(*order));
	uint64_t *load = xcalloc(s->n, sizeof(*load));
	size_t n = 0;

	/* Integers only: the same split on every machine, whatever its floats. */
	for (size_t r = 0; r < nrules; r++)
		for (size_t i = 0; i < ncand[r]; i++)
			cost[cand[r][i]] += (uint64_t)t->v[cand[r][i]].size + SHARD_RUN_BYTES;
	for (size_t f = 0; f < t->nr; f++)
		if (cost[f])
			order[n++] = (struct costed_file){ cost[f], f };
	qsort(order, n, sizeof(*order), cmp_costed_file);
	for (size_t i = 0; i < n; i++) {
		unsigned best = 0;
		for (unsigned k = 1; k < s->n; k++)
			if (load[k] < load[best])
				best = k;
		load[best] += order[i].cost;
		mine[order[i].file] = best + 1 == s->k;
	}

	*files_candidate = 0;
	for (size_t i = 0; i < n; i++)
		*files_candidate += mine[order[i].file];
	for (size_t r = 0; r < nrules; r++) {
		size_t out = 0;
		for (size_t i = 0; i < ncand[r]; i++)
			if (mine[cand[r][i]])
				cand[r][out++] = cand[r][i];
		ncand[r] = out;
	}
	free(load);
	free(order);
	free(mine);
	free(cost);
}

uint64_t shard_tree_identity(const struct tree *t, const uint64_t *content_hash)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t f = 0; f < t->nr; f++)
		strbuf_addf(&sb, "%s\t%016llx\n", t->v[f].path, (unsigned long long)content_hash[f]);
	uint64_t h = hash_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
	return h;
}

uint64_t shard_rules_identity(const struct rule_set *rs, uint64_t scripts_hash, const char *spatch_version,
			      int clang_evidence, const struct triage *t)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s\nscripts %016llx\nclang %d\n", spatch_version,
		    (unsigned long long)scripts_hash, clang_evidence);
	if (rs->macro_file)
		strbuf_addf(&sb, "macro-file %016llx\n", (unsigned long long)rs->macro_file_hash);
	for (size_t r = 0; r < rs->nr; r++)
		strbuf_addf(&sb, "rule %s %016llx\n", rs->v[r].name, (unsigned long long)rs->v[r].hash);
	for (size_t i = 0; t && i < t->nr; i++) {
		const struct verdict *v = &t->v[i];
		strbuf_addf(&sb, "verdict %s %s %s %s %s %s %s\n", v->id, v->verdict, v->rule, v->path,
			    v->function, v->key, v->why ? v->why : "");
	}
	uint64_t h = hash_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
	return h;
}
