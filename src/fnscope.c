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
	const struct tokset *accessors;	/* tokens of group 0 too, or NULL */
};

static void add_words(struct tokset *ts, const struct strvec *words)
{
	for (size_t i = 0; i < words->nr; i++)
		tokset_add(ts, words->v[i], strlen(words->v[i]));
}

void fnscope_accessors(const char *macro_index, struct tokset *ts)
{
	struct strbuf sb = STRBUF_INIT;

	memset(ts, 0, sizeof(*ts));
	if (strbuf_read_file(&sb, macro_index)) {
		strbuf_release(&sb);
		return;
	}
	/* "name <TAB> rcu-load <TAB> ..." */
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

struct fnscope *fnscope_new(const struct rule *r, const struct tokset *accessors)
{
	struct fnscope *fs = xcalloc(1, sizeof(*fs));

	fs->r = r;
	fs->ngroups = r->nrequires < MAX_GROUPS ? r->nrequires : MAX_GROUPS;
	for (size_t g = 0; g < fs->ngroups; g++)
		add_words(&fs->group[g], &r->requires[g]);
	add_words(&fs->facts, &r->facts);
	if (fs->ngroups && r->needs_macro_index)
		fs->accessors = accessors;
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
		if (!(b->groups & (1u << g)) && (tokset_has_n(&fs->group[g], t->s, t->len) ||
						 (g == 0 && fs->accessors &&
						  tokset_has_n(fs->accessors, t->s, t->len))))
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

static void add_range(struct range **v, size_t *n, size_t *alloc, size_t from, size_t to)
{
	ALLOC_GROW(*v, *n + 1, *alloc);
	(*v)[(*n)++] = (struct range){ from, to };
}

/* The end of the directive starting at `at`: its last line's newline (or the end). */
static size_t directive_end(const char *text, size_t len, size_t at)
{
	size_t i = at;

	while (i < len && !(text[i] == '\n' && !(i > 0 && text[i - 1] == '\\') &&
			     !(i > 1 && text[i - 1] == '\r' && text[i - 2] == '\\')))
		i++;
	return i;
}

/* Parenthesised groups at file scope that are attributes, not a parameter list. */
static int attribute_name(const struct token *t)
{
	static const char *const names[] = {
		"__attribute__", "__attribute", "__aligned", "__section", "__declspec", NULL
	};

	for (size_t i = 0; names[i]; i++)
		if (tok_is(t, names[i]))
			return 1;
	return 0;
}

static int tag_keyword(const struct token *t)
{
	return t->kind == TOK_IDENT && (tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum"));
}

int fnscope_reduce(const struct fnscope *fs, const char *text, size_t len, struct strbuf *out,
		   unsigned *kept, unsigned *blanked)
{
	struct lexer lx;
	struct token t, prev = { TOK_EOF }, prev2 = { TOK_EOF };
	struct body b = { 0, 0, 0 };
	struct range *cut = NULL, *stay = NULL;
	size_t ncut = 0, acut = 0, nstay = 0, astay = 0;
	unsigned depth = 0, parens = 0;
	int after_paren = 0, in_directive = 0, in_body = 0, balanced = 1;
	int params = 0;		/* the last group at file scope can be a parameter list */
	int assigned = 0;	/* an '=' in this declaration at file scope: an initialiser */

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
			/*
			 * A directive inside a body stays in the copy: spatch
			 * uses a #define anywhere above a function to parse it.
			 */
			if (in_body) {
				size_t at = (size_t)(t.s - text);
				add_range(&stay, &nstay, &astay, at, directive_end(text, len, at));
			}
			continue;
		}
		if (depth == 0) {
			if (tok_is(&t, "(") && parens++ == 0)
				params = prev.kind == TOK_IDENT && !attribute_name(&prev) && !tag_keyword(&prev2);
			else if (tok_is(&t, ")") && parens)
				parens--;
			else if (tok_is(&t, "=") && !parens)
				assigned = 1;
			else if (tok_is(&t, ";"))
				assigned = parens = 0;
		}
		if (tok_is(&t, "{")) {
			/*
			 * A body: '{' at file scope right after a parameter list,
			 * not after an attribute (a packed struct), a macro naming
			 * a tag (enum CAT2(a, b) {) or in an initialiser.
			 */
			if (depth == 0 && after_paren && !parens && params && !assigned) {
				b = (struct body){ (size_t)(t.s - text), 0, 0 };
				in_body = 1;
			}
			depth++;
		} else if (tok_is(&t, "}")) {
			if (!depth) {
				balanced = 0;
				break;
			}
			if (--depth == 0) {
				assigned = 0;
				if (in_body) {
					size_t close = (size_t)(t.s - text);
					in_body = 0;
					if (body_matters(fs, &b, text, close)) {
						(*kept)++;
					} else {
						(*blanked)++;
						add_range(&cut, &ncut, &acut, b.open + 1, close);
					}
				}
			}
		}
		after_paren = tok_is(&t, ")");
		prev2 = prev;
		prev = t;
	}
	if (depth)
		balanced = 0;
	if (!balanced || !ncut) {
		*kept += *blanked;
		*blanked = 0;
		free(cut);
		free(stay);
		return 0;
	}
	strbuf_reset(out);
	strbuf_add(out, text, len);
	size_t d = 0;		/* both lists are in file order */
	for (size_t i = 0; i < ncut; i++) {
		for (size_t k = cut[i].from; k < cut[i].to; k++) {
			while (d < nstay && stay[d].to <= k)
				d++;
			if (d < nstay && stay[d].from <= k)
				continue;
			if (out->buf[k] != '\n')
				out->buf[k] = ' ';
		}
	}
	free(cut);
	free(stay);
	return 1;
}
