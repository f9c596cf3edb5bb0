/* Build the touched object before and after a patch; compare the warnings. */
#include "fix/compile.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

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

/* The directory's Makefile (or Kbuild) with continuation lines joined, one assignment a line. */
static int read_kbuild_makefile(const char *kdir, const char *dir, struct strbuf *text)
{
	char *kb = xasprintf("%s/%s/Kbuild", kdir, dir), *mk = xasprintf("%s/%s/Makefile", kdir, dir);
	int rc = strbuf_read_regular(text, kb) && strbuf_read_regular(text, mk) ? -1 : 0;
	size_t w = 0;

	for (size_t r = 0; r < text->len; r++) {
		if (text->buf[r] == '\\' && r + 1 < text->len && text->buf[r + 1] == '\n') {
			text->buf[w++] = ' ';
			r++;
		} else {
			text->buf[w++] = text->buf[r];
		}
	}
	text->len = w;
	if (text->buf)
		text->buf[w] = '\0';
	free(kb);
	free(mk);
	return rc;
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

	if (depth > 8 || read_kbuild_makefile(o->kdir, dir, &mk))
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
	const char *cc_args[] = { obj, NULL };
	const char *sparse_args[] = { "C=2", check, obj, NULL };
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
	return rc;
}

/* The patched file, written by patch(1) from the tree's copy: the tree is only read. */
static int patched_copy(const struct fixcompile_options *o, const char *patch_path, const char *dest,
			char *why, size_t whylen)
{
	const char *argv[] = { "patch", "-p1", "--batch", "--silent", "-d", o->kdir, "-o", dest, "-i",
			       patch_path, NULL };
	struct strbuf out = STRBUF_INIT;
	int rc = run_capture(argv, NULL, &out, &out);

	if (rc)
		snprintf(why, whylen, "cannot write the patched copy %s: %s", dest,
			 rc < 0 ? strerror(errno) : strbuf_last_line(&out));
	strbuf_release(&out);
	return rc ? -1 : 0;
}

static enum fixcompile_result compile_locked(const struct fixcompile_options *o, const char *path,
					     const char *patch_path, struct strbuf *note, char *why,
					     size_t whylen)
{
	struct strvec gcc_before = STRVEC_INIT, gcc_after = STRVEC_INIT;
	struct strvec sparse_before = STRVEC_INIT, sparse_after = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	enum fixcompile_result rc = COMPILE_FAILED;
	char m[65], sym[128];
	char *obj = xasprintf("%.*s.o", (int)(strlen(path) - 2), path);
	char *objpath = xasprintf("%s/%s", o->build_dir, obj);
	/*
	 * Kbuild finds a source in the build directory before the tree's
	 * (VPATH): the patched copy goes there, at the file's own path.
	 */
	char *shadow = xasprintf("%s/%s", o->build_dir, path);
	char *dir = xstrndup(path, (size_t)(strrchr(path, '/') - path));
	const char *base = strrchr(obj, '/') + 1;
	const char *newer;
	struct stat st;

	machine(m, sizeof(m));
	/* A copy a run that was killed left behind would be built as the tree's file. */
	unlink(shadow);
	if (configure(o, why, whylen))
		goto out;
	if (unset_config(o, dir, base, 0, sym, sizeof(sym))) {
		strbuf_addf(note, "not compiled: %s not set in allmodconfig on %s", sym, m);
		rc = COMPILE_NOT_BUILT;
		goto out;
	}
	int st_make = build_object(o, obj, &gcc_before, &sparse_before, &out);
	if (st_make) {
		snprintf(why, whylen, "%s does not build before the patch (make O=%s %s): %s", obj,
			 o->build_dir, obj, st_make < 0 ? strerror(errno) : first_error(&out));
		goto out;
	}
	if (stat(objpath, &st)) {
		strbuf_addf(note, "not compiled: allmodconfig on %s builds no %s", m, obj);
		rc = COMPILE_NOT_BUILT;
		goto out;
	}
	if (patched_copy(o, patch_path, shadow, why, whylen))
		goto out;
	strbuf_reset(&out);
	st_make = build_object(o, obj, &gcc_after, &sparse_after, &out);
	if (st_make)
		snprintf(why, whylen, "%s does not build after the patch: %s", obj,
			 st_make < 0 ? strerror(errno) : first_error(&out));
	else if ((newer = new_warning(&gcc_before, &gcc_after)))
		snprintf(why, whylen, "the patch adds a compiler warning: %s", newer);
	else if ((newer = new_warning(&sparse_before, &sparse_after)))
		snprintf(why, whylen, "the patch adds a sparse warning: %s", newer);
	else {
		strbuf_addf(note, "compiled %s (allmodconfig, %s) before and after: no new gcc or sparse "
			    "warning (gcc %zu before, %zu after; sparse %zu before, %zu after)", obj, m,
			    gcc_before.nr, gcc_after.nr, sparse_before.nr, sparse_after.nr);
		rc = COMPILE_CLEAN;
	}
out:
	/* The build directory is left as the tree's: no patched copy, no patched object. */
	if (!unlink(shadow))
		unlink(objpath);
	strvec_clear(&gcc_before);
	strvec_clear(&gcc_after);
	strvec_clear(&sparse_before);
	strvec_clear(&sparse_after);
	strbuf_release(&out);
	free(obj);
	free(objpath);
	free(shadow);
	free(dir);
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
