#include "gate/api-change.h"
#include "lib/clex.h"
#include "lib/line-diff.h"
#include "lib/strbuf.h"
#include "lib/utf8.h"
#include "lib/util.h"
#include "scan/cfunc.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <stdlib.h>
#include <string.h>

/* The calls of each family, named as the rules name them (rules/data/). */
static const char *const deferred_frees[] = { VOCAB_RCU_FREE, VOCAB_GRACE_PERIOD_DEFERS, NULL };
static const char *const immediate_frees[] = { VOCAB_IMMEDIATE_FREES, VOCAB_SLAB_CACHE_FREES, NULL };
static const char *const rcu_list_ops[] = {
	VOCAB_RCU_LIST_ADD, VOCAB_RCU_LIST_DEL, VOCAB_RCU_LIST_REPLACE, VOCAB_RCU_LIST_SPLICE,
	VOCAB_RCU_LIST_WALKS, VOCAB_RCU_READER_WALKS, VOCAB_RCU_LIST_ITERATORS, VOCAB_RCU_LIST_CURSORS, NULL
};
static const char *const rcu_accessors[] = {
	VOCAB_RCU_DEREFERENCE, VOCAB_RCU_DEREFERENCE_PROTECTED, VOCAB_RCU_DEREFERENCE_RTNL,
	VOCAB_RCU_ACCESS, VOCAB_RCU_PUBLISH, VOCAB_RCU_REPLACE, NULL
};
static const char *const read_section_calls[] = { VOCAB_RCU_READ_LOCK, VOCAB_RCU_READ_UNLOCK, NULL };
static const char *const read_guards[] = { "guard", "scoped_guard", NULL };
static const char *const read_guard_classes[] = { "rcu", "srcu", NULL };
static const char *const grace_periods[] = {
	VOCAB_GRACE_PERIOD_WAITS, VOCAB_SRCU_GRACE_PERIOD_WAITS, VOCAB_RCU_BARRIERS, NULL
};
static const char *const seq_retries[] = {
	VOCAB_SEQCOUNT_RETRY, VOCAB_SEQLOCK_RETRY, VOCAB_SEQLOCK_OR_LOCK_NEED, NULL
};

static const struct family {
	const char *name;
	enum api_topic topic;
	const char *const *calls;	/* NULL: the loop bound, compared line with line */
	int replaced;			/* counts only where its plain form takes its place */
} families[API_NFAMILIES] = {
	[API_DEFERRED_FREE] = { "deferred-free", TOPIC_RCU, deferred_frees, 1 },
	[API_RCU_LIST] = { "rcu-list", TOPIC_RCU, rcu_list_ops, 1 },
	[API_RCU_ACCESSOR] = { "rcu-accessor", TOPIC_RCU, rcu_accessors, 1 },
	[API_READ_SECTION] = { "read-section", TOPIC_RCU, read_section_calls, 0 },
	[API_GRACE_PERIOD] = { "grace-period", TOPIC_RCU, grace_periods, 0 },
	[API_SEQ_RETRY] = { "seq-retry", TOPIC_SEQCOUNT, seq_retries, 0 },
	[API_LOOP_BOUND] = { "loop-bound", TOPIC_LOOP, NULL, 0 },
};

enum api_topic api_family_topic(enum api_family f)
{
	return families[f].topic;
}

const char *api_family_name(enum api_family f)
{
	return families[f].name;
}

/* One side of the diff: a text's lines, its tokens by line, and the function of each line. */
struct side {
	struct text_line *lines;
	size_t nlines;
	struct token *tok;
	size_t ntok;
	size_t *first_tok;	/* line i (0-based) holds tokens [first_tok[i], first_tok[i + 1]) */
	struct cfunc *fn;
	size_t nfn;
	long *fn_of_line;	/* index into fn, or -1 at file scope */
	long *group_of_fn;	/* each function's group (the last: file scope's), or -1 before it has one */
};

