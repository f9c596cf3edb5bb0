#include "prefilter.h"
#include "cache.h"
#include "clex.h"
#include "rules.h"
#include "strbuf.h"
#include "tree.h"
#include "util.h"

#include <errno.h>
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

static int looks_binary(const char *text, size_t len)
{
	return memchr(text, '\0', len) != NULL;
}

/* What the prefilter answers depends on: every rule's Requires and Prefilter. */
static char *prefilter_signature(const struct rule_set *rs)
{
	struct strbuf sb = STRBUF_INIT;
	char hex[17];

	for (size_t r = 0; r < rs->nr; r++) {
		strbuf_addf(&sb, "%s\n%s\n", rs->v[r].name, rs->v[r].prefilter ? rs->v[r].prefilter : "");
		for (size_t g = 0; g < rs->v[r].nrequires; g++)
			for (size_t i = 0; i < rs->v[r].requires[g].nr; i++)
				strbuf_addf(&sb, "%zu:%s\n", g, rs->v[r].requires[g].v[i]);
	}
	hash_hex(hash_bytes(sb.buf, sb.len), hex);
	strbuf_release(&sb);
	return xstrdup(hex);
}

size_t **prefilter_tree(const struct rule_set *rs, struct tree *t, struct cache *cache,
			uint64_t *content_hash, size_t *ncand, unsigned long *skipped_binary,
			size_t *files_candidate)
{
	size_t nrules = rs->nr;
	size_t **cand = xcalloc(nrules, sizeof(*cand));
	size_t *alloc = xcalloc(nrules, sizeof(*alloc));
	struct strbuf text = STRBUF_INIT;
	char *sig = prefilter_signature(rs);
	char *answers = xmalloc(nrules + 1);

	for (size_t fi = 0; fi < t->nr; fi++) {
		const struct tree_file *tf = &t->v[fi];
		const char *cached;
		if (cache && cache_stat_lookup(cache, tf, sig, &content_hash[fi], &cached) &&
		    strlen(cached) == nrules) {
			memcpy(answers, cached, nrules + 1);
		} else {
			char *abs = xasprintf("%s/%s", t->root, tf->path);
			strbuf_reset(&text);
			int rc = strbuf_read_file(&text, abs);
			free(abs);
			if (rc) {
				t->st.unreadable++;
				strvec_pushf(&t->problems, "%s: %s", tf->path, strerror(errno));
				continue;
			}
			if (looks_binary(text.buf, text.len)) {
				(*skipped_binary)++;
				strvec_pushf(&t->problems, "%s: binary file (contains NUL bytes), not scanned",
					     tf->path);
				continue;
			}
			struct tokset ts;
			tokset_build(&ts, text.buf, text.len);
			for (size_t r = 0; r < nrules; r++)
				answers[r] = prefilter_matches(&rs->v[r], &ts, text.buf, text.len) ? '1' : '0';
			answers[nrules] = '\0';
			tokset_release(&ts);
			content_hash[fi] = hash_bytes(text.buf, text.len);
			if (cache)
				cache_stat_store(cache, tf, sig, content_hash[fi], answers);
		}
		int any = 0;
		for (size_t r = 0; r < nrules; r++) {
			if (answers[r] != '1')
				continue;
			if (ncand[r] == alloc[r]) {
				alloc[r] = alloc[r] ? 2 * alloc[r] : 256;
				cand[r] = xrealloc(cand[r], alloc[r] * sizeof(**cand));
			}
			cand[r][ncand[r]++] = fi;
			any = 1;
		}
		*files_candidate += any;
	}
	strbuf_release(&text);
	free(sig);
	free(answers);
	free(alloc);
	return cand;
}
