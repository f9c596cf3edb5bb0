/*
 * callctx: the tree's call graph and the locks and RCU readers every caller
 * holds (callctx.h).
 *
 * What this index holds. The walk reads the .c and .h files one at a time
 * (59,215 on 7.3.4), keeping only the current one's text and tokens, into a
 * struct fn (52 bytes) per function definition, 708,072, and a struct site
 * (20 bytes) per call by name, 4,215,583, with a struct site_more (16
 * bytes) for the 549,550 sites that read, store to or hand in a location;
 * the summaries add the calls resolved to their definitions (8 bytes each,
 * 4.7 million). The records hold ids: of the one string pool of the tree's
 * names (lib/strpool.h: 2.0 million names, 39 MB of text in an arena, a
 * 16 MB array by id, a 16 MB hash table), and of the one table of the
 * distinct sets of locks held (8,554). The build peaks about 290 MB above
 * the process's own (670 MB when every record held its locks and a site 68
 * bytes). The TSV keeps what the rules read: 52,882 rows, 9.7 MB, of which
 * 3,689 fn, 4,917 site, 43,721 callers and 554 update rows.
 */
#include "index/callctx.h"
#include "lib/clex.h"
#include "lib/hashmap.h"
#include "lib/strbuf.h"
#include "lib/strpool.h"
#include "lib/util.h"
#include "scan/tree.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A lookup helper reads at most this many calls below its caller: deeper,
 * "needs a reader" would spread through kfree() to most of the tree. */
#define LOOKUP_DEPTH 2
#define MAXLOCKS 8	/* locks tracked at once; deeper nesting is rare */
#define MAXHEADER (1 << 20)	/* larger headers are register tables */

/* ------------------------------------------------------------ interning */

/* Every name of the tree (a function, a callee, "->member", ".member", a
 * lock key, a file's path) is interned once, in one pool for the whole tree
 * (lib/strpool.h): the records below hold their ids. */

static uint32_t intern_tok(struct strpool *nm, const struct token *t)
{
	return strpool_intern(nm, t->s, t->len);
}

/* --------------------------------------------------------------- records */

enum { UNK_EXPORTED = 1, UNK_ADDRESS = 2 };
/* Beside the UNK_ bits of a name: the kernel calls the function in a reader
 * (handed to a call of rcu-reader-callbacks.list). */
#define CALLED_IN_READER 4
/* Of a member's name ("->open"): read as a value somewhere (copied, passed
 * on, returned), so calls through it may happen under another name. */
#define MEMBER_ESCAPES 8

/* A set of lock keys, in the order they were taken (the rows list them so). */
struct lockset {
	uint8_t n;
	uint32_t k[MAXLOCKS];
};

/* A site's column is kept in 28 bits; a longer line's column is clamped. */
#define MAXCOL ((1u << 28) - 1)

/* A call site: 20 bytes, 4.2 million of them on 7.3.4. */
struct site {
	uint32_t fn, callee;
	uint32_t line;
	uint32_t col : 28;
	uint32_t section : 1;	/* an RCU reader is open */
	uint32_t claim : 1;	/* rcu_dereference_protected(p, 1): a load on the update
				 * side that names no lock */
	uint32_t unlock : 1;	/* an unlock call: of its arg0 when it is not NONE */
	uint32_t more : 1;	/* it has a site_more */
	uint32_t locks;		/* the locks held: an interned lockset (0: none) */
};

/* What one site in eight has besides (556,000 of them on 7.3.4), by site:
 * the keys of the locations it reads, stores to, or hands in, NONE when it
 * does not. */
struct site_more {
	uint32_t site;
	uint32_t key;		/* an accessor's location */
	uint32_t stores;	/* the pointer a publish here stores to */
	uint32_t arg0;		/* a call's first argument's key when it is an address
				 * (&ep->mtx), for a lock helper's parameter */
};

/* A function definition: 52 bytes, 708,072 of them on 7.3.4. */
struct fn {
	uint32_t name, path;
	uint32_t line;
	uint32_t asserts;	/* an interned lockset */
	uint32_t helper;	/* a lock helper: its lock_helper + 1, or 0 */
	uint32_t first, nsites;	/* its call sites */
	/* summaries */
	int ncallers, nunprot;
	uint32_t held;		/* an interned lockset */
	uint32_t unprot_site;	/* one unprotected caller site + 1, or 0 */
	uint32_t first_site;	/* its first caller site + 1, or 0 */
	uint8_t unknown;	/* UNK_* bits, or "no caller" found later */
	uint8_t needs_reader;	/* 1 + the calls between it and the read, or 0 */
	unsigned is_static : 1;
	unsigned in_header : 1;	/* defined in a .h file */
	unsigned assert_rcu : 1;
	unsigned in_section : 1;	/* every known caller is in a reader */
	unsigned is_init : 1;	/* defined __init or __net_init */
	unsigned init_only : 1;	/* it is, or every known caller is, init_only: runs only at
				 * boot or on a network namespace no one else sees yet */
	unsigned top : 1;	/* held is still "every lock" in the fixpoint */
	unsigned own_section : 1;	/* it opens a reader of its own (an unlock, a guard) */
	unsigned reached : 1;	/* a chain of callers holding no reader reaches it from a
				 * root no one calls by name (a syscall, an initcall):
				 * callers through pointers or exports stay unknown */
	unsigned member_called : 1;	/* called through a member: its unprotected chains stay
					 * unknown (a member name is shared by many structs) */
};

struct update {
	uint32_t key;
	uint32_t lock;
};

/* A lock helper (cgroup_lock(), epoll_mutex_lock(&ep->mtx)): the locks it
 * returns holding, or releases without taking; param0 is its first
 * parameter's name, which stands for its caller's first argument. A reader
 * helper returns inside a reader it opened (readers 1: bpf_test_timer_enter(),
 * rhashtable_walk_start_check()) or closes one it did not open (-1). */
struct lock_helper {
	struct lockset takes, drops;
	uint32_t param0;
	int readers;
};

/* `.member = fn` (or `p->member = fn;`): fn is called through the member. */
struct op {
	uint32_t fn, member, path;	/* member: the name "->member" */
};

#define NONE HASHMAP_NONE	/* no name: what strpool_find() answers too */

/* The distinct locksets, by id; 0 is the empty set. */
struct locksets {
	struct lockset *v;
	size_t nr, alloc;
	struct hashmap map;
};

struct cc {
	struct strpool nm;
	struct locksets ls;
	struct fn *fn;
	size_t nfn, afn;
	struct site *site;
	size_t nsite, asite;
	struct site_more *more;	/* sorted by site */
	size_t nmore, amore;
	struct update *upd;
	size_t nupd, aupd;
	struct op *ops;
	size_t nops, aops;
	struct lock_helper *helpers;
	size_t nhelpers, ahelpers;
	uint8_t *unknown;	/* per name id: UNK_* */
	size_t nunknown;
	struct callctx_stats st;
	uint64_t stamp;
	int stamp_only;
	uint32_t rpath;
	int in_header;		/* the file being read is a .h */
};

static int lockset_eq(const void *data, uint32_t i, const void *key, size_t len);
static uint64_t lockset_hash(const void *data, uint32_t i);

static void cc_init(struct cc *c)
{
	memset(c, 0, sizeof(*c));
	strpool_init(&c->nm);
	c->ls.map = (struct hashmap)HASHMAP_INIT(lockset_eq, lockset_hash);
}

/* Site s's site_more, or one that says NONE throughout. */
static const struct site_more *more_of(const struct cc *c, size_t s)
{
	static const struct site_more none = { 0, NONE, NONE, NONE };
	size_t lo = 0, hi = c->nmore;

	if (!c->site[s].more)
		return &none;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->more[mid].site < s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &c->more[lo];
}

/* The site_more of the last site, added when it has none. */
static struct site_more *last_more(struct cc *c)
{
	struct site *st = &c->site[c->nsite - 1];

	if (!st->more) {
		ALLOC_GROW(c->more, c->nmore + 1, c->amore);
		c->more[c->nmore++] = (struct site_more){ (uint32_t)(c->nsite - 1), NONE, NONE, NONE };
		st->more = 1;
	}
	return &c->more[c->nmore - 1];
}

static void mark_unknown(struct cc *c, uint32_t name, int why)
{
	if (name >= c->nunknown) {
		size_t n = c->nunknown ? c->nunknown : 1024;
		while (n <= name)
			n *= 2;
		c->unknown = xrealloc(c->unknown, n);
		memset(c->unknown + c->nunknown, 0, n - c->nunknown);
		c->nunknown = n;
	}
	c->unknown[name] |= (uint8_t)why;
}

/* The name t spelled after prefix, interned: "->open" for calls through a
 * member, ".dev" for plain member loads (plain_site()). */