static void side_init(struct side *s, const char *text, size_t len)
{
	s->nlines = text_lines(text, len, &s->lines);
	s->ntok = lexer_all(text, len, &s->tok);
	s->first_tok = xmalloc((s->nlines + 1) * sizeof(*s->first_tok));
	for (size_t i = 0, k = 0; i <= s->nlines; i++) {
		while (k < s->ntok && s->tok[k].line < i + 1)
			k++;
		s->first_tok[i] = k;
	}
	s->first_tok[s->nlines] = s->ntok;
	s->nfn = cfunc_list(text, len, &s->fn);
	s->fn_of_line = xmalloc((s->nlines + 1) * sizeof(*s->fn_of_line));
	for (size_t i = 0; i < s->nlines; i++)
		s->fn_of_line[i] = -1;
	for (size_t f = 0; f < s->nfn; f++)
		for (unsigned l = s->fn[f].first_line; l <= s->fn[f].last_line && l <= s->nlines; l++)
			s->fn_of_line[l - 1] = (long)f;
	s->group_of_fn = xmalloc((s->nfn + 1) * sizeof(*s->group_of_fn));
	for (size_t f = 0; f <= s->nfn; f++)
		s->group_of_fn[f] = -1;
}

static void side_release(struct side *s)
{
	free(s->lines);
	free(s->tok);
	free(s->first_tok);
	free(s->fn);
	free(s->fn_of_line);
	free(s->group_of_fn);
}

static int tok_eq(const struct token *a, const struct token *b)
{
	return a->kind == b->kind && a->len == b->len && !memcmp(a->s, b->s, a->len);
}

static int is_call(const struct side *s, size_t k, const char *const *names)
{
	return s->tok[k].kind == TOK_IDENT && tok_in(&s->tok[k], names) && k + 1 < s->ntok &&
	       tok_is(&s->tok[k + 1], "(");
}

/* guard(rcu)() or scoped_guard(srcu) at token k. */
static int is_read_guard(const struct side *s, size_t k)
{
	return is_call(s, k, read_guards) && k + 3 < s->ntok && tok_in(&s->tok[k + 2], read_guard_classes) &&
	       tok_is(&s->tok[k + 3], ")");
}

/*
 * How many of family f's calls token k starts: 0 or 1, and 2 for a read
 * guard, which is a lock and its unlock (rcu_read_lock() and unlock() turned
 * into guard(rcu)() is no change).
 */
static int call_weight(const struct side *s, size_t k, enum api_family f)
{
	if (f == API_READ_SECTION && is_read_guard(s, k))
		return 2;
	return families[f].calls && is_call(s, k, families[f].calls);
}

static int line_weight(const struct side *s, size_t line, enum api_family f)
{
	int n = 0;

	for (size_t k = s->first_tok[line]; k < s->first_tok[line + 1]; k++)
		n += call_weight(s, k, f);
	return n;
}

/* The first call of f on line, as a token index, or -1. */
static long first_call(const struct side *s, size_t line, enum api_family f)
{
	for (size_t k = s->first_tok[line]; k < s->first_tok[line + 1]; k++)
		if (call_weight(s, k, f))
			return (long)k;
	return -1;
}

/*
 * The tokens of the call at k's argument number arg (0-based), [*from, *to);
 * 0 if it has none. A call is not looked into past a ';' outside brackets or
 * past 512 tokens: a text that never closes it costs no more.
 */
static int argument(const struct side *s, size_t k, unsigned arg, size_t *from, size_t *to)
{
	unsigned depth = 0, at = 0;

	*from = k + 2;
	for (size_t i = k + 2; i < s->ntok && i < k + 512; i++) {
		const struct token *t = &s->tok[i];
		if (!depth && tok_is(t, ";"))
			return 0;
		if (tok_is(t, "(") || tok_is(t, "[") || tok_is(t, "{")) {
			depth++;
		} else if ((tok_is(t, ")") || tok_is(t, "]") || tok_is(t, "}")) && depth) {
			depth--;
		} else if (!depth && (tok_is(t, ",") || tok_is(t, ")"))) {
			if (at == arg) {
				*to = i;
				return i > *from;
			}
			if (tok_is(t, ")"))
				return 0;
			at++;
			*from = i + 1;
		}
	}
	return 0;
}

