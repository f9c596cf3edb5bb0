#include "scan/fnscope.h"
#include "lib/clex.h"
#include "scan/locations.h"
#include "scan/prefilter.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many Requires groups (rules have one or two). */
#define MAX_GROUPS 8

struct fnscope {
	const struct rule *r;
	struct tokset group[MAX_GROUPS];	/* the words of one token */
	struct strvec group_seq[MAX_GROUPS];	/* the others: guard(rcu) */
	size_t ngroups;
	struct tokset facts;
	struct strvec facts_seq;
	struct tokset callees;		/* "Callers": tokens of the functions whose callers stay */
	const struct tokset *accessors;	/* tokens of group 0 too, or NULL */
	const struct tokset *needs_reader;	/* likewise (Needs: call-context), or NULL */
	int locations;			/* "Locations" or "Freed": lc is in use */
	struct location_calls lc;
	const struct tokset *sites;	/* "Sites": the index's sites, or NULL */
	struct tokset twice;		/* "Twice": calls whose first argument is a pointer */
	const struct tokset *twice_more;	/* the index's accessors, or NULL */
};

static void add_words(struct tokset *ts, const struct strvec *words)
{
	for (size_t i = 0; i < words->nr; i++)
		tokset_add(ts, words->v[i], strlen(words->v[i]));
}

/* The words of one token into ts, the sequences of tokens into seq. */
static void add_header_words(struct tokset *ts, struct strvec *seq, const struct strvec *words)
{
	for (size_t i = 0; i < words->nr; i++) {
		const char *first;
		size_t len;
		if (word_first_token(words->v[i], &first, &len))
			strvec_push(seq, words->v[i]);
		else
			tokset_add(ts, words->v[i], strlen(words->v[i]));
	}
}

/* The tokens from t (up to end) spell one of the words of seq. */
static int seq_at(const struct strvec *seq, const struct token *t, const struct token *end)
{
	for (size_t i = 0; i < seq->nr; i++)
		if (word_at(seq->v[i], t, end))
			return 1;
	return 0;
}

/* Column k (0-based) of a TSV line [line, end), or NULL; *len its length. */
static const char *column(const char *line, const char *end, int k, size_t *len)
{
	for (; k > 0; k--) {
		const char *tab = memchr(line, '\t', (size_t)(end - line));
		if (!tab)
			return NULL;
		line = tab + 1;
	}
	const char *tab = memchr(line, '\t', (size_t)(end - line));
	*len = (size_t)((tab ? tab : end) - line);
	return line;
}

static int same_dir(const char *a, const char *b)
{
	char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
	int same = ra && rb && !strcmp(ra, rb);

	free(ra);
	free(rb);
	return same;
}

/*
 * The call-context index: its "fn" rows name the functions that need their
 * callers' reader; its "site" rows (site <TAB> path <TAB> line <TAB> col
 * <TAB> function <TAB> name <TAB> lock <TAB> asserted ...) the reads a
 * rule with "Sites" may report, all but the asserted ones, when the index
 * was built from the tree being scanned ("root" row): paths are relative
 * to it.
 */
static void read_call_context(const char *call_context, const char *tree_root, struct fnscope_index *ix)
{
	struct strbuf sb = STRBUF_INIT, key = STRBUF_INIT;

	if (call_context && !strbuf_read_file(&sb, call_context))
		for (char *line = sb.buf; line < sb.buf + sb.len;) {
			char *nl = memchr(line, '\n', (size_t)(sb.buf + sb.len - line));
			char *end = nl ? nl : sb.buf + sb.len;
			const char *name, *path, *ln, *asserted;
			size_t nlen, plen, llen, alen;
			if (end - line > 3 && !strncmp(line, "fn\t", 3) && (name = column(line, end, 2, &nlen)) &&
			    memchr(name, '\t', (size_t)(end - name))) {
				tokset_add(&ix->needs_reader, name, nlen);
			} else if (end - line > 5 && !strncmp(line, "root\t", 5) && tree_root) {
				char *root = xstrndup(line + 5, (size_t)(end - line - 5));
				ix->have_sites = same_dir(root, tree_root);
				free(root);
			} else if (end - line > 5 && !strncmp(line, "site\t", 5) &&
				   (path = column(line, end, 1, &plen)) && (ln = column(line, end, 2, &llen)) &&
				   (asserted = column(line, end, 7, &alen)) && !(alen == 1 && *asserted == '1')) {
				strbuf_reset(&key);
				strbuf_addf(&key, "%.*s\t%.*s", (int)plen, path, (int)llen, ln);
				tokset_add(&ix->sites, key.buf, key.len);
				tokset_add(&ix->sites, path, plen);
			}
			line = end + 1;
		}
	strbuf_release(&sb);
	strbuf_release(&key);
}

