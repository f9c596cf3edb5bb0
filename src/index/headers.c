/* The macro index's walk: the tree's headers, tokenized, into rows (macros, inline helpers, __rcu fields). */
#include "index/mi.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "scan/tree.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------- tokenizer */

int tok_ident(const struct token *t)
{
	return t->len && clex_ident_start((unsigned char)t->s[0]);
}

/* Tokenize BUF (line splices already removed) into TV, with clex.c. */
int tokenize(struct mi *m, const char *buf, size_t len, struct tokvec *tv)
{
	struct lexer lx;
	struct token t;

	tv->n = 0;
	lexer_init(&lx, buf, len);
	while (lexer_next(&lx, &t))
		if (tv_push(m, tv, t))
			return -1;
	return 0;
}

/* Remove backslash-newline splices in place; returns the new length. The
 * offset in the new text of each splice goes to m->splice, so that
 * loc_of() gives a token's line in the file. */
static size_t splice_lines(struct mi *m, char *buf, size_t len)
{
	size_t i, o = 0;

	m->nsplice = 0;
	for (i = 0; i < len; i++) {
		if (buf[i] == '\\') {
			size_t j = i + 1;
			while (j < len && (buf[j] == ' ' || buf[j] == '\t' || buf[j] == '\r'))
				j++;
			if (j < len && buf[j] == '\n') {
				ALLOC_GROW(m->splice, m->nsplice + 1, m->capsplice);
				m->splice[m->nsplice++] = o;
				i = j;
				continue;
			}
		}
		buf[o++] = buf[i];
	}
	return o;
}

/* --------------------------------------------------------------- entries */

/* Join tokens [a,b) with SEP into arena storage. */
char *join_sep(struct mi *m, const struct token *v, size_t a, size_t b)
{
	size_t n = 0, i;
	char *p, *q;

	for (i = a; i < b; i++)
		n += v[i].len + 1;
	p = arena_alloc(&m->arena, n + 1);
	if (!p)
		return NULL;
	q = p;
	for (i = a; i < b; i++) {
		if (i > a)
			*q++ = SEP;
		memcpy(q, v[i].s, v[i].len);
		q += v[i].len;
	}
	*q = '\0';
	return p;
}

/* A row whose columns are already text (the RCU vocabulary's kinds). */
void add_row(struct mi *m, const char *name, size_t len, int kind, const char *params,
		    const char *exp, const char *relation)
{
	struct entry *e;

	ALLOC_GROW(m->ent, m->nent + 1, m->capent);
	e = &m->ent[m->nent++];
	e->name = arena_strndup(&m->arena, name, len);
	e->kind = kind;
	e->params = params;
	e->exp = exp;
	e->relation = relation ? xstrdup(relation) : NULL;
}

