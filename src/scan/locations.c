#include "scan/locations.h"
#include "lib/clex.h"
#include "lib/strvec.h"

#include <string.h>

static int same(const struct token *a, const struct token *b)
{
	return a->len == b->len && !memcmp(a->s, b->s, a->len);
}

static int in_set(const struct tokset *ts, const struct token *t)
{
	return ts && tokset_has_n(ts, t->s, t->len);
}

static int member_op(const struct token *t)
{
	return tok_is(t, "->") || tok_is(t, ".");
}

size_t locations_arg_end(const struct token *v, size_t n, size_t a)
{
	unsigned depth = 0;

	for (size_t i = a; i < n; i++) {
		if (tok_is(&v[i], "(") || tok_is(&v[i], "[") || tok_is(&v[i], "{"))
			depth++;
		else if (tok_is(&v[i], ")") || tok_is(&v[i], "]") || tok_is(&v[i], "}")) {
			if (!depth)
				return i;
			depth--;
		} else if (!depth && tok_is(&v[i], ",")) {
			return i;
		}
	}
	return n;
}

/*
 * The name an expression v[a..b) keys a location by: its last identifier
 * once index groups and closing parentheses are taken off the end (p->f[i]
 * and ((struct x *)p)->f give f). *member tells ->f from a variable. NULL
 * when it ends in something else, or in a constant's all-capital name.
 */
static const struct token *key_name(const struct token *v, size_t a, size_t b, int *member)
{
	while (b > a) {
		if (tok_is(&v[b - 1], ")")) {
			b--;
		} else if (tok_is(&v[b - 1], "]")) {
			unsigned depth = 0;
			size_t i = b;
			while (i > a) {
				i--;
				if (tok_is(&v[i], "]"))
					depth++;
				else if (tok_is(&v[i], "[") && --depth == 0)
					break;
			}
			if (depth)
				return NULL;
			b = i;
		} else {
			break;
		}
	}
	if (b == a || v[b - 1].kind != TOK_IDENT)
		return NULL;
	*member = b - a >= 2 && member_op(&v[b - 2]);
	if (!*member) {
		const struct token *t = &v[b - 1];
		size_t k = 0;
		while (k < t->len && ((t->s[k] >= 'A' && t->s[k] <= 'Z') || (t->s[k] >= '0' && t->s[k] <= '9') ||
				      t->s[k] == '_'))
			k++;
		if (k == t->len)
			return NULL;	/* NULL, HZ: loc_key() takes no constant */
	}
	return &v[b - 1];
}

static const struct token *add_key(struct locations *out, const struct token *v, size_t a, size_t b)
{
	int member;
	const struct token *t = key_name(v, a, b, &member);

	if (t)
		tokset_add(member ? &out->member : &out->bare, t->s, t->len);
	return t && !member ? t : NULL;
}

/*
 * A Freed call's arguments from v[a]: &E->member (the first or, for
 * call_srcu(), the second) names E, and the member too; a first argument
 * without '&' names itself (kfree_rcu(E, head)). The locals so named go
 * to local[].
 */
static void add_freed(struct locations *out, const struct token *v, size_t n, size_t a,
		      const struct token *local[2])
{
	for (int k = 0; k < 2 && a < n; k++) {
		size_t b = locations_arg_end(v, n, a);
		if (tok_is(&v[a], "&")) {
			if (b - a >= 3 && v[b - 1].kind == TOK_IDENT && member_op(&v[b - 2]))
				local[k] = add_key(out, v, a + 1, b - 2);
			/* the rules' F(E, fld) takes call_rcu(&s.in.rcu, cb) whole: ->rcu */
			add_key(out, v, a + 1, b);
		} else if (k == 0) {
			local[k] = add_key(out, v, a, b);
		}
		if (b >= n || !tok_is(&v[b], ","))
			break;
		a = b + 1;
	}
}

/*
 * old = p->f; ... kfree_rcu(old, rcu): what the freed locals were assigned
 * from anywhere in body bd (after the call too: the rules follow a loop's
 * back edge).
 */
static void add_assigned_from(struct locations *out, const struct token *v, const struct body_span *bd,
			      const struct token *local[2])
{
	for (size_t j = bd->open + 1; j + 1 < bd->close; j++) {
		if (!tok_is(&v[j + 1], "=") || member_op(&v[j - 1]))
			continue;
		if (!(local[0] && same(&v[j], local[0])) && !(local[1] && same(&v[j], local[1])))
			continue;
		size_t e = j + 2;
		unsigned depth = 0;
		while (e < bd->close && !(depth == 0 && (tok_is(&v[e], ";") || tok_is(&v[e], ",")))) {
			if (tok_is(&v[e], "(") || tok_is(&v[e], "[") || tok_is(&v[e], "{"))
				depth++;
			else if ((tok_is(&v[e], ")") || tok_is(&v[e], "]") || tok_is(&v[e], "}")) && depth)
				depth--;
			e++;
		}
		add_key(out, v, j + 2, e);
	}
}

