#include "scan/cfunc.h"
#include "lib/clex.h"

unsigned cfunc_count(const char *buf, size_t len)
{
	struct lexer lx;
	struct token t;
	unsigned n = 0, depth = 0;
	int after_paren = 0, in_directive = 0;

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
		if (tok_is(&t, "{")) {
			n += depth == 0 && after_paren;
			depth++;
		} else if (tok_is(&t, "}") && depth) {
			depth--;
		}
		after_paren = tok_is(&t, ")");
	}
	return n;
}
