/* The macro index's expansion: a row's body with the helpers it calls expanded, and the relations it compares. */
#include "index/mi.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ relations */

static int entry_eq(const void *data, uint32_t i, const void *key, size_t len)
{
	const char *name = ((const struct entry *)data)[i].name;

	return !strncmp(name, key, len) && !name[len];
}

static uint64_t entry_hash(const void *data, uint32_t i)
{
	const char *name = ((const struct entry *)data)[i].name;

	return hash_bytes(name, strlen(name));
}

/* The macros and inline helpers by name (m->ent sorted). */
int build_hash(struct mi *m)
{
	m->by_name = (struct hashmap)HASHMAP_INIT(entry_eq, entry_hash);
	for (size_t i = 0; i < m->nent; i++) {
		if (m->ent[i].kind > K_INLINE ||
		    (i > 0 && strcmp(m->ent[i].name, m->ent[i - 1].name) == 0))
			continue;       /* first definition in sorted order wins */
		hashmap_add(&m->by_name, m->ent, hash_bytes(m->ent[i].name, strlen(m->ent[i].name)),
			    (uint32_t)i);
	}
	return 0;
}

const struct entry *lookup(const struct mi *m, const char *s, size_t n)
{
	uint32_t i = hashmap_get(&m->by_name, m->ent, hash_bytes(s, n), s, n);

	return i == HASHMAP_NONE ? NULL : &m->ent[i];
}

/* s is one of the NULL-terminated names (a list of rules/data/). */
int str_in(const char *s, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(s, *names))
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
int split_sep(struct mi *m, const char *s, struct tokvec *tv)
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
size_t strip_cast(struct token *v, size_t n)
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

int relations_of(struct mi *m, struct entry *e, struct tokvec *scratch)
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

