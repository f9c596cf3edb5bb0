#include "gate/patch.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	const char *p, *end;
	unsigned line;
};

/* The next line without its '\n'; 0 at the end. */
static int next_line(struct cursor *c, const char **s, size_t *n, int *has_nl)
{
	if (c->p >= c->end)
		return 0;
	const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	*s = c->p;
	*n = nl ? (size_t)(nl - c->p) : (size_t)(c->end - c->p);
	*has_nl = nl != NULL;
	c->p = nl ? nl + 1 : c->end;
	c->line++;
	return 1;
}

static int peek_starts(const struct cursor *c, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(c->end - c->p) >= n && !memcmp(c->p, prefix, n);
}

/* A path from a header, without "a/" (first component) and trailing tab info. */
static int header_path(const char *s, size_t n, char **out, char *err, size_t errlen, unsigned line)
{
	const char *tab = memchr(s, '\t', n);
	if (tab)
		n = (size_t)(tab - s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	if (n == 9 && !memcmp(s, "/dev/null", 9)) {
		*out = NULL;
		return 0;
	}
	if (n >= 2 && s[0] == '"') {
		snprintf(err, errlen, "line %u: quoted file names are not supported", line);
		return -1;
	}
	const char *slash = memchr(s, '/', n);
	if (!slash || slash + 1 == s + n) {
		snprintf(err, errlen, "line %u: path '%.*s' has no a/ or b/ prefix", line, (int)n, s);
		return -1;
	}
	char *path = xstrndup(slash + 1, (size_t)(s + n - slash - 1));
	if (path[0] == '/' || !strcmp(path, "..") || starts_with(path, "../") || strstr(path, "/../") ||
	    ends_with(path, "/..")) {
		snprintf(err, errlen, "line %u: path '%s' leaves the tree", line, path);
		free(path);
		return -1;
	}
	*out = path;
	return 0;
}

static struct patch_file *new_file(struct patch *p, unsigned line)
{
	if (p->nr == p->alloc) {
		p->alloc = p->alloc ? 2 * p->alloc : 8;
		p->v = xrealloc(p->v, p->alloc * sizeof(*p->v));
	}
	struct patch_file *pf = &p->v[p->nr++];
	memset(pf, 0, sizeof(*pf));
	pf->patch_line = line;
	return pf;
}

static int parse_range(const char *s, unsigned *start, unsigned *len)
{
	char *end;
	unsigned long a = strtoul(s, &end, 10), b = 1;

	if (end == s)
		return -1;
	if (*end == ',') {
		const char *t = end + 1;
		b = strtoul(t, &end, 10);
		if (end == t)
			return -1;
	}
	if (a > 100000000UL || b > 100000000UL)
		return -1;
	*start = (unsigned)a;
	*len = (unsigned)b;
	return 0;
}

static void add_hunk_line(struct hunk *h, char op, const char *s, size_t n, int has_nl)
{
	if (h->nlines == h->alloc) {
		h->alloc = h->alloc ? 2 * h->alloc : 16;
		h->lines = xrealloc(h->lines, h->alloc * sizeof(*h->lines));
	}
	struct hunk_line *l = &h->lines[h->nlines++];
	l->op = op;
	l->text = xmalloc(n + 2);
	memcpy(l->text, s, n);
	if (has_nl)
		l->text[n++] = '\n';
	l->text[n] = '\0';
	l->len = n;
}

static int parse_hunk(struct cursor *c, struct patch_file *pf, const char *s, size_t n,
		      char *err, size_t errlen)
{
	char head[128];
	unsigned line = c->line;

	if (n >= sizeof(head)) {
		snprintf(err, errlen, "line %u: hunk header too long", line);
		return -1;
	}
	memcpy(head, s, n);
	head[n] = '\0';
	if (pf->nhunks == pf->alloc) {
		pf->alloc = pf->alloc ? 2 * pf->alloc : 4;
		pf->hunks = xrealloc(pf->hunks, pf->alloc * sizeof(*pf->hunks));
	}
	struct hunk *h = &pf->hunks[pf->nhunks++];
	memset(h, 0, sizeof(*h));
	h->patch_line = line;
	char *minus = strstr(head, " -"), *plus = strstr(head, " +");
	if (!minus || !plus || parse_range(minus + 2, &h->old_start, &h->old_len) ||
	    parse_range(plus + 2, &h->new_start, &h->new_len)) {
		snprintf(err, errlen, "line %u: malformed hunk header '%s'", line, head);
		return -1;
	}
	unsigned old_left = h->old_len, new_left = h->new_len;
	while (old_left || new_left) {
		const char *l;
		size_t ln;
		int nl;
		if (!next_line(c, &l, &ln, &nl)) {
			snprintf(err, errlen, "line %u: the patch ends inside a hunk", c->line);
			return -1;
		}
		char op = ln ? l[0] : ' ';	/* some mailers strip a context line's space */
		if (op == '\\')
			continue;
		if ((op == ' ' && (!old_left || !new_left)) || (op == '-' && !old_left) ||
		    (op == '+' && !new_left) || (op != ' ' && op != '-' && op != '+')) {
			snprintf(err, errlen, "line %u: hunk longer than its header says", c->line);
			return -1;
		}
		/* "\ No newline at end of file" after this line means it has none. */
		int ends_file = peek_starts(c, "\\ ");
		add_hunk_line(h, op, ln ? l + 1 : l, ln ? ln - 1 : 0, nl && !ends_file);
		if (op != '+')
			old_left--;
		if (op != '-')
			new_left--;
	}
	if (peek_starts(c, "\\ ")) {
		const char *l;
		size_t ln;
		int nl;
		next_line(c, &l, &ln, &nl);
	}
	return 0;
}

int patch_parse(struct patch *p, const char *text, size_t len, char *err, size_t errlen)
{
	return patch_parse_at(p, text, len, 0, err, errlen);
}

int patch_parse_at(struct patch *p, const char *text, size_t len, unsigned lines_before,
		   char *err, size_t errlen)
{
	struct cursor c = { text, text + len, lines_before };
	int result = -1;
	struct patch_file *cur = NULL;
	const char *s;
	size_t n;
	int nl;

	memset(p, 0, sizeof(*p));
	if (memchr(text, '\0', len)) {
		snprintf(err, errlen, "not a patch: contains NUL bytes");
		return -1;
	}
	while (next_line(&c, &s, &n, &nl)) {
		if (n >= 11 && !memcmp(s, "diff --git ", 11)) {
			cur = new_file(p, c.line);
			/* Paths come from ---/+++ or rename lines; a/X b/X for mode-only changes. */
			const char *b = NULL;
			for (size_t i = 11; i + 3 <= n; i++)
				if (!memcmp(s + i, " b/", 3))
					b = s + i + 1;
			if (b && header_path(b, (size_t)(s + n - b), &cur->new_path, err, errlen, c.line))
				goto fail;
			if (cur->new_path)
				cur->old_path = xstrdup(cur->new_path);
		} else if (n >= 4 && !memcmp(s, "--- ", 4) && peek_starts(&c, "+++ ")) {
			if (!cur || cur->nhunks)
				cur = new_file(p, c.line);
			free(cur->old_path);
			free(cur->new_path);
			cur->old_path = cur->new_path = NULL;
			if (header_path(s + 4, n - 4, &cur->old_path, err, errlen, c.line))
				goto fail;
			next_line(&c, &s, &n, &nl);
			if (header_path(s + 4, n - 4, &cur->new_path, err, errlen, c.line))
				goto fail;
			if (!cur->old_path && !cur->new_path) {
				snprintf(err, errlen, "line %u: both sides are /dev/null", c.line);
				goto fail;
			}
		} else if (cur && n > 12 && !memcmp(s, "rename from ", 12)) {
			free(cur->old_path);
			cur->old_path = NULL;
			char *tmp = xasprintf("a/%.*s", (int)(n - 12), s + 12);
			int rc = header_path(tmp, strlen(tmp), &cur->old_path, err, errlen, c.line);
			free(tmp);
			if (rc)
				goto fail;
		} else if (cur && n > 10 && !memcmp(s, "rename to ", 10)) {
			free(cur->new_path);
			cur->new_path = NULL;
			char *tmp = xasprintf("b/%.*s", (int)(n - 10), s + 10);
			int rc = header_path(tmp, strlen(tmp), &cur->new_path, err, errlen, c.line);
			free(tmp);
			if (rc)
				goto fail;
		} else if (cur && n >= 13 && !memcmp(s, "new file mode", 13)) {
			free(cur->old_path);
			cur->old_path = NULL;
		} else if (cur && n >= 17 && !memcmp(s, "deleted file mode", 17)) {
			free(cur->new_path);
			cur->new_path = NULL;
		} else if (cur && ((n >= 12 && !memcmp(s, "Binary files", 12)) ||
				   (n >= 16 && !memcmp(s, "GIT binary patch", 16)))) {
			cur->binary = 1;
		} else if (n >= 3 && !memcmp(s, "@@ ", 3)) {
			if (!cur || (!cur->old_path && !cur->new_path)) {
				snprintf(err, errlen, "line %u: hunk before any file header", c.line);
				goto fail;
			}
			if (parse_hunk(&c, cur, s, n, err, errlen))
				goto fail;
		}
		/* Anything else (commit message, index lines) is commentary. */
	}
	if (!p->nr) {
		snprintf(err, errlen, "not a patch: no file headers (diff --git or ---/+++) found");
		result = 1;
		goto fail;
	}
	return 0;
fail:
	patch_release(p);
	return result;
}

void patch_release(struct patch *p)
{
	for (size_t i = 0; i < p->nr; i++) {
		struct patch_file *pf = &p->v[i];
		for (size_t h = 0; h < pf->nhunks; h++) {
			for (size_t l = 0; l < pf->hunks[h].nlines; l++)
				free(pf->hunks[h].lines[l].text);
			free(pf->hunks[h].lines);
		}
		free(pf->hunks);
		free(pf->old_path);
		free(pf->new_path);
	}
	free(p->v);
	memset(p, 0, sizeof(*p));
}

struct line_ref {
	const char *s;
	size_t len;
};

/* Does the hunk's old side match old lines starting at `at`? */
static int fits(const struct hunk *h, const struct line_ref *lines, size_t nlines, size_t at)
{
	size_t k = at;

	for (size_t i = 0; i < h->nlines; i++) {
		const struct hunk_line *l = &h->lines[i];
		if (l->op == '+')
			continue;
		if (k >= nlines || lines[k].len != l->len || memcmp(lines[k].s, l->text, l->len))
			return 0;
		k++;
	}
	return 1;
}

int patch_apply(const struct patch_file *pf, const char *old, size_t oldlen,
		struct strbuf *out, char *err, size_t errlen)
{
	struct line_ref *lines = NULL;
	size_t nlines = 0, alloc = 0, pos = 0;

	for (const char *p = old; p < old + oldlen;) {
		const char *nl = memchr(p, '\n', (size_t)(old + oldlen - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(old + oldlen - p);
		if (nlines == alloc) {
			alloc = alloc ? 2 * alloc : 1024;
			lines = xrealloc(lines, alloc * sizeof(*lines));
		}
		lines[nlines].s = p;
		lines[nlines].len = n;
		nlines++;
		p += n;
	}
	for (size_t hi = 0; hi < pf->nhunks; hi++) {
		const struct hunk *h = &pf->hunks[hi];
		size_t want = h->old_start ? h->old_start - 1 : 0;
		if (!h->old_len && h->old_start)
			want = h->old_start;	/* pure insertion after line old_start */
		if (want > nlines)	/* found by fuzz/fuzz-patch.c: a header far past the end */
			want = nlines;
		size_t at = SIZE_MAX;
		/* Nearest fit to where the header says, never before what is applied. */
		for (size_t d = 0; at == SIZE_MAX && (want + d <= nlines || (want >= d && want - d >= pos)); d++) {
			if (want + d <= nlines && want + d >= pos && fits(h, lines, nlines, want + d))
				at = want + d;
			else if (d && want >= d && want - d >= pos && fits(h, lines, nlines, want - d))
				at = want - d;
		}
		if (at == SIZE_MAX) {
			snprintf(err, errlen, "%s: hunk %zu (patch line %u, @@ -%u,%u) does not apply",
				 pf->old_path ? pf->old_path : pf->new_path, hi + 1, h->patch_line,
				 h->old_start, h->old_len);
			free(lines);
			return -1;
		}
		for (; pos < at; pos++)
			strbuf_add(out, lines[pos].s, lines[pos].len);
		for (size_t i = 0; i < h->nlines; i++) {
			const struct hunk_line *l = &h->lines[i];
			if (l->op != '-')
				strbuf_add(out, l->text, l->len);
			if (l->op != '+')
				pos++;
		}
	}
	for (; pos < nlines; pos++)
		strbuf_add(out, lines[pos].s, lines[pos].len);
	free(lines);
	return 0;
}