/* "path:line" of token T in the header being scanned, in the arena. */
static const char *loc_of(struct mi *m, const struct token *t)
{
	size_t off = (size_t)(t->s - m->text), lo = 0, hi = m->nsplice;
	char *s;

	while (lo < hi) {               /* splices before the token */
		size_t mid = (lo + hi) / 2;
		if (m->splice[mid] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	s = xasprintf("%s:%zu", m->rpath ? m->rpath : "", (size_t)t->line + lo);
	const char *r = arena_strndup(&m->arena, s, strlen(s));

	free(s);
	return r;
}

/* Remember what the macro or function NAME calls in tokens [a,b). */
static void record_fn(struct mi *m, const struct token *name, const char *params,
		      const struct token *v, size_t a, size_t b)
{
	struct strbuf calls = STRBUF_INIT;
	struct fnrec *f;
	size_t i;

	for (i = a; i + 1 < b; i++)
		if (tok_ident(&v[i]) && tok_is(&v[i + 1], "(")) {
			if (calls.len)
				strbuf_addch(&calls, SEP);
			strbuf_add(&calls, v[i].s, v[i].len);
		}
	ALLOC_GROW(m->fn, m->nfn + 1, m->capfn);
	f = &m->fn[m->nfn++];
	f->name = arena_strndup(&m->arena, name->s, name->len);
	f->params = params;
	f->loc = loc_of(m, name);
	f->calls = arena_strndup(&m->arena, calls.buf, calls.len);
	f->via = NULL;
	strbuf_release(&calls);
}

static int add_entry(struct mi *m, const struct token *name, int kind,
		     const char *params, const struct token *v, size_t a, size_t b)
{
	struct entry *e;

	ALLOC_GROW(m->ent, m->nent + 1, m->capent);
	e = &m->ent[m->nent];
	e->name = arena_strndup(&m->arena, name->s, name->len);
	e->kind = kind;
	e->params = params;
	e->exp = join_sep(m, v, a, b);
	e->relation = NULL;
	if (!e->name || !e->params || !e->exp)
		return -1;
	m->nent++;
	return 0;
}

/* Parameter names of the list between the parens at v[open] and v[close]:
 * for macros each parameter is one identifier (or "..." / "name..."), for
 * functions the last identifier of each declaration. */
static char *param_names(struct mi *m, const struct token *v, size_t open,
			 size_t close, int is_function)
{
	struct strbuf b = STRBUF_INIT;
	size_t i, start = open + 1;
	int depth = 0, nparams = 0;
	char *res;

	for (i = open + 1; i <= close; i++) {
		const struct token *t = &v[i];
		if (i < close && (tok_is(t, "(") || tok_is(t, "[")))
			depth++;
		else if (i < close && (tok_is(t, ")") || tok_is(t, "]")))
			depth--;
		if (i == close || (depth == 0 && tok_is(t, ","))) {
			const struct token *nm = NULL;
			size_t k;
			int d = 0;
			for (k = start; k < i; k++) {
				if (tok_is(&v[k], "(") || tok_is(&v[k], "["))
					d++;
				else if (tok_is(&v[k], ")") || tok_is(&v[k], "]"))
					d--;
				else if (tok_ident(&v[k]) && (d == 0 || !is_function))
					nm = &v[k];
				else if (tok_is(&v[k], "...") && !nm)
					nm = &v[k];
				/* function pointer parameter: int (*fn)(int) */
				if (is_function && d == 1 && tok_ident(&v[k]) && k > start &&
				    tok_is(&v[k - 1], "*"))
					nm = &v[k];
			}
			if (nm && !(is_function && i - start == 1 && tok_is(nm, "void"))) {
				if (nparams++)
					strbuf_addch(&b, ',');
				strbuf_add(&b, nm->s, nm->len);
			}
			start = i + 1;
		}
	}
	res = arena_strndup(&m->arena, b.buf, b.len);
	strbuf_release(&b);
	return res;
}

size_t match_paren(const struct token *v, size_t n, size_t open)
{
	int depth = 0;
	size_t i;

	for (i = open; i < n; i++) {
		if (tok_is(&v[i], "(") || tok_is(&v[i], "[") || tok_is(&v[i], "{"))
			depth++;
		else if (tok_is(&v[i], ")") || tok_is(&v[i], "]") || tok_is(&v[i], "}")) {
			if (--depth == 0)
				return i;
		}
	}
	return (size_t)-1;
}

static int scan_define(struct mi *m, const struct token *v, size_t a, size_t b)
{
	/* v[a] is "#", v[a+1] "define" */
	size_t name = a + 2, close;
	char *params;

	if (name + 1 >= b || !tok_ident(&v[name]) || !tok_is(&v[name + 1], "(") ||
	    v[name + 1].s != v[name].s + v[name].len)
		return 0;               /* object-like macro */
	close = match_paren(v, b, name + 1);
	if (close == (size_t)-1)
		return 0;
	params = param_names(m, v, name + 1, close, 0);
	if (!params)
		return -1;
	record_fn(m, &v[name], params, v, close + 1, b);
	m->st.macros++;
	return add_entry(m, &v[name], 0, params, v, close + 1, b);
}

static int is_inline_kw(const struct token *t)
{
	return tok_is(t, "inline") || tok_is(t, "__inline") ||
	       tok_is(t, "__inline__") || tok_is(t, "__always_inline");
}

/* At v[i] == "static" at file scope: a `static inline T name(params)
 * { return EXPR; }` helper? Returns the index to continue from. */
static size_t scan_inline(struct mi *m, const struct token *v, size_t n, size_t i,
			  int *rc)
{
	size_t k, open = (size_t)-1, close, body, bend;
	int saw_inline = 0;
	char *params;

	*rc = 0;
	for (k = i + 1; k < n && k < i + 16; k++) {
		if (is_inline_kw(&v[k]))
			saw_inline = 1;
		if (tok_is(&v[k], "(")) {
			/* __attribute__((...)) and friends before the name */
			if (k > i + 1 && tok_ident(&v[k - 1]) &&
			    (strncmp(v[k - 1].s, "__attribute", 11) == 0 ||
			     tok_is(&v[k - 1], "__aligned") || tok_is(&v[k - 1], "__section"))) {
				size_t c = match_paren(v, n, k);
				if (c == (size_t)-1)
					return i + 1;
				k = c;
				continue;
			}
			open = k;
			break;
		}
		if (tok_is(&v[k], ";") || tok_is(&v[k], "{") || tok_is(&v[k], "=") ||
		    tok_is(&v[k], "#"))
			return i + 1;
	}
	if (!saw_inline || open == (size_t)-1 || open == i + 1 || !tok_ident(&v[open - 1]))
		return i + 1;
	close = match_paren(v, n, open);
	if (close == (size_t)-1)
		return i + 1;
	body = close + 1;
	/* attributes between ')' and '{' */
	while (body < n && tok_ident(&v[body]) && !tok_is(&v[body], "return")) {
		if (body + 1 < n && tok_is(&v[body + 1], "(")) {
			size_t c = match_paren(v, n, body + 1);
			if (c == (size_t)-1)
				return close + 1;
			body = c + 1;
		} else {
			body++;
		}
	}
	if (body >= n || !tok_is(&v[body], "{"))
		return close + 1;
	bend = match_paren(v, n, body);
	if (bend == (size_t)-1)
		return close + 1;
	params = param_names(m, v, open, close, 1);
	if (!params) {
		*rc = -1;
		return n;
	}
	record_fn(m, &v[open - 1], params, v, body + 1, bend);
	/* exactly: { return EXPR ; } */
	if (bend < body + 4 || !tok_is(&v[body + 1], "return") || !tok_is(&v[bend - 1], ";"))
		return bend + 1;
	for (k = body + 2; k < bend - 1; k++)
		if (tok_is(&v[k], ";") || tok_is(&v[k], "#"))
			return bend + 1;
	m->st.inlines++;
	if (add_entry(m, &v[open - 1], 1, params, v, body + 2, bend - 1))
		*rc = -1;
	return bend + 1;
}

static int scan_tokens(struct mi *m, const struct token *v, size_t n)
{
	size_t i = 0;
	int depth = 0;

	while (i < n) {
		if (tok_is(&v[i], "#") && v[i].nl_before) {
			size_t e = i + 1;
			while (e < n && !v[e].nl_before)
				e++;
			if (i + 1 < e && tok_is(&v[i + 1], "define") && scan_define(m, v, i, e))
				return -1;
			i = e;
			continue;
		}
		if (tok_is(&v[i], "{")) {
			depth++;
		} else if (tok_is(&v[i], "}")) {
			/* a brace in column 0 closes a function in kernel style:
			 * resynchronise after #if arms that unbalance braces */
			if (v[i].col == 1)
				depth = 0;
			else if (depth > 0)
				depth--;
		} else if (depth == 0 && tok_is(&v[i], "static")) {
			int rc;
			size_t next = scan_inline(m, v, n, i, &rc);
			if (rc)
				return -1;
			/* the helper's braces are consumed whole; anything else
			 * is re-scanned token by token */
			if (next > i + 1) {
				size_t k;
				for (k = i + 1; k < next && k < n; k++) {
					if (tok_is(&v[k], "#") && v[k].nl_before)
						break;
					if (tok_is(&v[k], "{"))
						depth++;
					else if (tok_is(&v[k], "}") && depth > 0)
						depth--;
				}
				i = k;
				continue;
			}
		}
		i++;
	}
	return 0;
}

/* ------------------------------------------------- __rcu struct fields */

#define MAX_NEST 32

/* One open brace: a struct or union body (named by its tag, or by the outer
 * body for an anonymous member struct), or any other block. */
struct frame {
	int is_struct;
	int is_typedef;      /* `typedef struct [TAG] {`: the name follows the '}' */
	const char *name;    /* arena; NULL while unknown */
	size_t first;        /* its first field row in m->ent */
};

static int is_qualifier(const struct token *t)
{
	static const char *const q[] = {
		"const", "volatile", "restrict", "__restrict", "__rcu", "__percpu",
		"__iomem", "__user", "__force", "__kernel", "__private", NULL
	};
	size_t i;

	for (i = 0; q[i]; i++)
		if (tok_is(t, q[i]))
			return 1;
	return 0;
}

/* The struct tag the member declaration around the `__rcu` at v[i] points
 * to: `struct net_device __rcu *dev` and `__rcu struct foo *p` give the
 * tag; `void __rcu *p` and a typedef name give NULL. */
static const char *pointee_tag(struct mi *m, const struct token *v, size_t n, size_t i)
{
	size_t k;

	if (i + 2 < n && (tok_is(&v[i + 1], "struct") || tok_is(&v[i + 1], "union")) &&
	    tok_ident(&v[i + 2]))
		return arena_strndup(&m->arena, v[i + 2].s, v[i + 2].len);
	for (k = i; k-- > 0;) {
		if (tok_is(&v[k], ";") || tok_is(&v[k], "{") || tok_is(&v[k], "}") ||
		    tok_is(&v[k], ","))
			break;
		if ((tok_is(&v[k], "struct") || tok_is(&v[k], "union")) && k + 1 < i &&
		    tok_ident(&v[k + 1]))
			return arena_strndup(&m->arena, v[k + 1].s, v[k + 1].len);
	}
	return NULL;
}

/* The declarators after the `__rcu` at v[i], up to the ';' of the member
 * declaration: `struct task_struct __rcu *parent;` makes parent an RCU
 * pointer; `void __rcu **slots;` and `struct file __rcu *fd[4];` make their
 * elements RCU pointers, written "slots[]" and "fd[]" (the member itself
 * is a plain pointer or an array). */
static void rcu_declarators(struct mi *m, const struct token *v, size_t n, size_t i,
			    const char *owner)
{
	size_t k = i + 1;
	int d = 0, named = 0, stars = 0;
	const char *pointee = pointee_tag(m, v, n, i);

	for (; k < n; k++) {
		const struct token *t = &v[k];
		if (tok_is(t, "(") || tok_is(t, "["))
			d++;
		else if (tok_is(t, ")") || tok_is(t, "]"))
			d--;
		else if (tok_is(t, "{") || tok_is(t, "}") || (tok_is(t, "#") && t->nl_before))
			return;
		else if (d == 0 && tok_is(t, ";"))
			return;
		else if (d == 0 && tok_is(t, ","))
			named = stars = 0;
		else if (d == 0 && tok_is(t, "*"))
			stars++;
		else if (d == 0 && !named && tok_ident(t) && !is_qualifier(t) &&
			 strncmp(t->s, "__attribute", 11) != 0) {
			int array = k + 1 < n && tok_is(&v[k + 1], "[");
			if (tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum")) {
				k++;            /* `__rcu struct foo *p`: the tag is no name */
				continue;
			}
			named = 1;
			if (stars == 1 && !array) {
				add_row(m, t->s, t->len, K_RCU_FIELD, owner, loc_of(m, t), pointee);
			} else if ((stars == 2 && !array) || (stars == 1 && array)) {
				char *elem = xasprintf("%.*s[]", (int)t->len, t->s);
				add_row(m, elem, strlen(elem), K_RCU_FIELD, owner, loc_of(m, t), pointee);
				free(elem);
			}
		}
	}
}

/* The tag of the struct or union whose body opens at v[i], "" when
 * anonymous, NULL when the brace opens no struct body. */
static const char *struct_tag(struct mi *m, const struct token *v, size_t i, int *is_typedef)
{
	size_t k = i;

	/* skip attributes: struct __packed foo {, struct foo __aligned(8) { */
	while (k >= 1 && tok_is(&v[k - 1], ")")) {
		int d = 0;
		while (k >= 1) {
			k--;
			if (tok_is(&v[k], ")"))
				d++;
			else if (tok_is(&v[k], "(") && --d == 0)
				break;
		}
		/* only an attribute: `struct foo fn(void) {` opens no struct */
		if (k < 1 || !tok_ident(&v[k - 1]) || strncmp(v[k - 1].s, "__", 2) != 0)
			return NULL;
		k--;
	}
	while (k >= 2 && tok_ident(&v[k - 1]) && tok_ident(&v[k - 2]) &&
	       strncmp(v[k - 1].s, "__", 2) == 0 && !tok_is(&v[k - 2], "struct") &&
	       !tok_is(&v[k - 2], "union"))
		k--;
	*is_typedef = 0;
	if (k >= 1 && (tok_is(&v[k - 1], "struct") || tok_is(&v[k - 1], "union"))) {
		*is_typedef = k >= 2 && tok_is(&v[k - 2], "typedef");
		return "";
	}
	if (k >= 2 && tok_ident(&v[k - 1]) &&
	    (tok_is(&v[k - 2], "struct") || tok_is(&v[k - 2], "union"))) {
		*is_typedef = k >= 3 && tok_is(&v[k - 3], "typedef");
		return arena_strndup(&m->arena, v[k - 1].s, v[k - 1].len);
	}
	return NULL;
}

/* A member row: of a struct's own fields, the ones the index keeps. */
static int is_member_row(const struct entry *e)
{
	return e->kind == K_RCU_FIELD || e->kind == K_RCU_HEAD;
}

/* `struct rcu_head rcu;` at v[i] (the type's name), in a struct body: the
 * member's name, or NULL. */
static const struct token *rcu_head_member(const struct token *v, size_t n, size_t i)
{
	static const char *const heads[] = { VOCAB_RCU_HEADS, NULL };

	if (i < 1 || i + 2 >= n || !tok_is(&v[i - 1], "struct") || !tok_in(&v[i], heads) ||
	    !tok_ident(&v[i + 1]) || !(tok_is(&v[i + 2], ";") || tok_is(&v[i + 2], "__aligned")))
		return NULL;
	return &v[i + 1];
}

/* Every member declared `__rcu`, and every rcu_head member, under the name
 * of the struct that holds it (the tag, the typedef name, or the outer
 * struct of an anonymous member struct), and `typedef struct TAG NAME;`
 * aliases. */
static void scan_rcu_fields(struct mi *m, const struct token *v, size_t n)
{
	struct frame st[MAX_NEST];
	int sp = 0;
	size_t i, k, o, start = m->nent;

	for (i = 0; i < n; i++) {
		const struct token *t = &v[i];

		/* only #, {, }, __rcu, typedef and `struct rcu_head` matter: most
		 * tokens go here */
		if (t->len != 1 && t->len != 5 && t->len != 7 && !(i > 0 && v[i - 1].len == 6))
			continue;
		if (tok_is(t, "#") && t->nl_before) {
			while (i + 1 < n && !v[i + 1].nl_before)
				i++;
			continue;
		}
		if (tok_is(t, "{")) {
			struct frame f = { 0 };
			int td;
			const char *tag = struct_tag(m, v, i, &td);
			if (tag) {
				f.is_struct = 1;
				f.is_typedef = td;
				f.name = *tag ? tag : NULL;
				/* an anonymous member struct: its fields are the outer one's */
				if (!*tag && !td && sp > 0 && st[sp - 1].is_struct)
					f.name = st[sp - 1].name;
			}
			f.first = m->nent;
			if (sp < MAX_NEST)
				st[sp] = f;
			sp++;
		} else if (tok_is(t, "}")) {
			if (sp > 0 && --sp < MAX_NEST) {
				struct frame *f = &st[sp];
				/* typedef struct [TAG] { ... } NAME; */
				if (f->is_typedef && i + 2 < n && tok_ident(&v[i + 1]) &&
				    (tok_is(&v[i + 2], ";") || tok_is(&v[i + 2], ","))) {
					const char *alias = arena_strndup(&m->arena, v[i + 1].s, v[i + 1].len);
					size_t end = m->nent;
					for (k = f->first; k < end; k++) {
						const struct entry *e = &m->ent[k];
						if (!is_member_row(e))
							continue;
						if (!e->params)
							m->ent[k].params = alias;
						else if (f->name && strcmp(e->params, f->name) == 0)
							add_row(m, e->name, strlen(e->name), e->kind,
								alias, e->exp, e->relation);
					}
				}
				/* fields of an anonymous struct nobody names: dropped */
				if (!f->name && !(sp > 0 && sp - 1 < MAX_NEST && st[sp - 1].is_struct)) {
					o = f->first;
					for (k = f->first; k < m->nent; k++)
						if (!is_member_row(&m->ent[k]) || m->ent[k].params)
							m->ent[o++] = m->ent[k];
					m->nent = o;
				}
			}
			if (t->col == 1)
				sp = 0;         /* kernel style: resynchronise (see scan_tokens) */
		} else if (tok_is(t, "__rcu") && sp > 0 && sp <= MAX_NEST && st[sp - 1].is_struct) {
			rcu_declarators(m, v, n, i, st[sp - 1].name);
			/* the rest of the declaration holds no other __rcu of interest */
			while (i + 1 < n && !tok_is(&v[i + 1], ";") && !tok_is(&v[i + 1], "{") &&
			       !tok_is(&v[i + 1], "}"))
				i++;
		} else if (sp > 0 && sp <= MAX_NEST && st[sp - 1].is_struct &&
			   rcu_head_member(v, n, i)) {
			const struct token *mb = rcu_head_member(v, n, i);
			add_row(m, mb->s, mb->len, K_RCU_HEAD, st[sp - 1].name, loc_of(m, mb), NULL);
		} else if (tok_is(t, "typedef") && sp == 0 && i + 4 < n &&
			   (tok_is(&v[i + 1], "struct") || tok_is(&v[i + 1], "union")) &&
			   tok_ident(&v[i + 2]) && tok_ident(&v[i + 3]) && tok_is(&v[i + 4], ";")) {
			ALLOC_GROW(m->alias, m->nalias + 1, m->capalias);
			m->alias[m->nalias].tag = arena_strndup(&m->arena, v[i + 2].s, v[i + 2].len);
			m->alias[m->nalias].name = arena_strndup(&m->arena, v[i + 3].s, v[i + 3].len);
			m->nalias++;
		}
	}
	/* an anonymous struct left open (unbalanced #if arms): no owner */
	for (k = o = start; k < m->nent; k++)
		if (m->ent[k].params)
			m->ent[o++] = m->ent[k];
	m->nent = o;
}

static int scan_file(struct mi *m, const char *path, const char *rpath, struct tokvec *tv)
{
	struct strbuf sb = STRBUF_INIT;
	int rc;

	if (strbuf_read_regular(&sb, path))
		return 0;       /* unreadable header, or a FIFO or device: skipped */
	sb.len = splice_lines(m, sb.buf, sb.len);
	m->text = sb.buf;
	sb.buf[sb.len] = '\0';
	m->st.headers++;
	m->rpath = rpath;
	rc = tokenize(m, sb.buf, sb.len, tv);
	if (!rc) {
		/* entries copy their text into the arena: the text can go */
		rc = scan_tokens(m, tv->v, tv->n);
	}
	if (!rc)
		scan_rcu_fields(m, tv->v, tv->n);
	strbuf_release(&sb);
	return rc;
}

/* ------------------------------------------------------------------ walk */

/* The stamp: path, size, mtime and inode of every header the build reads. */
static void stamp_header(struct mi *m, const char *rpath, const struct stat *sb)
{
	uint64_t v[6] = { m->stamp, hash_bytes(rpath, strlen(rpath) + 1), (uint64_t)sb->st_size,
			  (uint64_t)sb->st_mtim.tv_sec, (uint64_t)sb->st_mtim.tv_nsec, (uint64_t)sb->st_ino };

	m->st.headers++;
	m->stamp = hash_bytes(v, sizeof(v));
}

/* Hidden entries never count; a .c file makes the directory's headers count;
 * d_type says it is a file and not a header: no lstat needed. */
static int skip_entry(void *has_c, const char *name, unsigned char d_type)
{
	if (name[0] == '.')
		return 1;
	if (ends_with(name, ".c"))
		*(int *)has_c = 1;
	return d_type == DT_REG && !ends_with(name, ".h");
}

/* Walk DIR (REL is its path relative to the tree, "" at the top). Headers
 * are taken when a path component is "include" or the directory holds .c
 * files. Entries are visited in sorted order so the scan is reproducible. */
int walk(struct mi *m, const char *dir, const char *rel, int in_include,
		struct tokvec *tv)
{
	struct strvec names = STRVEC_INIT;
	int has_c = 0, rc = 0;

	if (tree_list_dir(dir, skip_entry, &has_c, &names)) {
		if (!*rel) {
			set_err(m, "cannot open %s: %s", dir, strerror(errno));
			return -1;
		}
		return 0;
	}
	for (size_t i = 0; i < names.nr && !rc; i++) {
		const char *name = names.v[i];
		char *path = xasprintf("%s/%s", dir, name);
		char *rpath = xasprintf("%s%s%s", rel, *rel ? "/" : "", name);
		struct stat sb;

		if (lstat(path, &sb) == 0) {
			if (S_ISDIR(sb.st_mode)) {
				/* user-space copies of kernel headers and docs
				 * would shadow the kernel's own definitions */
				int skip = !*rel && (strcmp(name, "tools") == 0 ||
						     strcmp(name, "Documentation") == 0);
				if (!skip)
					rc = walk(m, path, rpath,
						  in_include || strcmp(name, "include") == 0, tv);
			} else if (S_ISREG(sb.st_mode) && ends_with(name, ".h") &&
				   (in_include || has_c)) {
				if (m->stamp_only)
					stamp_header(m, rpath, &sb);
				else
					rc = scan_file(m, path, rpath, tv);
			}
		}
		free(path);
		free(rpath);
	}
	strvec_clear(&names);
	return rc;
}

