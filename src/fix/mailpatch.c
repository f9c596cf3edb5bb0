#include "fix/mailpatch.h"
#include "facts/finding.h"
#include "fix/fixkind.h"
#include "lib/buildinfo.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The directory components of path ("drivers/net/amt.c" -> drivers, net) and its file's stem. */
static void split_path(const char *path, struct strvec *dirs, char **stem)
{
	const char *s = path, *slash;

	while ((slash = strchr(s, '/'))) {
		char *dir = xstrndup(s, (size_t)(slash - s));
		strvec_push(dirs, dir);
		free(dir);
		s = slash + 1;
	}
	const char *dot = strrchr(s, '.');
	*stem = dot ? xstrndup(s, (size_t)(dot - s)) : xstrdup(s);
}

static const char *dir_at(const struct strvec *d, size_t i)
{
	return i < d->nr ? d->v[i] : NULL;
}

static int dirs_start(const struct strvec *d, const char *a, const char *b)
{
	return dir_at(d, 0) && !strcmp(d->v[0], a) && (!b || (dir_at(d, 1) && !strcmp(d->v[1], b)));
}

char *mail_subject_prefix(const char *path)
{
	struct strvec d = STRVEC_INIT;
	char *stem, *out;

	split_path(path, &d, &stem);
	if (dirs_start(&d, "drivers", "infiniband") && dir_at(&d, 2))
		/* RDMA/core, RDMA/mlx5: the RDMA tree's prefix and the driver. */
		out = xasprintf("RDMA/%s: ", !strcmp(d.v[2], "hw") && dir_at(&d, 3) ? d.v[3] : d.v[2]);
	else if (dirs_start(&d, "drivers", "gpu") && dir_at(&d, 2) && !strcmp(d.v[2], "drm"))
		/* drm/i915, drm/amd/display: the drm path, two levels at most. */
		out = !dir_at(&d, 3) ? xstrdup("drm: ") : dir_at(&d, 4) && !strcmp(d.v[3], "amd")
			? xasprintf("drm/amd/%s: ", d.v[4]) : xasprintf("drm/%s: ", d.v[3]);
	else if (dirs_start(&d, "drivers", "net") && dir_at(&d, 2) && !strcmp(d.v[2], "wireless"))
		out = xasprintf("wifi: %s: ", dir_at(&d, 4) ? d.v[4] : dir_at(&d, 3) ? d.v[3] : stem);
	else if (dirs_start(&d, "drivers", "net") && dir_at(&d, 2) && !strcmp(d.v[2], "ethernet"))
		/* net drivers go by the driver's name: drivers/net/ethernet/intel/fm10k -> fm10k. */
		out = xasprintf("%s: ", dir_at(&d, 4) ? d.v[4] : stem);
	else if (dirs_start(&d, "drivers", "net"))
		out = xasprintf("%s: ", dir_at(&d, 2) ? d.v[2] : stem);
	else if (dirs_start(&d, "net", "bluetooth"))
		out = xasprintf("Bluetooth: %s: ", stem);
	else if (dirs_start(&d, "drivers", NULL) && dir_at(&d, 1))
		/* drivers/<class>/<driver>: "i2c: designware: "; a file of the class: "i2c: ". */
		out = dir_at(&d, 2) ? xasprintf("%s: %s: ", d.v[1], d.v[2]) : xasprintf("%s: %s: ", d.v[1], stem);
	else if (d.nr >= 2)
		/* fs/dlm, net/ipv4, kernel/sched: the top directory and the next one. */
		out = xasprintf("%s: %s: ", d.v[0], d.v[1]);
	else if (d.nr == 1)
		out = xasprintf("%s: ", d.v[0]);
	else
		out = xasprintf("%s: ", stem);
	strvec_clear(&d);
	free(stem);
	return out;
}

/* Append text as paragraphs wrapped at 72 columns (git's advice for bodies). */
static void add_wrapped(struct strbuf *out, const char *text)
{
	size_t col = 0;
	const char *s = text;

	while (*s) {
		while (*s == ' ')
			s++;
		size_t n = strcspn(s, " ");
		if (!n)
			break;
		if (col && col + 1 + n > 72) {
			strbuf_addch(out, '\n');
			col = 0;
		} else if (col) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, s, n);
		col += n;
		s += n;
	}
	strbuf_addch(out, '\n');
}

/* "mtu,flags" of object c: "c->mtu and c->flags". */
static void add_fields(struct strbuf *out, const char *object, const char *fields)
{
	struct strvec v = STRVEC_INIT;

	for (const char *s = fields; *s; ) {
		size_t n = strcspn(s, ",");
		char *one = object && *object ? xasprintf("%s->%.*s", object, (int)n, s)
					      : xasprintf("%.*s", (int)n, s);
		strvec_push(&v, one);
		free(one);
		s += n + (s[n] == ',');
	}
	for (size_t i = 0; i < v.nr; i++)
		strbuf_addf(out, "%s%s", i == 0 ? "" : i + 1 == v.nr ? " and " : ", ", v.v[i]);
	if (!v.nr)
		strbuf_addstr(out, "its fields");
	strvec_clear(&v);
}

