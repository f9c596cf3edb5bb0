#include "gate/gate.h"
#include "gate/overlay.h"
#include "facts/fingerprint.h"
#include "scan/readsmap.h"
#include "gate/patch.h"
#include "gate/patch-evidence.h"
#include "gate/series.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_c(const char *path, int headers)
{
	return ends_with(path, ".c") || (headers && ends_with(path, ".h"));
}

static int read_patch(const struct gate_options *o, struct strbuf *text, char *err, size_t errlen)
{
	if (o->patch_file) {
		if (strbuf_read_file(text, o->patch_file)) {
			snprintf(err, errlen, "cannot read patch %s: %s", o->patch_file, strerror(errno));
			return -1;
		}
		return 0;
	}
	const char *dots = strstr(o->git_range, "..");
	if (!dots || dots == o->git_range || !dots[2] || strstr(dots + 2, "..")) {
		snprintf(err, errlen, "--git wants BASE..HEAD, not '%s'", o->git_range);
		return -1;
	}
	char *base = xstrndup(o->git_range, (size_t)(dots - o->git_range));
	const char *argv[] = { "git", "diff", "--no-color", "--no-ext-diff", "-M", base, dots + 2, "--", NULL };
	struct strbuf errs = STRBUF_INIT;
	int rc = run_capture(argv, o->kdir, text, &errs);
	free(base);
	if (rc) {
		snprintf(err, errlen, "git diff %s failed in %s: %s", o->git_range, o->kdir,
			 rc < 0 ? strerror(errno) : errs.buf);
		strbuf_release(&errs);
		return -1;
	}
	strbuf_release(&errs);
	return 0;
}

/* The file as the patch's base has it: from git's BASE, or from the tree. */
static int read_old(const struct gate_options *o, const char *path, struct strbuf *out,
		    char *err, size_t errlen)
{
	if (o->git_range) {
		const char *dots = strstr(o->git_range, "..");
		char *spec = xasprintf("%.*s:%s", (int)(dots - o->git_range), o->git_range, path);
		const char *argv[] = { "git", "show", spec, NULL };
		int rc = run_capture(argv, o->kdir, out, NULL);
		free(spec);
		if (rc) {
			snprintf(err, errlen, "the patch names %s, which is not in %s at %.*s", path, o->kdir,
				 (int)(dots - o->git_range), o->git_range);
			return -1;
		}
		return 0;
	}
	char *abs = xasprintf("%s/%s", o->kdir, path);
	char *real = realpath(abs, NULL);
	char *root = realpath(o->kdir, NULL);
	struct stat st;
	int inside = real && root && starts_with(real, root) && real[strlen(root)] == '/';
	int rc = -1;
	if (!inside || stat(real, &st) || !S_ISREG(st.st_mode))
		snprintf(err, errlen, "the patch names %s, which is not a file in %s", path, o->kdir);
	else if (strbuf_read_regular(out, real))
		snprintf(err, errlen, "cannot read %s: %s", abs, file_strerror(errno));
	else
		rc = 0;
	free(abs);
	free(real);
	free(root);
	return rc;
}

/*
 * A file the series touches: what the tree has and what the patches so far
 * made of it, followed across renames.
 */
struct tracked {
	char *orig;		/* its path in the tree; NULL if the series creates it */
	char *name;		/* its path now (the last one if deleted) */
	int exists;		/* 0 once deleted */
	struct strbuf base, now;
};

/* The files one patch of a series touched, as it left them. */
struct snapshot {
	size_t file;		/* index into the tracked files */
	int exists;
	struct strbuf data;
};

struct step {
	struct snapshot *v;
	size_t nr, alloc;
};

struct series_state {
	struct tracked *v;
	size_t nr, alloc;
	struct step *steps;	/* one per patch, for attribution; NULL for a single patch */
};

static struct tracked *find_tracked(struct series_state *st, const char *path, int exists)
{
	for (size_t i = 0; i < st->nr; i++)
		if (st->v[i].exists == exists && !strcmp(st->v[i].name, path))
			return &st->v[i];
	return NULL;
}

static struct tracked *new_tracked(struct series_state *st, const char *orig, const char *name)
{
	ALLOC_GROW(st->v, st->nr + 1, st->alloc);
	struct tracked *t = &st->v[st->nr++];
	memset(t, 0, sizeof(*t));
	t->orig = orig ? xstrdup(orig) : NULL;
	t->name = xstrdup(name);
	strbuf_init(&t->base, 0);
	strbuf_init(&t->now, 0);
	return t;
}

