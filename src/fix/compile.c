/* Build the touched object before and after a patch; compare the warnings. */
#include "fix/compile.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"
#include "scan/kbuild.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* Written once allmodconfig and prepare succeeded: the directory is reused from then on. */
#define CONFIGURED_STAMP ".lockers-configured"

char *fix_compile_dir(const char *outdir, const char *kdir)
{
	char hex[17];

	hash_hex(hash_bytes(kdir, strlen(kdir)), hex);
	return xasprintf("%s/kbuild/%s", outdir, hex);
}

/*
 * make -C KDIR O=DIR args..., stdout and stderr into out. A make that runs
 * us (make check FIX=1) must not hand its jobserver or level to the
 * kernel's: env(1) drops them.
 */
static int run_make(const struct fixcompile_options *o, const char *const *args, struct strbuf *out)
{
	struct strvec argv = STRVEC_INIT;

	strvec_push(&argv, "env");
	strvec_push(&argv, "-u");
	strvec_push(&argv, "MAKEFLAGS");
	strvec_push(&argv, "-u");
	strvec_push(&argv, "MFLAGS");
	strvec_push(&argv, "-u");
	strvec_push(&argv, "MAKELEVEL");
	/* The C locale: gcc's messages the same from run to run, in ASCII quotes. */
	strvec_push(&argv, "LC_ALL=C");
	strvec_push(&argv, o->make);
	strvec_push(&argv, "-C");
	strvec_push(&argv, o->kdir);
	strvec_pushf(&argv, "O=%s", o->build_dir);
	for (size_t i = 0; args[i]; i++)
		strvec_push(&argv, args[i]);
	int rc = run_capture((const char *const *)argv.v, NULL, out, out);
	strvec_clear(&argv);
	return rc;
}

/*
 * allmodconfig with CONFIG_WERROR off (a new warning must be seen and
 * compared, not stop the build), then prepare; once per tree.
 */
static int configure(const struct fixcompile_options *o, char *why, size_t whylen)
{
	char *stamp = xasprintf("%s/%s", o->build_dir, CONFIGURED_STAMP);
	char *allconfig = xasprintf("%s/.lockers-allconfig", o->build_dir);
	char *allconfig_arg = xasprintf("KCONFIG_ALLCONFIG=%s", allconfig);
	char *jobs = xasprintf("-j%d", o->jobs > 0 ? o->jobs : 1);
	static const char werror_off[] = "# CONFIG_WERROR is not set\n";
	const char *config_args[] = { allconfig_arg, "allmodconfig", NULL };
	const char *prepare_args[] = { jobs, "prepare", NULL };
	struct strbuf out = STRBUF_INIT;
	struct stat st;
	int rc = -1;

	if (!stat(stamp, &st)) {
		rc = 0;
		goto done;
	}
	fprintf(stderr, "lockers fix: configuring %s (allmodconfig, make prepare): once for this tree, "
		"minutes\n", o->build_dir);
	double t0 = now_seconds();
	if (write_file_replace(allconfig, werror_off, sizeof(werror_off) - 1, 0)) {
		snprintf(why, whylen, "cannot write %s: %s", allconfig, strerror(errno));
		goto done;
	}
	int st_make = run_make(o, config_args, &out);
	if (st_make) {
		snprintf(why, whylen, "make O=%s allmodconfig failed: %s", o->build_dir,
			 st_make < 0 ? strerror(errno) : strbuf_last_line(&out));
		goto done;
	}
	double t1 = now_seconds();
	strbuf_reset(&out);
	st_make = run_make(o, prepare_args, &out);
	if (st_make) {
		snprintf(why, whylen, "make O=%s prepare failed (make deps-compile installs its tools): %s",
			 o->build_dir, st_make < 0 ? strerror(errno) : strbuf_last_line(&out));
		goto done;
	}
	double t2 = now_seconds();
	char *text = xasprintf("allmodconfig %.0f s, prepare %.0f s\n", t1 - t0, t2 - t1);
	fprintf(stderr, "lockers fix: %s configured: %s", o->build_dir, text);
	rc = write_file_replace(stamp, text, strlen(text), 0);
	if (rc)
		snprintf(why, whylen, "cannot write %s: %s", stamp, strerror(errno));
	free(text);
done:
	strbuf_release(&out);
	free(stamp);
	free(allconfig);
	free(allconfig_arg);
	free(jobs);
	return rc;
}

/* "x86_64": what the build directory is configured for (the host's). */
static void machine(char *out, size_t len)
{
	struct utsname u;

	snprintf(out, len, "%s", uname(&u) ? "this architecture" : u.machine);
}

