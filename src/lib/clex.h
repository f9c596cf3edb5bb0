/*
 * A small C tokenizer: identifiers, numbers, literals and punctuators with
 * their line and column; comments and whitespace are skipped. It never
 * fails: bytes it does not know become one-byte punctuators, so it is safe on
 * any input (binary files, unterminated comments).
 */
#ifndef LOCKERS_CLEX_H
#define LOCKERS_CLEX_H

#include <stddef.h>

enum tok_kind { TOK_EOF, TOK_IDENT, TOK_NUMBER, TOK_STRING, TOK_CHAR, TOK_PUNCT };

struct token {
	enum tok_kind kind;
	const char *s;
	size_t len;
	unsigned line, col;	/* 1-based */
	int nl_before;		/* first of its line: a newline outside comments (or
				 * the start) precedes it; a backslash-newline does not */
};

struct lexer {
	const char *p, *end;
	unsigned line;
	const char *line_start;
	int at_line_start;	/* no token since the last newline outside comments */
};

void lexer_init(struct lexer *lx, const char *buf, size_t len);
/* Next token into *t; returns 0 (and TOK_EOF) at the end. */
int lexer_next(struct lexer *lx, struct token *t);
/* All the tokens of buf, in order, into a malloc'd *v (NULL when none); returns their number. */
size_t lexer_all(const char *buf, size_t len, struct token **v);
int tok_is(const struct token *t, const char *s);
/* t is one of NAMES (NULL-terminated); t starts with one of PREFIXES. */
int tok_in(const struct token *t, const char *const *names);
int tok_starts_in(const struct token *t, const char *const *prefixes);
/* The keyword of a tag type: struct, union or enum. */
int tok_is_tag(const struct token *t);
/* Bytes that start and continue an identifier (ASCII letters, digits, '_', '$'). */
int clex_ident_start(unsigned char c);
int clex_ident_char(unsigned char c);

#endif