static void state_release(struct series_state *st, size_t npatches)
{
	for (size_t i = 0; i < st->nr; i++) {
		free(st->v[i].orig);
		free(st->v[i].name);
		strbuf_release(&st->v[i].base);
		strbuf_release(&st->v[i].now);
	}
	free(st->v);
	for (size_t k = 0; st->steps && k < npatches; k++) {
		for (size_t i = 0; i < st->steps[k].nr; i++)
			strbuf_release(&st->steps[k].v[i].data);
		free(st->steps[k].v);
	}
	free(st->steps);
	memset(st, 0, sizeof(*st));
}

/* The file a patch's old side names, as the patches before it left it (or as the tree has it). */
static struct tracked *old_side(const struct gate_options *o, struct series_state *st, const char *path,
				char *err, size_t errlen)
{
	struct tracked *t = find_tracked(st, path, 1);

	if (t)
		return t;
	for (size_t i = 0; i < st->nr; i++)
		if ((st->v[i].orig && !strcmp(st->v[i].orig, path)) || !strcmp(st->v[i].name, path)) {
			snprintf(err, errlen, "the patch names %s, which an earlier patch of the series "
				 "deleted or renamed", path);
			return NULL;
		}
	struct strbuf old = STRBUF_INIT;
	if (read_old(o, path, &old, err, errlen)) {
		strbuf_release(&old);
		return NULL;
	}
	t = new_tracked(st, path, path);
	t->exists = 1;
	t->base = old;
	strbuf_add(&t->now, old.buf, old.len);
	return t;
}

/* Apply one patch of the series to the files as the patches before it left them. */
static int apply_one(const struct gate_options *o, struct gate_result *g, struct series_state *st,
		     const struct patch *p, struct step *step, char *err, size_t errlen)
{
	for (size_t i = 0; i < p->nr; i++) {
		const struct patch_file *pf = &p->v[i];
		const char *name = pf->new_path ? pf->new_path : pf->old_path;
		struct tracked *t;

		if (pf->binary) {
			if (is_c(name, 1)) {
				snprintf(err, errlen, "%s: binary patch for a source file", name);
				return -1;
			}
			g->files_in_patch++;
			continue;
		}
		if (pf->old_path) {
			t = old_side(o, st, pf->old_path, err, errlen);
			if (!t)
				return -1;
		} else if (find_tracked(st, pf->new_path, 1)) {
			snprintf(err, errlen, "the patch creates %s, which an earlier patch of the series created",
				 pf->new_path);
			return -1;
		} else if (!(t = find_tracked(st, pf->new_path, 0))) {
			t = new_tracked(st, NULL, pf->new_path);
		}
		if (pf->new_path) {
			struct strbuf new = STRBUF_INIT;
			if (patch_apply(pf, t->exists ? t->now.buf : "", t->exists ? t->now.len : 0, &new, err, errlen)) {
				strbuf_release(&new);
				return -1;
			}
			strbuf_release(&t->now);
			t->now = new;
			free(t->name);
			t->name = xstrdup(pf->new_path);
			t->exists = 1;
		} else {
			t->exists = 0;
			strbuf_reset(&t->now);
		}
		if (step) {
			ALLOC_GROW(step->v, step->nr + 1, step->alloc);
			struct snapshot *snap = &step->v[step->nr++];
			snap->file = (size_t)(t - st->v);
			snap->exists = t->exists;
			strbuf_init(&snap->data, t->now.len);
			strbuf_add(&snap->data, t->now.buf, t->now.len);
		}
	}
	return 0;
}

/* Apply the series in order, in memory; -1 with err naming the patch that does not apply. */
static int apply_series(const struct gate_options *o, struct gate_result *g, struct series_state *st,
			const struct series *s, char *err, size_t errlen)
{
	char why[768];

	if (s->nr > 1)
		st->steps = xcalloc(s->nr, sizeof(*st->steps));
	for (size_t k = 0; k < s->nr; k++) {
		if (apply_one(o, g, st, &s->v[k].patch, st->steps ? &st->steps[k] : NULL, why, sizeof(why))) {
			char *name = series_patch_name(s, k);
			snprintf(err, errlen, "%s%s%s", name, *name ? ": " : "", why);
			free(name);
			return -1;
		}
	}
	g->files_in_patch += st->nr;
	for (size_t i = 0; i < st->nr; i++)
		g->c_files += is_c(st->v[i].name, !o->scan.no_headers);
	return 0;
}

