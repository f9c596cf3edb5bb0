/* The macro index's RCU vocabulary: the rcu-load and ref-get rows, from the lists of rules/data/. */
#include "index/mi.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <stdlib.h>
#include <string.h>

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
		*prim = arena_strndup(&m->arena, v[0].s, v[0].len);
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

static int rcu_arg_of(struct mi *m, const struct entry *e, struct tokvec *out,
		      const char **prim, int depth);

/* The call at raw[i] is of a macro that hands its argument j to an RCU load
 * (rcu_arg_of()), and that argument is one of e's parameters alone: it, into
 * OUT (ip_vs_rht_walk_buckets_rcu(table, head) calls
 * ip_vs_rht_for_each_table_rcu(table, _t, _p), which loads table). */
static int rcu_arg_through(struct mi *m, const struct entry *e, const struct tokvec *raw, size_t i,
			   int depth, struct tokvec *out, const char **prim)
{
	const struct entry *callee = lookup(m, raw->v[i].s, raw->v[i].len);
	struct tokvec inner = { 0 };
	size_t close, as[16], ae[16], na;
	int j, found = 0;

	if (!callee || callee == e || callee->kind != K_MACRO || depth >= MAX_DEPTH ||
	    !rcu_arg_of(m, callee, &inner, prim, depth + 1) ||
	    (j = param_index(callee->params, &inner.v[0])) < 0 ||
	    (close = match_paren(raw->v, raw->n, i + 1)) >= raw->n)
		goto out;
	na = call_args(raw->v, i + 1, close, as, ae, 16);
	if ((size_t)j < na && na <= 16 && ae[j] == as[j] + 1 && param_index(e->params, &raw->v[as[j]]) >= 0) {
		tv_push(m, out, raw->v[as[j]]);
		found = 1;
	}
out:
	free(inner.v);
	return found;
}

/* A macro whose body hands a parameter straight to an RCU load, whatever
 * it then does with the result (rcu_str_deref(s) is ({ struct rcu_string
 * *__str = rcu_dereference(s); __str->str; })), or to a macro that does,
 * however deep: a load of that argument. The parameter into OUT. */
static int rcu_arg_of(struct mi *m, const struct entry *e, struct tokvec *out,
		      const char **prim, int depth)
{
	struct tokvec raw = { 0 };
	size_t i, k;
	int found = 0;

	out->n = 0;
	if (e->kind != K_MACRO || split_sep(m, e->exp, &raw))
		return 0;
	for (i = 0; !found && i + 2 < raw.n; i++) {
		size_t open = 0, prm;
		if (!tok_is(&raw.v[i + 1], "(") || !tok_ident(&raw.v[i]))
			continue;
		if (!is_rcu_load(&raw.v[i])) {
			found = rcu_arg_through(m, e, &raw, i, depth, out, prim);
			continue;
		}
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
		*prim = arena_strndup(&m->arena, raw.v[i].s, raw.v[i].len);
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
void ref_helpers(struct mi *m)
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
					f->via = arena_strndup(&m->arena, name, l);
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
 * takes one), and the __rcu fields and rcu_head members under typedef names
 * of their struct. */
void rcu_vocabulary(struct mi *m)
{
	struct tokvec load = { 0 };
	size_t i, nent = m->nent, nfields = 0, capfields = 0, *fields = NULL;

	for (i = 0; i < nent; i++) {
		const char *prim = NULL;
		const struct entry *e = &m->ent[i];
		if (e->kind > K_INLINE || !*e->params || strchr(e->params, '.'))
			continue;
		if (rcu_load_of(m, e, 0, &load, &prim) || rcu_arg_of(m, e, &load, &prim, 0)) {
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
		if (m->ent[i].kind == K_RCU_FIELD || m->ent[i].kind == K_RCU_HEAD) {
			ALLOC_GROW(fields, nfields + 1, capfields);
			fields[nfields++] = i;
		}
	for (i = 0; i < m->nalias; i++) {
		size_t k;
		for (k = 0; k < nfields; k++) {
			const struct entry *e = &m->ent[fields[k]];
			if (strcmp(e->params, m->alias[i].tag) == 0)
				add_row(m, e->name, strlen(e->name), e->kind, m->alias[i].name,
					e->exp, e->relation);
		}
	}
	free(fields);
}

