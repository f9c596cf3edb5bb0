#include "fnscope.h"
#include "clex.h"
#include "prefilter.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many Requires groups (rules have one or two). */
#define MAX_GROUPS 8

struct fnscope {
	const struct rule *r;
	struct tokset group[MAX_GROUPS];
	size_t ngroups;
	struct tokset facts;
};

static void add_words(struct tokset *ts, const struct strvec *words)
{
	for (size_t i = 0; i < words->nr; i++)
		tokset_add(ts, words->v[i], strlen(words->v[i]));
}

/* The names of the index's rcu-load rows: "name <TAB> rcu-load <TAB> ...". */
static void add_rcu_loads(struct tokset *ts, const char *macro_index)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, macro_index)) {
		strbuf_release(&sb);
		return;		/* the rules report a missing index themselves */
	}
	for (char *line = sb.buf; line < sb.buf + sb.len;) {
		char *nl = memchr(line, '\n', (size_t)(sb.buf + sb.len - line));
		char *end = nl ? nl : sb.buf + sb.len;
		char *tab = memchr(line, '\t', (size_t)(end - line));
		if (tab && end - tab > 9 && !strncmp(tab + 1, "rcu-load\t", 9))
			tokset_add(ts, line, (size_t)(tab - line));
		line = end + 1;
	}
	strbuf_release(&sb);
}

struct fnscope *fnscope_new(const struct rule *r, const char *macro_index)
{
	struct fnscope *fs = xcalloc(1, sizeof(*fs));

	fs->r = r;
	fs->ngroups = r->nrequires < MAX_GROUPS ? r->nrequires : MAX_GROUPS;
	for (size_t g = 0; g < fs->ngroups; g++)
		add_words(&fs->group[g], &r->requires[g]);
	add_words(&fs->facts, &r->facts);
	if (fs->ngroups && r->needs_macro_index && macro_index)
		add_rcu_loads(&fs->group[0], macro_index);
	return fs;
}

void fnscope_free(struct fnscope *fs)
{
	if (!fs)
		return;
	for (size_t g = 0; g < fs->ngroups; g++)
		tokset_release(&fs->group[g]);
	tokset_release(&fs->facts);
	free(fs);
}

/* A body's tokens so far: which groups it holds, whether it holds a fact. */
struct body {
	size_t open;		/* offset of its '{' */
	unsigned groups;	/* bit g: a token of group g */
	int fact;
};

static void body_token(const struct fnscope *fs, struct body *b, const struct token *t)
{
	if (t->kind != TOK_IDENT && t->kind != TOK_PUNCT)
		return;
	for (size_t g = 0; g < fs->ngroups; g++)
		if (!(b->groups & (1u << g)) && tokset_has_n(&fs->group[g], t->s, t->len))
			b->groups |= 1u << g;
	if (!b->fact && tokset_has_n(&fs->facts, t->s, t->len))
		b->fact = 1;
}

static int body_matters(const struct fnscope *fs, const struct body *b, const char *text, size_t close)
{
	if (b->fact)
		return 1;
	if (b->groups != (1u << fs->ngroups) - 1)
		return 0;
	const char *name = fs->r->prefilter;
	return !name || prefilter_named_check(name, text + b->open, close + 1 - b->open);
}

struct range { size_t from, to; };

int fnscope_reduce(const struct fnscope *fs, const char *text, size_t len, struct strbuf *out,
		   unsigned *kept, unsigned *blanked)
{
	struct lexer lx;
	struct token t;
	struct body b = { 0, 0, 0 };
	struct range *cut = NULL;
	size_t ncut = 0, alloc = 0;
	unsigned depth = 0;
	int after_paren = 0, in_directive = 0, in_body = 0, balanced = 1;

	*kept = *blanked = 0;
	lexer_init(&lx, text, len);
	while (lexer_next(&lx, &t)) {
		if (t.nl_before)
			in_directive = 0;
		if (in_body)
			body_token(fs, &b, &t);
		if (in_directive)
			continue;
		if (t.nl_before && tok_is(&t, "#")) {
			in_directive = 1;	/* as cfunc.c: braces in directives do not count */
			continue;
		}
		if (tok_is(&t, "{")) {
			if (depth == 0 && after_paren) {
				b = (struct body){ (size_t)(t.s - text), 0, 0 };
				in_body = 1;
			}
			depth++;
		} else if (tok_is(&t, "}")) {
			if (!depth) {
				balanced = 0;
				break;
			}
			if (--depth == 0 && in_body) {
				size_t close = (size_t)(t.s - text);
				in_body = 0;
				if (body_matters(fs, &b, text, close)) {
					(*kept)++;
				} else {
					(*blanked)++;
					ALLOC_GROW(cut, ncut + 1, alloc);
					cut[ncut++] = (struct range){ b.open + 1, close };
				}
			}
		}
		after_paren = tok_is(&t, ")");
	}
	if (depth)
		balanced = 0;
	if (!balanced || !ncut) {
		*kept += *blanked;
		*blanked = 0;
		free(cut);
		return 0;
	}
	strbuf_reset(out);
	strbuf_add(out, text, len);
	for (size_t i = 0; i < ncut; i++)
		for (size_t k = cut[i].from; k < cut[i].to; k++)
			if (out->buf[k] != '\n')
				out->buf[k] = ' ';
	free(cut);
	return 1;
}