void fnscope_index_read(const char *macro_index, const char *call_context, const char *tree_root,
			const char *const macro_files[2], struct fnscope_index *ix)
{
	struct strbuf sb = STRBUF_INIT;

	memset(ix, 0, sizeof(*ix));
	read_call_context(call_context, tree_root, ix);
	for (int i = 0; i < 2; i++) {
		strbuf_reset(&sb);
		if (macro_files[i] && !strbuf_read_file(&sb, macro_files[i]))
			tokset_add_text(&ix->macro_file_names, sb.buf, sb.len);
	}
	strbuf_reset(&sb);
	if (!macro_index || strbuf_read_file(&sb, macro_index)) {
		strbuf_release(&sb);
		return;
	}
	/* "name <TAB> rcu-load <TAB> ..." and "member <TAB> rcu-field <TAB> struct <TAB> ..." */
	for (char *line = sb.buf; line < sb.buf + sb.len;) {
		char *nl = memchr(line, '\n', (size_t)(sb.buf + sb.len - line));
		char *end = nl ? nl : sb.buf + sb.len;
		char *tab = memchr(line, '\t', (size_t)(end - line));
		if (tab && end - tab > 9 && !strncmp(tab + 1, "rcu-load\t", 9)) {
			tokset_add(&ix->accessors, line, (size_t)(tab - line));
		} else if (tab && end - tab > 10 && !strncmp(tab + 1, "rcu-field\t", 10)) {
			char *st = tab + 11;
			char *st_end = memchr(st, '\t', (size_t)(end - st));
			if (st_end) {
				strvec_pushf(&ix->rcu_fields, "%.*s", (int)(tab - line), line);
				strvec_pushf(&ix->rcu_fields, "%.*s", (int)(st_end - st), st);
			}
		}
		line = end + 1;
	}
	strbuf_release(&sb);
}

void fnscope_index_release(struct fnscope_index *ix)
{
	tokset_release(&ix->accessors);
	tokset_release(&ix->needs_reader);
	tokset_release(&ix->macro_file_names);
	tokset_release(&ix->sites);
	strvec_clear(&ix->rcu_fields);
}

struct fnscope *fnscope_new(const struct rule *r, const struct fnscope_index *ix)
{
	struct fnscope *fs = xcalloc(1, sizeof(*fs));

	fs->r = r;
	fs->ngroups = r->nrequires < MAX_GROUPS ? r->nrequires : MAX_GROUPS;
	for (size_t g = 0; g < fs->ngroups; g++)
		add_header_words(&fs->group[g], &fs->group_seq[g], &r->requires[g]);
	add_header_words(&fs->facts, &fs->facts_seq, &r->facts);
	add_words(&fs->callees, &r->callers);
	add_words(&fs->twice, &r->twice);
	if (r->sites && ix && ix->have_sites)
		fs->sites = &ix->sites;
	if (r->twice.nr && r->needs_macro_index && ix)
		fs->twice_more = &ix->accessors;
	if (fs->ngroups && r->needs_macro_index && ix)
		fs->accessors = &ix->accessors;
	if (fs->ngroups && r->needs_call_context && ix)
		fs->needs_reader = &ix->needs_reader;
	if (r->locations.nr || r->freed.nr) {
		fs->locations = 1;
		add_words(&fs->lc.first_arg, &r->locations);
		add_words(&fs->lc.freed, &r->freed);
		if (r->needs_macro_index && ix) {
			fs->lc.more_first_arg = &ix->accessors;
			fs->lc.rcu_fields = &ix->rcu_fields;
			fs->lc.always_named = &ix->macro_file_names;
		}
	}
	return fs;
}

void fnscope_free(struct fnscope *fs)
{
	if (!fs)
		return;
	for (size_t g = 0; g < fs->ngroups; g++) {
		tokset_release(&fs->group[g]);
		strvec_clear(&fs->group_seq[g]);
	}
	tokset_release(&fs->facts);
	strvec_clear(&fs->facts_seq);
	tokset_release(&fs->callees);
	tokset_release(&fs->lc.first_arg);
	tokset_release(&fs->lc.freed);
	tokset_release(&fs->twice);
	free(fs);
}