static uint32_t prefixed_name(struct cc *c, const char *prefix, const struct token *t)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%s%.*s", prefix, (int)t->len, t->s);

	return strpool_intern(&c->nm, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

static uint32_t member_name(struct cc *c, const struct token *t)
{
	return prefixed_name(c, "->", t);
}

static void add_op(struct cc *c, const struct token *fn, const struct token *member)
{
	ALLOC_GROW(c->ops, c->nops + 1, c->aops);
	c->ops[c->nops++] = (struct op){ intern_tok(&c->nm, fn), member_name(c, member), c->rpath };
}

/* v[i], an identifier after `=`, is what `.member = ` or `->member = `
 * stores (v[i - 2] the member): true when it recorded that. */
static int member_store(struct cc *c, const struct token *v, size_t i, size_t lo)
{
	if (i < lo + 3 || !tok_is(&v[i - 1], "=") || v[i - 2].kind != TOK_IDENT ||
	    !(tok_is(&v[i - 3], ".") || tok_is(&v[i - 3], "->")))
		return 0;
	add_op(c, &v[i], &v[i - 2]);
	return 1;
}

static void add_update(struct cc *c, uint32_t key, uint32_t lock)
{
	for (size_t i = 0; i < c->nupd; i++)
		if (c->upd[i].key == key && c->upd[i].lock == lock)
			return;
	ALLOC_GROW(c->upd, c->nupd + 1, c->aupd);
	c->upd[c->nupd++] = (struct update){ key, lock };
}

static void lockset_add(struct lockset *s, uint32_t k)
{
	for (int i = 0; i < s->n; i++)
		if (s->k[i] == k)
			return;
	if (s->n < MAXLOCKS)
		s->k[s->n++] = k;
}

static int lockset_has(const struct lockset *s, uint32_t k)
{
	for (int i = 0; i < s->n; i++)
		if (s->k[i] == k)
			return 1;
	return 0;
}

static int lockset_eq(const void *data, uint32_t i, const void *key, size_t len)
{
	const struct lockset *s = &((const struct lockset *)data)[i];

	return s->n * sizeof(uint32_t) == len && !memcmp(s->k, key, len);
}

static uint64_t lockset_hash(const void *data, uint32_t i)
{
	const struct lockset *s = &((const struct lockset *)data)[i];

	return hash_bytes(s->k, s->n * sizeof(uint32_t));
}

/* The id of the set s, interned (the same keys in the same order are the
 * same set): its index in c->ls + 1, 0 for the empty set. */
static uint32_t lockset_id(struct cc *c, const struct lockset *s)
{
	struct locksets *ls = &c->ls;
	size_t len = s->n * sizeof(uint32_t);

	if (!s->n)
		return 0;
	uint64_t h = hash_bytes(s->k, len);
	uint32_t i = hashmap_get(&ls->map, ls->v, h, s->k, len);
	if (i != HASHMAP_NONE)
		return i + 1;
	ALLOC_GROW(ls->v, ls->nr + 1, ls->alloc);
	struct lockset *copy = &ls->v[ls->nr];
	memset(copy, 0, sizeof(*copy));
	copy->n = s->n;
	memcpy(copy->k, s->k, len);
	hashmap_add(&ls->map, ls->v, h, (uint32_t)ls->nr);
	return (uint32_t)++ls->nr;
}

/* The set of id; valid until the next lockset_id(), which may move the sets. */
static const struct lockset *lockset_of(const struct cc *c, uint32_t id)
{
	static const struct lockset none;

	return id ? &c->ls.v[id - 1] : &none;
}

/* ------------------------------------------------------- the vocabulary */

/* The kernel API, from the lists of rules/data/ (vocab.h, rules/README.md). */

/* Opens or closes an RCU reader, or a region the kernel counts as one. */
static const char *const reader_open[] = { VOCAB_RCU_READ_LOCK, VOCAB_RCU_READER_REGIONS, NULL };
static const char *const reader_close[] = { VOCAB_RCU_READ_UNLOCK, VOCAB_RCU_READER_REGION_ENDS, NULL };
/* Reads whose result needs a reader: the sites of rcu-missing-read-lock, and
 * the cursors that make their function need its callers' reader too. */
static const char *const accessors[] = {
	VOCAB_RCU_READER_LOADS, VOCAB_RCU_READER_LOOKUPS, VOCAB_RCU_READER_CALLS,
	VOCAB_RCU_READER_WALKS, VOCAB_RCU_READER_CURSORS, NULL
};
/* Loads and replacements whose lockdep condition, when they carry one
 * (lockdep_is_held(&L)), names the lock that protects the pointer. */
static const char *const checked[] = {
	VOCAB_RCU_DEREFERENCE, VOCAB_RCU_DEREFERENCE_PROTECTED, VOCAB_RCU_REPLACE, NULL
};
/* Stores whose locks held are the pointer's update-side locks. */
static const char *const publish[] = { VOCAB_RCU_PUBLISH, NULL };
static const char *const reader_asserts[] = { VOCAB_RCU_READER_ASSERTS, NULL };
/* Run what they are handed (timer_setup(t, fn, 0)), or define (BPF_CALL_2(fn, ...)), in a reader. */
static const char *const reader_callbacks[] = { VOCAB_RCU_READER_CALLBACKS, NULL };
static const char *const reader_definers[] = { VOCAB_RCU_READER_DEFINERS, NULL };
/* Prefixes: every lockdep_assert_held*(), every lockdep_is_held*(). */
static const char *const lock_asserts[] = { VOCAB_LOCK_ASSERTS, NULL };
static const char *const held_tests[] = { VOCAB_LOCK_HELD_TESTS, NULL };
/* Prefixes of the lock calls (spin_lock_nested(), down_write_killable()). */
static const char *const locks[] = { VOCAB_EXCLUSIVE_LOCKS, VOCAB_SHARED_LOCKS, NULL };
static const char *const unlocks[] = { VOCAB_EXCLUSIVE_UNLOCKS, VOCAB_SHARED_UNLOCKS, NULL };
/* The RTNL API, which names no lock: its role comes from the lists above. */
static const char *const rtnl_api[] = { VOCAB_RTNL, NULL };
static const char *const rtnl_protected[] = { VOCAB_RCU_DEREFERENCE_PROTECTED, VOCAB_RCU_DEREFERENCE_RTNL, NULL };
static const char *const update_side_loads[] = { VOCAB_RCU_DEREFERENCE_PROTECTED, NULL };
/* Words of a name that begins or ends an object's life (alloc_gid_entry(),
 * tcf_*_cleanup()). */
static const char *const lifecycle_words[] = { VOCAB_LIFECYCLE_WORDS, NULL };
static const char *const exclusive_locks[] = { VOCAB_EXCLUSIVE_LOCKS, NULL };
static const char *const exclusive_unlocks[] = { VOCAB_EXCLUSIVE_UNLOCKS, NULL };
/* guard(CLASS)() and scoped_guard(CLASS, ...): a reader, or (prefixes) a lock. */
static const char *const reader_guards[] = { VOCAB_RCU_READER_GUARDS, NULL };
static const char *const lock_guards[] = { VOCAB_LOCK_GUARDS, NULL };
/* A member loaded with a plain -> that needs a reader (dst->dev), and how
 * the struct that holds it is spelled. */
static const char *const plain_members[] = { VOCAB_RCU_PLAIN_MEMBERS, NULL };
static const char *const plain_holders[] = { VOCAB_RCU_PLAIN_MEMBER_HOLDERS, NULL };
static const char *const plain_getters[] = { VOCAB_RCU_PLAIN_MEMBER_GETTERS, NULL };
#define RTNL_KEY "rtnl_mutex"	/* the lock's key: the mutex the RTNL API takes */

/* C, not calls. */
static const char *const keywords[] = {
	"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__", "_Alignof",
	"__attribute__", "asm", "__asm__", "defined", "do", "case", "else", "__builtin_expect",
	"likely", "unlikely", "offsetof", "container_of", NULL
};

static int tok_ends(const struct token *t, const char *suffix)
{
	size_t n = strlen(suffix);

	return t->len >= n && !memcmp(t->s + t->len - n, suffix, n);
}

static int tok_has(const struct token *t, const char *part)
{
	size_t n = strlen(part);

	for (size_t i = 0; i + n <= t->len; i++)
		if (!memcmp(t->s + i, part, n))
			return 1;
	return 0;
}

/* 1 lock, -1 unlock, 0 neither: a call whose name starts with a lock of
 * the lists, but not a trylock, an initialiser or a test. */
static int lock_call(const struct token *t)
{
	static const char *const not_a_lock[] = {
		"trylock", "init", "is_locked", "_held", "contended", "_assert", NULL
	};

	int kind = tok_starts_in(t, locks) ? 1 : tok_starts_in(t, unlocks) ? -1 : 0;

	for (int i = 0; kind && not_a_lock[i]; i++)
		if (tok_has(t, not_a_lock[i]))
			return 0;
	return kind;
}

/* ------------------------------------------------------------- the walk */

static size_t match(const struct token *v, size_t n, size_t open)
{
	const char *o = v[open].s;
	char want = *o == '(' ? ')' : *o == '[' ? ']' : '}';
	int depth = 0;

	for (size_t i = open; i < n; i++) {
		if (v[i].kind != TOK_PUNCT || v[i].len != 1)
			continue;
		if (*v[i].s == *o)
			depth++;
		else if (*v[i].s == want && --depth == 0)
			return i;
	}
	return n;
}

/* The key of a location expression v[a, b): its last member name (after
 * -> or . outside brackets), else its first identifier. */
static uint32_t key_of(struct cc *c, const struct token *v, size_t a, size_t b)
{
	size_t last = 0, first = 0;
	int depth = 0, have_last = 0, have_first = 0;

	for (size_t i = a; i < b; i++) {
		if (v[i].kind == TOK_PUNCT && (tok_is(&v[i], "(") || tok_is(&v[i], "[")))
			depth++;
		else if (v[i].kind == TOK_PUNCT && (tok_is(&v[i], ")") || tok_is(&v[i], "]")))
			depth--;
		else if (v[i].kind == TOK_IDENT && depth <= 0) {
			if (i > a && (tok_is(&v[i - 1], "->") || tok_is(&v[i - 1], "."))) {
				last = i;
				have_last = 1;
			} else if (!have_first && !(i + 1 < b && tok_is(&v[i + 1], "("))) {
				first = i;
				have_first = 1;
			}
		}
	}
	if (have_last)
		return intern_tok(&c->nm, &v[last]);
	if (have_first)
		return intern_tok(&c->nm, &v[first]);
	return NONE;
}

/* End of the first argument of the call whose '(' is at open. */
static size_t arg_end(const struct token *v, size_t n, size_t open)
{
	int depth = 0;

	for (size_t i = open + 1; i < n; i++) {
		if (v[i].kind != TOK_PUNCT || v[i].len != 1)
			continue;
		char ch = *v[i].s;
		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}') {
			if (depth-- == 0)
				return i;
		} else if (ch == ',' && depth == 0)
			return i;
	}
	return n;
}