/* arch/<a>/... for an <a> that is not the host's kernel ARCH. */
static int other_arch(const char *path)
{
	char m[65];

	if (strncmp(path, "arch/", 5))
		return 0;
	machine(m, sizeof(m));
	const char *a = path + 5;
	size_t n = strcspn(a, "/");
	const char *host = !strcmp(m, "x86_64") || (m[0] == 'i' && !strcmp(m + 2, "86")) ? "x86"
			   : !strcmp(m, "aarch64") ? "arm64" : m;
	return strlen(host) != n || strncmp(a, host, n);
}

/* CONFIG_X is y or m in the build directory's auto.conf. */
static int config_set(const struct fixcompile_options *o, const char *sym)
{
	struct strbuf conf = STRBUF_INIT;
	char *path = xasprintf("%s/include/config/auto.conf", o->build_dir);
	char *needle = xasprintf("\n%s=", sym);
	int set = !strbuf_read_file(&conf, path) &&
		  (strstr(conf.buf, needle) || starts_with(conf.buf, needle + 1));

	strbuf_release(&conf);
	free(path);
	free(needle);
	return set;
}

/*
 * Why Kbuild does not build target ("cache.o", or "core/" for a
 * directory) of directory dir: a CONFIG_ symbol allmodconfig leaves unset,
 * into sym. A target may be listed on several lines (obj-$(CONFIG_A) +=
 * x/ and obj-$(CONFIG_B) += x/): it is built when any of them is. A
 * composite object (ib_core-y += cache.o) is followed to its own line; a
 * directory to its parent's Makefile. Returns 1 with sym set, 0 when the
 * target is built or nothing says why not.
 */
static int unset_config(const struct fixcompile_options *o, const char *dir, const char *target, int depth,
			char *sym, size_t symlen)
{
	struct strbuf mk = STRBUF_INIT;
	int listings = 0, unbuilt = 0;
	char first[128] = "";

	if (depth > 8 || kbuild_read_makefile(o->kdir, dir, &mk))
		goto out;
	for (char *line = mk.buf, *next; line && *line && listings == unbuilt; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char *eq = strstr(line, "+=");
		if (!eq)
			eq = strstr(line, ":=");
		if (!eq)
			continue;
		/* Is target one of the words after the assignment? */
		int listed = 0;
		size_t tl = strlen(target);
		for (char *w = eq + 2; *w && !listed; ) {
			w += strspn(w, " \t");
			size_t n = strcspn(w, " \t");
			listed = n == tl && !strncmp(w, target, n);
			w += n;
		}
		if (!listed)
			continue;
		listings++;
		/* name-$(CONFIG_X), name-y, name-objs, obj-$(CONFIG_X), obj-y, obj-m */
		char *lhs = line + strspn(line, " \t");
		char *cfg = strstr(lhs, "-$(CONFIG_");
		char why[128] = "";
		if (cfg && cfg < eq) {
			size_t n = strcspn(cfg + 3, ")");
			snprintf(why, sizeof(why), "%.*s", (int)n, cfg + 3);
			if (config_set(o, why))
				why[0] = '\0';
		}
		if (!why[0] && strncmp(lhs, "obj-", 4) && strncmp(lhs, "lib-", 4)) {
			/* A part of composite object <name>.o: why that one is not built. */
			char *dash = NULL;
			for (char *c = lhs; c < eq; c++)
				if (*c == '-')
					dash = c;
			if (dash) {
				char *comp = xasprintf("%.*s.o", (int)(dash - lhs), lhs);
				if (!unset_config(o, dir, comp, depth + 1, why, sizeof(why)))
					why[0] = '\0';
				free(comp);
			}
		}
		if (why[0]) {
			unbuilt++;
			if (!first[0])
				snprintf(first, sizeof(first), "%s", why);
		}
	}
	if (listings && listings == unbuilt) {
		snprintf(sym, symlen, "%s", first);
		strbuf_release(&mk);
		return 1;
	}
	if (depth == 0 && strchr(dir, '/')) {
		/* The directory itself: obj-$(CONFIG_X) += core/ in its parent. */
		char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
		char *sub = xasprintf("%s/", slash + 1);
		int found;
		*slash = '\0';
		found = unset_config(o, parent, sub, 0, sym, symlen);
		free(sub);
		free(parent);
		strbuf_release(&mk);
		return found;
	}
out:
	strbuf_release(&mk);
	return 0;
}