/* A function body and which of the rule's tokens it holds. */
struct body {
	struct body_span span;	/* token indexes of its head and braces */
	size_t open, close;	/* offsets of its braces */
	unsigned groups;	/* bit g: a token of group g */
	int fact;
	int callee;		/* a token of the Callers line */
};

static void body_token(const struct fnscope *fs, struct body *b, const struct token *t,
		       const struct token *end)
{
	if (t->kind != TOK_IDENT && t->kind != TOK_PUNCT)
		return;
	for (size_t g = 0; g < fs->ngroups; g++)
		if (!(b->groups & (1u << g)) && (tokset_has_n(&fs->group[g], t->s, t->len) ||
						 seq_at(&fs->group_seq[g], t, end) ||
						 (g == 0 && fs->accessors &&
						  tokset_has_n(fs->accessors, t->s, t->len)) ||
						 (g == 0 && fs->needs_reader &&
						  tokset_has_n(fs->needs_reader, t->s, t->len))))
			b->groups |= 1u << g;
	if (!b->fact && (tokset_has_n(&fs->facts, t->s, t->len) || seq_at(&fs->facts_seq, t, end)))
		b->fact = 1;
	if (!b->callee && fs->callees.nr && tokset_has_n(&fs->callees, t->s, t->len))
		b->callee = 1;
}

static int body_matters(const struct fnscope *fs, const struct body *b, const char *text)
{
	if (b->fact)
		return 1;
	if (b->groups != (1u << fs->ngroups) - 1)
		return 0;
	const char *name = fs->r->prefilter;
	return !name || prefilter_named_check(name, text + b->open, b->close + 1 - b->open);
}

struct range { size_t from, to; };