struct lockctx {
	int readers;
	struct lockset locks;
};

struct block {
	struct lockctx at_open;
	int jumped;
	int guard;		/* a guard's scope: its acquisitions end with it */
};

/* A guard class: 1 an RCU reader, 2 a lock, 0 neither. */
static int guard_class(const struct token *t)
{
	if (tok_in(t, reader_guards))
		return 1;
	if (tok_starts_in(t, lock_guards))
		return 2;
	return 0;
}

/* Drops lock k; 0 when it was not held. */
static int lockctx_drop(struct lockctx *x, uint32_t k)
{
	for (int i = 0; i < x->locks.n; i++)
		if (x->locks.k[i] == k) {
			x->locks.k[i] = x->locks.k[--x->locks.n];
			return 1;
		}
	return 0;
}

static void add_site(struct cc *c, uint32_t fn, uint32_t callee, const struct token *t, uint32_t key,
		     const struct lockctx *x)
{
	if (c->nsite >= NONE - 1)
		die("callctx: more than %u call sites", (unsigned)(NONE - 1));
	ALLOC_GROW(c->site, c->nsite + 1, c->asite);
	struct site *s = &c->site[c->nsite++];
	s->fn = fn;
	s->callee = callee;
	s->line = t->line;
	s->col = t->col < MAXCOL ? t->col : MAXCOL;
	s->section = x->readers > 0;
	s->claim = 0;
	s->unlock = 0;
	s->more = 0;
	s->locks = lockset_id(c, &x->locks);
	if (key != NONE)
		last_more(c)->key = key;
	c->st.calls++;
}

/* A plain load of member t that needs a reader: a site named ".member"
 * (no function or member call has that name), keyed by the member, whose
 * writers hold RTNL. */
static void plain_site(struct cc *c, uint32_t fn, const struct token *t, const struct lockctx *x)
{
	uint32_t key = intern_tok(&c->nm, t);

	add_update(c, key, strpool_intern(&c->nm, RTNL_KEY, strlen(RTNL_KEY)));
	add_site(c, fn, prefixed_name(c, ".", t), t, key, x);
}

/* The locks the conditions in v[a, b) test: lockdep_is_held(&L), and the
 * RTNL's lockdep_rtnl_is_held(). */
static void lockdep_conditions(struct cc *c, const struct token *v, size_t a, size_t b, uint32_t key)
{
	for (size_t i = a; i + 1 < b; i++) {
		if (v[i].kind != TOK_IDENT || !tok_starts_in(&v[i], held_tests))
			continue;
		if (tok_in(&v[i], rtnl_api))
			add_update(c, key, strpool_intern(&c->nm, RTNL_KEY, strlen(RTNL_KEY)));
		else if (tok_is(&v[i + 1], "(")) {
			uint32_t k = key_of(c, v, i + 2, arg_end(v, b, i + 1));
			if (k != NONE)
				add_update(c, key, k);
		}
	}
}

static uint32_t lock_key(struct cc *c, const struct token *v, size_t n, size_t open)
{
	return key_of(c, v, open + 1, arg_end(v, n, open));
}

/* The member v[i] (after `->` or `.`, not called) is read as a value that
 * may be called later: not a store into it, a test (if (ops->open), ops->x
 * == NULL) or sizeof(), but a copy, an argument or a return. */
static int member_escapes(const struct token *v, size_t open, size_t close, size_t i)
{
	size_t j = i - 1;

	if (i + 1 > close)
		return 0;
	const struct token *next = &v[i + 1];
	if (tok_is(next, "=") || tok_is(next, "==") || tok_is(next, "!=") || tok_is(next, "&&") ||
	    tok_is(next, "||") || tok_is(next, "?") || tok_is(next, "->") || tok_is(next, ".") ||
	    tok_is(next, "[") || tok_is(next, "+") || tok_is(next, "-") || tok_is(next, "&") ||
	    tok_is(next, "|") || tok_is(next, "<") || tok_is(next, ">"))
		return 0;
	/* back over the base: a->b.c */
	while (j >= open + 2 && (tok_is(&v[j], "->") || tok_is(&v[j], ".")) && v[j - 1].kind == TOK_IDENT)
		j -= 2;
	const struct token *before = &v[j];
	if (tok_is(before, "!") || tok_is(before, "&&") || tok_is(before, "||"))
		return 0;
	if (tok_is(before, "(") && tok_is(next, ")") && j > open &&
	    (v[j - 1].kind != TOK_IDENT || tok_in(&v[j - 1], keywords)))
		return 0;	/* if (ops->open), sizeof(ops->open) */
	return 1;
}

/* The member v[i] (after -> or ., not called) is a plain load that needs a
 * reader: an rcu-plain-members.list name whose struct is spelled as
 * rcu-plain-member-holders.list or -getters.list say (dst->dev,
 * rt->dst.dev, skb_dst(skb)->dev), read, not stored to. */
static int plain_member_load(const struct token *v, size_t open, size_t close, size_t i)
{
	if (!tok_in(&v[i], plain_members) || i < open + 2 || (i + 1 <= close && tok_is(&v[i + 1], "=")))
		return 0;
	size_t h = i - 2;
	if (!tok_is(&v[h], ")"))
		return v[h].kind == TOK_IDENT && tok_in(&v[h], plain_holders);
	int depth = 0;
	for (; h > open; h--) {	/* back to the call's '(' */
		if (tok_is(&v[h], ")"))
			depth++;
		else if (tok_is(&v[h], "(") && --depth == 0)
			break;
	}
	return h > open && v[h - 1].kind == TOK_IDENT && tok_in(&v[h - 1], plain_getters);
}

/* t, whose call closes at v[pc], is an update-side load whose condition is
 * a constant (rcu_dereference_protected(p, 1)): it claims the caller is the
 * pointer's only user without naming a lock, so where the pointer's writers
 * hold one it needs that lock or a reader like rcu_dereference(). */
static int claims_nothing(const struct token *t, const struct token *v, size_t po, size_t pc)
{
	if (!tok_in(t, update_side_loads) || pc < po + 3 || !tok_is(&v[pc - 2], ",") ||
	    !(tok_is(&v[pc - 1], "1") || tok_is(&v[pc - 1], "true")))
		return 0;
	/* of a member (a local's or a slot's writers say nothing of this one) */
	int depth = 0;
	for (size_t i = po + 1; i < pc - 2; i++) {
		if (tok_is(&v[i], "(") || tok_is(&v[i], "["))
			depth++;
		else if (tok_is(&v[i], ")") || tok_is(&v[i], "]"))
			depth--;
		else if (!depth && (tok_is(&v[i], "->") || tok_is(&v[i], ".")))
			return 1;
	}
	return 0;
}

/* name, split at '_', has the word w. */
static int name_has_word(const char *name, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = name; *p;) {
		size_t len = strcspn(p, "_");
		if (len == n && !memcmp(p, w, n))
			return 1;
		p += len + (p[len] == '_');
	}
	return 0;
}

/* The first argument of the call v(po, pc) is the name p itself
 * (mutex_lock_nested(p, depth)), not a member of it (&p->lock names the lock). */
static int rooted_at(const struct token *v, size_t po, size_t pc, const char *p)
{
	size_t i = po + 1;

	while (i < pc && (tok_is(&v[i], "&") || tok_is(&v[i], "(") || tok_is(&v[i], "*")))
		i++;
	return i < pc && v[i].kind == TOK_IDENT && tok_is(&v[i], p) &&
	       (i + 1 == pc || tok_is(&v[i + 1], ")") || tok_is(&v[i + 1], ","));
}

/* A call of the vocabulary that opens or closes a reader: never a reader
 * helper itself (rcu_read_lock_bh() { local_bh_disable(); ... }). */
static int reader_call(const struct token *t)
{
	return lock_call(t) || tok_in(t, reader_open) || tok_in(t, reader_close);
}

static uint32_t new_helper(struct cc *c, size_t f)
{
	ALLOC_GROW(c->helpers, c->nhelpers + 1, c->ahelpers);
	memset(&c->helpers[c->nhelpers], 0, sizeof(c->helpers[0]));
	c->helpers[c->nhelpers].param0 = NONE;
	c->fn[f].helper = ++c->nhelpers;
	return c->fn[f].helper;
}

