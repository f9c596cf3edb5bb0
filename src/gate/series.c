/* Patch series: splitting an mbox into its mails and taking each one's subject and diff. */
#include "gate/series.h"
#include "lib/strbuf.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct line {
	const char *s;
	size_t n;		/* without '\n' (and a '\r' before it) */
	const char *next;	/* the following line */
};

static int get_line(const char *p, const char *end, struct line *l)
{
	if (p >= end)
		return 0;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	l->s = p;
	l->next = nl ? nl + 1 : end;
	l->n = (size_t)((nl ? nl : end) - p);
	if (l->n && p[l->n - 1] == '\r')
		l->n--;
	return 1;
}

/*
 * mbox's separator: "From <sender> <asctime date>", as git format-patch
 * ("From <sha> Mon Sep 17 00:00:00 2001"), b4 ("From git@z Thu Jan  1
 * 00:00:00 1970") and patchwork write it. The time of day tells it from a
 * commit message's "From " line.
 */
static int is_from_line(const struct line *l)
{
	if (l->n < 5 || memcmp(l->s, "From ", 5))
		return 0;
	for (size_t i = 5; i + 7 < l->n; i++)
		if (isdigit((unsigned char)l->s[i]) && l->s[i + 1] == ':' && isdigit((unsigned char)l->s[i + 2]) &&
		    isdigit((unsigned char)l->s[i + 3]) && l->s[i + 4] == ':' &&
		    isdigit((unsigned char)l->s[i + 5]) && isdigit((unsigned char)l->s[i + 6]))
			return 1;
	return 0;
}

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* One RFC 2047 encoded word's text, 'B' or 'Q' encoded; -1 if it does not decode. */
static int decode_word(struct strbuf *out, char enc, const char *s, size_t n, int latin1)
{
	struct strbuf raw = STRBUF_INIT;
	unsigned acc = 0;
	int bits = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];
		if (enc == 'B') {
			if (c == '=')
				break;
			int v = b64_value(c);
			if (v < 0)
				goto bad;
			acc = acc << 6 | (unsigned)v;
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				strbuf_addch(&raw, (char)(acc >> bits & 0xff));
			}
		} else if (c == '_') {
			strbuf_addch(&raw, ' ');
		} else if (c == '=') {
			char hex[3] = { 0 };
			char *end;
			if (i + 2 >= n)
				goto bad;
			hex[0] = s[i + 1];
			hex[1] = s[i + 2];
			long v = strtol(hex, &end, 16);
			if (end != hex + 2)
				goto bad;
			strbuf_addch(&raw, (char)v);
			i += 2;
		} else {
			strbuf_addch(&raw, (char)c);
		}
	}
	for (size_t i = 0; i < raw.len; i++) {
		unsigned char c = (unsigned char)raw.buf[i];
		if (latin1 && c >= 0x80) {
			strbuf_addch(out, (char)(0xc0 | c >> 6));
			strbuf_addch(out, (char)(0x80 | (c & 0x3f)));
		} else {
			strbuf_addch(out, (char)c);
		}
	}
	strbuf_release(&raw);
	return 0;
bad:
	strbuf_release(&raw);
	return -1;
}

/*
 * A Subject's value, unfolded, its RFC 2047 words (UTF-8, ASCII or Latin-1,
 * as git send-email and mailers write non-ASCII subjects) decoded; words in
 * other charsets stay as they are. The result is valid UTF-8.
 */
static char *decode_subject(const char *s, size_t n)
{
	struct strbuf out = STRBUF_INIT, clean = STRBUF_INIT;
	const char *p = s, *end = s + n;
	int after_word = 0;

	while (p < end) {
		if (p + 2 < end && p[0] == '=' && p[1] == '?') {
			const char *q1 = memchr(p + 2, '?', (size_t)(end - p - 2));
			const char *q2 = q1 && q1 + 2 < end && q1[2] == '?' ? q1 + 2 : NULL;
			/* Bounded: the header is not NUL-terminated (found by fuzz/fuzz-patch.c). */
			const char *close = q2 ? memmem(q2 + 1, (size_t)(end - q2 - 1), "?=", 2) : NULL;
			if (close) {
				char *charset = xstrndup(p + 2, (size_t)(q1 - p - 2));
				char enc = (char)toupper((unsigned char)q1[1]);
				int utf8 = !strcasecmp(charset, "utf-8") || !strcasecmp(charset, "us-ascii");
				int latin1 = !strcasecmp(charset, "iso-8859-1") || !strcasecmp(charset, "latin1");
				size_t mark = out.len;
				free(charset);
				if (after_word) {	/* space between two encoded words is not text */
					while (out.len && out.buf[out.len - 1] == ' ')
						out.len--;
					out.buf[out.len] = '\0';
				}
				if ((utf8 || latin1) && (enc == 'B' || enc == 'Q') &&
				    !decode_word(&out, enc, q2 + 1, (size_t)(close - q2 - 1), latin1)) {
					p = close + 2;
					after_word = 1;
					continue;
				}
				out.len = mark;
				out.buf[out.len] = '\0';
			}
		}
		if (*p == '\r' || *p == '\n' || *p == '\t')
			strbuf_addch(&out, ' ');
		else
			strbuf_addch(&out, *p);
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			after_word = 0;
		p++;
	}
	/* Folding leaves runs of blanks: one space each, none at the ends. */
	for (size_t i = 0; i < out.len; i++)
		if (out.buf[i] != ' ' || (clean.len && clean.buf[clean.len - 1] != ' '))
			strbuf_addch(&clean, out.buf[i]);
	while (clean.len && clean.buf[clean.len - 1] == ' ')
		clean.len--;
	strbuf_reset(&out);
	strbuf_add_utf8(&out, clean.buf, clean.len);
	strbuf_release(&clean);
	return strbuf_detach(&out);
}

