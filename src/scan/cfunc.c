#include "scan/cfunc.h"
#include "lib/clex.h"
#include "lib/util.h"

/* What follows a parameter list and is not one: f(void) __acquires(lock) {, __attribute__((x)). */
static int annotation(const struct token *t)
{
	static const char *const names[] = {
		"__acquires", "__releases", "__must_hold", "__attribute__", "__attribute", NULL
	};

	return tok_in(t, names);
}

/* Count the definitions, and with v list them (*alloc its room). */
static size_t walk(const char *buf, size_t len, struct cfunc **v, size_t *alloc)
{
	struct lexer lx;
	struct token t, prev = { TOK_EOF }, name = { TOK_EOF };
	size_t n = 0, open = 0;
	unsigned depth = 0, parens = 0;
	int after_paren = 0, in_directive = 0, in_body = 0;

	lexer_init(&lx, buf, len);
	while (lexer_next(&lx, &t)) {
		if (t.nl_before)
			in_directive = 0;
		if (in_directive)
			continue;
		if (t.nl_before && tok_is(&t, "#")) {
			/* #define bodies are not functions; a directive between ) and { keeps it */
			in_directive = 1;
			continue;
		}
		if (depth == 0 && tok_is(&t, "(") && parens++ == 0 && !annotation(&prev))
			name = prev.kind == TOK_IDENT ? prev : (struct token){ TOK_EOF };
		else if (depth == 0 && tok_is(&t, ")") && parens)
			parens--;
		else if (depth == 0 && tok_is(&t, ";"))
			parens = 0;
		if (tok_is(&t, "{")) {
			if (depth == 0 && after_paren) {
				if (v) {
					ALLOC_GROW(*v, n + 1, *alloc);
					(*v)[n] = (struct cfunc){ name.s ? name.s : "", name.len,
								  name.s ? name.line : t.line, t.line };
					open = n;
					in_body = 1;
				}
				n++;
			}
			depth++;
		} else if (tok_is(&t, "}") && depth) {
			if (--depth == 0 && in_body) {
				(*v)[open].last_line = t.line;
				in_body = 0;
			}
		}
		after_paren = tok_is(&t, ")");
		prev = t;
	}
	if (in_body)
		(*v)[open].last_line = lx.line;
	return n;
}

unsigned cfunc_count(const char *buf, size_t len)
{
	return (unsigned)walk(buf, len, NULL, NULL);
}

size_t cfunc_list(const char *buf, size_t len, struct cfunc **v)
{
	size_t alloc = 0;

	*v = NULL;
	return walk(buf, len, v, &alloc);
}