/* The body v[open, close] of function f, whose first parameter is named param0. */
static void walk_body(struct cc *c, uint32_t f, uint32_t param0, const struct token *v, size_t open,
		      size_t close)
{
	struct block *blk = NULL;
	size_t nblk = 0, ablk = 0;
	struct lockctx x = { 0 };
	struct lockset drops = { 0 };	/* released, not taken here */
	struct lockset returns = { 0 };	/* held at some return */
	struct lockset rooted = { 0 };	/* the first parameter itself */
	struct lockset asserts = *lockset_of(c, c->fn[f].asserts);
	int end_readers = 0;		/* readers open as the body ends */
	int reader_drops = 0;		/* readers closed, not opened here */
	uint32_t rtnl = strpool_intern(&c->nm, RTNL_KEY, strlen(RTNL_KEY));
	/* a lock helper by its name (not a lock call of the vocabulary, whose
	 * definition spin_lock() { raw_spin_lock(&lock->rlock); } would be one) */
	const char *name = c->nm.v[c->fn[f].name];
	struct token nt = { .kind = TOK_IDENT, .s = name, .len = strlen(name) };
	int helper = lock_call(&nt) || tok_in(&nt, rtnl_api) ? 0 :
		     name_has_word(name, "lock") ? 1 : name_has_word(name, "unlock") ? -1 : 0;

	for (size_t i = open; i <= close; i++) {
		const struct token *t = &v[i];
		if (t->kind == TOK_PUNCT && tok_is(t, "{")) {
			ALLOC_GROW(blk, nblk + 1, ablk);
			blk[nblk++] = (struct block){ x, 0, 0 };
			continue;
		}
		if (t->kind == TOK_PUNCT && tok_is(t, "}")) {
			if (nblk == 1 && !blk[0].guard)
				end_readers = x.readers;	/* before a return's reset */
			if (nblk) {
				struct block *b = &blk[--nblk];
				if (b->jumped || b->guard)
					x = b->at_open;	/* an error exit's unlock, or a scope's guard */
			}
			continue;
		}
		if (t->kind != TOK_IDENT)
			continue;
		if (nblk && (tok_is(t, "return") || tok_is(t, "goto") || tok_is(t, "break") ||
			     tok_is(t, "continue")))
			blk[nblk - 1].jumped = 1;
		if (helper > 0 && tok_is(t, "return"))
			for (int j = 0; j < x.locks.n; j++)
				lockset_add(&returns, x.locks.k[j]);
		int call = i + 1 <= close && tok_is(&v[i + 1], "(");
		int member = i > open && (tok_is(&v[i - 1], "->") || tok_is(&v[i - 1], "."));
		if (!call) {
			if (member) {
				if (member_escapes(v, open, close, i))
					mark_unknown(c, member_name(c, t), MEMBER_ESCAPES);
				if (!c->in_header && plain_member_load(v, open, close, i))
					plain_site(c, f, t, &x);
				continue;
			}
			/* a function used as a value: its callers are unknown, or those
			 * of the member it is stored in */
			if (i > open && i + 1 <= close &&
			    (tok_is(&v[i - 1], "=") || tok_is(&v[i - 1], ",") || tok_is(&v[i - 1], "(") ||
			     tok_is(&v[i - 1], "&") || tok_is(&v[i - 1], "?") || tok_is(&v[i - 1], ":")) &&
			    (tok_is(&v[i + 1], ",") || tok_is(&v[i + 1], ")") || tok_is(&v[i + 1], ";") ||
			     tok_is(&v[i + 1], "}")) &&
			    !member_store(c, v, i, open))
				mark_unknown(c, intern_tok(&c->nm, t), UNK_ADDRESS);
			continue;
		}
		if (tok_in(t, keywords))
			continue;
		size_t po = i + 1, pc = match(v, close + 1, po);
		int lk = 0;
		if (tok_in(t, reader_open)) {
			x.readers++;
		} else if (tok_in(t, reader_close)) {
			if (x.readers)
				x.readers--;
			else
				reader_drops++;
			c->fn[f].own_section = 1;
		} else if (tok_in(t, rtnl_api)) {
			if (tok_in(t, exclusive_locks))
				lockset_add(&x.locks, rtnl);
			else if (tok_in(t, exclusive_unlocks))
				lockctx_drop(&x, rtnl);
			else if (tok_starts_in(t, lock_asserts))
				lockset_add(&asserts, rtnl);
			else if (tok_in(t, rtnl_protected)) {
				uint32_t k = lock_key(c, v, close + 1, po);
				if (k != NONE)
					add_update(c, k, rtnl);
			}
		} else if ((lk = lock_call(t)) != 0) {
			uint32_t k = lock_key(c, v, close + 1, po);
			if (helper && k != NONE && param0 != NONE && rooted_at(v, po, pc, c->nm.v[param0]))
				lockset_add(&rooted, k);	/* the lock the caller hands in */
			if (k != NONE) {
				if (lk > 0)
					lockset_add(&x.locks, k);
				else if (!lockctx_drop(&x, k) && helper < 0)
					lockset_add(&drops, k);
			}
			/* bottom halves or interrupts off: the kernel counts it as a reader */
			if (tok_ends(t, "_bh") || tok_ends(t, "_irq") || tok_ends(t, "_irqsave") ||
			    tok_ends(t, "_irqrestore")) {
				if (lk > 0)
					x.readers++;
				else if (x.readers)
					x.readers--;
				else
					reader_drops++;
			}
		} else if ((tok_is(t, "guard") || tok_is(t, "scoped_guard")) && po + 1 < pc) {
			int g = guard_class(&v[po + 1]);
			int scoped = tok_is(t, "scoped_guard");
			size_t args = scoped ? arg_end(v, close + 1, po) : pc + 1;
			if (g && nblk) {
				if (scoped) {
					/* the block (or statement) after it; a braced one gets the guard */
					ALLOC_GROW(blk, nblk + 1, ablk);
					blk[nblk++] = (struct block){ x, 0, 1 };
					i = pc;
					if (pc + 1 <= close && tok_is(&v[pc + 1], "{"))
						i = pc + 1;	/* the block the guard scope replaces */
				} else {
					blk[nblk - 1].guard = 1;
				}
				if (g == 1) {
					x.readers++;
					c->fn[f].own_section = 1;
				} else if (args < close && (scoped || tok_is(&v[args], "("))) {
					uint32_t k = scoped ? key_of(c, v, args + 1, arg_end(v, close + 1, args))
							    : lock_key(c, v, close + 1, args);
					if (k != NONE)
						lockset_add(&x.locks, k);
				}
				continue;
			}
		} else if (tok_starts_in(t, lock_asserts)) {
			uint32_t k = lock_key(c, v, close + 1, po);
			if (k != NONE)
				lockset_add(&asserts, k);
		} else if (tok_in(t, reader_asserts)) {
			c->fn[f].assert_rcu = 1;
		} else if (tok_in(t, reader_callbacks)) {
			/* every bare name among the arguments: the callback */
			for (size_t a = po + 1; a < pc; a++)
				if (v[a].kind == TOK_IDENT && (tok_is(&v[a - 1], "(") || tok_is(&v[a - 1], ",")) &&
				    (tok_is(&v[a + 1], ",") || tok_is(&v[a + 1], ")")))
					mark_unknown(c, intern_tok(&c->nm, &v[a]), CALLED_IN_READER);
		} else if (tok_in(t, checked)) {
			uint32_t k = lock_key(c, v, close + 1, po);
			if (k != NONE)
				lockdep_conditions(c, v, po, pc, k);
		}
		int claim = !member && claims_nothing(t, v, po, pc);
		add_site(c, f, member ? member_name(c, t) : intern_tok(&c->nm, t), t,
			 tok_in(t, accessors) || claim ? lock_key(c, v, close + 1, po) : NONE, &x);
		c->site[c->nsite - 1].claim = claim;
		if (po + 1 < pc && tok_is(&v[po + 1], "&")) {
			uint32_t k = lock_key(c, v, close + 1, po);
			if (k != NONE)
				last_more(c)->arg0 = k;
		}
		c->site[c->nsite - 1].unlock = lk < 0;
		if (tok_in(t, publish)) {
			uint32_t k = lock_key(c, v, close + 1, po);
			for (int j = 0; k != NONE && j < x.locks.n; j++)
				add_update(c, k, x.locks.k[j]);
			if (k != NONE)
				last_more(c)->stores = k;
		}
	}
	free(blk);
	c->fn[f].asserts = lockset_id(c, &asserts);
	/* a lock helper: what it returns holding; an unlock helper: what it releases */
	for (int j = 0; j < x.locks.n; j++)
		lockset_add(&returns, x.locks.k[j]);
	const struct lockset *found = helper > 0 ? &returns : &drops;
	int takes_locks = helper && found->n;
	int readers = reader_call(&nt) ? 0 :
		      end_readers > 0 && !reader_drops ? 1 : !end_readers && reader_drops ? -1 : 0;
	if (!takes_locks && !readers)
		return;
	uint32_t hi = new_helper(c, f);	/* before taking c->helpers: it grows */
	struct lock_helper *h = &c->helpers[hi - 1];
	if (takes_locks) {
		struct lockset *l = helper > 0 ? &h->takes : &h->drops;
		*l = *found;
		for (int j = 0; j < l->n; j++)
			if (lockset_has(&rooted, l->k[j]))
				l->k[j] = param0;
	}
	h->param0 = param0;
	h->readers = readers;
}

/* i at a '#' that starts a line: the index past the directive; an #else or
 * #elif skips to its #endif (the first branch is the one read). */
