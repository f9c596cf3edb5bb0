#include "scan/prefilter.h"
#include "scan/cache.h"
#include "lib/clex.h"
#include "scan/kbuild.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "lib/util.h"

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
	memset(ts, 0, sizeof(*ts));
	tokset_add_text(ts, text, len);
}

void tokset_add_text(struct tokset *ts, const char *text, size_t len)
{
	struct lexer lx;
	struct token t;

	lexer_init(&lx, text, len);
	while (lexer_next(&lx, &t))
		if (t.kind == TOK_IDENT || t.kind == TOK_PUNCT)
			tokset_insert(ts, tok_hash(t.s, t.len));
}

void tokset_add(struct tokset *ts, const char *tok, size_t len)
{
	tokset_insert(ts, tok_hash(tok, len));
}

void tokset_release(struct tokset *ts)
{
	free(ts->slots);
	memset(ts, 0, sizeof(*ts));
}

static int tokset_has_hash(const struct tokset *ts, uint64_t h)
{
	if (!ts->cap)
		return 0;
	size_t j = h & (ts->cap - 1);
	while (ts->slots[j]) {
		if (ts->slots[j] == h)
			return 1;
		j = (j + 1) & (ts->cap - 1);
	}
	return 0;
}

int tokset_has_n(const struct tokset *ts, const char *tok, size_t len)
{
	return tokset_has_hash(ts, tok_hash(tok, len));
}

int tokset_has(const struct tokset *ts, const char *tok)
{
	return tokset_has_hash(ts, tok_hash(tok, strlen(tok)));
}

int word_first_token(const char *word, const char **first, size_t *len)
{
	struct lexer lx;
	struct token t;

	lexer_init(&lx, word, strlen(word));
	if (!lexer_next(&lx, &t)) {
		*first = word;
		*len = 0;
		return 0;
	}
	*first = t.s;
	*len = t.len;
	return lexer_next(&lx, &t);
}

int word_at(const char *word, const struct token *t, const struct token *end)
{
	struct lexer lx;
	struct token w;

	lexer_init(&lx, word, strlen(word));
	for (; lexer_next(&lx, &w); t++)
		if (t >= end || t->len != w.len || memcmp(t->s, w.s, w.len))
			return 0;
	return 1;
}

int tokset_has_word(const struct tokset *ts, const char *word, const char *text, size_t len)
{
	const char *first;
	size_t n;

	if (!word_first_token(word, &first, &n))
		return tokset_has(ts, word);
	if (!tokset_has_n(ts, first, n))
		return 0;
	struct token *v;
	size_t nv = lexer_all(text, len, &v);
	int found = 0;
	for (size_t i = 0; i < nv && !found; i++)
		found = word_at(word, &v[i], v + nv);
	free(v);
	return found;
}

/* A file's tokens, in order, for checks that look at a statement's shape. */
struct toks {
	struct token *v;
	size_t nr;
};

static void toks_read(struct toks *tv, const char *text, size_t len)
{
	tv->nr = lexer_all(text, len, &tv->v);
}

static int punct_is(const struct token *t, const char *s)
{
	return t->kind == TOK_PUNCT && tok_is(t, s);
}

/* Index of the bracket closing the one opened at v[open], or end. */
static size_t closing(const struct toks *tv, size_t open, size_t end)
{
	int depth = 0;

	for (size_t k = open; k < end; k++) {
		const struct token *t = &tv->v[k];
		if (punct_is(t, "(") || punct_is(t, "[") || punct_is(t, "{"))
			depth++;
		else if ((punct_is(t, ")") || punct_is(t, "]") || punct_is(t, "}")) && --depth == 0)
			return k;
	}
	return end;
}

/* [*b, *e) less any parentheses that wrap all of it. */
static void unwrap(const struct toks *tv, size_t *b, size_t *e)
{
	while (*e - *b >= 2 && punct_is(&tv->v[*b], "(") && closing(tv, *b, *e) == *e - 1) {
		(*b)++;
		(*e)--;
	}
}

/* An integer literal whose value is 0 (0, 0U, 0x0, 00UL, ...). */
static int is_zero(const struct token *t)
{
	if (t->kind != TOK_NUMBER || t->s[0] != '0')
		return 0;
	for (size_t k = 0; k < t->len; k++)
		if (!strchr("0xXuUlL", t->s[k]))
			return 0;
	return 1;
}

/*
 * Operators that, outside any bracket, make a loop condition something else
 * than one relational comparison: logical, conditional, equality, bitwise
 * or (a binary & is left alone: it cannot be told from the address-of),
 * relational, assignment and comma.
 */
