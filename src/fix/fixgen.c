#include "fix/fixgen.h"
#include "facts/finding.h"
#include "fix/fixkind.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void spatch_argv(const struct fixgen_options *o, const struct finding *f,
			const struct fix_plan *p, struct strvec *argv)
{
	/* env(1) puts the target in the child's environment only. */
	strvec_push(argv, "env");
	strvec_pushf(argv, "LOCKERS_FIX_AT=%s", p->at);
	strvec_pushf(argv, "LOCKERS_FIX_KEY=%s", f->key);
	if (p->at_first)
		strvec_pushf(argv, "LOCKERS_FIX_AT_FIRST=%s", p->at_first);
	if (p->fields)
		strvec_pushf(argv, "LOCKERS_FIX_FIELDS=%s", p->fields);
	if (p->at_unlock)
		strvec_pushf(argv, "LOCKERS_FIX_AT_UNLOCK=%s", p->at_unlock);
	/* Where the copy came from: a fix may read the tree's headers (a struct's fields). */
	strvec_pushf(argv, "LOCKERS_FIX_TREE=%s", o->kdir);
	strvec_pushf(argv, "LOCKERS_FIX_FILE=%s", f->path);
	strvec_push(argv, "PYTHONDONTWRITEBYTECODE=1");
	strvec_push(argv, o->spatch);
	if (o->python && *o->python) {
		strvec_push(argv, "--python");
		strvec_push(argv, o->python);
	}
	/* --smpl-spacing: only the tokens the fix changes move, the rest keeps its layout. */
	strvec_push(argv, "--very-quiet");
	strvec_push(argv, "--no-includes");
	strvec_push(argv, "--smpl-spacing");
	strvec_push(argv, "--timeout");
	strvec_pushf(argv, "%d", o->timeout);
	strvec_push(argv, "-D");
	strvec_push(argv, "patch");
	strvec_push(argv, "-D");
	strvec_push(argv, p->mode);
	strvec_push(argv, "--sp-file");
	strvec_pushf(argv, "%s/fix/%s.cocci", o->rules_dir, p->rule);
	/* In place on a copy: a fix that matches nothing leaves it as it was. */
	strvec_push(argv, "--in-place");
	strvec_push(argv, "new.c");
}

