#include "prefilter.h"
#include "clex.h"
#include "rules.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static uint64_t tok_hash(const char *s, size_t n)
{
	uint64_t h = hash_bytes(s, n);

	return h ? h : 1;	/* 0 marks an empty slot */
}

static void tokset_insert(struct tokset *ts, uint64_t h)
{
	if ((ts->nr + 1) * 2 > ts->cap) {
		size_t ncap = ts->cap ? ts->cap * 2 : 1024;
		uint64_t *nslots = xcalloc(ncap, sizeof(*nslots));
		for (size_t i = 0; i < ts->cap; i++) {
			if (!ts->slots[i])
				continue;
			size_t j = ts->slots[i] & (ncap - 1);
			while (nslots[j])
				j = (j + 1) & (ncap - 1);
			nslots[j] = ts->slots[i];
		}
		free(ts->slots);
		ts->slots = nslots;
		ts->cap = ncap;
	}
	size_t j = h & (ts->cap - 1);
	while (ts->slots[j]) {
		if (ts->slots[j] == h)
			return;
		j = (j + 1) & (ts->cap - 1);
	}
	ts->slots[j] = h;
	ts->nr++;
}

void tokset_build(struct tokset *ts, const char *text, size_t len)
{
	struct lexer lx;
	struct token t;

	memset(ts, 0, sizeof(*ts));
	lexer_init(&lx, text, len);
	while (lexer_next(&lx, &t))
		if (t.kind == TOK_IDENT || t.kind == TOK_PUNCT)
			tokset_insert(ts, tok_hash(t.s, t.len));
}

void tokset_release(struct tokset *ts)
{
	free(ts->slots);
	memset(ts, 0, sizeof(*ts));
}

int tokset_has(const struct tokset *ts, const char *tok)
{
	if (!ts->cap)
		return 0;
	uint64_t h = tok_hash(tok, strlen(tok));
	size_t j = h & (ts->cap - 1);
	while (ts->slots[j]) {
		if (ts->slots[j] == h)
			return 1;
		j = (j + 1) & (ts->cap - 1);
	}
	return 0;
}

/*
 * cardinal-compare: a `<=` (or `>=`) inside the parentheses of a for or
 * while header whose bound side holds an identifier. Rules made only of
 * keywords and operators (loop-le-count) need this: spatch cannot filter
 * them itself and would otherwise parse every file.
 */
#define MAX_DEPTH 256

static int cardinal_compare(const char *text, size_t len)
{
	unsigned char in_loop[MAX_DEPTH];
	int depth = 0;
	int prev_loop_kw = 0;
	int ident_since_sep = 0;	/* an identifier since the last ; ( or , */
	struct lexer lx;
	struct token t;

	lexer_init(&lx, text, len);
	while (lexer_next(&lx, &t)) {
		int loop = depth > 0 && (depth > MAX_DEPTH || in_loop[depth - 1]);
		if (t.kind == TOK_PUNCT && tok_is(&t, "(")) {
			if (depth < MAX_DEPTH)
				in_loop[depth] = prev_loop_kw || loop;
			depth++;
			ident_since_sep = 0;
		} else if (t.kind == TOK_PUNCT && tok_is(&t, ")")) {
			if (depth > 0)
				depth--;
		} else if (t.kind == TOK_PUNCT && (tok_is(&t, ";") || tok_is(&t, ","))) {
			ident_since_sep = 0;
		} else if (loop && t.kind == TOK_PUNCT && tok_is(&t, ">=")) {
			if (ident_since_sep)
				return 1;
		} else if (loop && t.kind == TOK_PUNCT && tok_is(&t, "<=")) {
			/* Bound side: up to the next ; or the header's closing paren. */
			struct lexer ahead = lx;
			struct token u;
			int d = 0;
			while (lexer_next(&ahead, &u)) {
				if (u.kind == TOK_IDENT)
					return 1;
				if (tok_is(&u, "("))
					d++;
				else if (tok_is(&u, ")") && d-- == 0)
					break;
				else if (tok_is(&u, ";") || tok_is(&u, "{"))
					break;
			}
		}
		if (t.kind == TOK_IDENT)
			ident_since_sep = 1;
		prev_loop_kw = t.kind == TOK_IDENT && (tok_is(&t, "for") || tok_is(&t, "while"));
	}
	return 0;
}

static const struct {
	const char *name;
	int (*check)(const char *text, size_t len);
} named[] = {
	{ "cardinal-compare", cardinal_compare },
};

int prefilter_named_exists(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(named[i].name, name))
			return 1;
	return 0;
}

int prefilter_matches(const struct rule *r, const struct tokset *ts,
		      const char *text, size_t len)
{
	for (size_t g = 0; g < r->nrequires; g++) {
		int any = 0;
		for (size_t i = 0; i < r->requires[g].nr && !any; i++)
			any = tokset_has(ts, r->requires[g].v[i]);
		if (!any)
			return 0;
	}
	if (r->prefilter) {
		for (size_t i = 0; i < ARRAY_SIZE(named); i++)
			if (!strcmp(named[i].name, r->prefilter))
				return named[i].check(text, len);
	}
	return 1;
}
