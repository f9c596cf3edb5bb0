/*
 * Which files can possibly match which rules. A file is given to spatch for
 * a rule only if it contains a token of every "// Requires:" group of the
 * rule and passes the rule's named "// Prefilter:" check. Both only prove
 * that a file cannot match: they must never drop a file the rule would match.
 */
#ifndef LOCKERS_PREFILTER_H
#define LOCKERS_PREFILTER_H

#include <stddef.h>
#include <stdint.h>

struct cache;
struct rule;
struct rule_set;
struct tree;

/* The set of tokens (identifiers and punctuators) of one file, hashed. */
struct tokset {
	uint64_t *slots;
	size_t cap, nr;
};

void tokset_build(struct tokset *ts, const char *text, size_t len);
/* The tokens of text added to ts (tokset_build() starts from an empty set). */
void tokset_add_text(struct tokset *ts, const char *text, size_t len);
void tokset_add(struct tokset *ts, const char *tok, size_t len);
void tokset_release(struct tokset *ts);
int tokset_has(const struct tokset *ts, const char *tok);
int tokset_has_n(const struct tokset *ts, const char *tok, size_t len);

/*
 * A word of a header line (Requires, Facts): one token, or tokens written
 * together that must follow each other ("guard(rcu)": of all the guards,
 * the one that opens an RCU read-side section).
 */
struct token;
/* The word's first token into *first (its length, 0 for none); 1 when more follow. */
int word_first_token(const char *word, const char **first, size_t *len);
/* The tokens from t (up to end) spell word. */
int word_at(const char *word, const struct token *t, const struct token *end);
/* The file whose token set is ts and text text holds word. */
int tokset_has_word(const struct tokset *ts, const char *word, const char *text, size_t len);

int prefilter_named_exists(const char *name);
/* The named check `name` on text: 0 if no match is possible there. */
int prefilter_named_check(const char *name, const char *text, size_t len);
/* 1 if the rule may match this file, 0 if it provably cannot. */
int prefilter_matches(const struct rule *r, const struct tokset *ts,
		      const char *text, size_t len);

/*
 * The prefilter stage: decide, for each file of t and each rule, whether
 * the rule may match, from the cache's stat index when the file is
 * unchanged (cache may be NULL), else by reading it once (token set for all
 * rules; its content hash, for the result cache, goes to content_hash[file]).
 * Returns per rule the candidate files, ncand[r] of them (malloc'd arrays);
 * unreadable and binary files are left out and noted in t->problems.
 */
size_t **prefilter_tree(const struct rule_set *rs, struct tree *t, struct cache *cache,
			uint64_t *content_hash, size_t *ncand, unsigned long *skipped_binary,
			size_t *files_candidate);

#endif