/*
 * A side's tree. Before a plain patch or an mbox it is kdir; else it is a
 * mirror of kdir (never written to) in the scratch directory, with every
 * file the series touched as that side has it: after the series under its
 * last name, or, with --git, as BASE has it.
 */
static int make_side_tree(const struct gate_options *o, struct gate_result *g, const struct series_state *st,
			  int after, struct gate_side *side, char *err, size_t errlen)
{
	struct overlay_stats os;

	if (!after && !o->git_range) {
		side->root = xstrdup(o->kdir);
		return 0;
	}
	side->root = xasprintf("%s/%s", g->scratch, after ? "after" : "before");
	if (overlay_make(o->kdir, side->root, &os, err, errlen))
		return -1;
	for (size_t i = 0; i < st->nr; i++) {
		const struct tracked *t = &st->v[i];
		const char *gone = after ? t->orig : t->name;	/* the other side's name */
		const char *name = after ? t->name : t->orig;
		const struct strbuf *data = after ? (t->exists ? &t->now : NULL) : &t->base;
		if (gone && (!name || strcmp(gone, name)) && overlay_put(side->root, gone, NULL, 0, err, errlen))
			return -1;
		if (name && overlay_put(side->root, name, data ? data->buf : NULL, data ? data->len : 0, err, errlen))
			return -1;
	}
	return 0;
}

/*
 * The files whose findings read a file the series touched (its C files, a
 * Makefile, a directory it adds to), by the reads map of a check of kdir;
 * those the tree no longer has are left out.
 */
static void find_dependants(const struct gate_options *o, struct gate_result *g, const struct series_state *st,
			    struct strvec *out)
{
	struct strvec touched = STRVEC_INIT, readers = STRVEC_INIT;

	for (size_t i = 0; i < st->nr; i++) {
		if (st->v[i].orig)
			strvec_push(&touched, st->v[i].orig);
		strvec_push(&touched, st->v[i].name);
	}
	g->have_reads_map = o->reads_map && !reads_map_readers(o->reads_map, &touched, &readers);
	for (size_t i = 0; i < readers.nr; i++) {
		char *abs = xasprintf("%s/%s", o->kdir, readers.v[i]);
		if (is_c(readers.v[i], !o->scan.no_headers) && !access(abs, R_OK))
			strvec_push(out, readers.v[i]);
		free(abs);
	}
	strvec_clear(&touched);
	strvec_clear(&readers);
}

/*
 * The files each side scans: the C files the series touched as that side
 * has them (before: in kdir, under their first name; after: in the mirror,
 * under their last), and the files whose findings read one of them.
 */
static void side_paths(const struct gate_options *o, const struct series_state *st, int after,
		       const struct strvec *dependants, struct strvec *out)
{
	for (size_t i = 0; i < st->nr; i++) {
		const struct tracked *t = &st->v[i];
		const char *path = after ? (t->exists ? t->name : NULL) : t->orig;
		if (path && is_c(path, !o->scan.no_headers))
			strvec_push(out, path);
	}
	for (size_t i = 0; i < dependants->nr; i++)
		strvec_push(out, dependants->v[i]);
	strvec_sort_unique(out);
}

/*
 * The indexes of a mirror, in the scratch directory: the call graph is
 * built anew from it (its rows name lines, which the patch moves, and the
 * contexts it changes); the macro index is kdir's (linked), unless the
 * series touched a header, when it is built anew too.
 */
static int side_indexes(const struct gate_options *o, struct gate_result *g, const struct series_state *st,
			struct gate_side *side, const char *name, char *err, size_t errlen)
{
	const char *tree_index = o->scan.macro_index ? o->scan.macro_index : o->scan.macro_index_out;

	if (!strcmp(side->root, o->kdir))
		return 0;	/* kdir: its own indexes */
	char *dir = xasprintf("%s/index-%s", g->scratch, name);
	int header = 0, rc = mkdir_p(dir);

	for (size_t i = 0; i < st->nr; i++)
		header |= ends_with(st->v[i].name, ".h") || (st->v[i].orig && ends_with(st->v[i].orig, ".h"));
	side->index = xasprintf("%s/macroindex.tsv", dir);
	/* No tree index (no rule needed one yet): built there if a rule needs it. */
	side->index_built = header || !tree_index || access(tree_index, R_OK);
	if (!rc && !side->index_built && link(tree_index, side->index) && symlink(tree_index, side->index))
		rc = -1;
	if (rc)
		snprintf(err, errlen, "cannot make %s: %s", side->index, strerror(errno));
	free(dir);
	return rc;
}

