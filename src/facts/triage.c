#include "facts/triage.h"
#include "facts/finding.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRIAGE_FIELDS 7

int triage_verdict_valid(const char *verdict)
{
	return !strcmp(verdict, "bug") || !strcmp(verdict, "intended") ||
	       !strcmp(verdict, "false-positive");
}

static int valid_id(const char *s, size_t n)
{
	if (n != 12)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

static void verdict_release(struct verdict *v)
{
	free(v->verdict);
	free(v->rule);
	free(v->path);
	free(v->function);
	free(v->key);
	free(v->why);
}

static struct verdict *find_id(struct triage *t, const char *id)
{
	for (size_t i = 0; i < t->nr; i++)
		if (!strcmp(t->v[i].id, id))
			return &t->v[i];
	return NULL;
}

void triage_set(struct triage *t, const struct verdict *v)
{
	struct verdict *slot = find_id(t, v->id);

	if (slot) {
		verdict_release(slot);
	} else {
		if (t->nr == t->alloc) {
			t->alloc = t->alloc ? 2 * t->alloc : 32;
			t->v = xrealloc(t->v, t->alloc * sizeof(*t->v));
		}
		slot = &t->v[t->nr++];
	}
	memcpy(slot->id, v->id, sizeof(slot->id));
	slot->verdict = xstrdup(v->verdict);
	slot->rule = xstrdup(v->rule);
	slot->path = xstrdup(v->path);
	slot->function = xstrdup(v->function);
	slot->key = xstrdup(v->key);
	slot->why = xstrdup(v->why);
	slot->used = 0;
}

int triage_read(struct triage *t, const char *path, char *err, size_t errlen)
{
	struct strbuf text = STRBUF_INIT;

	if (strbuf_read_regular(&text, path)) {	/* it lives in the scanned tree */
		memset(t, 0, sizeof(*t));
		t->path = xstrdup(path);
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "cannot read triage file %s: %s", path, file_strerror(errno));
		triage_release(t);
		return -1;
	}
	int rc = triage_parse(t, path, text.buf, text.len, err, errlen);
	strbuf_release(&text);
	return rc;
}

