/*
 * macroindex: index of function-like macros and one-line static inline
 * helpers of a kernel tree (see macroindex.h for the output format).
 *
 * A small tokenizer of its own rather than libclang: the index needs every
 * definition in every header under every configuration branch (#if arms
 * included), which a preprocessing parser does not give without a full
 * build configuration per header, and the whole 6.1 tree (about 23,000
 * headers, 590 MB, most of it register tables) is tokenized in seconds.
 *
 * No global state: everything lives in a struct mi passed around. The
 * tokens come from clex.c, directories are read with tree.c's
 * tree_list_dir(), hashes are util.c's, text grows in strbufs.
 */
#include "index/macroindex.h"
#include "lib/clex.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "lib/util.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SEP '\x01'            /* token separator inside stored expansions */
#define MAX_DEPTH 4           /* nested helper expansion levels */
#define MAX_EXPANDED 4096     /* token budget of one expansion */
#define MAX_RELATION 512      /* bytes of relation text kept per row */

/* ---------------------------------------------------------------- memory */

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	char data[];
};

struct tokvec {
	struct token *v;
	size_t n, cap;
};

/* Row kinds, in the order rows of one name are sorted. */
enum kind { K_MACRO, K_INLINE, K_RCU_FIELD, K_RCU_LOAD, K_REF_GET };

static const char *const kind_names[] = { "macro", "inline", "rcu-field", "rcu-load", "ref-get" };

struct entry {
	const char *name;
	int kind;            /* enum kind */
	const char *params;  /* comma separated; the struct for K_RCU_FIELD */
	const char *exp;     /* tokens separated by SEP; path:line for K_RCU_FIELD/K_REF_GET */
	char *relation;      /* computed, malloc'd, may be NULL */
};

/* A macro or static inline function of any body, for the reference-taking
 * helpers: what it calls. */
struct fnrec {
	const char *name;
	const char *params;
	const char *loc;     /* path:line */
	const char *calls;   /* names called in the body, separated by SEP */
	const char *via;     /* the call that takes a reference, once found */
};

/* `typedef struct TAG NAME;`: NAME's fields are TAG's. */
struct alias {
	const char *tag, *name;
};

struct mi {
	struct arena_chunk *arena;
	struct entry *ent;
	size_t nent, capent;
	size_t *hash;        /* open addressing, index+1, 0 empty */
	size_t hcap;
	struct macroindex_stats st;
	char *err;
	size_t errlen;
	int failed;
	int stamp_only;      /* walk only: hash what would be read */
	uint64_t stamp;
	const char *rpath;   /* the header being scanned, relative to the tree */
	const char *text;    /* its text, backslash-newlines removed */
	size_t *splice, nsplice, capsplice; /* where they were, in text */
	struct fnrec *fn;
	size_t nfn, capfn;
	struct alias *alias;
	size_t nalias, capalias;
};

