#include "gate/gate.h"
#include "gate/patch.h"
#include "lib/run.h"
#include "lib/strbuf.h"
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

static int write_scratch(const char *dir, const char *path, const struct strbuf *data,
			 char *err, size_t errlen)
{
	char *abs = xasprintf("%s/%s", dir, path);
	char *slash = strrchr(abs, '/');
	int rc;

	*slash = '\0';
	rc = mkdir_p(abs);
	*slash = '/';
	if (!rc)
		rc = write_file_replace(abs, data->buf, data->len, 0);
	if (rc)
		snprintf(err, errlen, "cannot write %s: %s", abs, strerror(errno));
	free(abs);
	return rc;
}

/* Lay out before/ and after/ under the scratch dir; nothing is written to kdir. */
static int prepare(const struct gate_options *o, struct gate_result *g, const struct patch *p,
		   char *err, size_t errlen)
{
	int headers = !o->scan.no_headers;

	for (size_t i = 0; i < p->nr; i++) {
		const struct patch_file *pf = &p->v[i];
		const char *name = pf->new_path ? pf->new_path : pf->old_path;
		struct strbuf old = STRBUF_INIT, new = STRBUF_INIT;
		int rc = 0;

		if (pf->binary) {
			if (is_c(name, 1)) {
				snprintf(err, errlen, "%s: binary patch for a source file", name);
				return -1;
			}
			continue;
		}
		if (pf->old_path)
			rc = read_old(o, pf->old_path, &old, err, errlen);
		if (!rc && pf->new_path)
			rc = patch_apply(pf, old.buf, old.len, &new, err, errlen);
		if (!rc && is_c(name, headers)) {
			g->c_files++;
			/* Both sides under the new name, so fingerprints compare across a rename. */
			char *before = xasprintf("%s/before", g->scratch), *after = xasprintf("%s/after", g->scratch);
			if (pf->old_path)
				rc = write_scratch(before, name, &old, err, errlen);
			if (!rc && pf->new_path)
				rc = write_scratch(after, name, &new, err, errlen);
			free(before);
			free(after);
		}
		strbuf_release(&old);
		strbuf_release(&new);
		if (rc)
			return -1;
	}
	g->files_in_patch = p->nr;
	return 0;
}

static int scan_side(const struct gate_options *o, const char *dir, struct scan_result *res,
		     int with_triage, char *err, size_t errlen)
{
	struct scan_options so = o->scan;

	so.root = dir;
	so.any_tree = 1;
	memset(&so.paths, 0, sizeof(so.paths));
	if (!with_triage)
		so.triage = NULL;
	mkdir_p(dir);	/* a side with no C file is an empty tree */
	return scan_run(&so, res, err, errlen);
}

static const struct finding *find_id(const struct finding_list *l, const char *id)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i]->id, id))
			return l->v[i];
	return NULL;
}

int gate_run(const struct gate_options *o, struct gate_result *g, char *err, size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	struct patch p;
	char why[512];
	struct stat st;

	memset(g, 0, sizeof(*g));
	if (stat(o->kdir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "'%s' is not a directory", o->kdir);
		return -1;
	}
	if (!o->scan.any_tree && !tree_is_kernel(o->kdir, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (read_patch(o, &text, err, errlen))
		return -1;
	if (patch_parse(&p, text.buf, text.len, err, errlen)) {
		char *msg = xasprintf("%s: %s", o->patch_file ? o->patch_file : o->git_range, err);
		snprintf(err, errlen, "%s", msg);
		free(msg);
		strbuf_release(&text);
		return -1;
	}
	strbuf_release(&text);
	const char *tmp = tmp_dir();
	g->scratch = xasprintf("%s/lockers-gate-XXXXXX", tmp);
	if (!mkdtemp(g->scratch)) {
		snprintf(err, errlen, "cannot make a scratch directory in %s: %s", tmp, strerror(errno));
		free(g->scratch);
		g->scratch = NULL;
		patch_release(&p);
		return -1;
	}
	int rc = prepare(o, g, &p, err, errlen);
	patch_release(&p);
	if (rc)
		return -1;
	char *before = xasprintf("%s/before", g->scratch), *after = xasprintf("%s/after", g->scratch);
	rc = scan_side(o, before, &g->before, 0, err, errlen);
	if (!rc)
		rc = scan_side(o, after, &g->after, 1, err, errlen);
	free(before);
	free(after);
	if (rc)
		return -1;
	for (size_t i = 0; i < g->after.findings.nr; i++) {
		struct finding *f = g->after.findings.v[i];
		finding_list_add(find_id(&g->before.findings, f->id) ? &g->unchanged : &g->introduced, f);
	}
	for (size_t i = 0; i < g->before.findings.nr; i++) {
		struct finding *f = g->before.findings.v[i];
		if (!find_id(&g->after.findings, f->id))
			finding_list_add(&g->removed, f);
	}
	return 0;
}

void gate_result_release(struct gate_result *g)
{
	/* The three lists borrow from the two scans. */
	free(g->introduced.v);
	free(g->unchanged.v);
	free(g->removed.v);
	scan_result_release(&g->before);
	scan_result_release(&g->after);
	if (g->scratch) {
		remove_tree(g->scratch);
		free(g->scratch);
	}
	memset(g, 0, sizeof(*g));
}