/* The plan's race with {key}, {function} and {fields} filled in. */
static void add_race(struct strbuf *out, const struct finding *f, const struct fix_plan *p)
{
	for (const char *s = p->race; *s; ) {
		if (starts_with(s, "{key}")) {
			strbuf_addstr(out, f->key);
			s += 5;
		} else if (starts_with(s, "{function}")) {
			strbuf_addstr(out, f->function);
			s += 10;
		} else if (starts_with(s, "{fields}")) {
			add_fields(out, p->object, p->fields ? p->fields : "");
			s += 8;
		} else {
			strbuf_addch(out, *s++);
		}
	}
}

/*
 * The summary line: imperative, at most 72 characters with its prefix
 * (the function is left out when it does not fit, then the key, for the
 * plan's brief words).
 */
static void add_subject(struct strbuf *out, const char *prefix, const struct finding *f,
			const struct fix_plan *p)
{
	const char *what = p->object[0] ? p->object : f->key;
	char *s = xasprintf("%s%s %s%s in %s()", prefix, p->verb, what, p->tail, f->function);

	/* A change of every access is not one function's; an object that names it needs no "in". */
	if (strlen(s) > 72 || p->any_place || (p->object[0] && strstr(p->object, f->function))) {
		free(s);
		s = xasprintf("%s%s %s%s", prefix, p->verb, what, p->tail);
	}
	/* A key too long for any subject: the plan's words without it. */
	if (strlen(s) > 72 && p->brief) {
		free(s);
		s = xasprintf("%s%s in %s()", prefix, p->brief, f->function);
		if (strlen(s) > 72) {
			free(s);
			s = xasprintf("%s%s", prefix, p->brief);
		}
	}
	strbuf_addf(out, "Subject: [PATCH] %s\n\n", s);
	free(s);
}

void mail_format_patch(struct strbuf *out, const struct finding *f, const struct fix_plan *p,
		       const char *diff, const char *author, int fail_on)
{
	char *prefix = mail_subject_prefix(f->path), date[64];
	time_t now = time(NULL);
	struct tm tm;
	struct strbuf para = STRBUF_INIT;

	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S %z", localtime_r(&now, &tm));
	/* The null commit id: the patch is not a commit of any repository yet. */
	strbuf_addstr(out, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	strbuf_addf(out, "From: %s\nDate: %s\n", author, date);
	add_subject(out, prefix, f, p);

	/* What the code does, what goes wrong and in which interleaving, then the fix. */
	strbuf_addf(&para, "In %s(), %s.", f->function, f->message);
	add_wrapped(out, para.buf);
	strbuf_addch(out, '\n');
	if (p->race) {
		strbuf_reset(&para);
		add_race(&para, f, p);
		add_wrapped(out, para.buf);
		strbuf_addch(out, '\n');
	}
	add_wrapped(out, p->why);
	strbuf_addch(out, '\n');
	strbuf_reset(&para);
	strbuf_addf(&para, "Found by the lockers static checker (rule %s).", f->rule);
	add_wrapped(out, para.buf);
	/* Below the --- line (git am drops it): what was checked and what is the human's. */
	strbuf_addstr(out, "---\n");
	add_wrapped(out, "Left for you: the Fixes: tag of the commit that introduced this code "
		    "(see git blame) and your Signed-off-by:, above the --- line.");
	strbuf_addch(out, '\n');
	strbuf_reset(&para);
	char *where = p->any_place ? xasprintf("changes every access to %s", p->object[0] ? p->object : f->key)
				   : xasprintf("changes only %s()", f->function);
	strbuf_addf(&para, "Checked by lockers fix (finding %s, score %d; rules/%s/fix.cocci -D %s): the patch "
		    "applies, %s, passes checkpatch.pl, and lockers gate shows the "
		    "finding gone and nothing introduced at or above score %d.", f->id, f->score, p->rule,
		    p->mode, where, fail_on);
	free(where);
	add_wrapped(out, para.buf);
	if (p->note[0]) {
		strbuf_addch(out, '\n');
		add_wrapped(out, p->note);
	}
	strbuf_addf(out, "\ndiff --git a/%s b/%s\n%s-- \nlockers %s\n\n", f->path, f->path, diff, lockers_version);
	strbuf_release(&para);
	free(prefix);
}

void mail_add_note(struct strbuf *mail, const char *text)
{
	struct strbuf para = STRBUF_INIT;
	const char *cut = strstr(mail->buf, "\n---\n");
	const char *diff = cut ? strstr(cut, "\ndiff --git ") : NULL;

	if (!*text || !diff)
		return;
	size_t at = (size_t)(diff - mail->buf) + 1;
	add_wrapped(&para, text);
	strbuf_addch(&para, '\n');
	para.buf[0] = (char)toupper((unsigned char)para.buf[0]);
	char *tail = xstrdup(mail->buf + at);
	mail->len = at;
	mail->buf[at] = '\0';
	strbuf_add(mail, para.buf, para.len);
	strbuf_addstr(mail, tail);
	free(tail);
	strbuf_release(&para);
}