static void set_err(struct mi *m, const char *fmt, ...)
{
	va_list ap;

	if (m->failed)
		return;
	m->failed = 1;
	if (!m->err || !m->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(m->err, m->errlen, fmt, ap);
	va_end(ap);
}

static void *arena_alloc(struct mi *m, size_t n)
{
	struct arena_chunk *c = m->arena;

	n = (n + 7) & ~(size_t)7;
	if (!c || c->size - c->used < n) {
		size_t size = n > (1u << 20) ? n : (1u << 20);
		c = xmalloc(sizeof(*c) + size);
		c->next = m->arena;
		c->used = 0;
		c->size = size;
		m->arena = c;
	}
	c->used += n;
	return c->data + c->used - n;
}

static char *arena_strndup(struct mi *m, const char *s, size_t n)
{
	char *p = arena_alloc(m, n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static int tv_push(struct mi *m, struct tokvec *tv, struct token t)
{
	(void)m;
	ALLOC_GROW(tv->v, tv->n + 1, tv->cap);
	tv->v[tv->n++] = t;
	return 0;
}

/* ------------------------------------------------------------- tokenizer */

static int tok_ident(const struct token *t)
{
	return t->len && clex_ident_start((unsigned char)t->s[0]);
}

/* Tokenize BUF (line splices already removed) into TV, with clex.c. */
static int tokenize(struct mi *m, const char *buf, size_t len, struct tokvec *tv)
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
static char *join_sep(struct mi *m, const struct token *v, size_t a, size_t b)
{
	size_t n = 0, i;
	char *p, *q;

	for (i = a; i < b; i++)
		n += v[i].len + 1;
	p = arena_alloc(m, n + 1);
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
static void add_row(struct mi *m, const char *name, size_t len, int kind, const char *params,
		    const char *exp, const char *relation)
{
	struct entry *e;

	ALLOC_GROW(m->ent, m->nent + 1, m->capent);
	e = &m->ent[m->nent++];
	e->name = arena_strndup(m, name, len);
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
	const char *r = arena_strndup(m, s, strlen(s));

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
	f->name = arena_strndup(m, name->s, name->len);
	f->params = params;
	f->loc = loc_of(m, name);
	f->calls = arena_strndup(m, calls.buf, calls.len);
	f->via = NULL;
	strbuf_release(&calls);
}

static int add_entry(struct mi *m, const struct token *name, int kind,
		     const char *params, const struct token *v, size_t a, size_t b)
{
	struct entry *e;

	ALLOC_GROW(m->ent, m->nent + 1, m->capent);
	e = &m->ent[m->nent];
	e->name = arena_strndup(m, name->s, name->len);
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
	res = arena_strndup(m, b.buf, b.len);
	strbuf_release(&b);
	return res;
}

static size_t match_paren(const struct token *v, size_t n, size_t open)
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
				add_row(m, t->s, t->len, K_RCU_FIELD, owner, loc_of(m, t), NULL);
			} else if ((stars == 2 && !array) || (stars == 1 && array)) {
				char *elem = xasprintf("%.*s[]", (int)t->len, t->s);
				add_row(m, elem, strlen(elem), K_RCU_FIELD, owner, loc_of(m, t), NULL);
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
		return arena_strndup(m, v[k - 1].s, v[k - 1].len);
	}
	return NULL;
}

/* Every member declared `__rcu`, under the name of the struct that holds
 * it (the tag, the typedef name, or the outer struct of an anonymous
 * member struct), and `typedef struct TAG NAME;` aliases. */
static void scan_rcu_fields(struct mi *m, const struct token *v, size_t n)
{
	struct frame st[MAX_NEST];
	int sp = 0;
	size_t i, k, o, start = m->nent;

	for (i = 0; i < n; i++) {
		const struct token *t = &v[i];

		/* only #, {, }, __rcu and typedef matter: most tokens go here */
		if (t->len != 1 && t->len != 5 && t->len != 7)
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
					const char *alias = arena_strndup(m, v[i + 1].s, v[i + 1].len);
					size_t end = m->nent;
					for (k = f->first; k < end; k++) {
						if (m->ent[k].kind != K_RCU_FIELD)
							continue;
						if (!m->ent[k].params)
							m->ent[k].params = alias;
						else if (f->name && strcmp(m->ent[k].params, f->name) == 0)
							add_row(m, m->ent[k].name, strlen(m->ent[k].name),
								K_RCU_FIELD, alias, m->ent[k].exp, NULL);
					}
				}
				/* fields of an anonymous struct nobody names: dropped */
				if (!f->name && !(sp > 0 && sp - 1 < MAX_NEST && st[sp - 1].is_struct)) {
					o = f->first;
					for (k = f->first; k < m->nent; k++)
						if (m->ent[k].kind != K_RCU_FIELD || m->ent[k].params)
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
		} else if (tok_is(t, "typedef") && sp == 0 && i + 4 < n &&
			   (tok_is(&v[i + 1], "struct") || tok_is(&v[i + 1], "union")) &&
			   tok_ident(&v[i + 2]) && tok_ident(&v[i + 3]) && tok_is(&v[i + 4], ";")) {
			ALLOC_GROW(m->alias, m->nalias + 1, m->capalias);
			m->alias[m->nalias].tag = arena_strndup(m, v[i + 2].s, v[i + 2].len);
			m->alias[m->nalias].name = arena_strndup(m, v[i + 3].s, v[i + 3].len);
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

	if (strbuf_read_file(&sb, path))
		return 0;       /* unreadable header: skipped */
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
static int walk(struct mi *m, const char *dir, const char *rel, int in_include,
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

/* ------------------------------------------------------------ relations */

static int build_hash(struct mi *m)
{
	size_t i;

	m->hcap = 16;
	while (m->hcap < m->nent * 2 + 16)
		m->hcap *= 2;
	m->hash = xcalloc(m->hcap, sizeof(*m->hash));
	for (i = 0; i < m->nent; i++) {
		size_t h;
		if (m->ent[i].kind > K_INLINE ||
		    (i > 0 && strcmp(m->ent[i].name, m->ent[i - 1].name) == 0))
			continue;       /* first definition in sorted order wins */
		h = hash_bytes(m->ent[i].name, strlen(m->ent[i].name)) & (m->hcap - 1);
		while (m->hash[h])
			h = (h + 1) & (m->hcap - 1);
		m->hash[h] = i + 1;
	}
	return 0;
}

static const struct entry *lookup(const struct mi *m, const char *s, size_t n)
{
	size_t h = hash_bytes(s, n) & (m->hcap - 1);

	while (m->hash[h]) {
		const struct entry *e = &m->ent[m->hash[h] - 1];
		if (strlen(e->name) == n && memcmp(e->name, s, n) == 0)
			return e;
		h = (h + 1) & (m->hcap - 1);
	}
	return NULL;
}

/* s is one of the NULL-terminated names (a list of rules/data/). */
static int str_in(const char *s, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(s, *names))
			return 1;
	return 0;
}

static int tok_in(const struct token *t, const char *const *names)
{
	for (; *names; names++)
		if (tok_is(t, *names))
			return 1;
	return 0;
}

/* Single-load markers and annotations: never expanded, dropped from the
 * relation text (their argument is what is compared). */
static int is_wrapper(const struct token *t)
{
	static const char *const w[] = { VOCAB_LOAD_WRAPPERS, NULL };

	return tok_in(t, w);
}

/* Split a SEP separated string into tokens. */
static int split_sep(struct mi *m, const char *s, struct tokvec *tv)
{
	const char *p = s;

	tv->n = 0;
	if (!*s)
		return 0;
	for (;;) {
		const char *e = strchr(p, SEP);
		struct token t = { .s = p, .len = e ? (size_t)(e - p) : strlen(p) };
		if (tv_push(m, tv, t))
			return -1;
		if (!e)
			return 0;
		p = e + 1;
	}
}

struct active {
	const struct entry *e[MAX_DEPTH + 1];
	int n;
};

/* Expand calls of indexed helpers in IN into OUT, MAX_DEPTH levels. */
static int expand(struct mi *m, const struct token *in, size_t n, struct active *act,
		  struct tokvec *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct entry *e = NULL;
		size_t close;

		if (out->n > MAX_EXPANDED)
			return 1;
		if (act->n < MAX_DEPTH && tok_ident(&in[i]) && i + 1 < n &&
		    tok_is(&in[i + 1], "(") && !is_wrapper(&in[i]))
			e = lookup(m, in[i].s, in[i].len);
		if (e) {
			int k, rec = 0;
			for (k = 0; k < act->n; k++)
				if (act->e[k] == e)
					rec = 1;
			if (rec || strchr(e->params, '.'))
				e = NULL;       /* recursion or variadic */
		}
		close = e ? match_paren(in, n, i + 1) : (size_t)-1;
		if (e && close != (size_t)-1) {
			/* argument ranges */
			size_t as[32], ae[32], na = 0, k, start = i + 2;
			int depth = 0, np = *e->params ? 1 : 0, bad = 0;
			const char *p;
			struct tokvec body = { 0 }, sub = { 0 };

			for (p = e->params; *p; p++)
				if (*p == ',')
					np++;
			for (k = i + 2; k <= close; k++) {
				if (k < close && (tok_is(&in[k], "(") || tok_is(&in[k], "[") ||
						  tok_is(&in[k], "{")))
					depth++;
				else if (k < close && (tok_is(&in[k], ")") || tok_is(&in[k], "]") ||
						       tok_is(&in[k], "}")))
					depth--;
				if (k == close || (depth == 0 && tok_is(&in[k], ","))) {
					if (na == 32) {
						bad = 1;
						break;
					}
					as[na] = start;
					ae[na] = k;
					na++;
					start = k + 1;
				}
			}
			if (np == 0 && na == 1 && as[0] == ae[0])
				na = 0;
			if (!bad && (int)na == np) {
				int rc = split_sep(m, e->exp, &body);
				for (k = 0; !rc && k < body.n; k++) {
					int pi = -1, idx = 0;
					const char *q = e->params;
					if (tok_ident(&body.v[k])) {
						while (*q) {
							const char *c = strchr(q, ',');
							size_t l = c ? (size_t)(c - q) : strlen(q);
							if (l == body.v[k].len && memcmp(q, body.v[k].s, l) == 0) {
								pi = idx;
								break;
							}
							idx++;
							q = c ? c + 1 : q + l;
						}
					}
					if (pi < 0) {
						rc = tv_push(m, &sub, body.v[k]);
					} else {
						struct token lp = { .s = "(", .len = 1 }, rp = { .s = ")", .len = 1 };
						size_t a;
						rc = tv_push(m, &sub, lp);
						for (a = as[pi]; !rc && a < ae[pi]; a++)
							rc = tv_push(m, &sub, in[a]);
						if (!rc)
							rc = tv_push(m, &sub, rp);
					}
				}
				if (!rc) {
					act->e[act->n++] = e;
					rc = expand(m, sub.v, sub.n, act, out);
					act->n--;
				}
				free(body.v);
				free(sub.v);
				if (rc < 0)
					return -1;
				if (rc > 0)
					return 1;
				i = close;
				continue;
			}
			free(body.v);
			free(sub.v);
		}
		if (tv_push(m, out, in[i]))
			return -1;
	}
	return 0;
}

static int is_operand_end(const struct token *t)
{
	return tok_ident(t) || isdigit((unsigned char)t->s[0]) || tok_is(t, ")") ||
	       tok_is(t, "]") || t->s[0] == '"' || t->s[0] == '\'';
}

static int is_stop(const struct token *t)
{
	static const char *const s[] = {
		"&&", "||", "?", ":", ",", ";", "==", "!=", "=", "|", "^", "<", ">",
		"<=", ">=", "{", "}", "return", "+=", "-=", "|=", "&=", NULL
	};
	size_t i;

	for (i = 0; s[i]; i++)
		if (tok_is(t, s[i]))
			return 1;
	return 0;
}

/* Simplify an operand in place: outer parens, wrappers, (x) around simple
 * chains, (&a)->b to a.b, leading casts are left alone. */
static size_t simplify(struct token *v, size_t n)
{
	int changed = 1;

	while (changed) {
		size_t i;
		changed = 0;
		/* outer parens */
		if (n >= 2 && tok_is(&v[0], "(") && match_paren(v, n, 0) == n - 1) {
			memmove(v, v + 1, (n - 2) * sizeof(*v));
			n -= 2;
			changed = 1;
			continue;
		}
		for (i = 0; i + 1 < n; i++) {
			/* W ( X ) and W ( X , ... ) -> ( X ) */
			if (is_wrapper(&v[i]) && tok_is(&v[i + 1], "(")) {
				size_t c = match_paren(v, n, i + 1), k, cut, o;
				int d = 0;
				if (c == (size_t)-1)
					continue;
				cut = c;
				for (k = i + 2; k < c; k++) {
					if (tok_is(&v[k], "(") || tok_is(&v[k], "["))
						d++;
					else if (tok_is(&v[k], ")") || tok_is(&v[k], "]"))
						d--;
					else if (d == 0 && tok_is(&v[k], ",")) {
						cut = k;
						break;
					}
				}
				/* v[i] = "(", X moves down by one, ")" then the rest */
				o = i;
				v[o++] = v[i + 1];
				for (k = i + 2; k < cut; k++)
					v[o++] = v[k];
				v[o] = v[c];            /* ")" */
				o++;
				for (k = c + 1; k < n; k++)
					v[o++] = v[k];
				n = o;
				changed = 1;
				break;
			}
			if (tok_is(&v[i], "(") && (i == 0 || !is_operand_end(&v[i - 1]))) {
				size_t c = match_paren(v, n, i), k;
				int simple = c != (size_t)-1 && c > i + 1;
				int amp = 0;
				if (!simple)
					continue;
				k = i + 1;
				if (tok_is(&v[k], "&")) {
					amp = 1;
					k++;
				}
				if (k >= c || !tok_ident(&v[k]))
					simple = 0;
				for (k++; simple && k < c; k += 2)
					if (k + 1 >= c || !tok_ident(&v[k + 1]) ||
					    (!tok_is(&v[k], "->") && !tok_is(&v[k], ".")))
						simple = 0;
				/* (type) x is a cast, not a parenthesised operand */
				if (simple && c + 1 < n &&
				    (is_operand_end(&v[c + 1]) || tok_is(&v[c + 1], "(") ||
				     tok_is(&v[c + 1], "~") || tok_is(&v[c + 1], "!")) &&
				    !tok_is(&v[c + 1], ")") && !tok_is(&v[c + 1], "]"))
					simple = 0;
				if (!simple) {
					/* ((X)) -> (X) */
					if (c != (size_t)-1 && c > i + 2 && tok_is(&v[i + 1], "(") &&
					    match_paren(v, n, i + 1) == c - 1) {
						memmove(v + c, v + c + 1, (n - c - 1) * sizeof(*v));
						n--;
						memmove(v + i, v + i + 1, (n - i - 1) * sizeof(*v));
						n--;
						changed = 1;
						break;
					}
					continue;
				}
				if (amp) {
					/* ( & chain ) -> f  =>  chain . f */
					if (c + 1 < n && tok_is(&v[c + 1], "->")) {
						v[c + 1].s = ".";
						v[c + 1].len = 1;
						memmove(v + c, v + c + 1, (n - c - 1) * sizeof(*v));
						n--;
						memmove(v + i, v + i + 2, (n - i - 2) * sizeof(*v));
						n -= 2;
						changed = 1;
						break;
					}
					continue;
				}
				memmove(v + c, v + c + 1, (n - c - 1) * sizeof(*v));
				n--;
				memmove(v + i, v + i + 1, (n - i - 1) * sizeof(*v));
				n--;
				changed = 1;
				break;
			}
		}
	}
	return n;
}

static int names_param(const struct token *t, const char *params)
{
	const char *q = params;

	if (!tok_ident(t))
		return 0;
	while (*q) {
		const char *c = strchr(q, ',');
		size_t l = c ? (size_t)(c - q) : strlen(q);
		if (l == t->len && memcmp(q, t->s, l) == 0)
			return 1;
		q = c ? c + 1 : q + l;
	}
	return 0;
}

/* Strip a leading cast "( type * ) x": contents identifiers and '*' only. */
static size_t strip_cast(struct token *v, size_t n)
{
	size_t c, k;

	if (n < 4 || !tok_is(&v[0], "("))
		return n;
	c = match_paren(v, n, 0);
	if (c == (size_t)-1 || c + 1 >= n || c < 2)
		return n;
	for (k = 1; k < c; k++)
		if (!tok_ident(&v[k]) && !tok_is(&v[k], "*"))
			return n;
	if (!(c > 2 || tok_is(&v[c - 1], "*")) && !tok_ident(&v[c + 1]) &&
	    !tok_is(&v[c + 1], "("))
		return n;
	memmove(v, v + c + 1, (n - c - 1) * sizeof(*v));
	return n - c - 1;
}

/* An operand the rule can name: [&|*] ident { -> ident | . ident | [ ... ] } */
static int is_chain(const struct token *v, size_t n)
{
	size_t i = 0;

	if (n && (tok_is(&v[0], "&") || tok_is(&v[0], "*")))
		i = 1;
	if (i >= n || !tok_ident(&v[i]) || tok_is(&v[i], "sizeof") ||
	    tok_is(&v[i], "typeof") || tok_is(&v[i], "__typeof__"))
		return 0;
	for (i++; i < n;) {
		if ((tok_is(&v[i], "->") || tok_is(&v[i], ".")) && i + 1 < n &&
		    tok_ident(&v[i + 1])) {
			i += 2;
		} else if (tok_is(&v[i], "[")) {
			size_t c = match_paren(v, n, i);
			if (c == (size_t)-1)
				return 0;
			i = c + 1;
		} else {
			return 0;
		}
	}
	return 1;
}

/* Does the operand refer to a parameter, and does it load something? */
static void classify(const struct token *v, size_t n, const char *params, int *refs,
		     int *loads)
{
	size_t i, end = n;
	int prev_member = 0;

	*refs = *loads = 0;
	if (!is_chain(v, n))
		return;
	for (i = 0; i < n; i++) {
		if (!prev_member && names_param(&v[i], params))
			*refs = 1;
		prev_member = tok_is(&v[i], "->") || tok_is(&v[i], ".");
	}
	if (!*refs)
		return;
	i = 0;
	if (n && tok_is(&v[0], "&")) {
		/* &a->b.c.d: a + offset, only the "->"s before the last one load */
		i = 1;
		while (end >= 3 && tok_ident(&v[end - 1]) && tok_is(&v[end - 2], "."))
			end -= 2;
		if (end >= 3 && tok_ident(&v[end - 1]) && tok_is(&v[end - 2], "->"))
			end -= 2;
	} else if (n && tok_is(&v[0], "*")) {
		*loads = 1;
		return;
	}
	for (; i < end; i++)
		if (tok_is(&v[i], "->") || tok_is(&v[i], "[") ||
		    (tok_is(&v[i], "*") && (i == 0 || !is_operand_end(&v[i - 1]))))
			*loads = 1;
}

static void append_text(struct strbuf *b, const struct token *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i > 0 && (tok_ident(&v[i]) || isdigit((unsigned char)v[i].s[0])) &&
		    (tok_ident(&v[i - 1]) || isdigit((unsigned char)v[i - 1].s[0])))
			strbuf_addch(b, ' ');
		strbuf_add(b, v[i].s, v[i].len);
	}
}

static int relations_of(struct mi *m, struct entry *e, struct tokvec *scratch)
{
	struct tokvec raw = { 0 }, ex = { 0 };
	struct active act = { { e }, 1 };
	struct strbuf b = STRBUF_INIT;
	size_t k;
	int rc = e->kind > K_INLINE ? 0 : split_sep(m, e->exp, &raw);

	if (!rc && (e->kind > K_INLINE || !*e->params))
		goto done;
	if (!rc)
		rc = expand(m, raw.v, raw.n, &act, &ex);
	if (rc > 0)
		rc = 0;         /* over budget: use what was expanded */
	for (k = 0; !rc && k < ex.n; k++) {
		size_t a, z, ln, rn;
		int d, lrefs, lloads, rrefs, rloads;
		struct token *lv, *rv;

		if (!tok_is(&ex.v[k], "==") && !tok_is(&ex.v[k], "!="))
			continue;
		/* left operand */
		d = 0;
		a = k;
		while (a > 0) {
			const struct token *t = &ex.v[a - 1];
			if (tok_is(t, ")") || tok_is(t, "]"))
				d++;
			else if (tok_is(t, "(") || tok_is(t, "[")) {
				if (d == 0)
					break;
				d--;
			} else if (d == 0 && is_stop(t)) {
				break;
			} else if (d == 0 && tok_is(t, "&") && a >= 2 &&
				   is_operand_end(&ex.v[a - 2])) {
				break;  /* binary & */
			} else if (d == 0 && tok_is(t, "!")) {
				break;
			}
			a--;
		}
		/* right operand */
		d = 0;
		z = k + 1;
		while (z < ex.n) {
			const struct token *t = &ex.v[z];
			if (tok_is(t, "(") || tok_is(t, "["))
				d++;
			else if (tok_is(t, ")") || tok_is(t, "]")) {
				if (d == 0)
					break;
				d--;
			} else if (d == 0 && is_stop(t)) {
				break;
			} else if (d == 0 && tok_is(t, "&") && z > k + 1 &&
				   is_operand_end(&ex.v[z - 1])) {
				break;
			}
			z++;
		}
		if (a == k || z == k + 1)
			continue;
		ln = k - a;
		rn = z - (k + 1);
		scratch->n = 0;
		ALLOC_GROW(scratch->v, (ln + rn) * 2 + 8, scratch->cap);
		lv = scratch->v;
		rv = scratch->v + ln + 4;
		memcpy(lv, ex.v + a, ln * sizeof(*lv));
		memcpy(rv, ex.v + k + 1, rn * sizeof(*rv));
		ln = simplify(lv, ln);
		rn = simplify(rv, rn);
		ln = simplify(lv, strip_cast(lv, ln));
		rn = simplify(rv, strip_cast(rv, rn));
		classify(lv, ln, e->params, &lrefs, &lloads);
		classify(rv, rn, e->params, &rrefs, &rloads);
		if (!lrefs || !rrefs || !(lloads || rloads))
			continue;
		{
			size_t before = b.len;
			if (b.len)
				strbuf_addch(&b, ';');
			append_text(&b, lv, ln);
			strbuf_add(&b, ex.v[k].s, 2);
			append_text(&b, rv, rn);
			/* drop a duplicate of a relation already listed */
			if (before) {
				size_t len = b.len - before - 1;
				const char *cur = b.buf + before + 1, *p = b.buf;
				while (p < b.buf + before) {
					const char *semi = memchr(p, ';', (size_t)(b.buf + before - p));
					size_t l = semi ? (size_t)(semi - p) : (size_t)(b.buf + before - p);
					if (l == len && memcmp(p, cur, len) == 0) {
						b.len = before;
						b.buf[b.len] = '\0';
						break;
					}
					if (!semi)
						break;
					p = semi + 1;
				}
			}
			if (b.len > MAX_RELATION) {
				b.len = before;
				b.buf[b.len] = '\0';
				break;
			}
		}
	}
done:
	if (!rc && b.len)
		e->relation = strbuf_detach(&b);
	strbuf_release(&b);
	free(raw.v);
	free(ex.v);
	return rc < 0 ? -1 : 0;
}

/* ------------------------------------------------------ RCU vocabulary */

/* The loads an accessor may wrap: its first argument is the RCU pointer. */
static int is_rcu_load(const struct token *t)
{
	static const char *const w[] = {
		VOCAB_RCU_DEREFERENCE, VOCAB_RCU_ACCESS, VOCAB_RCU_LIST_CURSORS, NULL
	};

	return tok_in(t, w);
}

/* The calls that take a reference, seeds of the ref-get rows: a helper is
 * reference-taking when its body calls one of these or such a helper. */
static const char *const ref_seeds[] = { VOCAB_REF_GET, NULL };

static int param_index(const char *params, const struct token *t)
{
	const char *q = params;
	int idx = 0;

	while (tok_ident(t) && *q) {
		const char *c = strchr(q, ',');
		size_t l = c ? (size_t)(c - q) : strlen(q);
		if (l == t->len && memcmp(q, t->s, l) == 0)
			return idx;
		idx++;
		q = c ? c + 1 : q + l;
	}
	return -1;
}

/* Argument ranges of the call whose parens are v[open], v[close]. */
static size_t call_args(const struct token *v, size_t open, size_t close, size_t *as,
			size_t *ae, size_t max)
{
	size_t k, na = 0, start = open + 1;
	int d = 0;

	for (k = open + 1; k <= close; k++) {
		if (k < close && (tok_is(&v[k], "(") || tok_is(&v[k], "[") || tok_is(&v[k], "{")))
			d++;
		else if (k < close && (tok_is(&v[k], ")") || tok_is(&v[k], "]") || tok_is(&v[k], "}")))
			d--;
		if (k == close || (d == 0 && tok_is(&v[k], ","))) {
			if (na == max)
				return max + 1;
			as[na] = start;
			ae[na] = k;
			na++;
			start = k + 1;
		}
	}
	return na;
}

/* If E's result is an RCU load (its body, past casts and parentheses, is
 * rcu_dereference*(X, ...), or a call of such an accessor), the loaded X in
 * terms of E's parameters into OUT, and the load's primitive into *PRIM. */
static int rcu_load_of(struct mi *m, const struct entry *e, int depth, struct tokvec *out,
		       const char **prim)
{
	struct tokvec raw = { 0 }, inner = { 0 };
	const struct entry *callee;
	size_t n, close, as[16], ae[16], na, k;
	struct token *v;
	int found = 0;

	out->n = 0;
	if (split_sep(m, e->exp, &raw))
		return 0;
	v = raw.v;
	n = raw.n;
	for (;;) {
		size_t before = n;
		if (n >= 2 && tok_is(&v[0], "(") && match_paren(v, n, 0) == n - 1) {
			v++;
			n -= 2;
		}
		n = strip_cast(v, n);
		if (n == before)
			break;
	}
	if (n < 3 || !tok_ident(&v[0]) || !tok_is(&v[1], "(") ||
	    (close = match_paren(v, n, 1)) != n - 1)
		goto done;
	na = call_args(v, 1, close, as, ae, 16);
	if (na == 0 || na > 16 || as[0] == ae[0])
		goto done;
	if (is_rcu_load(&v[0])) {
		for (k = as[0]; k < ae[0]; k++)
			tv_push(m, out, v[k]);
		*prim = arena_strndup(m, v[0].s, v[0].len);
		found = 1;
		goto done;
	}
	callee = depth < MAX_DEPTH ? lookup(m, v[0].s, v[0].len) : NULL;
	if (!callee || callee == e || strchr(callee->params, '.') ||
	    !rcu_load_of(m, callee, depth + 1, &inner, prim))
		goto done;
	/* the callee's load, its parameters replaced by this call's arguments */
	for (k = 0; k < inner.n; k++) {
		int pi = param_index(callee->params, &inner.v[k]);
		if (pi < 0) {
			tv_push(m, out, inner.v[k]);
		} else if ((size_t)pi < na) {
			size_t a;
			for (a = as[pi]; a < ae[pi]; a++)
				tv_push(m, out, v[a]);
		} else {
			goto done;
		}
	}
	found = 1;
done:
	free(raw.v);
	free(inner.v);
	return found && out->n;
}

/* A macro whose body hands a parameter straight to an RCU load, whatever
 * it then does with the result (rcu_str_deref(s) is ({ struct rcu_string
 * *__str = rcu_dereference(s); __str->str; })): a load of that argument.
 * The parameter into OUT. */
static int rcu_arg_of(struct mi *m, const struct entry *e, struct tokvec *out,
		      const char **prim)
{
	struct tokvec raw = { 0 };
	size_t i, k;
	int found = 0;

	out->n = 0;
	if (e->kind != K_MACRO || split_sep(m, e->exp, &raw))
		return 0;
	for (i = 0; !found && i + 2 < raw.n; i++) {
		size_t open = 0, prm;
		if (!is_rcu_load(&raw.v[i]) || !tok_is(&raw.v[i + 1], "("))
			continue;
		for (k = i + 2; k < raw.n && tok_is(&raw.v[k], "("); k++)
			open++;
		if (k >= raw.n || param_index(e->params, &raw.v[k]) < 0)
			continue;
		/* the parameter alone: ( ( s ) ) then ',' or ')' */
		prm = k;
		for (k++; open && k < raw.n && tok_is(&raw.v[k], ")"); k++)
			open--;
		if (open || k >= raw.n || !(tok_is(&raw.v[k], ",") || tok_is(&raw.v[k], ")")))
			continue;
		tv_push(m, out, raw.v[prm]);
		*prim = arena_strndup(m, raw.v[i].s, raw.v[i].len);
		found = 1;
	}
	free(raw.v);
	return found;
}

static int cmp_fn(const void *a, const void *b)
{
	return strcmp(((const struct fnrec *)a)->name, ((const struct fnrec *)b)->name);
}

/* The first of the helpers named NAME in the sorted m->fn, or -1. */
static long fn_group(const struct mi *m, const char *name)
{
	struct fnrec key = { .name = name };
	const struct fnrec *f = m->nfn ? bsearch(&key, m->fn, m->nfn, sizeof(*m->fn), cmp_fn) : NULL;

	if (!f)
		return -1;
	while (f > m->fn && strcmp(f[-1].name, name) == 0)
		f--;
	return f - m->fn;
}

struct edge {
	size_t from;    /* a helper of m->fn */
	size_t to;      /* the first helper of the name it calls */
};

/* Mark the helpers that take a reference (fnrec.via): those that call a
 * seed, then, to a fixpoint, those that call a marked helper. Each call is
 * looked up once; the fixpoint runs over the resolved calls. */
static void ref_helpers(struct mi *m)
{
	struct edge *edges = NULL;
	size_t nedges = 0, capedges = 0, i, *first = xcalloc(m->nfn + 1, sizeof(*first));
	char *marked = xcalloc(m->nfn + 1, 1);      /* by first helper of a name */
	int changed = 1;

	if (m->nfn)     /* a tree without functions has no array to sort */
		qsort(m->fn, m->nfn, sizeof(*m->fn), cmp_fn);
	for (i = 0; i < m->nfn; i++)
		first[i] = i && strcmp(m->fn[i].name, m->fn[i - 1].name) == 0 ? first[i - 1] : i;
	for (i = 0; i < m->nfn; i++) {
		struct fnrec *f = &m->fn[i];
		const char *p = f->calls;
		while (*p && !f->via) {
			const char *e = strchr(p, SEP);
			size_t l = e ? (size_t)(e - p) : strlen(p);
			char name[128];
			if (l < sizeof(name)) {
				long g;
				memcpy(name, p, l);
				name[l] = '\0';
				if (str_in(name, ref_seeds)) {
					f->via = arena_strndup(m, name, l);
					marked[first[i]] = 1;
				} else if ((g = fn_group(m, name)) >= 0 && (size_t)g != first[i]) {
					ALLOC_GROW(edges, nedges + 1, capedges);
					edges[nedges].from = i;
					edges[nedges].to = (size_t)g;
					nedges++;
				}
			}
			p = e ? e + 1 : p + l;
		}
	}
	while (changed) {
		changed = 0;
		for (i = 0; i < nedges; i++) {
			struct fnrec *f = &m->fn[edges[i].from];
			if (f->via || !marked[edges[i].to])
				continue;
			f->via = m->fn[edges[i].to].name;
			marked[first[edges[i].from]] = 1;
			changed = 1;
		}
	}
	free(edges);
	free(first);
	free(marked);
}

/* Rows for the RCU vocabulary: the accessors whose result is an RCU load,
 * the reference-taking helpers (to a fixpoint: a helper that calls one
 * takes one), and the __rcu fields under typedef names of their struct. */
static void rcu_vocabulary(struct mi *m)
{
	struct tokvec load = { 0 };
	size_t i, nent = m->nent, nfields = 0, capfields = 0, *fields = NULL;

	for (i = 0; i < nent; i++) {
		const char *prim = NULL;
		const struct entry *e = &m->ent[i];
		if (e->kind > K_INLINE || !*e->params || strchr(e->params, '.'))
			continue;
		if (rcu_load_of(m, e, 0, &load, &prim) || rcu_arg_of(m, e, &load, &prim)) {
			const char *name = e->name, *params = e->params;
			const char *exp = join_sep(m, load.v, 0, load.n);
			add_row(m, name, strlen(name), K_RCU_LOAD, params, exp, prim);
		}
	}
	free(load.v);

	ref_helpers(m);
	for (i = 0; i < m->nfn; i++)
		if (m->fn[i].via)
			add_row(m, m->fn[i].name, strlen(m->fn[i].name), K_REF_GET, m->fn[i].params,
				m->fn[i].loc, m->fn[i].via);

	for (i = 0; i < nent; i++)
		if (m->ent[i].kind == K_RCU_FIELD) {
			ALLOC_GROW(fields, nfields + 1, capfields);
			fields[nfields++] = i;
		}
	for (i = 0; i < m->nalias; i++) {
		size_t k;
		for (k = 0; k < nfields; k++) {
			const struct entry *e = &m->ent[fields[k]];
			if (strcmp(e->params, m->alias[i].tag) == 0)
				add_row(m, e->name, strlen(e->name), K_RCU_FIELD, m->alias[i].name,
					e->exp, NULL);
		}
	}
	free(fields);
}

/* ---------------------------------------------------------------- output */

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	if ((c = strcmp(x->params, y->params)))
		return c;
	return strcmp(x->exp, y->exp);
}