void locations_collect(const struct location_calls *lc, const struct token *v, size_t n,
		       const struct body_span *bodies, size_t nbodies, struct locations *out)
{
	struct tokset idents = { 0 };
	size_t bi = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		if (v[i].kind != TOK_IDENT)
			continue;
		tokset_add(&idents, v[i].s, v[i].len);
		if (i + 1 >= n || !tok_is(&v[i + 1], "("))
			continue;
		if (in_set(&lc->first_arg, &v[i]) || in_set(lc->more_first_arg, &v[i]))
			add_key(out, v, i + 2, locations_arg_end(v, n, i + 2));
		if (!in_set(&lc->freed, &v[i]))
			continue;
		const struct token *local[2] = { NULL, NULL };
		add_freed(out, v, n, i + 2, local);
		while (bi < nbodies && bodies[bi].close < i)
			bi++;
		if ((local[0] || local[1]) && bi < nbodies && bodies[bi].open < i)
			add_assigned_from(out, v, &bodies[bi], local);
	}
	/* members the tree declares __rcu, in a struct the file (or the macro file) names */
	if (lc->rcu_fields) {
		for (size_t k = 0; k + 1 < lc->rcu_fields->nr; k += 2) {
			const char *st = lc->rcu_fields->v[k + 1];
			if (!tokset_has(&idents, st) && !(lc->always_named && tokset_has(lc->always_named, st)))
				continue;
			const char *m = lc->rcu_fields->v[k];
			size_t len = strcspn(m, "[");
			tokset_add(&out->member, m, len);
		}
	}
	tokset_release(&idents);
}

void locations_release(struct locations *l)
{
	tokset_release(&l->member);
	tokset_release(&l->bare);
}

static int keyword(const struct token *t)
{
	static const char *const kw[] = {
		"return", "case", "goto", "sizeof", "typeof", "__typeof__", "__typeof", "else", "do",
		"break", "continue", "default", "if", "while", "for", "switch", NULL
	};

	for (size_t i = 0; kw[i]; i++)
		if (tok_is(t, kw[i]))
			return 1;
	return 0;
}

/*
 * v[k] is the name of a declaration statement: "T *name", "struct s name"
 * or "unsigned long name" right after ';', '{' or '}', followed by '=',
 * ';', ',' or '['. Not "return *name;", "x = n * name;", "f(a, name)".
 */
static int declares(const struct token *v, size_t from, size_t k)
{
	const struct token *next = &v[k + 1];

	if (!tok_is(next, "=") && !tok_is(next, ";") && !tok_is(next, ",") && !tok_is(next, "["))
		return 0;
	size_t j = k;
	while (j > from && tok_is(&v[j - 1], "*"))
		j--;
	size_t words = 0;
	while (j > from && v[j - 1].kind == TOK_IDENT && !keyword(&v[j - 1])) {
		j--;
		words++;
	}
	return words && j > from &&
	       (tok_is(&v[j - 1], ";") || tok_is(&v[j - 1], "{") || tok_is(&v[j - 1], "}"));
}

/* The '{' at v[k], past v[from], opens a struct, union or enum body (members, not locals). */
static int tag_body(const struct token *v, size_t from, size_t k)
{
	if (k > from && tok_is_tag(&v[k - 1]))
		return 1;	/* struct { */
	return k > from + 1 && v[k - 1].kind == TOK_IDENT && tok_is_tag(&v[k - 2]);	/* struct s { */
}

/* Parameter names: before a ',' or the closing ')' of the list at v[head]. */
static int parameter(const struct token *v, const struct body_span *b, const struct token *name)
{
	unsigned depth = 0;

	for (size_t k = b->head; k < b->open; k++) {
		if (tok_is(&v[k], "("))
			depth++;
		else if (tok_is(&v[k], ")"))
			depth--;
		if ((depth == 1 && tok_is(&v[k], ",")) || (depth == 0 && tok_is(&v[k], ")")))
			if (k > b->head && same(&v[k - 1], name))
				return 1;
		if (depth == 0 && k > b->head)
			break;
	}
	return 0;
}

/*
 * name is a parameter of body b or a local it declares: then the name is
 * the function's own variable, not the file's. Taking a use for a
 * declaration would blank a body that matters, so only plain declaration
 * statements count, and not the members of a struct defined in the body.
 */
static int declared_in(const struct token *v, const struct body_span *b, const struct token *name)
{
	unsigned char tags[64];	/* per brace depth: a struct body; deeper ones count as such */
	size_t depth = 0;

	if (parameter(v, b, name))
		return 1;
	for (size_t k = b->open + 1; k + 1 < b->close; k++) {
		if (tok_is(&v[k], "{")) {
			int tag = tag_body(v, b->open, k) || (depth && tags[depth < 64 ? depth - 1 : 63]);
			tags[depth < 64 ? depth : 63] = (unsigned char)tag;
			depth++;
		} else if (tok_is(&v[k], "}")) {
			if (depth)
				depth--;
		} else if (same(&v[k], name) && !(depth && tags[depth <= 64 ? depth - 1 : 63]) &&
			   declares(v, b->open, k)) {
			return 1;
		}
	}
	return 0;
}

int locations_named(const struct locations *l, const struct token *v, const struct body_span *b)
{
	for (size_t j = b->open + 1; j < b->close; j++) {
		if (v[j].kind != TOK_IDENT)
			continue;
		if (member_op(&v[j - 1])) {
			if (in_set(&l->member, &v[j]))
				return 1;
		} else if (in_set(&l->bare, &v[j]) && !declared_in(v, b, &v[j])) {
			return 1;
		}
	}
	return 0;
}