/*
 * The warnings of a build's output, one a line, each as "<file>: warning:
 * <text>": no line and column (the patch moves them), the path relative to
 * the tree whether make saw the source or the scratch copy, and objtool's
 * +0x offsets dropped.
 */
static void warnings_of(const struct fixcompile_options *o, const char *output, struct strvec *out)
{
	size_t klen = strlen(o->kdir), blen = strlen(o->build_dir);

	for (const char *line = output; *line; ) {
		size_t n = strcspn(line, "\n");
		char *l = xstrndup(line, n);
		line += n + (line[n] == '\n');
		char *kind = strstr(l, ": warning: ");
		if (!kind)
			kind = strstr(l, ": error: ");
		if (!kind) {
			free(l);
			continue;
		}
		const char *file = l;
		if (!strncmp(file, o->kdir, klen) && file[klen] == '/')
			file += klen + 1;
		else if (!strncmp(file, o->build_dir, blen) && file[blen] == '/')
			file += blen + 1;
		while (!strncmp(file, "./", 2))
			file += 2;
		/* Drop ":line:col" (or ":line") before the kind. */
		char *end = kind;
		for (int k = 0; k < 2; k++) {
			char *c = end;
			while (c > file && isdigit((unsigned char)c[-1]))
				c--;
			if (c < end && c > file && c[-1] == ':')
				end = c - 1;
		}
		struct strbuf key = STRBUF_INIT;
		strbuf_add(&key, file, (size_t)(end - file));
		for (const char *s = kind; *s; s++) {
			strbuf_addch(&key, *s);
			if (s[0] == '+' && s[1] == '0' && s[2] == 'x')
				for (s += 2; isxdigit((unsigned char)s[1]); s++)
					;
		}
		strvec_push(out, key.buf);
		strbuf_release(&key);
		free(l);
	}
}

/* The first warning of after that before does not have as many times, or NULL. */
static const char *new_warning(const struct strvec *before, const struct strvec *after)
{
	for (size_t i = 0; i < after->nr; i++) {
		size_t na = 0, nb = 0;
		for (size_t k = 0; k < after->nr; k++)
			na += !strcmp(after->v[k], after->v[i]);
		for (size_t k = 0; k < before->nr; k++)
			nb += !strcmp(before->v[k], after->v[i]);
		if (na > nb)
			return after->v[i];
	}
	return NULL;
}

/* The first error line of a failed build, for the reason. */
static const char *first_error(struct strbuf *out)
{
	const char *e = strstr(out->buf, ": error: ");
	if (!e)
		return strbuf_last_line(out);
	while (e > out->buf && e[-1] != '\n')
		e--;
	((char *)e)[strcspn(e, "\n")] = '\0';
	return e;
}

/*
 * Build obj with gcc (the object removed first, so that it is compiled and
 * its warnings printed), then run sparse on it (C=2: the checker whatever
 * make thinks of the object). Returns the make status of the failing step.
 */
static int build_object(const struct fixcompile_options *o, const char *obj, struct strvec *gcc,
			struct strvec *sparse, struct strbuf *out)
{
	char *objpath = xasprintf("%s/%s", o->build_dir, obj);
	char *check = xasprintf("CHECK=%s", o->sparse);
	/*
	 * The patched copy is built from the build directory, where a quoted
	 * #include of a header beside the file finds nothing: newer Kbuild adds
	 * no -I for the source directory (6.12's vchiq_arm.c and vchiq_core.h).
	 */
	char *kcflags = xasprintf("KCFLAGS=-I%s/%.*s", o->kdir, (int)(strrchr(obj, '/') - obj), obj);
	const char *cc_args[] = { kcflags, obj, NULL };
	const char *sparse_args[] = { "C=2", check, kcflags, obj, NULL };
	int rc;

	unlink(objpath);
	rc = run_make(o, cc_args, out);
	if (!rc) {
		warnings_of(o, out->buf, gcc);
		strbuf_reset(out);
		rc = run_make(o, sparse_args, out);
		if (!rc)
			warnings_of(o, out->buf, sparse);
	}
	free(objpath);
	free(check);
	free(kcflags);
	return rc;
}