/*
 * A scan of paths in a side's tree with its indexes. No path: an empty
 * scan (scan_run() would take every file of the tree).
 */
static int scan_side(const struct gate_options *o, struct gate_result *g, const struct gate_side *side,
		     const struct strvec *paths, struct scan_result *res, int with_triage,
		     char *err, size_t errlen)
{
	struct scan_options so = o->scan;

	so.root = side->root;
	so.paths = *paths;
	if (!with_triage)
		so.triage = NULL;
	if (!paths->nr) {	/* kdir's indexes, if any: nothing to build */
		char *empty = xasprintf("%s/empty", g->scratch);
		mkdir_p(empty);
		so.root = empty;
		so.any_tree = 1;
		int rc = scan_run(&so, res, err, errlen);
		free(empty);
		return rc;
	}
	if (side->index) {
		so.macro_index = side->index_built ? NULL : side->index;
		so.macro_index_out = side->index;
		so.macro_index_root = side->root;
	}
	return scan_run(&so, res, err, errlen);
}

/*
 * Before the series a renamed file had its first name; its findings are
 * compared under the last, so that a rename alone introduces nothing.
 */
static void rename_before(struct gate_result *g, const struct series_state *st)
{
	int renamed = 0;

	for (size_t i = 0; i < st->nr; i++) {
		const struct tracked *t = &st->v[i];
		if (!t->orig || !t->exists || !strcmp(t->orig, t->name))
			continue;
		for (size_t k = 0; k < g->before.findings.nr; k++) {
			struct finding *f = g->before.findings.v[k];
			if (!strcmp(f->path, t->orig)) {
				free(f->path);
				f->path = xstrdup(t->name);
				renamed = 1;
			}
		}
	}
	if (renamed) {
		fingerprint_all(&g->before.findings);
		finding_list_sort_ranked(&g->before.findings);
	}
}

static const struct finding *find_id(const struct finding_list *l, const char *id)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i]->id, id))
			return l->v[i];
	return NULL;
}

static int holds_introduced(const struct gate_result *g, const char *path)
{
	for (size_t i = 0; i < g->introduced.nr; i++)
		if (g->introduced_by[i] < 0 && !strcmp(g->introduced.v[i]->path, path))
			return 1;
	return 0;
}

/*
 * Attribute each introduced finding to the first patch after which its
 * fingerprint exists. The mirror is set back to the tree before the
 * series; then after each patch k (but the last), with the files it
 * touched as it left them, those of its files that hold an unattributed
 * finding at the end are scanned. A finding no earlier patch shows is the
 * last patch's.
 */
static int attribute(const struct gate_options *o, struct gate_result *g, const struct series_state *st,
		     char *err, size_t errlen)
{
	size_t left = g->introduced.nr;

	for (size_t i = 0; i < left; i++)
		g->introduced_by[i] = g->npatches == 1 && g->subjects ? 0 : -1;
	if (!st->steps)
		return 0;
	for (size_t i = 0; i < st->nr; i++) {
		const struct tracked *t = &st->v[i];
		if (overlay_put(g->after_side.root, t->name, t->orig ? t->base.buf : NULL, t->base.len, err, errlen))
			return -1;
	}
	for (size_t k = 0; left && k + 1 < g->npatches; k++) {
		const struct step *step = &st->steps[k];
		struct strvec paths = STRVEC_INIT;
		int rc = 0;

		for (size_t i = 0; !rc && i < step->nr; i++) {
			const struct snapshot *snap = &step->v[i];
			const char *name = st->v[snap->file].name;
			rc = overlay_put(g->after_side.root, name, snap->exists ? snap->data.buf : NULL, snap->data.len,
					 err, errlen);
			if (!rc && snap->exists && is_c(name, !o->scan.no_headers) && holds_introduced(g, name))
				strvec_push(&paths, name);
		}
		strvec_sort_unique(&paths);
		if (!rc && paths.nr) {
			struct scan_result res;
			rc = scan_side(o, g, &g->after_side, &paths, &res, 0, err, errlen);
			for (size_t i = 0; !rc && i < g->introduced.nr; i++)
				if (g->introduced_by[i] < 0 && find_id(&res.findings, g->introduced.v[i]->id)) {
					g->introduced_by[i] = (int)k;
					left--;
				}
			if (!rc && res.interrupted)
				g->after.interrupted = 1;
			if (!rc)
				scan_result_release(&res);
		}
		strvec_clear(&paths);
		if (rc)
			return -1;
	}
	for (size_t i = 0; i < g->introduced.nr; i++)
		if (g->introduced_by[i] < 0)
			g->introduced_by[i] = (int)g->npatches - 1;
	return 0;
}