static size_t directive(const struct token *v, size_t n, size_t i)
{
	int skip = i + 1 < n && (tok_is(&v[i + 1], "else") || tok_is(&v[i + 1], "elif"));
	int depth = 0;

	for (i++; i < n; i++) {
		if (!v[i].nl_before)
			continue;
		if (!skip)
			return i;
		if (tok_is(&v[i], "#") && i + 1 < n) {
			const struct token *d = &v[i + 1];
			if (tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef"))
				depth++;
			else if (tok_is(d, "endif") && depth-- == 0)
				return directive(v, n, i);
		}
	}
	return n;
}

/* The name of the first parameter in the list v(po, pc): the last name
 * before its first top-level comma (struct mutex *m: m), NONE for (void). */
static uint32_t first_param(struct cc *c, const struct token *v, size_t po, size_t pc)
{
	size_t last = 0;
	int depth = 0;

	for (size_t i = po + 1; i < pc; i++) {
		if (tok_is(&v[i], "(") || tok_is(&v[i], "["))
			depth++;
		else if (tok_is(&v[i], ")") || tok_is(&v[i], "]"))
			depth--;
		else if (!depth && tok_is(&v[i], ","))
			break;
		else if (!depth && v[i].kind == TOK_IDENT)
			last = i;
	}
	return last && !tok_is(&v[last], "void") ? intern_tok(&c->nm, &v[last]) : NONE;
}

static void scan_tokens(struct cc *c, struct token *v, size_t n)
{
	size_t o = 0;

	/* preprocessor lines out first: the walk then sees C only */
	for (size_t i = 0; i < n;) {
		if (v[i].nl_before && tok_is(&v[i], "#")) {
			i = directive(v, n, i);
			continue;
		}
		v[o++] = v[i++];
	}
	n = o;
	for (size_t i = 0; i < n; i++) {
		const struct token *t = &v[i];
		if (t->kind == TOK_PUNCT && tok_is(t, "{") ) {
			/* a struct or initialiser at file scope: look for `.member = fn` */
			size_t e = match(v, n, i);
			for (size_t j = i + 1; j + 1 < e; j++)
				if (v[j].kind == TOK_IDENT && tok_is(&v[j - 1], "=") &&
				    (tok_is(&v[j + 1], ",") || tok_is(&v[j + 1], "}"))) {
					if (!member_store(c, v, j, i))
						mark_unknown(c, intern_tok(&c->nm, &v[j]), UNK_ADDRESS);
				} else if (v[j].kind == TOK_IDENT &&
					   (tok_is(&v[j - 1], "{") || tok_is(&v[j - 1], ",")) &&
					   (tok_is(&v[j + 1], ",") || tok_is(&v[j + 1], "}")))
					mark_unknown(c, intern_tok(&c->nm, &v[j]), UNK_ADDRESS);	/* { fn_a, fn_b } */
				else if (v[j].kind == TOK_IDENT && tok_is(&v[j - 1], "&") &&
					 !tok_is(&v[j + 1], "("))
					mark_unknown(c, intern_tok(&c->nm, &v[j]), UNK_ADDRESS);
			i = e;
			continue;
		}
		if (t->kind != TOK_IDENT || i + 1 >= n || !tok_is(&v[i + 1], "("))
			continue;
		if (starts_with(t->s, "EXPORT_SYMBOL") || starts_with(t->s, "EXPORT_TRACEPOINT")) {
			if (i + 2 < n && v[i + 2].kind == TOK_IDENT)
				mark_unknown(c, intern_tok(&c->nm, &v[i + 2]), UNK_EXPORTED);
			continue;
		}
		if (tok_in(t, keywords))
			continue;
		size_t pc = match(v, n, i + 1), j = pc + 1;
		struct lockset must = { 0 };
		/* attributes between the parameters and the body */
		while (j < n && v[j].kind == TOK_IDENT) {
			int must_hold = tok_is(&v[j], "__must_hold");
			if (j + 1 < n && tok_is(&v[j + 1], "(")) {
				size_t e = match(v, n, j + 1);
				if (must_hold) {
					uint32_t k = key_of(c, v, j + 2, e);
					if (k != NONE)
						lockset_add(&must, k);
				}
				j = e + 1;
			} else {
				j++;
			}
		}
		if (j >= n || !tok_is(&v[j], "{")) {
			i = pc;
			continue;
		}
		size_t close = match(v, n, j);
		int is_static = 0, is_init = 0;
		for (size_t k = i; k-- > 0;) {
			if (tok_is(&v[k], ";") || tok_is(&v[k], "}") || tok_is(&v[k], ")"))
				break;
			if (tok_is(&v[k], "static"))
				is_static = 1;
			if (tok_is(&v[k], "__init") || tok_is(&v[k], "__net_init"))
				is_init = 1;
		}
		ALLOC_GROW(c->fn, c->nfn + 1, c->afn);
		struct fn *f = &c->fn[c->nfn];
		memset(f, 0, sizeof(*f));
		f->name = intern_tok(&c->nm, t);
		f->path = c->rpath;
		f->line = t->line;
		f->is_static = is_static;
		f->in_header = c->in_header;
		f->is_init = is_init;
		f->assert_rcu = tok_in(t, reader_definers);
		f->asserts = lockset_id(c, &must);
		f->first = c->nsite;
		c->nfn++;
		c->st.functions++;
		walk_body(c, (uint32_t)(c->nfn - 1), first_param(c, v, i + 1, pc), v, j,
			  close < n ? close : n - 1);
		c->fn[c->nfn - 1].nsites = c->nsite - c->fn[c->nfn - 1].first;
		i = close;
	}
}

static void read_file(struct cc *c, const char *path, const char *rpath)
{
	struct strbuf sb = STRBUF_INIT;
	struct token *v;

	if (strbuf_read_file(&sb, path))
		return;
	c->st.files++;
	c->rpath = strpool_intern(&c->nm, rpath, strlen(rpath));
	c->in_header = ends_with(rpath, ".h");
	size_t n = lexer_all(sb.buf, sb.len, &v);
	scan_tokens(c, v, n);
	free(v);
	strbuf_release(&sb);
}

/* Each .c and .h file of the tree as the scan lists them (tree.c: no hidden
 * or symlinked directories, no build outputs, one name per file), but the
 * top-level tools/, scripts/ and Documentation/ (user-space programs, host
 * tools whose functions share kernel names, docs) and headers over
 * MAXHEADER: read, or only stamped. */
static int walk(struct cc *c, const char *kdir, char *err, size_t errlen)
{
	struct tree t;

	if (tree_collect(&t, kdir, NULL, 1, err, errlen))
		return -1;
	for (size_t i = 0; i < t.nr; i++) {
		const struct tree_file *f = &t.v[i];
		if (starts_with(f->path, "tools/") || starts_with(f->path, "Documentation/") ||
		    starts_with(f->path, "scripts/") ||
		    (ends_with(f->path, ".h") && f->size > MAXHEADER))
			continue;
		if (c->stamp_only) {
			uint64_t k[5] = { c->stamp, hash_bytes(f->path, strlen(f->path)), (uint64_t)f->size,
					  (uint64_t)f->mtime_ns, (uint64_t)f->ino };
			c->stamp = hash_bytes(k, sizeof(k));
			c->st.files++;
		} else {
			char *path = xasprintf("%s/%s", t.root, f->path);
			read_file(c, path, f->path);
			free(path);
		}
	}
	tree_release(&t);
	return 0;
}

/* --------------------------------------------------------- the summaries */

/* name id -> its definitions, for resolving calls by name; the resolved
 * calls (site, target) once, for the fixpoints */
struct defs {
	uint32_t *head;	/* per name id: first fn + 1 */
	uint32_t *next;	/* per fn: next fn of the same name + 1 */
	uint32_t (*edge)[2];	/* 4.7 million on 7.3.4 */
	size_t nedge, aedge;
	size_t ndirect;	/* the first ndirect edges are calls by name; then calls through members */
};

static void add_edge(struct cc *c, size_t s, size_t f, void *arg)
{
	struct defs *d = arg;

	(void)c;
	ALLOC_GROW(d->edge, d->nedge + 1, d->aedge);
	d->edge[d->nedge][0] = (uint32_t)s;
	d->edge[d->nedge++][1] = (uint32_t)f;
}

/* CB(c, site, target, arg) for edges [from, to). */
static void each_edge_in(struct cc *c, const struct defs *d, size_t from, size_t to,
			 void (*cb)(struct cc *, size_t, size_t, void *), void *arg)
{
	for (size_t e = from; e < to; e++)
		cb(c, d->edge[e][0], d->edge[e][1], arg);
}

static void each_edge(struct cc *c, const struct defs *d, void (*cb)(struct cc *, size_t, size_t, void *),
		      void *arg)
{
	each_edge_in(c, d, 0, d->nedge, cb, arg);
}

static int unknown_of(const struct cc *c, uint32_t name)
{
	return name < c->nunknown ? c->unknown[name] : 0;
}

/* The definitions a use of `name` in file `path` names: a static one in
 * that file, else every non-static one and every static one of a header
 * (a static inline helper is every includer's own). Calls CB(c, site, target). */
static void for_definitions(struct cc *c, const struct defs *d, uint32_t name, uint32_t path, size_t s,
			    void (*cb)(struct cc *, size_t, size_t, void *), void *arg)
{
	int local = 0;

	if (name >= c->nm.nr)
		return;
	for (uint32_t k = d->head[name]; k; k = d->next[k - 1])
		if (c->fn[k - 1].is_static && c->fn[k - 1].path == path) {
			cb(c, s, k - 1, arg);
			local = 1;
		}
	if (local)
		return;
	for (uint32_t k = d->head[name]; k; k = d->next[k - 1])
		if (!c->fn[k - 1].is_static || c->fn[k - 1].in_header)
			cb(c, s, k - 1, arg);
}

/* Each call's targets by name: CB(c, site, target). */
static void for_targets(struct cc *c, const struct defs *d, size_t s,
			void (*cb)(struct cc *, size_t, size_t, void *), void *arg)
{
	const struct site *st = &c->site[s];

	for_definitions(c, d, st->callee, c->fn[st->fn].path, s, cb, arg);
}

static int op_order(const void *a, const void *b)
{
	const struct op *x = a, *y = b;

	if (x->member != y->member)
		return x->member < y->member ? -1 : 1;
	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	return x->path < y->path ? -1 : x->path > y->path;
}

/* The index of name in the n sorted ids of v, or n. */
static size_t find_sorted(const uint32_t *v, size_t n, uint32_t name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < name)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo] == name ? lo : n;
}