/* The value of header `name` in the (folded) header block, or NULL. */
static char *header_value(const char *start, const char *end, const char *name)
{
	size_t nlen = strlen(name);
	struct line l;

	for (const char *p = start; get_line(p, end, &l); p = l.next) {
		if (l.n <= nlen || strncasecmp(l.s, name, nlen) || l.s[nlen] != ':')
			continue;
		const char *vend = l.next;
		struct line more;
		while (get_line(vend, end, &more) && more.n && (more.s[0] == ' ' || more.s[0] == '\t'))
			vend = more.next;
		const char *v = l.s + nlen + 1;
		while (v < vend && (*v == ' ' || *v == '\t'))
			v++;
		return decode_subject(v, (size_t)(vend - v));
	}
	return NULL;
}

static struct series_patch *add_patch(struct series *s)
{
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	struct series_patch *sp = &s->v[s->nr++];
	memset(sp, 0, sizeof(*sp));
	return sp;
}

/* One mail: headers up to the first empty line, then the body with its diff. */
static int parse_mail(struct series *s, const char *start, const char *end, unsigned first_line,
		      size_t mail_no, char *err, size_t errlen)
{
	const char *body = end;
	unsigned body_line = first_line;
	struct line l;
	char why[512];

	for (const char *p = start; get_line(p, end, &l); p = l.next) {
		body_line++;
		if (!l.n) {
			body = l.next;
			break;
		}
	}
	char *subject = header_value(start, body, "Subject");
	char *cte = header_value(start, body, "Content-Transfer-Encoding");
	int rc = -1;

	if (!subject)
		subject = xasprintf("mail %zu without a Subject", mail_no);
	if (cte && strcasecmp(cte, "7bit") && strcasecmp(cte, "8bit") && strcasecmp(cte, "binary")) {
		snprintf(err, errlen, "mail %zu (%s): Content-Transfer-Encoding %s is not supported "
			 "(git format-patch and b4 write 8bit)", mail_no, subject, cte);
		goto out;
	}
	struct series_patch *sp = add_patch(s);
	int prc = patch_parse_at(&sp->patch, body, (size_t)(end - body), body_line, why, sizeof(why));
	if (prc) {
		s->nr--;
		if (prc < 0)
			snprintf(err, errlen, "mail %zu (%s): %s", mail_no, subject, why);
		else
			rc = 0;	/* a cover letter */
		goto out;
	}
	sp->subject = subject;
	subject = NULL;
	rc = 0;
out:
	free(subject);
	free(cte);
	return rc;
}

int series_parse(struct series *s, const char *text, size_t len, char *err, size_t errlen)
{
	const char *end = text + len;
	struct line l;

	memset(s, 0, sizeof(*s));
	if (!get_line(text, end, &l) || !is_from_line(&l)) {
		struct series_patch *sp = add_patch(s);
		if (patch_parse(&sp->patch, text, len, err, errlen)) {
			s->nr = 0;
			series_release(s);
			return -1;
		}
		return 0;
	}
	if (memchr(text, '\0', len)) {
		snprintf(err, errlen, "not a patch: contains NUL bytes");
		return -1;
	}
	/* Each mail runs from the line after its From_ line to the next From_ line that follows an empty one. */
	const char *mail = l.next;
	unsigned line = 1, mail_line = 1;
	size_t mails = 1;
	int blank = 0;
	for (const char *p = l.next; get_line(p, end, &l); p = l.next) {
		line++;
		if (blank && is_from_line(&l)) {
			if (parse_mail(s, mail, l.s, mail_line, mails, err, errlen))
				goto fail;
			mail = l.next;
			mail_line = line;
			mails++;
		}
		blank = !l.n;
	}
	if (parse_mail(s, mail, end, mail_line, mails, err, errlen))
		goto fail;
	if (!s->nr) {
		snprintf(err, errlen, "not a patch: none of the %zu mails has a diff", mails);
		goto fail;
	}
	return 0;
fail:
	series_release(s);
	return -1;
}

void series_release(struct series *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		free(s->v[i].subject);
		patch_release(&s->v[i].patch);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

char *series_patch_name(const struct series *s, size_t i)
{
	if (!s->v[i].subject)
		return xstrdup("");
	return xasprintf("patch %zu/%zu (%s)", i + 1, s->nr, s->v[i].subject);
}