/* The text of the last line of out that starts with mark, into buf (left as it is if none). */
static void last_marked(const struct strbuf *out, const char *mark, char *buf, size_t len)
{
	const char *s = out->buf, *found = NULL;

	while (s && *s) {
		if (starts_with(s, mark))
			found = s + strlen(mark);
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	if (found)
		snprintf(buf, len, "%.*s", (int)strcspn(found, "\n"), found);
}

static int transform(const struct fixgen_options *o, const struct finding *f, struct fix_plan *p,
		     const char *dir, char *reason, size_t reasonlen, char *err, size_t errlen)
{
	struct strvec argv = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, errs = STRBUF_INIT;

	spatch_argv(o, f, p, &argv);
	int rc = run_capture((const char *const *)argv.v, dir, &out, &errs);
	if (rc)
		snprintf(err, errlen, "spatch failed on %s/fix/%s.cocci (%s)", o->rules_dir, p->rule,
			 rc < 0 ? strerror(errno) : strbuf_last_line(&errs));
	else {
		last_marked(&out, "lockers-fix: ", reason, reasonlen);
		p->note[0] = '\0';
		last_marked(&out, "lockers-fix-note: ", p->note, sizeof(p->note));
	}
	strvec_clear(&argv);
	strbuf_release(&out);
	strbuf_release(&errs);
	return rc ? -1 : 0;
}

/*
 * The other files a transformation changed (a conversion: the header that
 * declares the member, the other files that access it), each as
 * others/<path> and named in others.list, appended to the diff.
 */
static int diff_others(const struct fixgen_options *o, const char *dir, struct strbuf *diff, char *err,
		       size_t errlen)
{
	struct strbuf list = STRBUF_INIT;
	char *listpath = xasprintf("%s/others.list", dir);
	int rc = 0;

	if (strbuf_read_regular(&list, listpath)) {
		free(listpath);
		return 0;
	}
	for (char *rel = list.buf, *next; rc == 0 && rel && *rel; rel = next) {
		next = strchr(rel, '\n');
		if (next)
			*next++ = '\0';
		if (!*rel || rel[0] == '/' || strstr(rel, "..")) {
			snprintf(err, errlen, "the transformation names a file outside the tree: %s", rel);
			rc = -1;
			break;
		}
		char *a = xasprintf("a/%s", rel), *b = xasprintf("b/%s", rel);
		char *old = xasprintf("%s/%s", o->kdir, rel), *new = xasprintf("others/%s", rel);
		const char *argv[] = { "diff", "-u", "-p", "--label", a, "--label", b, old, new, NULL };
		strbuf_addf(diff, "diff --git %s %s\n", a, b);
		if (run_capture(argv, dir, diff, NULL) != 1) {
			snprintf(err, errlen, "cannot diff %s with the transformation's copy", rel);
			rc = -1;
		}
		free(a);
		free(b);
		free(old);
		free(new);
	}
	strbuf_release(&list);
	free(listpath);
	return rc;
}

/* One kind of fix on a fresh copy: 1 with the diff, 0 with reason (no change), -1 with err. */
static int attempt(const struct fixgen_options *o, const struct finding *f, struct fix_plan *p,
		   const char *dir, const struct strbuf *text, struct strbuf *diff, char *reason,
		   size_t reasonlen, char *err, size_t errlen)
{
	char *old = xasprintf("%s/old.c", dir), *new = xasprintf("%s/new.c", dir);
	int rc = -1;

	snprintf(reason, reasonlen, "%s", p->unmatched);
	char *others = xasprintf("%s/others.list", dir);
	unlink(others);		/* an earlier kind's list is not this one's */
	free(others);
	if (write_file_replace(old, text->buf, text->len, 0) || write_file_replace(new, text->buf, text->len, 0)) {
		snprintf(err, errlen, "cannot copy %s to %s: %s", f->path, dir, file_strerror(errno));
	} else if (!transform(o, f, p, dir, reason, reasonlen, err, errlen)) {
		char *a = xasprintf("a/%s", f->path), *b = xasprintf("b/%s", f->path);
		const char *argv[] = { "diff", "-u", "-p", "--label", a, "--label", b, "old.c", "new.c", NULL };
		size_t before = diff->len;
		int st = run_capture(argv, dir, diff, NULL);
		/* diff exits 1 for a difference; 0 means the fix did not match. */
		rc = st == 1 && diff->len > before;
		if (rc && diff_others(o, dir, diff, err, errlen))
			rc = -1;
		if (rc != 1)
			diff->len = before, diff->buf[before] = '\0';
		free(a);
		free(b);
	}
	free(old);
	free(new);
	return rc;
}

int fix_generate(const struct fixgen_options *o, const struct finding *f, struct fix_plan *p,
		 struct strbuf *diff, char *err, size_t errlen)
{
	char *src = xasprintf("%s/%s", o->kdir, f->path);
	char *dir = xasprintf("%s/lockers-fix-XXXXXX", tmp_dir());
	struct strbuf text = STRBUF_INIT, reasons = STRBUF_INIT;
	char reason[1024], last[1024] = "";
	int rc = -1, tried = 0;

	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "cannot make a scratch directory in %s: %s", tmp_dir(), strerror(errno));
		free(dir);
		free(src);
		return -1;
	}
	if (strbuf_read_regular(&text, src)) {
		snprintf(err, errlen, "cannot copy %s: %s", src, file_strerror(errno));
		goto out;
	}
	do {
		int got = attempt(o, f, p, dir, &text, diff, reason, sizeof(reason), err, errlen);
		if (got < 0)
			goto out;
		if (got) {
			rc = 0;
			goto out;
		}
		/* A reason every kind gives is said once: "-D a, -D b: reason". */
		if (tried && !strcmp(reason, last)) {
			reasons.len -= strlen(reason) + 2;
			reasons.buf[reasons.len] = '\0';
			strbuf_addf(&reasons, ", -D %s: %s", p->mode, reason);
		} else {
			strbuf_addf(&reasons, "%s-D %s: %s", tried ? "; " : "", p->mode, reason);
		}
		snprintf(last, sizeof(last), "%s", reason);
		tried++;
	} while (!fix_plan_next(f, p));
	if (tried == 1)
		snprintf(err, errlen, "%s.cocci -D %s does not match the code at %s:%s: %s",
			 p->rule, p->mode, f->path, p->at, reason);
	else
		snprintf(err, errlen, "%s.cocci matches none of its kinds at %s:%s: %s",
			 p->rule, f->path, p->at, reasons.buf);
out:
	remove_tree(dir);
	strbuf_release(&text);
	strbuf_release(&reasons);
	free(dir);
	free(src);
	return rc;
}