/* Calls through members: a call `p->open(...)` reaches every function some
 * initialiser or store puts in a member named open, when no member of that
 * name is ever read as a value (MEMBER_ESCAPES) or named bare (a macro's
 * argument, `call_op(ops, open)`). A function in such a member, or in one
 * nobody calls, has unknown callers. */
static void member_edges(struct cc *c, struct defs *d)
{
	size_t n = 0, nmembers = 0;

	if (c->nops)	/* qsort() of no array is undefined */
		qsort(c->ops, c->nops, sizeof(*c->ops), op_order);
	for (size_t i = 0; i < c->nops; i++)	/* one of each */
		if (!n || op_order(&c->ops[n - 1], &c->ops[i]))
			c->ops[n++] = c->ops[i];
	c->nops = n;
	/* the members stored to, sorted; per member, its call sites in order
	 * (sites[start[m], start[m + 1])), counted, then placed */
	uint32_t *member = xmalloc((c->nops ? c->nops : 1) * sizeof(*member));
	for (size_t i = 0; i < c->nops; i++)
		if (!nmembers || member[nmembers - 1] != c->ops[i].member)
			member[nmembers++] = c->ops[i].member;
	uint32_t *start = xcalloc(nmembers + 1, sizeof(*start));
	for (size_t s = 0; s < c->nsite; s++) {
		size_t m = find_sorted(member, nmembers, c->site[s].callee);
		if (m < nmembers)
			start[m + 1]++;
	}
	for (size_t m = 0; m < nmembers; m++)
		start[m + 1] += start[m];
	uint32_t *sites = xmalloc((start[nmembers] ? start[nmembers] : 1) * sizeof(*sites));
	uint32_t *fill = xmalloc((nmembers ? nmembers : 1) * sizeof(*fill));
	memcpy(fill, start, nmembers * sizeof(*fill));
	for (size_t s = 0; s < c->nsite; s++) {
		size_t m = find_sorted(member, nmembers, c->site[s].callee);
		if (m < nmembers)
			sites[fill[m]++] = (uint32_t)s;
	}
	free(fill);
	for (size_t i = 0, m = 0; i < c->nops; i++) {
		const struct op *op = &c->ops[i];
		const char *bare = c->nm.v[op->member] + 2;
		uint32_t bare_id = strpool_find(&c->nm, bare, strlen(bare));	/* NONE: no token spelled it */
		while (member[m] != op->member)
			m++;
		if (start[m] == start[m + 1] || (unknown_of(c, op->member) & MEMBER_ESCAPES) ||
		    (bare_id != NONE && (unknown_of(c, bare_id) & UNK_ADDRESS)))
			mark_unknown(c, op->fn, UNK_ADDRESS);
	}
	for (size_t i = 0, m = 0; i < c->nops; i++) {
		const struct op *op = &c->ops[i];
		while (member[m] != op->member)
			m++;
		if (unknown_of(c, op->fn) & UNK_ADDRESS)
			continue;
		for (uint32_t k = start[m]; k < start[m + 1]; k++)
			for_definitions(c, d, op->fn, op->path, sites[k], add_edge, d);
	}
	free(member);
	free(start);
	free(sites);
}

static void count_caller(struct cc *c, size_t s, size_t f, void *arg)
{
	(void)arg;
	if (!c->fn[f].ncallers++)
		c->fn[f].first_site = (uint32_t)s + 1;
}

static int site_protected(const struct cc *c, size_t s)
{
	const struct site *st = &c->site[s];
	const struct fn *g = &c->fn[st->fn];

	return st->section || g->in_section || g->assert_rcu;
}

static void check_section(struct cc *c, size_t s, size_t f, void *changed)
{
	if (c->fn[f].in_section && !site_protected(c, s)) {
		c->fn[f].in_section = 0;
		*(int *)changed = 1;
	}
}

static void check_init(struct cc *c, size_t s, size_t f, void *changed)
{
	if (c->fn[f].init_only && !c->fn[f].is_init && !c->fn[c->site[s].fn].init_only) {
		c->fn[f].init_only = 0;
		*(int *)changed = 1;
	}
}

static void meet_held(struct cc *c, size_t s, size_t f, void *changed)
{
	struct fn *fn = &c->fn[f];
	const struct site *st = &c->site[s];
	const struct fn *g = &c->fn[st->fn];

	if (g->top)
		return;		/* not known yet: the meet waits for it */
	if (!fn->top && !fn->held)
		return;		/* nothing left to meet */
	struct lockset have = *lockset_of(c, st->locks), out = { 0 };
	const struct lockset *gheld = lockset_of(c, g->held), *gasserts = lockset_of(c, g->asserts);
	for (int i = 0; i < gheld->n; i++)
		lockset_add(&have, gheld->k[i]);
	for (int i = 0; i < gasserts->n; i++)
		lockset_add(&have, gasserts->k[i]);
	if (fn->top) {
		fn->top = 0;
		fn->held = lockset_id(c, &have);
		*(int *)changed = 1;
		return;
	}
	const struct lockset *held = lockset_of(c, fn->held);
	for (int i = 0; i < held->n; i++)
		if (lockset_has(&have, held->k[i]))
			out.k[out.n++] = held->k[i];
	if (out.n != held->n) {
		fn->held = lockset_id(c, &out);
		*(int *)changed = 1;
	}
}

static void mark_member_called(struct cc *c, size_t s, size_t f, void *arg)
{
	(void)s;
	(void)arg;
	c->fn[f].member_called = 1;
}

static void reach(struct cc *c, size_t s, size_t f, void *changed)
{
	if (!c->fn[f].reached && !c->fn[f].unknown && !site_protected(c, s) && c->fn[c->site[s].fn].reached) {
		c->fn[f].reached = 1;
		*(int *)changed = 1;
	}
}

/* Per name: whether it is some location's update-side lock. */
static uint8_t *update_lock_map(const struct cc *c)
{
	uint8_t *is_update_lock = xcalloc(c->nm.nr ? c->nm.nr : 1, 1);

	for (size_t i = 0; i < c->nupd; i++)
		is_update_lock[c->upd[i].lock] = 1;
	return is_update_lock;
}

static int holds_update_lock(const struct lockset *held, const uint8_t *is_update_lock)
{
	for (int i = 0; i < held->n; i++)
		if (is_update_lock[held->k[i]])
			return 1;
	return 0;
}

/* The chain the message names goes through a caller that holds no
 * update-side lock either, when there is one. */
static void count_unprotected(struct cc *c, size_t s, size_t f, void *is_update_lock)
{
	if (!site_protected(c, s) && c->fn[c->site[s].fn].reached) {
		size_t at = c->fn[f].unprot_site;
		c->fn[f].nunprot++;
		if (!at || (holds_update_lock(lockset_of(c, c->site[at - 1].locks), is_update_lock) &&
			    !holds_update_lock(lockset_of(c, c->site[s].locks), is_update_lock)))
			c->fn[f].unprot_site = (uint32_t)s + 1;
	}
}

static int update_held(const struct cc *c, uint32_t key, const struct lockset *held)
{
	for (size_t i = 0; i < c->nupd; i++)
		if (c->upd[i].key == key && lockset_has(held, c->upd[i].lock))
			return 1;
	return 0;
}

/* Site s needs a reader its function does not open: an accessor, or a
 * call of a function that needs one, outside any section and update lock. */
static int site_needs_reader(const struct cc *c, size_t s)
{
	const struct site *st = &c->site[s];
	const struct fn *g = &c->fn[st->fn];
	uint32_t key = more_of(c, s)->key;

	if (st->section || g->assert_rcu || key == NONE)
		return 0;
	return !update_held(c, key, lockset_of(c, st->locks)) &&
	       !update_held(c, key, lockset_of(c, g->asserts));
}

static void mark_needs(struct cc *c, size_t s, size_t f, void *changed)
{
	const struct site *st = &c->site[s];

	if (c->fn[f].needs_reader && c->fn[f].needs_reader < LOOKUP_DEPTH && !c->fn[f].in_section &&
	    !st->section && !c->fn[st->fn].assert_rcu && !c->fn[st->fn].needs_reader) {
		c->fn[st->fn].needs_reader = c->fn[f].needs_reader + 1;
		*(int *)changed = 1;
	}
}

static void target_needs(struct cc *c, size_t s, size_t f, void *found)
{
	(void)s;
	if (c->fn[f].needs_reader == 1)	/* the helper itself reads */
		*(int *)found = 1;
}

static int has_update_lock(const struct cc *c, uint32_t key)
{
	for (size_t i = 0; i < c->nupd; i++)
		if (c->upd[i].key == key)
			return 1;
	return 0;
}

/* name, split at '_', has a lifecycle-words.list word. */
static int lifecycle_name(const char *name)
{
	for (const char *const *t = lifecycle_words; *t; t++)
		if (name_has_word(name, *t))
			return 1;
	return 0;
}

static int stores_to(const struct cc *c, const struct fn *fn, uint32_t key)
{
	for (size_t s = fn->first; s < fn->first + fn->nsites; s++)
		if (more_of(c, s)->stores == key)
			return 1;
	return 0;
}