/* The blob id of path at commit (trimmed), or NULL when the commit has no such file. */
static char *git_blob(const char *kdir, const char *commit, const char *path)
{
	struct strbuf out = STRBUF_INIT;
	char *spec = xasprintf("%s:%s", commit, path);
	const char *argv[] = { "git", "rev-parse", "--verify", "-q", spec, NULL };
	int rc = run_capture(argv, kdir, &out, NULL);

	free(spec);
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	if (rc || !out.len) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out);
}

/*
 * --git BASE..HEAD as a series: its first-parent commits, each named
 * "<short id> <subject>", and after each one (but the last) the files that
 * hold an introduced finding, where that commit changed them (found by
 * blob id: one git rev-parse per commit and file). attribute() then
 * treats them as it treats the patches of an mbox.
 */
static int git_series(const struct gate_options *o, struct gate_result *g, struct series_state *st,
		      char *err, size_t errlen)
{
	const char *dots = strstr(o->git_range, "..");
	char *base = xstrndup(o->git_range, (size_t)(dots - o->git_range));
	const char *argv[] = { "git", "log", "--first-parent", "--reverse", "--no-color", "--format=%H %h %s",
			       o->git_range, "--", NULL };
	struct strbuf log = STRBUF_INIT;
	struct strvec commits = STRVEC_INIT, subjects = STRVEC_INIT;
	int rc = run_capture(argv, o->kdir, &log, NULL);

	if (rc) {
		snprintf(err, errlen, "git log %s failed in %s", o->git_range, o->kdir);
		goto out;
	}
	/* "<full id> <short id> <subject>" a line */
	for (const char *line = log.buf; *line;) {
		const char *nl = strchrnul(line, '\n'), *sp = memchr(line, ' ', (size_t)(nl - line));
		if (sp) {
			struct strbuf subject = STRBUF_INIT;
			strvec_pushf(&commits, "%.*s", (int)(sp - line), line);
			strbuf_add_utf8(&subject, sp + 1, (size_t)(nl - sp - 1));
			strvec_push(&subjects, subject.buf);
			strbuf_release(&subject);
		}
		line = *nl ? nl + 1 : nl;
	}
	if (!commits.nr)
		goto out;
	g->npatches = commits.nr;
	g->subjects = xcalloc(commits.nr, sizeof(*g->subjects));
	for (size_t k = 0; k < commits.nr; k++)
		g->subjects[k] = xstrdup(subjects.v[k]);
	if (commits.nr == 1)
		goto out;	/* the one commit introduced all */
	st->steps = xcalloc(commits.nr, sizeof(*st->steps));
	for (size_t i = 0; i < st->nr; i++) {
		const struct tracked *t = &st->v[i];
		if (!is_c(t->name, !o->scan.no_headers) || !holds_introduced(g, t->name))
			continue;
		char *prev = t->orig ? git_blob(o->kdir, base, t->orig) : NULL;
		for (size_t k = 0; !rc && k + 1 < commits.nr; k++) {
			char *blob = git_blob(o->kdir, commits.v[k], t->name);
			if (!blob && t->orig && strcmp(t->orig, t->name))
				blob = git_blob(o->kdir, commits.v[k], t->orig);
			if (blob && (!prev || strcmp(blob, prev))) {
				struct step *step = &st->steps[k];
				const char *cat[] = { "git", "cat-file", "blob", blob, NULL };
				ALLOC_GROW(step->v, step->nr + 1, step->alloc);
				struct snapshot *snap = &step->v[step->nr++];
				snap->file = i;
				snap->exists = 1;
				strbuf_init(&snap->data, 0);
				if (run_capture(cat, o->kdir, &snap->data, NULL)) {
					snprintf(err, errlen, "git cat-file blob %s failed in %s", blob, o->kdir);
					rc = -1;
				}
			}
			free(prev);
			prev = blob;
		}
		free(prev);
	}
out:
	strvec_clear(&commits);
	strvec_clear(&subjects);
	strbuf_release(&log);
	free(base);
	return rc ? -1 : 0;
}