static void add_range(struct range **v, size_t *n, size_t *alloc, size_t from, size_t to)
{
	ALLOC_GROW(*v, *n + 1, *alloc);
	(*v)[(*n)++] = (struct range){ from, to };
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

/* sparse's context annotations after a parameter list: f(void) __must_hold(lock) { */
static int context_annotation(const struct token *t)
{
	return tok_is(t, "__must_hold") || tok_is(t, "__acquires") || tok_is(t, "__releases");
}

/*
 * The function bodies of v[0..n) into *bodies; 0 when braces do not balance
 * outside directives. Directives inside a body go to *stay: spatch uses a
 * #define anywhere above a function to parse it.
 */
static int find_bodies(const struct fnscope *fs, const char *text, size_t len, const struct token *v, size_t n,
		       struct body **bodies, size_t *nbodies, struct range **stay, size_t *nstay)
{
	struct token none = { TOK_EOF };
	const struct token *prev = &none, *prev2 = &none;
	struct body b;
	size_t abodies = 0, astay = 0, lparen = 0;
	unsigned depth = 0, parens = 0;
	int after_paren = 0, in_directive = 0, in_body = 0;
	int params = 0;		/* the last group at file scope can be a parameter list */
	int assigned = 0;	/* an '=' in this declaration at file scope: an initialiser */
	/*
	 * Where a directive inside a body starts: it stays up to the next
	 * line's first token, with a comment it opens on its last line
	 * (#if 0 followed by a comment over several lines, in net/atm/lec.c).
	 */
	const size_t NONE = (size_t)-1;
	size_t dir_at = NONE;

	for (size_t i = 0; i < n; i++) {
		const struct token *t = &v[i];
		if (t->nl_before && in_directive) {
			in_directive = 0;
			if (dir_at != NONE) {
				add_range(stay, nstay, &astay, dir_at, (size_t)(t->s - text));
				dir_at = NONE;
			}
		}
		if (in_body)
			body_token(fs, &b, t, v + n);
		if (in_directive)
			continue;
		if (t->nl_before && tok_is(t, "#")) {
			in_directive = 1;	/* as cfunc.c: braces in directives do not count */
			if (in_body)
				dir_at = (size_t)(t->s - text);
			continue;
		}
		if (depth == 0) {
			if (tok_is(t, "(") && parens++ == 0) {
				int annotation = params && context_annotation(prev);
				params = prev->kind == TOK_IDENT && !attribute_name(prev) && !tok_is_tag(prev2);
				if (!annotation)
					lparen = i;	/* the parameter list, not __must_hold(lock)'s */
			} else if (tok_is(t, ")") && parens) {
				parens--;
			} else if (tok_is(t, "=") && !parens) {
				assigned = 1;
			} else if (tok_is(t, ";")) {
				assigned = parens = 0;
			}
		}
		if (tok_is(t, "{")) {
			/*
			 * A body: '{' at file scope right after a parameter list,
			 * not after an attribute (a packed struct), a macro naming
			 * a tag (enum CAT2(a, b) {) or in an initialiser.
			 */
			if (depth == 0 && after_paren && !parens && params && !assigned) {
				b = (struct body){ { lparen, i, 0 }, (size_t)(t->s - text), 0, 0, 0, 0 };
				/* a function the call-context index says needs a reader: its
				 * own reads are sites (dst->dev where dst is a parameter) */
				if (fs->needs_reader && lparen > 0 &&
				    tokset_has_n(fs->needs_reader, v[lparen - 1].s, v[lparen - 1].len))
					b.groups |= 1u;
				in_body = 1;
			}
			depth++;
		} else if (tok_is(t, "}")) {
			if (!depth)
				return 0;
			if (--depth == 0) {
				assigned = 0;
				if (in_body) {
					in_body = 0;
					b.span.close = i;
					b.close = (size_t)(t->s - text);
					ALLOC_GROW(*bodies, *nbodies + 1, abodies);
					(*bodies)[(*nbodies)++] = b;
				}
			}
		}
		after_paren = tok_is(t, ")");
		prev2 = prev;
		prev = t;
	}
	if (dir_at != NONE)
		add_range(stay, nstay, &astay, dir_at, len);
	return depth == 0;
}

/*
 * The names of the functions whose bodies hold a Callers token, into names:
 * the identifier before the parameter list, and a first parameter that is a
 * lone identifier, the name a macro header gives the function spatch
 * expands it to (BPF_CALL_2(name, ...)).
 */
static void callee_names(const struct token *v, size_t n, const struct body *bodies, size_t nbodies,
			 struct tokset *names)
{
	for (size_t i = 0; i < nbodies; i++) {
		size_t h = bodies[i].span.head;
		if (!bodies[i].callee || !h)
			continue;
		tokset_add(names, v[h - 1].s, v[h - 1].len);
		if (h + 2 < n && v[h + 1].kind == TOK_IDENT && tok_is(&v[h + 2], ","))
			tokset_add(names, v[h + 1].s, v[h + 1].len);
	}
}

/* Body b names one of names: it may call one of those functions. */
static int names_one(const struct token *v, const struct body *b, const struct tokset *names)
{
	for (size_t k = b->span.open + 1; k < b->span.close; k++)
		if (v[k].kind == TOK_IDENT && tokset_has_n(names, v[k].s, v[k].len))
			return 1;
	return 0;
}

/*
 * "Twice": the pointers of a file are the first arguments of its Twice
 * calls and of the index's accessors (and such an accessor's name itself,
 * as its call is the load), each a slice of the file's tokens; call_rcu()'s
 * &E->head names E as well. A finding of the rule reads one of them twice
 * in one body, so only the bodies that name one twice can hold one.
 */
struct pointers {
	size_t (*slice)[2];		/* [from, to) token indexes */
	size_t nr, alloc;
	unsigned *seen;			/* per slice, in the body being counted */
	struct tokset first;		/* the first token of each slice */
	int unknown;			/* an argument of no token: every body may hold one */
};

static int twice_call(const struct fnscope *fs, const struct token *v, size_t n, size_t i)
{
	return v[i].kind == TOK_IDENT && i + 1 < n && tok_is(&v[i + 1], "(") &&
	       (tokset_has_n(&fs->twice, v[i].s, v[i].len) ||
		(fs->twice_more && tokset_has_n(fs->twice_more, v[i].s, v[i].len)));
}

static void add_slice(struct pointers *pt, const struct token *v, size_t a, size_t b)
{
	/* (E) is E: the rules match either */
	while (b - a >= 2 && tok_is(&v[a], "(") && tok_is(&v[b - 1], ")") &&
	       locations_arg_end(v, b, a + 1) == b - 1)
		a++, b--;
	if (a >= b) {
		pt->unknown = 1;
		return;
	}
	ALLOC_GROW(pt->slice, pt->nr + 1, pt->alloc);
	pt->slice[pt->nr][0] = a;
	pt->slice[pt->nr++][1] = b;
	tokset_add(&pt->first, v[a].s, v[a].len);
}

static void pointers_collect(const struct fnscope *fs, const struct token *v, size_t n, struct pointers *pt)
{
	memset(pt, 0, sizeof(*pt));
	for (size_t i = 0; i < n; i++) {
		if (!twice_call(fs, v, n, i))
			continue;
		size_t a = i + 2, b = locations_arg_end(v, n, a);
		add_slice(pt, v, a, b);
		if (fs->twice_more && tokset_has_n(fs->twice_more, v[i].s, v[i].len))
			add_slice(pt, v, i, i + 1);
		if (b - a >= 4 && tok_is(&v[a], "&") && v[b - 1].kind == TOK_IDENT &&
		    (tok_is(&v[b - 2], "->") || tok_is(&v[b - 2], ".")))
			add_slice(pt, v, a + 1, b - 2);
	}
	pt->seen = xcalloc(pt->nr ? pt->nr : 1, sizeof(*pt->seen));
}

static void pointers_release(struct pointers *pt)
{
	free(pt->slice);
	free(pt->seen);
	tokset_release(&pt->first);
}

static int slice_at(const struct token *v, const size_t s[2], size_t j, size_t end)
{
	if (j + (s[1] - s[0]) > end)
		return 0;
	for (size_t k = 0; k < s[1] - s[0]; k++)
		if (v[j + k].len != v[s[0] + k].len || memcmp(v[j + k].s, v[s[0] + k].s, v[j + k].len))
			return 0;
	return 1;
}

/* Body b names one of the file's pointers twice. */
static int named_twice(struct pointers *pt, const struct token *v, const struct body *b)
{
	int twice = 0;

	memset(pt->seen, 0, (pt->nr ? pt->nr : 1) * sizeof(*pt->seen));
	for (size_t j = b->span.open + 1; j < b->span.close && !twice; j++) {
		if (!tokset_has_n(&pt->first, v[j].s, v[j].len))
			continue;
		for (size_t s = 0; s < pt->nr && !twice; s++)
			if (slice_at(v, pt->slice[s], j, b->span.close) && ++pt->seen[s] >= 2)
				twice = 1;
	}
	return twice;
}

/* Body b of the file at path holds a site of the index, on one of its lines. */
static int holds_site(const struct fnscope *fs, const char *path, const struct token *v, const struct body *b)
{
	struct strbuf key = STRBUF_INIT;
	int found = 0;

	for (unsigned line = v[b->span.open].line; line <= v[b->span.close].line && !found; line++) {
		strbuf_reset(&key);
		strbuf_addf(&key, "%s\t%u", path, line);
		found = tokset_has_n(fs->sites, key.buf, key.len);
	}
	strbuf_release(&key);
	return found;
}

/* A Twice call kept alone in a body that is blanked: its bytes, and a ';' after it. */
struct stub { size_t from, to, semi; };

static int in_ranges(const struct range *r, size_t n, size_t k)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].from <= k && k < r[i].to)
			return 1;
	return 0;
}

