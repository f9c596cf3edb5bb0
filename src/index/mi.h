/* The macro index's internals, shared by its stages (headers.c, relations.c, vocabulary.c, macroindex.c). */
#ifndef LOCKERS_INDEX_MI_H
#define LOCKERS_INDEX_MI_H

#include "index/macroindex.h"
#include "lib/arena.h"
#include "lib/clex.h"
#include "lib/hashmap.h"

#include <stddef.h>
#include <stdint.h>

#define SEP '\x01'            /* token separator inside stored expansions */
#define MAX_DEPTH 4           /* nested helper expansion levels */
#define MAX_EXPANDED 4096     /* token budget of one expansion */
#define MAX_RELATION 512      /* bytes of relation text kept per row */

struct tokvec {
	struct token *v;
	size_t n, cap;
};

/* Row kinds, in the order rows of one name are sorted. */
enum kind { K_MACRO, K_INLINE, K_RCU_FIELD, K_RCU_LOAD, K_REF_GET, K_RCU_HEAD };

struct entry {
	const char *name;
	int kind;            /* enum kind */
	const char *params;  /* comma separated; the struct for K_RCU_FIELD, the member for K_RCU_HEAD */
	const char *exp;     /* tokens separated by SEP; path:line for K_RCU_FIELD/K_REF_GET/K_RCU_HEAD */
	char *relation;      /* computed, malloc'd, may be NULL; K_RCU_FIELD: the pointee's struct tag */
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
	struct arena arena;  /* the rows' text and the index's strings */
	struct entry *ent;
	size_t nent, capent;
	struct hashmap by_name; /* the macros and inline helpers: name -> first entry */
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

/* The first error wins; later ones are dropped (m->failed stays set). */
void set_err(struct mi *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tv_push(struct mi *m, struct tokvec *tv, struct token t);

/* headers.c: the walk of the tree's headers into rows */
int tok_ident(const struct token *t);
int tokenize(struct mi *m, const char *buf, size_t len, struct tokvec *tv);
size_t match_paren(const struct token *v, size_t n, size_t open);
char *join_sep(struct mi *m, const struct token *v, size_t a, size_t b);
void add_row(struct mi *m, const char *name, size_t len, int kind, const char *params,
	     const char *exp, const char *relation);
int walk(struct mi *m, const char *dir, const char *rel, int in_include, struct tokvec *tv);

/* relations.c: the expansion of a row and the relations it compares */
int build_hash(struct mi *m);
const struct entry *lookup(const struct mi *m, const char *s, size_t n);
int str_in(const char *s, const char *const *names);
int split_sep(struct mi *m, const char *s, struct tokvec *tv);
size_t strip_cast(struct token *v, size_t n);
int relations_of(struct mi *m, struct entry *e, struct tokvec *scratch);

/* vocabulary.c: the rcu-load and ref-get rows */
void ref_helpers(struct mi *m);
void rcu_vocabulary(struct mi *m);

#endif