/* A protected load claiming nothing is a site where the pointer's writers
 * hold a lock the tree names; not in a function that sets the object up or
 * tears it down (its only user may load with a constant condition), nor in
 * one that stores to the pointer too: a writer, whose claim is that no
 * other writer runs, which a reader cannot break. */
static void judge_claims(struct cc *c)
{
	for (size_t s = 0; s < c->nsite; s++) {
		const struct site *st = &c->site[s];
		const struct fn *fn = &c->fn[st->fn];
		struct site_more *mo = (struct site_more *)more_of(c, s);
		if (st->claim && mo->key != NONE &&
		    (!has_update_lock(c, mo->key) || lifecycle_name(c->nm.v[fn->name]) ||
		     stores_to(c, fn, mo->key)))
			mo->key = NONE;	/* a site with a key has a site_more of its own */
	}
}

static void find_lock_helper(struct cc *c, size_t s, size_t f, void *found)
{
	(void)s;
	if (!*(uint32_t *)found)
		*(uint32_t *)found = c->fn[f].helper;
}

/* A lock of helper h as its call at st names it: its first parameter stands
 * for the call's first argument. */
static uint32_t helper_lock(const struct lock_helper *h, uint32_t k, uint32_t arg0)
{
	return k == h->param0 ? arg0 : k;
}

/* A function whose one call is of a reader helper is one too: a wrapper
 * (rhashtable_walk_start() { rhashtable_walk_start_check(iter); }), to a
 * fixpoint a few levels deep. Only a wrapper: a function that calls more
 * may close the reader itself (a helper's spin_lock_bh(), its own
 * spin_unlock_bh()), which the order of its calls does not tell. */
static void reader_wrappers(struct cc *c, const struct defs *d)
{
	/* A direct helper that also calls one of the other sign is balanced:
	 * try_to_grab_pending() returns with interrupts off, __cancel_work()'s
	 * local_irq_restore() closes them, not a reader of its caller's. */
	for (size_t f = 0; f < c->nfn; f++) {
		struct fn *fn = &c->fn[f];
		int *r = fn->helper ? &c->helpers[fn->helper - 1].readers : NULL;
		for (size_t s = fn->first; r && *r && s < fn->first + fn->nsites; s++) {
			uint32_t h = 0;
			for_targets(c, d, s, find_lock_helper, &h);
			if (h && h != fn->helper && c->helpers[h - 1].readers == -*r)
				*r = 0;
		}
	}
	for (int round = 0, changed = 1; changed && round < 4; round++) {
		changed = 0;
		for (size_t f = 0; f < c->nfn; f++) {
			struct fn *fn = &c->fn[f];
			if (fn->nsites != 1 || fn->helper)
				continue;
			uint32_t h = 0;
			for_targets(c, d, fn->first, find_lock_helper, &h);
			int readers = h ? c->helpers[h - 1].readers : 0;
			const char *name = c->nm.v[fn->name];
			struct token nt = { .kind = TOK_IDENT, .s = name, .len = strlen(name) };
			if (!readers || reader_call(&nt))
				continue;
			uint32_t hi = new_helper(c, f);	/* before taking c->helpers: it grows */
			c->helpers[hi - 1].readers = readers;
			changed = 1;
		}
	}
}

/* The sites after a call of a lock helper hold its locks, until a call of
 * the unlock helper: cgroup_lock(); ... cgroup_unlock(); as mutex_lock()
 * and mutex_unlock() of cgroup_mutex would (in the order of the sites, not
 * of the paths). So with a reader helper's reader. */
static void lock_helpers(struct cc *c, const struct defs *d)
{
	if (!c->nhelpers)
		return;
	reader_wrappers(c, d);
	/* per name: some definition of it is a helper (most calls are of none) */
	uint8_t *helper_name = xcalloc(c->nm.nr, 1);
	for (size_t f = 0; f < c->nfn; f++)
		if (c->fn[f].helper)
			helper_name[c->fn[f].name] = 1;
	for (size_t f = 0; f < c->nfn; f++) {
		struct lockctx extra = { 0 };
		for (size_t s = c->fn[f].first; s < c->fn[f].first + c->fn[f].nsites; s++) {
			struct site *st = &c->site[s];
			const struct site_more *mo = more_of(c, s);
			if (extra.readers > 0)
				st->section = 1;
			if (extra.locks.n) {
				struct lockset held = *lockset_of(c, st->locks);
				for (int i = 0; i < extra.locks.n; i++) {
					lockset_add(&held, extra.locks.k[i]);
					if (mo->stores != NONE)
						add_update(c, mo->stores, extra.locks.k[i]);
				}
				st->locks = lockset_id(c, &held);
			}
			if (st->unlock && mo->arg0 != NONE)
				lockctx_drop(&extra, mo->arg0);
			uint32_t h = 0;
			if (st->callee < c->nm.nr && helper_name[st->callee])
				for_targets(c, d, s, find_lock_helper, &h);
			if (!h)
				continue;
			const struct lock_helper *hf = &c->helpers[h - 1];
			extra.readers += hf->readers;
			if (extra.readers < 0)
				extra.readers = 0;
			for (int i = 0; i < hf->takes.n; i++) {
				uint32_t k = helper_lock(hf, hf->takes.k[i], mo->arg0);
				if (k != NONE)
					lockset_add(&extra.locks, k);
			}
			for (int i = 0; i < hf->drops.n; i++) {
				uint32_t k = helper_lock(hf, hf->drops.k[i], mo->arg0);
				if (k != NONE)
					lockctx_drop(&extra, k);
			}
		}
	}
	free(helper_name);
}

static void summarise(struct cc *c, struct defs *d)
{
	int changed;

	d->head = xcalloc(c->nm.nr, sizeof(*d->head));
	d->next = xcalloc(c->nfn ? c->nfn : 1, sizeof(*d->next));
	for (size_t f = c->nfn; f-- > 0;) {
		d->next[f] = d->head[c->fn[f].name];
		d->head[c->fn[f].name] = f + 1;
	}
	lock_helpers(c, d);
	judge_claims(c);
	for (size_t s = 0; s < c->nsite; s++)
		for_targets(c, d, s, add_edge, d);
	d->ndirect = d->nedge;
	member_edges(c, d);
	each_edge(c, d, count_caller, NULL);
	for (size_t f = 0; f < c->nfn; f++) {
		struct fn *fn = &c->fn[f];
		fn->unknown = unknown_of(c, fn->name) & (UNK_EXPORTED | UNK_ADDRESS);
		if (unknown_of(c, fn->name) & CALLED_IN_READER)
			fn->assert_rcu = 1;
		fn->in_section = !fn->unknown && fn->ncallers;
		fn->init_only = fn->is_init || (!fn->unknown && fn->ncallers);
		fn->top = !fn->unknown && fn->ncallers;
	}
	/* greatest fixpoints: a property holds until a caller site refutes it */
	do {
		changed = 0;
		each_edge(c, d, check_section, &changed);
	} while (changed);
	do {
		changed = 0;
		each_edge(c, d, check_init, &changed);
	} while (changed);
	do {
		changed = 0;
		each_edge(c, d, meet_held, &changed);
	} while (changed);
	for (size_t f = 0; f < c->nfn; f++)
		if (c->fn[f].top) {	/* only callers still unknown: a cycle */
			c->fn[f].top = 0;
			c->fn[f].held = 0;
		}
	for (size_t f = 0; f < c->nfn; f++)
		c->fn[f].reached = !c->fn[f].unknown && !c->fn[f].ncallers;
	/* unprotected chains by name only: the sites of a member name reach every
	 * function stored in a member of that name, of whatever struct */
	each_edge_in(c, d, d->ndirect, d->nedge, mark_member_called, NULL);
	do {
		changed = 0;
		each_edge_in(c, d, 0, d->ndirect, reach, &changed);
	} while (changed);
	uint8_t *is_update_lock = update_lock_map(c);
	each_edge_in(c, d, 0, d->ndirect, count_unprotected, is_update_lock);
	free(is_update_lock);
	/* least fixpoint upwards: who needs a reader from its callers. A
	 * function whose known callers are all in a section is the end of it. */
	for (size_t s = 0; s < c->nsite; s++)
		if (site_needs_reader(c, s) &&
		    !update_held(c, more_of(c, s)->key, lockset_of(c, c->fn[c->site[s].fn].held)))
			c->fn[c->site[s].fn].needs_reader = 1;
	do {	/* by name only: a member's name may be shared by many */
		changed = 0;
		each_edge_in(c, d, 0, d->ndirect, mark_needs, &changed);
	} while (changed);
	for (size_t f = 0; f < c->nfn; f++)
		if (c->fn[f].needs_reader) {
			c->st.needs_reader++;
			c->st.in_section += c->fn[f].in_section;
		}
}

/* ------------------------------------------------------------ the output */

static void put_locks(FILE *o, const struct cc *c, const struct lockset *s)
{
	if (!s->n) {
		fputc('-', o);
		return;
	}
	for (int i = 0; i < s->n; i++)
		fprintf(o, "%s%s", i ? "," : "", c->nm.v[s->k[i]]);
}

/* What a chain of callers shows (put_chain()). */
enum chain {
	CHAIN_UNPROTECTED,	/* callers holding no reader, up to a root */
	CHAIN_SECTION,		/* callers up to the one that calls inside a reader */
	CHAIN_LOCK,		/* callers up to the one that holds (or asserts) the lock */
	CHAIN_INIT,		/* callers up to an __init or __net_init one */
};