/*
 * The Twice calls of body b as stubs, appended to *stubs; 0 (and none
 * added) when one cannot end in a ';' of its own: no byte to spare before
 * the next call, the body's end or a directive.
 */
static int stub_calls(const struct fnscope *fs, const char *text, const struct token *v, size_t n,
		      const struct body *b, const struct range *stay, size_t nstay,
		      struct stub **stubs, size_t *nstubs, size_t *astubs)
{
	size_t first = *nstubs;

	for (size_t j = b->span.open + 1; j < b->span.close; j++) {
		if (!twice_call(fs, v, n, j))
			continue;
		size_t close = locations_arg_end(v, b->span.close, j + 2);
		while (close < b->span.close && !tok_is(&v[close], ")"))	/* past the other arguments */
			close = locations_arg_end(v, b->span.close, close + 1);
		if (close >= b->span.close)
			goto refuse;
		ALLOC_GROW(*stubs, *nstubs + 1, *astubs);
		(*stubs)[(*nstubs)++] = (struct stub){ (size_t)(v[j].s - text), (size_t)(v[close].s - text) + 1, 0 };
		j = close;
	}
	for (size_t i = first; i < *nstubs; i++) {
		struct stub *s = &(*stubs)[i];
		size_t limit = i + 1 < *nstubs ? (*stubs)[i + 1].from : b->close;
		size_t k = s->to;
		while (k < limit && (text[k] == '\n' || in_ranges(stay, nstay, k)))
			if (in_ranges(stay, nstay, k++))
				goto refuse;
		if (k >= limit)
			goto refuse;
		s->semi = k;
	}
	return 1;
refuse:
	*nstubs = first;
	return 0;
}