int triage_parse(struct triage *t, const char *path, const char *data, size_t len,
		 char *err, size_t errlen)
{
	unsigned lineno = 0;

	memset(t, 0, sizeof(*t));
	t->path = xstrdup(path);
	if (memchr(data, '\0', len)) {
		snprintf(err, errlen, "%s: not a triage file (contains NUL bytes)", path);
		triage_release(t);
		return -1;
	}
	char *text = xstrndup(data, len);
	for (char *line = text; *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		lineno++;
		size_t n = strlen(line);
		if (n && line[n - 1] == '\r')
			line[--n] = '\0';
		if (n && line[0] != '#') {
			char *field[TRIAGE_FIELDS];
			size_t nf = 0;
			for (char *p = line; nf < TRIAGE_FIELDS;) {
				field[nf++] = p;
				char *tab = strchr(p, '\t');
				if (!tab)
					break;
				*tab = '\0';
				p = tab + 1;
				if (nf == TRIAGE_FIELDS && *p) {
					nf++;	/* more fields than allowed */
					break;
				}
			}
			if (nf != TRIAGE_FIELDS) {
				snprintf(err, errlen, "%s:%u: expected %d tab-separated fields "
					 "(id verdict rule path function key why), got %zu",
					 path, lineno, TRIAGE_FIELDS, nf);
				goto fail;
			}
			if (!valid_id(field[0], strlen(field[0]))) {
				snprintf(err, errlen, "%s:%u: '%.40s' is not a fingerprint (12 lowercase hex digits)",
					 path, lineno, field[0]);
				goto fail;
			}
			if (!triage_verdict_valid(field[1])) {
				snprintf(err, errlen, "%s:%u: verdict '%.40s' is not bug, intended or false-positive",
					 path, lineno, field[1]);
				goto fail;
			}
			struct verdict v = { .verdict = field[1], .rule = field[2], .path = field[3],
					     .function = field[4], .key = field[5], .why = field[6] };
			memcpy(v.id, field[0], 12);
			v.id[12] = '\0';
			triage_set(t, &v);
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	free(text);
	return 0;
fail:
	free(text);
	triage_release(t);
	return -1;
}

static int cmp_verdict(const void *a, const void *b)
{
	return strcmp(((const struct verdict *)a)->id, ((const struct verdict *)b)->id);
}

static int has_separator(const char *s)
{
	return strpbrk(s, "\t\n\r") != NULL;
}

int triage_write(const struct triage *t, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	struct verdict *sorted = xmalloc((t->nr ? t->nr : 1) * sizeof(*sorted));

	if (t->nr)	/* found by fuzz/fuzz-triage.c: t->v is NULL when empty */
		memcpy(sorted, t->v, t->nr * sizeof(*sorted));
	qsort(sorted, t->nr, sizeof(*sorted), cmp_verdict);
	strbuf_addstr(&sb, "# lockers triage: id verdict rule path function key why (docs/triage.md)\n");
	for (size_t i = 0; i < t->nr; i++) {
		const struct verdict *v = &sorted[i];
		const char *f[] = { v->verdict, v->rule, v->path, v->function, v->key, v->why };
		for (size_t k = 0; k < ARRAY_SIZE(f); k++) {
			if (has_separator(f[k])) {
				snprintf(err, errlen, "verdict %s: a field contains a tab or newline", v->id);
				free(sorted);
				strbuf_release(&sb);
				return -1;
			}
		}
		strbuf_addf(&sb, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v->id, v->verdict, v->rule, v->path,
			    v->function, v->key, v->why);
	}
	free(sorted);
	int rc = write_file_atomic(t->path, sb.buf, sb.len);
	if (rc)
		snprintf(err, errlen, "cannot write triage file %s: %s", t->path, strerror(errno));
	strbuf_release(&sb);
	return rc;
}

void triage_release(struct triage *t)
{
	for (size_t i = 0; i < t->nr; i++)
		verdict_release(&t->v[i]);
	free(t->v);
	free(t->path);
	memset(t, 0, sizeof(*t));
}

char *triage_default_path(const char *root)
{
	return xasprintf("%s/lockers-triage.txt", root);
}

/* Keys compare without whitespace, as fingerprints do. */
static int same_key(const char *a, const char *b)
{
	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

static void attach(struct finding *f, struct verdict *v)
{
	f->verdict = xstrdup(v->verdict);
	f->verdict_why = xstrdup(v->why);
	v->used = 1;
}

void triage_attach(struct triage *t, struct finding_list *l)
{
	/* Exact fingerprint first, for every finding. */
	for (size_t i = 0; i < l->nr; i++) {
		struct verdict *v = find_id(t, l->v[i]->id);
		if (v)
			attach(l->v[i], v);
	}
	/* Then the same code under a shifted occurrence index. */
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = l->v[i];
		for (size_t k = 0; k < t->nr && !f->verdict; k++) {
			struct verdict *v = &t->v[k];
			if (!v->used && !strcmp(v->rule, f->rule) && !strcmp(v->path, f->path) &&
			    !strcmp(v->function, f->function) && same_key(v->key, f->key))
				attach(f, v);
		}
	}
	/* Families: the same rule and key judged elsewhere. */
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = l->v[i];
		if (f->verdict)
			continue;
		for (size_t k = 0; k < t->nr; k++) {
			const struct verdict *v = &t->v[k];
			if (strcmp(v->rule, f->rule) || !same_key(v->key, f->key))
				continue;
			char *name = xasprintf("triage_%s_family",
					       !strcmp(v->verdict, "false-positive") ? "false_positive" : v->verdict);
			char *value = xasprintf("%s in %s:%s()", v->id, v->path, v->function);
			if (!finding_evidence(f, name))
				finding_add_evidence(f, name, value);
			free(name);
			free(value);
		}
	}
}

void triage_list_stale(const struct triage *t, const struct rule_set *rs, const struct tree *tree,
		       struct strvec *out)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct verdict *v = &t->v[i];
		if (v->used || !rules_find(rs, v->rule) || tree_find(tree, v->path) < 0)
			continue;
		strvec_pushf(out, "%s %s [%s] %s %s(): %s", v->id, v->verdict, v->rule,
			     v->path, v->function, v->key);
	}
}