static int breaks_comparison(const struct token *t)
{
	static const char *const ops[] = {
		"&&", "||", "?", ":", "==", "!=", "|", "^", "<", ">", "<=", ">=", "=", "+=", "-=",
		"*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ",", ";", NULL
	};

	if (t->kind != TOK_PUNCT)
		return 0;
	for (size_t i = 0; ops[i]; i++)
		if (tok_is(t, ops[i]))
			return 1;
	return 0;
}

/*
 * The counter of a loop condition [b, e) of the shape `i <= E` or `E >= i`
 * (i an identifier, either side in parentheses), or NULL.
 */
static const struct token *le_counter(const struct toks *tv, size_t b, size_t e)
{
	size_t op;

	unwrap(tv, &b, &e);
	op = e;
	for (size_t k = b; k < e; k++) {
		const struct token *t = &tv->v[k];
		if (punct_is(t, "(") || punct_is(t, "[") || punct_is(t, "{")) {
			k = closing(tv, k, e);
			continue;
		}
		if (!breaks_comparison(t))
			continue;
		if (op != e || !(punct_is(t, "<=") || punct_is(t, ">=")))
			return NULL;
		op = k;
	}
	if (op == e)
		return NULL;
	size_t ib = b, ie = op;	/* the counter's side */
	if (punct_is(&tv->v[op], ">=")) {
		ib = op + 1;
		ie = e;
	}
	unwrap(tv, &ib, &ie);
	return ie == ib + 1 && tv->v[ib].kind == TOK_IDENT ? &tv->v[ib] : NULL;
}

/*
 * le-count-loop: the shapes every SmPL rule of loop-le-count needs, checked
 * on the tokens: a for header whose condition (its second clause) or a while
 * whose condition is exactly `i <= E` or `E >= i`, with i an identifier that
 * the file somewhere sets to a literal 0 (`i = 0`, `T i = 0U`, in the header
 * or before the loop). Parentheses are allowed around either side and the
 * whole condition. spatch needs no identifier to run this rule, so without
 * this check it would parse every file that merely has a for and a <=.
 */
static int le_count_loop(const char *text, size_t len)
{
	struct toks tv;
	struct tokset zeroed, counters;
	int found = 0;

	toks_read(&tv, text, len);
	memset(&zeroed, 0, sizeof(zeroed));
	memset(&counters, 0, sizeof(counters));
	for (size_t k = 0; k < tv.nr; k++) {
		const struct token *t = &tv.v[k];
		if (t->kind != TOK_IDENT)
			continue;
		/* i = 0, (i) = (0) */
		size_t a = k + 1;
		while (a < tv.nr && punct_is(&tv.v[a], ")"))
			a++;
		if (a < tv.nr && punct_is(&tv.v[a], "=")) {
			a++;
			while (a < tv.nr && punct_is(&tv.v[a], "("))
				a++;
			if (a < tv.nr && is_zero(&tv.v[a]))
				tokset_insert(&zeroed, tok_hash(t->s, t->len));
		}
		/* for ( init ; cond ; step ) and while ( cond ) */
		int is_for = tok_is(t, "for");
		if (!(is_for || tok_is(t, "while")) || k + 1 >= tv.nr || !punct_is(&tv.v[k + 1], "("))
			continue;
		size_t open = k + 1, close = closing(&tv, open, tv.nr);
		size_t cb = open + 1, ce = close;
		if (is_for) {
			size_t semi[2], n = 0;
			for (size_t j = open + 1; j < close && n <= 2; j++) {
				if (punct_is(&tv.v[j], "(") || punct_is(&tv.v[j], "[") || punct_is(&tv.v[j], "{"))
					j = closing(&tv, j, close);
				else if (punct_is(&tv.v[j], ";") && n++ < 2)
					semi[n - 1] = j;	/* a third one: not a for header */
			}
			if (n != 2)
				continue;
			cb = semi[0] + 1;
			ce = semi[1];
		}
		const struct token *i = le_counter(&tv, cb, ce);
		if (i)
			tokset_insert(&counters, tok_hash(i->s, i->len));
	}
	for (size_t j = 0; j < counters.cap && !found; j++)
		if (counters.slots[j] && tokset_has_hash(&zeroed, counters.slots[j]))
			found = 1;
	tokset_release(&zeroed);
	tokset_release(&counters);
	free(tv.v);
	return found;
}

static const struct {
	const char *name;
	int (*check)(const char *text, size_t len);
} named[] = {
	{ "le-count-loop", le_count_loop },
};