/*
 * Text with the bytes of cut blanked, but newlines and the directives of
 * stay, and the stubs put back, each with its ';', into out (all three
 * lists in file order).
 */
static void write_copy(struct strbuf *out, const char *text, size_t len, const struct range *cut, size_t ncut,
		       const struct range *stay, size_t nstay, const struct stub *stubs, size_t nstubs)
{
	size_t d = 0;

	strbuf_reset(out);
	strbuf_add(out, text, len);
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
	for (size_t i = 0; i < nstubs; i++) {
		memcpy(out->buf + stubs[i].from, text + stubs[i].from, stubs[i].to - stubs[i].from);
		out->buf[stubs[i].semi] = ';';
	}
}

int fnscope_reduce(const struct fnscope *fs, const char *path, const char *text, size_t len,
		   struct strbuf *out, unsigned *kept, unsigned *blanked)
{
	struct token *v;
	size_t n = lexer_all(text, len, &v);
	struct body *bodies = NULL;
	struct range *cut = NULL, *stay = NULL;
	size_t nbodies = 0, ncut = 0, acut = 0, nstay = 0;
	struct locations loc;
	int have_loc = 0;
	struct pointers pt;
	struct stub *stubs = NULL;
	size_t nstubs = 0, astubs = 0;

	*kept = *blanked = 0;
	/* braces that do not balance: a body's end is not known, the file goes whole */
	int balanced = find_bodies(fs, text, len, v, n, &bodies, &nbodies, &stay, &nstay);
	struct tokset callees = { 0 };
	if (balanced && fs->callees.nr)
		callee_names(v, n, bodies, nbodies, &callees);
	int twice = balanced && fs->twice.nr;
	if (twice)
		pointers_collect(fs, v, n, &pt);
	for (size_t i = 0; balanced && i < nbodies; i++) {
		const struct body *b = &bodies[i];
		int matters = body_matters(fs, b, text);
		if (!matters && callees.nr)
			matters = names_one(v, b, &callees);
		if (!matters && fs->locations) {
			if (!have_loc) {
				struct body_span *spans = xcalloc(nbodies, sizeof(*spans));
				for (size_t k = 0; k < nbodies; k++)
					spans[k] = bodies[k].span;
				locations_collect(&fs->lc, v, n, spans, nbodies, &loc);
				free(spans);
				have_loc = 1;
			}
			matters = locations_named(&loc, v, &b->span);
		}
		if (matters && fs->sites && path && !holds_site(fs, path, v, b))
			matters = 0;
		/* a body that cannot hold a finding keeps what it teaches: its Twice calls */
		if (matters && twice && !b->fact && !pt.unknown && !named_twice(&pt, v, b) &&
		    stub_calls(fs, text, v, n, b, stay, nstay, &stubs, &nstubs, &astubs))
			matters = 0;
		if (matters) {
			(*kept)++;
		} else {
			(*blanked)++;
			add_range(&cut, &ncut, &acut, b->open + 1, b->close);
		}
	}
	if (have_loc)
		locations_release(&loc);
	if (twice)
		pointers_release(&pt);
	tokset_release(&callees);
	int rc = 1;
	if (fs->sites && path && !tokset_has(fs->sites, path)) {
		/* no site anywhere in the file: the rule can report nothing in it, spatch reads blanks */
		*kept = 0;
		*blanked = (unsigned)nbodies;
		struct range all = { 0, len };
		write_copy(out, text, len, &all, 1, NULL, 0, NULL, 0);
	} else if (!ncut) {
		*kept = (unsigned)nbodies;
		*blanked = 0;
		rc = 0;
	} else {
		write_copy(out, text, len, cut, ncut, stay, nstay, stubs, nstubs);
	}
	free(stubs);
	free(v);
	free(bodies);
	free(cut);
	free(stay);
	return rc;
}