static unsigned argument_count(const struct side *s, size_t k)
{
	size_t from, to;
	unsigned n = 0;

	while (argument(s, k, n, &from, &to))
		n++;
	return n;
}

/* A list op's plain form: the name before its "_rcu" or "_srcu" (list_add_tail_rcu: list_add_tail). */
static size_t plain_len(const struct token *t)
{
	for (size_t i = 0; i + 4 <= t->len; i++)
		if (!memcmp(t->s + i, "_rcu", 4) || (i + 5 <= t->len && !memcmp(t->s + i, "_srcu", 5)))
			return i;
	return t->len;
}

/* Line `line` of side `to` calls `name` (len bytes). */
static int line_calls(const struct side *to, size_t line, const char *name, size_t len)
{
	for (size_t k = to->first_tok[line]; k < to->first_tok[line + 1]; k++)
		if (to->tok[k].kind == TOK_IDENT && to->tok[k].len == len && !memcmp(to->tok[k].s, name, len) &&
		    k + 1 < to->ntok && tok_is(&to->tok[k + 1], "("))
			return 1;
	return 0;
}

/* Line `line` of side `to` holds the tokens from[0, n) in a row. */
static int line_holds(const struct side *to, size_t line, const struct token *from, size_t n)
{
	size_t a = to->first_tok[line], b = to->first_tok[line + 1];

	for (size_t k = a; n && k + n <= b; k++) {
		size_t i = 0;
		while (i < n && tok_eq(&to->tok[k + i], &from[i]))
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

/*
 * Line `line` of side `to` does what the call of family f at token k of
 * side `from` does, without it: its plain form. For a deferred free, an
 * immediate free or a call of the callback it named (call_rcu(&p->rcu,
 * free_p) against free_p(&p->rcu)); for a list op, the name without _rcu;
 * for an accessor, its first argument (rcu_dereference(p->x) against p->x)
 * on a line that calls no accessor.
 */
static int plain_form(enum api_family f, const struct side *from, size_t k, const struct side *to, size_t line)
{
	const struct token *t = &from->tok[k];
	size_t a, b;

	switch (f) {
	case API_DEFERRED_FREE: {
		unsigned last = argument_count(from, k);
		for (size_t i = to->first_tok[line]; i < to->first_tok[line + 1]; i++)
			if (is_call(to, i, immediate_frees))
				return 1;
		return last && argument(from, k, last - 1, &a, &b) && b == a + 1 && from->tok[a].kind == TOK_IDENT &&
		       line_calls(to, line, from->tok[a].s, from->tok[a].len);
	}
	case API_RCU_LIST:
		return plain_len(t) < t->len && line_calls(to, line, t->s, plain_len(t));
	case API_RCU_ACCESSOR:
		return argument(from, k, 0, &a, &b) && !line_weight(to, line, f) &&
		       line_holds(to, line, &from->tok[a], b - a);
	default:
		return 0;
	}
}

/* A line changed by the patch: its index on its side and its diff block. */
struct changed {
	size_t line, block;
};

/* The changed lines of one function (by name: the function of a removed line
 * in the old text, of an added line in the new). */
struct group {
	const char *name;
	size_t namelen;
	struct changed *gone, *come;	/* removed from the old text, added to the new */
	size_t ngone, agone, ncome, acome;
};

struct groups {
	struct group *v;
	size_t nr, alloc;
};

/* The group of a line of side s: its function's, found by name once per function. */
static struct group *group_of(struct groups *gs, struct side *s, size_t line)
{
	long f = s->fn_of_line[line];
	long *known = &s->group_of_fn[f < 0 ? s->nfn : (size_t)f];
	const char *name = f < 0 ? "" : s->fn[f].name;
	size_t len = f < 0 ? 0 : s->fn[f].namelen;

	if (*known >= 0)
		return &gs->v[*known];
	for (size_t i = 0; i < gs->nr; i++)
		if (gs->v[i].namelen == len && !memcmp(gs->v[i].name, name, len)) {
			*known = (long)i;
			return &gs->v[i];
		}
	ALLOC_GROW(gs->v, gs->nr + 1, gs->alloc);
	memset(&gs->v[gs->nr], 0, sizeof(gs->v[0]));
	gs->v[gs->nr].name = name;
	gs->v[gs->nr].namelen = len;
	*known = (long)gs->nr;
	return &gs->v[gs->nr++];
}

struct differ {
	struct side old, new;
	struct diff_blocks blocks;
	struct api_changes *out;
};

/* A line for the evidence: its words, trimmed, at most 60 bytes, valid UTF-8. */
static char *short_line(const struct side *s, size_t line)
{
	struct strbuf words = STRBUF_INIT, out = STRBUF_INIT;
	const struct text_line *l = &s->lines[line];

	for (size_t i = 0; i < l->len; i++) {
		int space = l->s[i] == ' ' || l->s[i] == '\t' || l->s[i] == '\r';
		if (!space)
			strbuf_addch(&words, l->s[i]);
		else if (words.len && words.buf[words.len - 1] != ' ')
			strbuf_addch(&words, ' ');
	}
	while (words.len && words.buf[words.len - 1] == ' ')
		words.buf[--words.len] = '\0';
	if (words.len > 60) {
		strbuf_add_utf8(&out, words.buf, 57);
		strbuf_addstr(&out, "...");
	} else {
		strbuf_add_utf8(&out, words.buf, words.len);
	}
	strbuf_release(&words);
	return strbuf_detach(&out);
}

/*
 * Record one change. gone and come are the lines that show it (either may
 * be NULL); the line given is come's, or else the one that now follows the
 * removed line.
 */
static void emit(struct differ *d, const struct group *g, enum api_family f, int weakens, const char *api,
		 const struct changed *gone, const struct changed *come)
{
	ALLOC_GROW(d->out->v, d->out->nr + 1, d->out->alloc);
	struct api_change *c = &d->out->v[d->out->nr++];
	size_t after = gone ? d->blocks.v[gone->block].new_start + 1 : 1;

	c->family = f;
	c->weakens = weakens;
	c->function = xstrndup(g->name, g->namelen);
	c->api = xstrdup(api);
	c->line = (unsigned)(come ? come->line + 1 : after > d->new.nlines ? d->new.nlines : after);
	c->removed = gone ? short_line(&d->old, gone->line) : xstrdup("");
	c->added = come ? short_line(&d->new, come->line) : xstrdup("");
}

/* The name of the call at token k, as the evidence shows it: "rcu_read_lock", "guard(rcu)". */
static char *call_name(const struct side *s, size_t k)
{
	if (is_read_guard(s, k))
		return xasprintf("%.*s(%.*s)", (int)s->tok[k].len, s->tok[k].s, (int)s->tok[k + 2].len,
				 s->tok[k + 2].s);
	return xstrndup(s->tok[k].s, s->tok[k].len);
}

/* The first of v (n lines, sorted by block, then line) at or after line of block. */
static size_t lower_bound(const struct changed *v, size_t n, size_t block, size_t line)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].block < block || (v[mid].block == block && v[mid].line < line))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The lines of v (the other side's changed lines of the function) in c's
 * place, as [*lo, *hi): those within PLACE_LINES of where c falls in its
 * block, its position scaled to the other side's length. What replaces a
 * line is there; and a block of thousands of lines (a file rewritten)
 * costs a few comparisons a line, not thousands.
 */
#define PLACE_LINES 8

static void in_place(const struct differ *d, const struct changed *c, int c_is_old, const struct changed *v,
		     size_t n, size_t *lo, size_t *hi)
{
	const struct diff_block *b = &d->blocks.v[c->block];
	size_t start = c_is_old ? b->old_start : b->new_start, len = c_is_old ? b->old_len : b->new_len;
	size_t other = c_is_old ? b->new_start : b->old_start, other_len = c_is_old ? b->new_len : b->old_len;
	size_t at = other + (c->line - start) * other_len / len;

	*lo = lower_bound(v, n, c->block, at > other + PLACE_LINES ? at - PLACE_LINES : other);
	*hi = lower_bound(v, n, c->block, at + PLACE_LINES + 1);
}

/*
 * Family f in function g. The net count decides the direction: more calls
 * removed than added weakens, the reverse strengthens. A replaced family
 * then needs a call of that direction whose block puts (or had) its plain
 * form in the function.
 */
static void judge_family(struct differ *d, const struct group *g, enum api_family f)
{
	long net = 0;

	for (size_t i = 0; i < g->ngone; i++)
		net += line_weight(&d->old, g->gone[i].line, f);
	for (size_t i = 0; i < g->ncome; i++)
		net -= line_weight(&d->new, g->come[i].line, f);
	if (!net)
		return;
	int weakens = net > 0;
	/* The side that lost calls and the side that gained them, in that direction. */
	const struct side *from = weakens ? &d->old : &d->new, *to = weakens ? &d->new : &d->old;
	const struct changed *calls = weakens ? g->gone : g->come, *others = weakens ? g->come : g->gone;
	size_t ncalls = weakens ? g->ngone : g->ncome, nothers = weakens ? g->ncome : g->ngone;

	for (size_t i = 0; i < ncalls; i++) {
		long k = first_call(from, calls[i].line, f);
		size_t lo, hi;
		if (k < 0)
			continue;
		in_place(d, &calls[i], weakens, others, nothers, &lo, &hi);
		const struct changed *other = lo < hi ? &others[lo] : NULL;
		if (families[f].replaced) {
			other = NULL;
			for (size_t j = lo; j < hi && !other; j++)
				if (plain_form(f, from, (size_t)k, to, others[j].line))
					other = &others[j];
			if (!other)
				continue;
		}
		char *api = call_name(from, (size_t)k);
		emit(d, g, f, weakens, api, weakens ? &calls[i] : other, weakens ? other : &calls[i]);
		free(api);
		return;
	}
}

/* The token at k (on the new side) is in a for loop's header. */
static int in_for_header(const struct side *s, size_t k)
{
	unsigned depth = 0;

	for (size_t i = k; i-- > 0 && k - i < 256;) {
		const struct token *t = &s->tok[i];
		if (tok_is(t, "{") || tok_is(t, "}"))
			return 0;
		if (tok_is(t, ")"))
			depth++;
		else if (tok_is(t, "(") && depth)
			depth--;
		else if (tok_is(t, "("))
			return i > 0 && tok_is(&s->tok[i - 1], "for");
	}
	return 0;
}

/*
 * Old line a and new line b differ only in one comparison of a for loop's
 * header: 1 for < turned into <= (one more pass), -1 for the reverse, else 0.
 */
static int bound_change(const struct differ *d, size_t a, size_t b)
{
	const struct side *o = &d->old, *n = &d->new;
	size_t oa = o->first_tok[a], ob = o->first_tok[a + 1], na = n->first_tok[b];
	int sign = 0;

	if (ob - oa != n->first_tok[b + 1] - na)
		return 0;
	for (size_t i = 0; i < ob - oa; i++) {
		const struct token *x = &o->tok[oa + i], *y = &n->tok[na + i];
		if (tok_eq(x, y))
			continue;
		int s = tok_is(x, "<") && tok_is(y, "<=") ? 1 : tok_is(x, "<=") && tok_is(y, "<") ? -1 : 0;
		if (!s || sign || !in_for_header(n, na + i))
			return 0;
		sign = s;
	}
	return sign;
}

static int compares(const struct side *s, size_t line)
{
	for (size_t k = s->first_tok[line]; k < s->first_tok[line + 1]; k++)
		if (tok_is(&s->tok[k], "<") || tok_is(&s->tok[k], "<="))
			return 1;
	return 0;
}

/* < against <= in function g: pairs of a removed line and an added line in its place. */
static void judge_loop_bounds(struct differ *d, const struct group *g)
{
	const struct changed *first[2] = { NULL, NULL }, *first_come[2] = { NULL, NULL };
	char *used = xcalloc(g->ncome + 1, 1);
	long net = 0;

	for (size_t i = 0; i < g->ngone; i++) {
		size_t lo, hi;
		if (!compares(&d->old, g->gone[i].line))
			continue;
		in_place(d, &g->gone[i], 1, g->come, g->ncome, &lo, &hi);
		for (size_t j = lo; j < hi; j++) {
			if (used[j])
				continue;
			int s = bound_change(d, g->gone[i].line, g->come[j].line);
			if (!s)
				continue;
			used[j] = 1;
			net += s;
			if (!first[s > 0]) {
				first[s > 0] = &g->gone[i];
				first_come[s > 0] = &g->come[j];
			}
			break;
		}
	}
	free(used);
	if (net)
		emit(d, g, API_LOOP_BOUND, net > 0, "for <", first[net > 0], first_come[net > 0]);
}

static int by_line(const void *a, const void *b)
{
	const struct api_change *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return (int)x->family - (int)y->family;
}

void api_changes_find(const char *old, size_t oldlen, const char *new, size_t newlen, struct api_changes *out)
{
	struct differ d = { .out = out };
	struct groups gs = { 0 };
	size_t first = out->nr;

	side_init(&d.old, old, oldlen);
	side_init(&d.new, new, newlen);
	line_diff(d.old.lines, d.old.nlines, d.new.lines, d.new.nlines, &d.blocks);
	for (size_t b = 0; b < d.blocks.nr; b++) {
		const struct diff_block *blk = &d.blocks.v[b];
		for (size_t i = blk->old_start; i < blk->old_start + blk->old_len; i++) {
			struct group *g = group_of(&gs, &d.old, i);
			ALLOC_GROW(g->gone, g->ngone + 1, g->agone);
			g->gone[g->ngone++] = (struct changed){ i, b };
		}
		for (size_t i = blk->new_start; i < blk->new_start + blk->new_len; i++) {
			struct group *g = group_of(&gs, &d.new, i);
			ALLOC_GROW(g->come, g->ncome + 1, g->acome);
			g->come[g->ncome++] = (struct changed){ i, b };
		}
	}
	for (size_t i = 0; i < gs.nr; i++) {
		for (int f = 0; f < API_NFAMILIES; f++)
			if (families[f].calls)
				judge_family(&d, &gs.v[i], (enum api_family)f);
		judge_loop_bounds(&d, &gs.v[i]);
		free(gs.v[i].gone);
		free(gs.v[i].come);
	}
	free(gs.v);
	if (out->nr > first)
		qsort(out->v + first, out->nr - first, sizeof(*out->v), by_line);
	diff_blocks_release(&d.blocks);
	side_release(&d.old);
	side_release(&d.new);
}

void api_changes_release(struct api_changes *c)
{
	for (size_t i = 0; i < c->nr; i++) {
		free(c->v[i].function);
		free(c->v[i].api);
		free(c->v[i].removed);
		free(c->v[i].added);
	}
	free(c->v);
	memset(c, 0, sizeof(*c));
}