static int needs_space(const char *prev, size_t pn, const char *cur, size_t cn)
{
	static const char *const tight_after[] = { "(", "[", "->", ".", "!", "~", "#", NULL };
	static const char *const tight_before[] = { ")", "]", ",", ";", "->", ".", "(", "[", "##", NULL };
	size_t i;

	(void)cn;
	for (i = 0; tight_after[i]; i++)
		if (pn == strlen(tight_after[i]) && memcmp(prev, tight_after[i], pn) == 0)
			return 0;
	for (i = 0; tight_before[i]; i++)
		if (cn == strlen(tight_before[i]) && memcmp(cur, tight_before[i], cn) == 0) {
			/* "(" after an operator keeps its space: "a == (b)" */
			if (cur[0] == '(' || cur[0] == '[')
				return !(clex_ident_char((unsigned char)prev[pn - 1]) ||
					 prev[pn - 1] == ')' || prev[pn - 1] == ']');
			return 0;
		}
	return 1;
}

static void write_exp(FILE *f, const char *exp)
{
	const char *p = exp, *prev = NULL;
	size_t pn = 0;

	while (*p) {
		const char *e = strchr(p, SEP);
		size_t n = e ? (size_t)(e - p) : strlen(p), i;
		if (prev && needs_space(prev, pn, p, n))
			fputc(' ', f);
		for (i = 0; i < n; i++)
			fputc(p[i] == '\t' || p[i] == '\n' ? ' ' : p[i], f);
		prev = p;
		pn = n;
		if (!e)
			break;
		p = e + 1;
	}
}