/* The files a patch mail changes ("+++ b/<path>" lines), the first one first. */
static void patched_paths(const char *patch_path, struct strvec *paths)
{
	struct strbuf text = STRBUF_INIT;

	if (!strbuf_read_file(&text, patch_path))
		for (const char *l = text.buf; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
			if (starts_with(l, "+++ b/"))
				strvec_pushf(paths, "%.*s", (int)strcspn(l + 6, "\n"), l + 6);
	strbuf_release(&text);
}

/*
 * The patched files, each written over its shadow in the build directory
 * (shadows[i] for paths[i]): patch(1) runs on copies in a scratch directory,
 * so the tree is only read.
 */
static int patched_copies(const struct fixcompile_options *o, const char *patch_path,
			  const struct strvec *paths, const struct strvec *shadows, char *why, size_t whylen)
{
	char *scratch = xasprintf("%s/lockers-patched-XXXXXX", tmp_dir());
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;
	int rc = -1;

	if (!mkdtemp(scratch)) {
		snprintf(why, whylen, "cannot make a scratch directory in %s: %s", tmp_dir(), strerror(errno));
		free(scratch);
		return -1;
	}
	for (size_t i = 0; i < paths->nr; i++) {
		char *src = xasprintf("%s/%s", o->kdir, paths->v[i]);
		char *dst = xasprintf("%s/%s", scratch, paths->v[i]);
		char *dir = xstrndup(dst, (size_t)(strrchr(dst, '/') - dst));
		strbuf_reset(&text);
		int bad = strbuf_read_regular(&text, src) || mkdir_p(dir) ||
			  write_file_replace(dst, text.buf, text.len, 0);
		if (bad)
			snprintf(why, whylen, "cannot copy %s to %s: %s", src, scratch, file_strerror(errno));
		free(src);
		free(dst);
		free(dir);
		if (bad)
			goto out;
	}
	const char *argv[] = { "patch", "-p1", "--batch", "--silent", "-d", scratch, "-i", patch_path, NULL };
	int st = run_capture(argv, NULL, &out, &out);
	if (st) {
		snprintf(why, whylen, "cannot write the patched copies in %s: %s", scratch,
			 st < 0 ? strerror(errno) : strbuf_last_line(&out));
		goto out;
	}
	for (size_t i = 0; i < paths->nr; i++) {
		char *dst = xasprintf("%s/%s", scratch, paths->v[i]);
		char *dir = xstrndup(shadows->v[i], (size_t)(strrchr(shadows->v[i], '/') - shadows->v[i]));
		strbuf_reset(&text);
		int bad = strbuf_read_regular(&text, dst) || mkdir_p(dir) ||
			  write_file_replace(shadows->v[i], text.buf, text.len, 0);
		if (bad)
			snprintf(why, whylen, "cannot write %s: %s", shadows->v[i], file_strerror(errno));
		free(dst);
		free(dir);
		if (bad)
			goto out;
	}
	rc = 0;
out:
	remove_tree(scratch);
	free(scratch);
	strbuf_release(&out);
	strbuf_release(&text);
	return rc;
}

/* Build each of objs, the warnings into gcc and sparse: 0, or the failing make's status. */
static int build_objects(const struct fixcompile_options *o, const struct strvec *objs, struct strvec *gcc,
			 struct strvec *sparse, struct strbuf *out, const char **failed)
{
	for (size_t i = 0; i < objs->nr; i++) {
		strbuf_reset(out);
		int st = build_object(o, objs->v[i], gcc, sparse, out);
		if (st) {
			*failed = objs->v[i];
			return st;
		}
	}
	return 0;
}

/*
 * The patch may touch several files (a conversion: a header and the files
 * that access its member): every file is patched into the build directory,
 * and every C file of them built before and after.
 */
static enum fixcompile_result compile_locked(const struct fixcompile_options *o, const char *path,
					     const char *patch_path, struct strbuf *note, char *why,
					     size_t whylen)
{
	struct strvec gcc_before = STRVEC_INIT, gcc_after = STRVEC_INIT;
	struct strvec sparse_before = STRVEC_INIT, sparse_after = STRVEC_INIT;
	struct strvec paths = STRVEC_INIT, shadows = STRVEC_INIT, objs = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, names = STRBUF_INIT;
	enum fixcompile_result rc = COMPILE_FAILED;
	const char *failed = NULL, *newer;
	char m[65], sym[128];
	struct stat st;
	int patched = 0;

	machine(m, sizeof(m));
	patched_paths(patch_path, &paths);
	if (!paths.nr || strcmp(paths.v[0], path))
		strvec_push(&paths, path);
	/*
	 * Kbuild finds a source in the build directory before the tree's
	 * (VPATH), and a quoted #include the directory of the file first: the
	 * patched copies go there, at their own paths.
	 */
	for (size_t i = 0; i < paths.nr; i++) {
		strvec_pushf(&shadows, "%s/%s", o->build_dir, paths.v[i]);
		/* A copy a run that was killed left behind would be built as the tree's file. */
		unlink(shadows.v[i]);
	}
	if (configure(o, why, whylen))
		goto out;
	for (size_t i = 0; i < paths.nr; i++) {
		const char *p = paths.v[i];
		if (!ends_with(p, ".c") || !strchr(p, '/'))
			continue;
		char *obj = xasprintf("%.*s.o", (int)(strlen(p) - 2), p);
		char *dir = xstrndup(p, (size_t)(strrchr(p, '/') - p));
		int unbuilt = unset_config(o, dir, strrchr(obj, '/') + 1, 0, sym, sizeof(sym));
		if (unbuilt && !strcmp(p, path)) {
			strbuf_addf(note, "not compiled: %s not set in allmodconfig on %s", sym, m);
			rc = COMPILE_NOT_BUILT;
		} else if (!unbuilt) {
			strvec_push(&objs, obj);
		}
		free(obj);
		free(dir);
		if (rc == COMPILE_NOT_BUILT)
			goto out;
	}
	int st_make = build_objects(o, &objs, &gcc_before, &sparse_before, &out, &failed);
	if (st_make) {
		snprintf(why, whylen, "%s does not build before the patch (make O=%s %s): %s", failed,
			 o->build_dir, failed, st_make < 0 ? strerror(errno) : first_error(&out));
		goto out;
	}
	for (size_t i = 0; i < objs.nr; i++) {
		char *objpath = xasprintf("%s/%s", o->build_dir, objs.v[i]);
		int missing = stat(objpath, &st);
		free(objpath);
		if (missing && i == 0) {
			strbuf_addf(note, "not compiled: allmodconfig on %s builds no %s", m, objs.v[i]);
			rc = COMPILE_NOT_BUILT;
			goto out;
		}
		strbuf_addf(&names, "%s%s", i ? ", " : "", objs.v[i]);
	}
	patched = 1;
	if (patched_copies(o, patch_path, &paths, &shadows, why, whylen))
		goto out;
	st_make = build_objects(o, &objs, &gcc_after, &sparse_after, &out, &failed);
	if (st_make)
		snprintf(why, whylen, "%s does not build after the patch: %s", failed,
			 st_make < 0 ? strerror(errno) : first_error(&out));
	else if ((newer = new_warning(&gcc_before, &gcc_after)))
		snprintf(why, whylen, "the patch adds a compiler warning: %s", newer);
	else if ((newer = new_warning(&sparse_before, &sparse_after)))
		snprintf(why, whylen, "the patch adds a sparse warning: %s", newer);
	else {
		strbuf_addf(note, "compiled %s (allmodconfig, %s) before and after: no new gcc or sparse "
			    "warning (gcc %zu before, %zu after; sparse %zu before, %zu after)", names.buf, m,
			    gcc_before.nr, gcc_after.nr, sparse_before.nr, sparse_after.nr);
		rc = COMPILE_CLEAN;
	}
out:
	/* The build directory is left as the tree's: no patched copy, no patched object. */
	for (size_t i = 0; i < shadows.nr; i++)
		unlink(shadows.v[i]);
	for (size_t i = 0; patched && i < objs.nr; i++) {
		char *objpath = xasprintf("%s/%s", o->build_dir, objs.v[i]);
		unlink(objpath);
		free(objpath);
	}
	strvec_clear(&gcc_before);
	strvec_clear(&gcc_after);
	strvec_clear(&sparse_before);
	strvec_clear(&sparse_after);
	strvec_clear(&paths);
	strvec_clear(&shadows);
	strvec_clear(&objs);
	strbuf_release(&out);
	strbuf_release(&names);
	return rc;
}

enum fixcompile_result fix_compile(const struct fixcompile_options *o, const char *path,
				   const char *patch_path, struct strbuf *note, char *why, size_t whylen)
{
	char m[65];

	if (!ends_with(path, ".c") || !strchr(path, '/')) {
		snprintf(why, whylen, "%s is not a C file in a directory of the tree: nothing to compile", path);
		return COMPILE_FAILED;
	}
	if (other_arch(path)) {
		machine(m, sizeof(m));
		strbuf_addf(note, "not compiled: not built on %s", m);
		return COMPILE_NOT_BUILT;
	}
	/* One build at a time in a directory: two runs of lockers fix share it. */
	int fd = lock_dir(o->build_dir);
	if (fd < 0) {
		snprintf(why, whylen, "cannot make %s: %s", o->build_dir, strerror(errno));
		return COMPILE_FAILED;
	}
	enum fixcompile_result rc = compile_locked(o, path, patch_path, note, why, whylen);
	close(fd);
	return rc;
}