int prefilter_named_exists(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(named[i].name, name))
			return 1;
	return 0;
}

int prefilter_named_check(const char *name, const char *text, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(named[i].name, name))
			return named[i].check(text, len);
	return 1;
}

/* prefilter_matches(), with the rule's "// Module:" tokens present when module is set. */
static int matches(const struct rule *r, const struct tokset *ts, const char *text, size_t len,
		   int module)
{
	for (size_t g = 0; g < r->nrequires; g++) {
		int any = 0;
		for (size_t i = 0; i < r->requires[g].nr && !any; i++)
			any = tokset_has_word(ts, r->requires[g].v[i], text, len) ||
			      (module && strvec_contains(&r->module_tokens, r->requires[g].v[i]));
		if (!any)
			return 0;
	}
	return r->prefilter ? prefilter_named_check(r->prefilter, text, len) : 1;
}

int prefilter_matches(const struct rule *r, const struct tokset *ts,
		      const char *text, size_t len)
{
	return matches(r, ts, text, len, 0);
}

/*
 * 'm' when the file holds module_exit() and would match if it held one of
 * the rule's "// Module:" tokens: its answer then depends on the other parts
 * of its module (module_holds()), which the stat cache does not see.
 */
static char answer(const struct rule *r, const struct tokset *ts, const char *text, size_t len)
{
	if (matches(r, ts, text, len, 0))
		return '1';
	return r->module_tokens.nr && tokset_has(ts, "module_exit") &&
	       matches(r, ts, text, len, 1) ? 'm' : '0';
}

/* Another part of path's composite object (kbuild.h) holds one of tokens. */
static int module_holds(const char *root, const char *path, const struct strvec *tokens)
{
	struct strvec parts = STRVEC_INIT;
	struct strbuf text = STRBUF_INIT;
	const char *base = strrchr(path, '/');
	char *dir = base ? xstrndup(path, (size_t)(base - path)) : xstrdup(".");
	char *obj = xasprintf("%.*s.o", (int)strcspn(base ? base + 1 : path, "."), base ? base + 1 : path);
	int found = 0;

	kbuild_composite_parts(root, dir, obj, &parts);
	for (size_t i = 0; i < parts.nr && !found; i++) {
		char *abs = xasprintf("%s/%s", root, parts.v[i]);
		strbuf_reset(&text);
		if (strcmp(parts.v[i], path) && !strbuf_read_regular(&text, abs)) {
			struct tokset ts;
			tokset_build(&ts, text.buf, text.len);
			for (size_t k = 0; k < tokens->nr && !found; k++)
				found = tokset_has(&ts, tokens->v[k]);
			tokset_release(&ts);
		}
		free(abs);
	}
	strbuf_release(&text);
	strvec_clear(&parts);
	free(dir);
	free(obj);
	return found;
}

static int looks_binary(const char *text, size_t len)
{
	return memchr(text, '\0', len) != NULL;
}

/*
 * What the prefilter answers depends on: every rule's Requires, Prefilter and Module.
 * A named check is in it by name: changing what one keeps renames it.
 */
static char *prefilter_signature(const struct rule_set *rs)
{
	struct strbuf sb = STRBUF_INIT;
	char hex[17];

	for (size_t r = 0; r < rs->nr; r++) {
		strbuf_addf(&sb, "%s\n%s\n", rs->v[r].name, rs->v[r].prefilter ? rs->v[r].prefilter : "");
		for (size_t g = 0; g < rs->v[r].nrequires; g++)
			for (size_t i = 0; i < rs->v[r].requires[g].nr; i++)
				strbuf_addf(&sb, "%zu:%s\n", g, rs->v[r].requires[g].v[i]);
		for (size_t i = 0; i < rs->v[r].module_tokens.nr; i++)
			strbuf_addf(&sb, "module:%s\n", rs->v[r].module_tokens.v[i]);
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
			int rc = strbuf_read_regular(&text, abs);
			free(abs);
			if (rc) {
				t->st.unreadable++;
				strvec_pushf(&t->problems, "%s: %s", tf->path, file_strerror(errno));
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
				answers[r] = answer(&rs->v[r], &ts, text.buf, text.len);
			answers[nrules] = '\0';
			tokset_release(&ts);
			content_hash[fi] = hash_bytes(text.buf, text.len);
			if (cache)
				cache_stat_store(cache, tf, sig, content_hash[fi], answers);
		}
		int any = 0;
		for (size_t r = 0; r < nrules; r++) {
			if (answers[r] == 'm' &&
			    module_holds(t->root, tf->path, &rs->v[r].module_tokens))
				answers[r] = '1';
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