static void free_all(struct mi *m)
{
	size_t i;

	for (i = 0; i < m->nent; i++)
		free(m->ent[i].relation);
	free(m->ent);
	free(m->hash);
	free(m->fn);
	free(m->alias);
	free(m->splice);
	while (m->arena) {
		struct arena_chunk *c = m->arena;
		m->arena = c->next;
		free(c);
	}
}

int macroindex_stamp(const char *kdir, uint64_t *stamp, unsigned long *headers,
		     char *err, size_t errlen)
{
	struct mi m = { 0 };
	struct stat sb;

	m.err = err;
	m.errlen = errlen;
	m.stamp_only = 1;
	m.stamp = VOCAB_DIGEST;	/* a list of rules/data/ that changed rebuilds the index */
	if (err && errlen)
		err[0] = '\0';
	if (stat(kdir, &sb) || !S_ISDIR(sb.st_mode)) {
		set_err(&m, "macroindex: %s is not a directory", kdir);
		return -1;
	}
	if (walk(&m, kdir, "", 0, NULL))
		return -1;
	*stamp = m.stamp;
	*headers = m.st.headers;
	return 0;
}

int macroindex_build(const char *kdir, const char *out_path,
		     struct macroindex_stats *st, char *err, size_t errlen)
{
	struct mi m = { 0 };
	struct tokvec tv = { 0 };
	struct stat sb;
	double t0 = now_seconds();
	size_t i, o;
	FILE *f = NULL;
	char *tmp = NULL;
	int rc = -1;

