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
 * No global state: everything lives in a struct mi passed around (mi.h).
 * This file builds the index (the stages in turn), writes the TSV and keeps
 * its stamp; the stages are headers.c (the walk into rows), relations.c
 * (expansion) and vocabulary.c (the rcu-load and ref-get rows). The tokens
 * come from clex.c, directories are read with tree.c's tree_list_dir(),
 * strings live in an arena (arena.c), hashes are util.c's, the rows are
 * found by name through a hashmap.c table of their indexes, text grows in
 * strbufs.
 *
 * What this index holds. The walk reads the headers one at a time (25,018
 * on 7.3.4), keeping only the current one's text and tokens, into a struct
 * entry (40 bytes) per row, 123,031 before duplicates go, and a struct fnrec
 * (40 bytes) per macro or static inline function of any body, 158,923, for
 * the ref-get rows; their names, parameters and bodies are text in the
 * arena. The build peaks about 75 MB above the process's own, most of it
 * the largest header (24 MB of register masks) and its tokens. The TSV
 * holds 113,516 rows for 102,702 names, 11.2 MB: 85,183 macro, 26,647
 * inline, 631 rcu-field, 81 rcu-load, 408 ref-get and 566 rcu-head rows.
 */
#include "index/mi.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "vocab.h"	/* VOCAB_DIGEST, for the stamp */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const kind_names[] = { "macro", "inline", "rcu-field", "rcu-load", "ref-get", "rcu-head" };

void set_err(struct mi *m, const char *fmt, ...)
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
int tv_push(struct mi *m, struct tokvec *tv, struct token t)
{
	(void)m;
	ALLOC_GROW(tv->v, tv->n + 1, tv->cap);
	tv->v[tv->n++] = t;
	return 0;
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
	hashmap_release(&m->by_name);
	free(m->fn);
	free(m->alias);
	free(m->splice);
	arena_release(&m->arena);
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
		if (m.ent[i].relation && m.ent[i].kind <= K_INLINE)
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
					   &m.st.rcu_loads, &m.st.ref_helpers, &m.st.rcu_heads };
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

#define STAMP_FORMAT "lockers-macroindex 4 %016llx %lu %lu %lu %lu %lu %lu %lu %lu\n"

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
	    sscanf(sb.buf, "lockers-macroindex 4 %16llx %lu %lu %lu %lu %lu %lu %lu %lu", &want,
		   &st->headers, &st->macros, &st->inlines, &st->relations, &st->rcu_fields,
		   &st->rcu_loads, &st->ref_helpers, &st->rcu_heads) == 9 &&
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
				       st->rcu_loads, st->ref_helpers, st->rcu_heads);
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

