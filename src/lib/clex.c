#include "lib/clex.h"
#include "lib/util.h"

#include <string.h>

void lexer_init(struct lexer *lx, const char *buf, size_t len)
{
	lx->p = buf;
	lx->end = buf + len;
	lx->line = 1;
	lx->line_start = buf;
	lx->at_line_start = 1;
}

int clex_ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

int clex_ident_char(unsigned char c)
{
	return clex_ident_start(c) || (c >= '0' && c <= '9');
}

static void newline(struct lexer *lx, const char *nl)
{
	lx->line++;
	lx->line_start = nl + 1;
}

/* Skip whitespace and comments. */
static void skip_space(struct lexer *lx)
{
	while (lx->p < lx->end) {
		const char *p = lx->p;
		if (*p == '\n') {
			newline(lx, p);
			lx->at_line_start = 1;
			lx->p++;
		} else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			lx->p++;
		} else if (*p == '\\' && p + 1 < lx->end && p[1] == '\n') {
			newline(lx, p + 1);
			lx->p += 2;
		} else if (*p == '/' && p + 1 < lx->end && p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else if (*p == '/' && p + 1 < lx->end && p[1] == '*') {
			lx->p += 2;
			while (lx->p < lx->end) {
				if (*lx->p == '*' && lx->p + 1 < lx->end && lx->p[1] == '/') {
					lx->p += 2;
					break;
				}
				if (*lx->p == '\n')
					newline(lx, lx->p);
				lx->p++;
			}
		} else {
			return;
		}
	}
}

static const char *const punct3[] = { "<<=", ">>=", "...", NULL };
static const char *const punct2[] = {
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##", NULL
};

int lexer_next(struct lexer *lx, struct token *t)
{
	skip_space(lx);
	t->line = lx->line;
	t->col = (unsigned)(lx->p - lx->line_start) + 1;
	t->s = lx->p;
	t->nl_before = lx->at_line_start;
	lx->at_line_start = 0;
	if (lx->p >= lx->end) {
		t->kind = TOK_EOF;
		t->len = 0;
		return 0;
	}
	const char *p = lx->p;
	unsigned char c = (unsigned char)*p;
	size_t left = (size_t)(lx->end - p);

	if (clex_ident_start(c)) {
		while (p < lx->end && clex_ident_char((unsigned char)*p))
			p++;
		t->kind = TOK_IDENT;
	} else if ((c >= '0' && c <= '9') || (c == '.' && left > 1 && p[1] >= '0' && p[1] <= '9')) {
		while (p < lx->end && (clex_ident_char((unsigned char)*p) || *p == '.' ||
				       ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E' ||
								      p[-1] == 'p' || p[-1] == 'P'))))
			p++;
		t->kind = TOK_NUMBER;
	} else if (c == '"' || c == '\'') {
		p++;
		while (p < lx->end && *p != (char)c && *p != '\n') {
			if (*p == '\\' && p + 1 < lx->end) {
				if (p[1] == '\n')
					newline(lx, p + 1);
				p++;
			}
			p++;
		}
		if (p < lx->end && *p == (char)c)
			p++;
		t->kind = c == '"' ? TOK_STRING : TOK_CHAR;
	} else {
		size_t n = 1;
		for (int i = 0; punct3[i]; i++)
			if (left >= 3 && !memcmp(p, punct3[i], 3))
				n = 3;
		if (n == 1)
			for (int i = 0; punct2[i]; i++)
				if (left >= 2 && !memcmp(p, punct2[i], 2))
					n = 2;
		p += n;
		t->kind = TOK_PUNCT;
	}
	t->len = (size_t)(p - t->s);
	lx->p = p;
	return 1;
}

size_t lexer_all(const char *buf, size_t len, struct token **v)
{
	struct lexer lx;
	struct token t;
	size_t n = 0, alloc = 0;

	*v = NULL;
	lexer_init(&lx, buf, len);
	while (lexer_next(&lx, &t)) {
		ALLOC_GROW(*v, n + 1, alloc);
		(*v)[n++] = t;
	}
	return n;
}

int tok_is(const struct token *t, const char *s)
{
	/* The first byte first: the indexes test every token against long lists. */
	if (t->len && *s && *t->s != *s)
		return 0;
	size_t n = strlen(s);

	return t->len == n && !memcmp(t->s, s, n);
}

int tok_in(const struct token *t, const char *const *names)
{
	for (; *names; names++)
		if (tok_is(t, *names))
			return 1;
	return 0;
}

int tok_starts_in(const struct token *t, const char *const *prefixes)
{
	for (; *prefixes; prefixes++) {
		if (t->len && **prefixes && *t->s != **prefixes)
			continue;
		size_t n = strlen(*prefixes);
		if (t->len >= n && !memcmp(t->s, *prefixes, n))
			return 1;
	}
	return 0;
}

int tok_is_tag(const struct token *t)
{
	return t->kind == TOK_IDENT && (tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum"));
}