	m.err = err;
	m.errlen = errlen;
	if (err && errlen)
		err[0] = '\0';
	if (!kdir || !out_path) {
		set_err(&m, "macroindex: no tree or no output path");
		return -1;
	}
	if (stat(kdir, &sb) || !S_ISDIR(sb.st_mode)) {
		set_err(&m, "macroindex: %s is not a directory", kdir);
		return -1;
	}
	if (walk(&m, kdir, "", 0, &tv))
		goto out;
	if (m.nent)
		qsort(m.ent, m.nent, sizeof(*m.ent), cmp_entry);
	/* identical rows once */
	for (i = 0, o = 0; i < m.nent; i++)
		if (!o || cmp_entry(&m.ent[o - 1], &m.ent[i]))
			m.ent[o++] = m.ent[i];
	m.nent = o;
	if (build_hash(&m))
		goto out;
	tv.n = 0;
	for (i = 0; i < m.nent; i++) {
		if (relations_of(&m, &m.ent[i], &tv))
			goto out;
		if (m.ent[i].relation)
			m.st.relations++;
	}
	rcu_vocabulary(&m);
	if (m.nent)
		qsort(m.ent, m.nent, sizeof(*m.ent), cmp_entry);
	for (i = 0, o = 0; i < m.nent; i++)
		if (!o || cmp_entry(&m.ent[o - 1], &m.ent[i]))
			m.ent[o++] = m.ent[i];
		else
			free(m.ent[i].relation);
	m.nent = o;
	m.st.macros = m.st.inlines = 0;
	for (i = 0; i < m.nent; i++) {
		unsigned long *count[] = { &m.st.macros, &m.st.inlines, &m.st.rcu_fields,
					   &m.st.rcu_loads, &m.st.ref_helpers };
		(*count[m.ent[i].kind])++;
	}
	/* write to a temporary name, then rename: readers never see half a file */
	tmp = xasprintf("%s.tmp", out_path);
	f = fopen(tmp, "w");
	if (!f) {
		set_err(&m, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	for (i = 0; i < m.nent; i++) {
		const struct entry *e = &m.ent[i];
		fprintf(f, "%s\t%s\t%s\t", e->name, kind_names[e->kind], e->params);
		write_exp(f, e->exp);
		fprintf(f, "\t%s\n", e->relation ? e->relation : "");
	}
	if (ferror(f) | fclose(f)) {
		f = NULL;
		set_err(&m, "error writing %s", tmp);
		remove(tmp);
		goto out;
	}
	f = NULL;
	if (rename(tmp, out_path)) {
		set_err(&m, "cannot rename %s to %s: %s", tmp, out_path, strerror(errno));
		remove(tmp);
		goto out;
	}
	rc = 0;
out:
	if (f) {
		fclose(f);
		remove(tmp);
	}
	free(tmp);
	free(tv.v);
	m.st.seconds = now_seconds() - t0;
	if (st)
		*st = m.st;
	free_all(&m);
	return rc;
}

/* ----------------------------------------------------------------- stamp */

#define STAMP_FORMAT "lockers-macroindex 2 %016llx %lu %lu %lu %lu %lu %lu %lu\n"

static int stamp_matches(const char *kdir, const char *index, struct macroindex_stats *st)
{
	char err[256], *path = xasprintf("%s.stamp", index);
	struct strbuf sb = STRBUF_INIT;
	unsigned long long want;
	unsigned long headers;
	uint64_t stamp;
	double t0 = now_seconds();
	int ok = 0;
	struct stat ist;

	if (stat(index, &ist) == 0 && S_ISREG(ist.st_mode) && !strbuf_read_file(&sb, path) &&
	    sscanf(sb.buf, "lockers-macroindex 2 %16llx %lu %lu %lu %lu %lu %lu %lu", &want,
		   &st->headers, &st->macros, &st->inlines, &st->relations, &st->rcu_fields,
		   &st->rcu_loads, &st->ref_helpers) == 8 &&
	    !macroindex_stamp(kdir, &stamp, &headers, err, sizeof(err)) &&
	    stamp == (uint64_t)want && headers == st->headers)
		ok = 1;
	st->seconds = now_seconds() - t0;
	if (!ok)
		memset(st, 0, sizeof(*st));
	strbuf_release(&sb);
	free(path);
	return ok;
}

static void write_stamp(const char *kdir, const char *index, const struct macroindex_stats *st)
{
	char err[256], *path = xasprintf("%s.stamp", index);
	unsigned long headers;
	uint64_t stamp;

	/* Headers that change during the build make a stamp that never matches: safe. */
	if (!macroindex_stamp(kdir, &stamp, &headers, err, sizeof(err))) {
		char *text = xasprintf(STAMP_FORMAT, (unsigned long long)stamp, st->headers,
				       st->macros, st->inlines, st->relations, st->rcu_fields,
				       st->rcu_loads, st->ref_helpers);
		if (headers == st->headers && write_file_atomic(path, text, strlen(text)))
			warning_msg("cannot write %s: %s", path, strerror(errno));
		free(text);
	}
	free(path);
}

int macroindex_update(const char *kdir, const char *out_path, struct macroindex_stats *st,
		      int *reused, char *err, size_t errlen)
{
	char *dir = xstrdup(out_path);
	char *slash = strrchr(dir, '/');

	if (slash && slash != dir) {
		*slash = '\0';
		mkdir_p(dir);
	}
	free(dir);
	*reused = stamp_matches(kdir, out_path, st);
	if (*reused)
		return 0;
	if (macroindex_build(kdir, out_path, st, err, errlen))
		return -1;
	write_stamp(kdir, out_path, st);
	return 0;
}

int macroindex_hash(const char *index, uint64_t *hash)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, index))
		return -1;
	*hash = hash_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
	return 0;
}