/* One chain of callers of f, `caller path:line` joined by " <- ", or "-". */
static void put_chain(FILE *o, const struct cc *c, size_t f, enum chain what, uint32_t lock)
{
	int first = 1;
	size_t seen[6];

	for (int depth = 0; depth < 6; depth++) {
		size_t at = what == CHAIN_UNPROTECTED ? c->fn[f].unprot_site : c->fn[f].first_site;
		if (!at)
			break;
		const struct site *s = &c->site[at - 1];
		size_t g = s->fn;
		int again = 0;
		for (int i = 0; i < depth; i++)
			again |= seen[i] == g;
		if (again)
			break;	/* a cycle of calls: the chain is what came before */
		seen[depth] = g;
		fprintf(o, "%s%s %s:%u", first ? "" : " <- ", c->nm.v[c->fn[g].name],
			c->nm.v[c->fn[g].path], s->line);
		first = 0;
		if (g == f)
			break;
		if (what == CHAIN_SECTION && (s->section || c->fn[g].assert_rcu || !c->fn[g].in_section))
			break;
		if (what == CHAIN_INIT && c->fn[g].is_init)
			break;
		if (what == CHAIN_LOCK && (lockset_has(lockset_of(c, s->locks), lock) ||
					   lockset_has(lockset_of(c, c->fn[g].asserts), lock)))
			break;
		f = g;
	}
	if (first)
		fputc('-', o);
}

/* A callers row: what every known caller of function f gives it, when it is
 * something the rules weigh: a reader around a function that has a section
 * of its own (whose unlock then ends nothing), update-side locks (of some
 * update row), init code only (no reader or other CPU exists yet). */
static void write_callers(FILE *o, const struct cc *c, size_t f, const uint8_t *is_update_lock)
{
	const struct fn *fn = &c->fn[f];
	int section = fn->in_section && fn->own_section;
	int init = fn->init_only && !fn->is_init;
	const struct lockset *fheld = lockset_of(c, fn->held);
	struct lockset held = { 0 };

	for (int i = 0; i < fheld->n; i++)
		if (is_update_lock[fheld->k[i]])
			lockset_add(&held, fheld->k[i]);
	if (!section && !held.n && !init)
		return;
	fprintf(o, "callers\t%s\t%s\t%u\t%d\t", c->nm.v[fn->path], c->nm.v[fn->name], fn->line,
		fn->ncallers);
	if (section)
		put_chain(o, c, f, CHAIN_SECTION, NONE);
	else
		fputc('-', o);
	fputc('\t', o);
	put_locks(o, c, &held);
	fputc('\t', o);
	for (int i = 0; i < held.n; i++) {
		fputs(i ? "; " : "", o);
		put_chain(o, c, f, CHAIN_LOCK, held.k[i]);
	}
	if (!held.n)
		fputc('-', o);
	fputc('\t', o);
	if (init)
		put_chain(o, c, f, CHAIN_INIT, NONE);
	else
		fputc('-', o);
	fputc('\n', o);
}

static void write_rows(FILE *o, struct cc *c, const struct defs *d, const char *root)
{
	fprintf(o, "root\t%s\n", root);
	for (size_t f = 0; f < c->nfn; f++) {
		const struct fn *fn = &c->fn[f];
		if (!fn->needs_reader)
			continue;
		const char *state = fn->in_section ? "in-section" :
				    fn->unknown || !fn->ncallers || !fn->nunprot ? "unknown" : "unprotected";
		const char *why = fn->unknown & UNK_EXPORTED ? "exported" :
				  fn->unknown & UNK_ADDRESS || (fn->member_called && !fn->nunprot) ? "address" :
				  !fn->ncallers ? "none" :
				  !fn->nunprot ? "indirect" : "-";
		fprintf(o, "fn\t%s\t%s\t%u\t%s\t%d\t%d\t%s\t", c->nm.v[fn->path], c->nm.v[fn->name],
			fn->line, state, fn->ncallers, fn->nunprot, why);
		put_locks(o, c, lockset_of(c, fn->held));
		fputc('\t', o);
		const struct lockset *asserts = lockset_of(c, fn->asserts);
		if (fn->assert_rcu)
			fputs(asserts->n ? "rcu," : "rcu", o);
		if (asserts->n || !fn->assert_rcu)
			put_locks(o, c, asserts);
		fputc('\t', o);
		put_chain(o, c, f, CHAIN_UNPROTECTED, NONE);
		fputc('\n', o);
		for (size_t s = fn->first; s < fn->first + fn->nsites; s++) {
			const struct site *st = &c->site[s];
			uint32_t key = more_of(c, s)->key;
			int helper = 0;
			if (key == NONE) {
				if (st->section)
					continue;
				for_targets(c, d, s, target_needs, &helper);
				if (!helper)
					continue;
			}
			fprintf(o, "site\t%s\t%u\t%u\t%s\t%s\t%s\t%d\t", c->nm.v[fn->path], st->line,
				(unsigned)st->col, c->nm.v[fn->name], c->nm.v[st->callee],
				key == NONE ? "-" : c->nm.v[key], (int)st->section);
			put_locks(o, c, lockset_of(c, st->locks));
			fputc('\n', o);
		}
	}
	uint8_t *is_update_lock = update_lock_map(c);
	for (size_t f = 0; f < c->nfn; f++)
		write_callers(o, c, f, is_update_lock);
	free(is_update_lock);
	for (size_t i = 0; i < c->nupd; i++)
		fprintf(o, "update\t%s\t%s\n", c->nm.v[c->upd[i].key], c->nm.v[c->upd[i].lock]);
}

static void release(struct cc *c)
{
	strpool_release(&c->nm);
	free(c->ls.v);
	hashmap_release(&c->ls.map);
	free(c->fn);
	free(c->site);
	free(c->more);
	free(c->upd);
	free(c->ops);
	free(c->helpers);
	free(c->unknown);
}

int callctx_hash(const char *index, uint64_t *hash)
{
	struct strbuf sb = STRBUF_INIT;
	const char *rows;

	if (strbuf_read_file(&sb, index))
		return -1;
	rows = sb.buf;
	if (starts_with(rows, "root\t"))
		rows = strchrnul(rows, '\n');
	*hash = hash_bytes(rows, sb.len - (size_t)(rows - sb.buf));
	strbuf_release(&sb);
	return 0;
}

int callctx_build(const char *kdir, const char *out_path, struct callctx_stats *st,
		  char *err, size_t errlen)
{
	struct cc c;
	struct defs d = { 0 };
	double t0 = now_seconds();
	char *tmp = xasprintf("%s.tmp", out_path), *root = absolute_path(kdir);
	int rc = -1;
	FILE *o;

	cc_init(&c);
	if (walk(&c, kdir, err, errlen))
		goto out;
	summarise(&c, &d);
	o = fopen(tmp, "w");
	if (!o) {
		snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	write_rows(o, &c, &d, root);
	if (ferror(o) | fclose(o) || rename(tmp, out_path)) {
		snprintf(err, errlen, "cannot write %s: %s", out_path, strerror(errno));
		remove(tmp);
		goto out;
	}
	rc = 0;
out:
	c.st.seconds = now_seconds() - t0;
	if (st)
		*st = c.st;
	free(d.head);
	free(d.next);
	free(d.edge);
	free(tmp);
	free(root);
	release(&c);
	return rc;
}

/* ----------------------------------------------------------------- stamp */

/* The magic's number changes with the rows' format or what they say (the
 * chain a fn row names): an index of another number is rebuilt. */
#define STAMP_MAGIC "lockers-callctx 10"
#define STAMP_FORMAT STAMP_MAGIC " %016llx %lu %lu %lu %lu %lu\n"

static int stamp_of(const char *kdir, uint64_t *stamp, unsigned long *files)
{
	/* a list of rules/data/ that changed rebuilds the index */
	struct cc c;
	char err[256];

	cc_init(&c);
	c.stamp_only = 1;
	c.stamp = VOCAB_DIGEST;
	if (walk(&c, kdir, err, sizeof(err)))
		return -1;
	*stamp = c.stamp;
	*files = c.st.files;
	return 0;
}

int callctx_update(const char *kdir, const char *out_path, struct callctx_stats *st,
		   int *reused, char *err, size_t errlen)
{
	char *path = xasprintf("%s.stamp", out_path);
	struct strbuf sb = STRBUF_INIT;
	unsigned long long want;
	unsigned long files;
	uint64_t stamp = 0;
	double t0 = now_seconds();
	struct stat ist;
	int have = !stamp_of(kdir, &stamp, &files);

	memset(st, 0, sizeof(*st));
	*reused = have && stat(out_path, &ist) == 0 && !strbuf_read_file(&sb, path) &&
		  sscanf(sb.buf, STAMP_MAGIC " %16llx %lu %lu %lu %lu %lu", &want, &st->files,
			 &st->functions, &st->calls, &st->needs_reader, &st->in_section) == 6 &&
		  want == stamp && files == st->files;
	strbuf_release(&sb);
	if (*reused) {
		st->seconds = now_seconds() - t0;
		free(path);
		return 0;
	}
	if (callctx_build(kdir, out_path, st, err, errlen)) {
		free(path);
		return -1;
	}
	st->seconds = now_seconds() - t0;
	if (have && files == st->files) {
		char *text = xasprintf(STAMP_FORMAT, (unsigned long long)stamp, st->files, st->functions,
				       st->calls, st->needs_reader, st->in_section);
		if (write_file_atomic(path, text, strlen(text)))
			warning_msg("cannot write %s: %s", path, strerror(errno));
		free(text);
	}
	free(path);
	return 0;
}