int gate_run(const struct gate_options *o, struct gate_result *g, char *err, size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	struct series s;
	struct series_state st = { 0 };
	char why[512];
	struct stat sb;

	memset(g, 0, sizeof(*g));
	if (stat(o->kdir, &sb) || !S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "'%s' is not a directory", o->kdir);
		return -1;
	}
	if (!o->scan.any_tree && !tree_is_kernel(o->kdir, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (read_patch(o, &text, err, errlen))
		return -1;
	if (series_parse(&s, text.buf, text.len, err, errlen)) {
		char *msg = xasprintf("%s: %s", o->patch_file ? o->patch_file : o->git_range, err);
		snprintf(err, errlen, "%s", msg);
		free(msg);
		strbuf_release(&text);
		return -1;
	}
	strbuf_release(&text);
	g->npatches = s.nr;
	if (s.v[0].subject) {
		g->subjects = xcalloc(s.nr, sizeof(*g->subjects));
		for (size_t k = 0; k < s.nr; k++)
			g->subjects[k] = xstrdup(s.v[k].subject);
	}
	const char *tmp = tmp_dir();
	g->scratch = xasprintf("%s/lockers-gate-XXXXXX", tmp);
	if (!mkdtemp(g->scratch)) {
		snprintf(err, errlen, "cannot make a scratch directory in %s: %s", tmp, strerror(errno));
		free(g->scratch);
		g->scratch = NULL;
		series_release(&s);
		return -1;
	}
	int rc = apply_series(o, g, &st, &s, err, errlen);
	series_release(&s);
	if (!rc)
		rc = make_side_tree(o, g, &st, 0, &g->before_side, err, errlen);
	if (!rc)
		rc = make_side_tree(o, g, &st, 1, &g->after_side, err, errlen);
	struct strvec before = STRVEC_INIT, after = STRVEC_INIT;
	if (!rc) {
		find_dependants(o, g, &st, &g->dependants);
		side_paths(o, &st, 0, &g->dependants, &before);
		side_paths(o, &st, 1, &g->dependants, &after);
		rc = side_indexes(o, g, &st, &g->before_side, "before", err, errlen);
	}
	if (!rc)
		rc = scan_side(o, g, &g->before_side, &before, &g->before, 0, err, errlen);
	if (!rc)	/* after kdir's own, which the before side builds when missing */
		rc = side_indexes(o, g, &st, &g->after_side, "after", err, errlen);
	if (!rc)
		rc = scan_side(o, g, &g->after_side, &after, &g->after, 1, err, errlen);
	if (!rc)
		rename_before(g, &st);
	strvec_clear(&before);
	strvec_clear(&after);
	if (!rc) {
		for (size_t i = 0; i < g->after.findings.nr; i++) {
			struct finding *f = g->after.findings.v[i];
			finding_list_add(find_id(&g->before.findings, f->id) ? &g->unchanged : &g->introduced, f);
		}
		for (size_t i = 0; i < g->before.findings.nr; i++) {
			struct finding *f = g->before.findings.v[i];
			if (!find_id(&g->after.findings, f->id))
				finding_list_add(&g->removed, f);
		}
		for (size_t i = 0; i < st.nr; i++)	/* the diff as evidence: patch-evidence.h */
			patch_evidence_add(g, st.v[i].name, &st.v[i].base, &st.v[i].now);
		g->introduced_by = xmalloc((g->introduced.nr + 1) * sizeof(*g->introduced_by));
		for (size_t i = 0; i < g->introduced.nr; i++)
			g->introduced_by[i] = -1;
		if (o->git_range && g->introduced.nr)
			rc = git_series(o, g, &st, err, errlen);
		if (!rc)
			rc = attribute(o, g, &st, err, errlen);
	}
	state_release(&st, g->npatches);
	return rc ? -1 : 0;
}

int gate_side_has(const struct gate_result *g, int after, const char *id)
{
	return find_id(after ? &g->after.findings : &g->before.findings, id) != NULL;
}

void gate_result_release(struct gate_result *g)
{
	/* The three lists borrow from the two scans. */
	free(g->introduced.v);
	free(g->introduced_by);
	for (size_t k = 0; g->subjects && k < g->npatches; k++)
		free(g->subjects[k]);
	free(g->subjects);
	free(g->unchanged.v);
	free(g->removed.v);
	scan_result_release(&g->before);
	scan_result_release(&g->after);
	strvec_clear(&g->dependants);
	free(g->before_side.root);
	free(g->before_side.index);
	free(g->after_side.root);
	free(g->after_side.index);
	if (g->scratch) {
		remove_tree(g->scratch);
		free(g->scratch);
	}
	memset(g, 0, sizeof(*g));
}
