#include "gate/overlay.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct mirror {
	struct overlay_stats *st;
	dev_t self_dev;		/* the mirror itself, should it lie inside the tree */
	ino_t self_ino;
	char *err;
	size_t errlen;
};

static int fail(struct mirror *m, const char *what, const char *path)
{
	snprintf(m->err, m->errlen, "cannot %s %s: %s", what, path, strerror(errno));
	return -1;
}

/* A file: a hard link when the file system allows it (no bytes copied), else a link by name. */
static int mirror_file(struct mirror *m, const char *from, const char *to)
{
	if (!link(from, to))
		return 0;
	if (errno != EXDEV && errno != EPERM && errno != EMLINK)
		return fail(m, "link", to);
	m->st->symlinked++;
	return symlink(from, to) ? fail(m, "link", to) : 0;
}

/* A symbolic link of the tree stays one, with the same target (a relative one still resolves). */
static int mirror_symlink(struct mirror *m, const char *from, const char *to)
{
	char target[PATH_MAX];
	ssize_t n = readlink(from, target, sizeof(target) - 1);

	if (n < 0)
		return fail(m, "read link", from);
	target[n] = '\0';
	return symlink(target, to) ? fail(m, "link", to) : 0;
}

/* Entries not mirrored: .git; a lockers output is noted and left out whole. */
static int skip_entry(void *is_output, const char *name, unsigned char d_type)
{
	(void)d_type;
	if (!strcmp(name, TREE_OUTPUT_MARKER))
		*(int *)is_output = 1;
	return !strcmp(name, ".git");
}

static int mirror_dir(struct mirror *m, const char *from, const char *to)
{
	struct strvec names = STRVEC_INIT;
	int is_output = 0, rc = 0;

	if (tree_list_dir(from, skip_entry, &is_output, &names))
		return fail(m, "list", from);
	if (is_output) {
		strvec_clear(&names);
		return 0;
	}
	if (mkdir(to, 0777) && errno != EEXIST) {
		strvec_clear(&names);
		return fail(m, "make", to);
	}
	m->st->dirs++;
	for (size_t i = 0; !rc && i < names.nr; i++) {
		char *src = xasprintf("%s/%s", from, names.v[i]), *dst = xasprintf("%s/%s", to, names.v[i]);
		struct stat st;
		if (lstat(src, &st))
			rc = errno == ENOENT ? 0 : fail(m, "stat", src);	/* gone since listed */
		else if (S_ISDIR(st.st_mode) && !(st.st_dev == m->self_dev && st.st_ino == m->self_ino))
			rc = mirror_dir(m, src, dst);
		else if (S_ISLNK(st.st_mode))
			rc = mirror_symlink(m, src, dst);
		else if (S_ISREG(st.st_mode)) {
			rc = mirror_file(m, src, dst);
			m->st->files++;
		}	/* FIFOs, sockets, devices: nothing a rule reads */
		free(src);
		free(dst);
	}
	strvec_clear(&names);
	return rc;
}

int overlay_make(const char *root, const char *dir, struct overlay_stats *st, char *err, size_t errlen)
{
	struct mirror m = { .st = st, .err = err, .errlen = errlen };
	struct stat sb;

	memset(st, 0, sizeof(*st));
	if (mkdir(dir, 0700)) {
		snprintf(err, errlen, "cannot make %s: %s", dir, strerror(errno));
		return -1;
	}
	if (stat(dir, &sb))
		return fail(&m, "stat", dir);
	m.self_dev = sb.st_dev;
	m.self_ino = sb.st_ino;
	char *abs = realpath(root, NULL);	/* links by name must not depend on the cwd */
	if (!abs)
		return fail(&m, "resolve", root);
	int rc = mirror_dir(&m, abs, dir);
	free(abs);
	return rc;
}

int overlay_put(const char *dir, const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	char *abs = xasprintf("%s/%s", dir, path);
	char *slash = strrchr(abs, '/');
	int rc = 0;

	/* Never write through the link: the tree's file is the same inode. */
	if (unlink(abs) && errno != ENOENT)
		rc = -1;
	if (!rc && data) {
		*slash = '\0';
		rc = mkdir_p(abs);
		*slash = '/';
		if (!rc)
			rc = write_file_replace(abs, data, len, 0);
	}
	if (rc)
		snprintf(err, errlen, "cannot write %s: %s", abs, strerror(errno));
	free(abs);
	return rc;
}
