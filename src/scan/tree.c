#include "scan/tree.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int tree_is_kernel(const char *root, char *why, size_t whylen)
{
	static const char *const need[] = { "Makefile", "Kconfig", "include/linux", "kernel", "arch" };
	struct stat st;

	if (stat(root, &st)) {
		snprintf(why, whylen, "'%s' does not exist", root);
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "'%s' is not a directory", root);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(need); i++) {
		char *p = xasprintf("%s/%s", root, need[i]);
		int ok = !stat(p, &st);
		free(p);
		if (!ok) {
			snprintf(why, whylen,
				 "'%s' is not a Linux kernel tree (no %s); pass --any-tree to scan any directory",
				 root, need[i]);
			return 0;
		}
	}
	return 1;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_generated(const char *name)
{
	return ends_with(name, ".mod.c") || ends_with(name, ".tab.c") ||
	       ends_with(name, ".lex.c") || ends_with(name, ".spec.c");
}

static void add_file(struct tree *t, const char *rel, const struct stat *st)
{
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 4096;
		t->v = xrealloc(t->v, t->alloc * sizeof(*t->v));
	}
	t->v[t->nr].path = xstrdup(rel);
	t->v[t->nr].dev = st->st_dev;
	t->v[t->nr].ino = st->st_ino;
	t->v[t->nr].size = st->st_size;
	t->v[t->nr].mtime_ns = timespec_ns(st->st_mtim);
	t->v[t->nr].ctime_ns = timespec_ns(st->st_ctim);
	t->nr++;
	t->st.c_files++;
}

static void problem(struct tree *t, const char *rel, int e)
{
	t->st.unreadable++;
	strvec_pushf(&t->problems, "%s: %s", *rel ? rel : ".", strerror(e));
}

/* A FIFO, socket or device (or a link to one): opening it could block. */
static void special(struct tree *t, const char *rel, unsigned mode)
{
	t->st.skipped_special++;
	strvec_pushf(&t->problems, "%s: %s, not read", rel, file_type_name(mode));
}

static int wanted(const char *name, int include_headers)
{
	return ends_with(name, ".c") || (include_headers && ends_with(name, ".h"));
}

int tree_list_dir(const char *abs, int (*skip)(void *ctx, const char *name, unsigned char d_type),
		  void *ctx, struct strvec *names)
{
	DIR *d = opendir(abs);
	struct dirent *de;
	size_t first = names->nr;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		const char *name = de->d_name;
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		if (!skip || !skip(ctx, name, de->d_type))
			strvec_push(names, name);
	}
	closedir(d);
	if (names->nr - first > 1)
		qsort(names->v + first, names->nr - first, sizeof(*names->v), cmp_name);
	return 0;
}

struct listing {
	int include_headers;
	unsigned long plain_other;
	int is_output;
};

/* Most entries are regular files we do not scan: d_type tells, with no
 * lstat (a whole tree has ~78,000 entries and ~32,000 C files). */
static int skip_plain(void *vl, const char *name, unsigned char d_type)
{
	struct listing *l = vl;

	if (!strcmp(name, TREE_OUTPUT_MARKER))
		l->is_output = 1;
	if (d_type == DT_REG && !wanted(name, l->include_headers) && !strpbrk(name, "\n\t")) {
		l->plain_other++;
		return 1;
	}
	return 0;
}

/* Walk the directory abs (whose path relative to the root is rel). */
static void walk(struct tree *t, const char *abs, const char *rel, int include_headers)
{
	struct strvec names = STRVEC_INIT;
	struct listing l = { include_headers, 0, 0 };

	if (tree_list_dir(abs, skip_plain, &l, &names)) {
		problem(t, rel, errno);
		return;
	}
	t->st.dirs++;
	if (l.is_output) {
		strvec_clear(&names);
		return;
	}
	t->st.files_seen += l.plain_other;
	t->st.skipped_other += l.plain_other;
	for (size_t i = 0; i < names.nr; i++) {
		const char *name = names.v[i];
		char *cabs = xasprintf("%s/%s", abs, name);
		char *crel = *rel ? xasprintf("%s/%s", rel, name) : xstrdup(name);
		struct stat lst, st;

		if (strpbrk(name, "\n\t")) {
			/* spatch's file lists and our records are line and tab based. */
			t->st.skipped_other++;
			strvec_pushf(&t->problems, "%s: file name contains a newline or tab, not scanned", crel);
		} else if (lstat(cabs, &lst)) {
			problem(t, crel, errno);
		} else if (S_ISLNK(lst.st_mode)) {
			if (stat(cabs, &st)) {
				/* dangling link: nothing to scan */
			} else if (S_ISDIR(st.st_mode)) {
				t->st.skipped_symlink_dirs++;
			} else if (S_ISREG(st.st_mode)) {
				t->st.files_seen++;
				if (!wanted(name, include_headers))
					t->st.skipped_other++;
				else if (is_generated(name))
					t->st.skipped_generated++;
				else
					add_file(t, crel, &st);
			} else {
				special(t, crel, st.st_mode);
			}
		} else if (S_ISDIR(lst.st_mode)) {
			if (name[0] != '.')
				walk(t, cabs, crel, include_headers);
		} else if (S_ISREG(lst.st_mode)) {
			t->st.files_seen++;
			if (!wanted(name, include_headers))
				t->st.skipped_other++;
			else if (is_generated(name))
				t->st.skipped_generated++;
			else
				add_file(t, crel, &lst);
		} else {
			special(t, crel, lst.st_mode);
		}
		free(cabs);
		free(crel);
	}
	strvec_clear(&names);
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const struct tree_file *)a)->path, ((const struct tree_file *)b)->path);
}

static int cmp_inode(const void *a, const void *b)
{
	const struct tree_file *x = *(struct tree_file *const *)a, *y = *(struct tree_file *const *)b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Sort by path and keep one name per file (the first in path order). */
static void sort_and_dedupe(struct tree *t)
{
	if (t->nr < 2)
		return;
	qsort(t->v, t->nr, sizeof(*t->v), cmp_path);
	struct tree_file **byino = xmalloc(t->nr * sizeof(*byino));
	for (size_t i = 0; i < t->nr; i++)
		byino[i] = &t->v[i];
	qsort(byino, t->nr, sizeof(*byino), cmp_inode);
	for (size_t i = 1; i < t->nr; i++) {
		if (byino[i]->dev == byino[i - 1]->dev && byino[i]->ino == byino[i - 1]->ino) {
			free(byino[i]->path);
			byino[i]->path = NULL;
			byino[i]->ino = byino[i - 1]->ino;
		}
	}
	free(byino);
	size_t out = 0;
	for (size_t i = 0; i < t->nr; i++) {
		if (t->v[i].path)
			t->v[out++] = t->v[i];
		else
			t->st.skipped_duplicates++, t->st.c_files--;
	}
	t->nr = out;
}

static char *relative_to(const char *root, char *abs)
{
	size_t n = strlen(root);
	char *rel = NULL;

	if (!abs)
		return NULL;
	if (!strcmp(abs, root))
		rel = xstrdup("");
	else if (!strncmp(abs, root, n) && abs[n] == '/')
		rel = xstrdup(abs + n + 1);
	free(abs);
	return rel;
}

/*
 * Resolve a subpath to a path relative to the root; NULL if outside it. A
 * file that is a symbolic link to outside the tree counts by its own name
 * (the gate's mirror of a tree links its files by name, src/gate/overlay.h).
 */
static char *relative_inside(const char *root, const char *sub)
{
	char *joined = *sub == '/' ? xstrdup(sub) : xasprintf("%s/%s", root, sub);
	char *rel = relative_to(root, realpath(joined, NULL));
	char *slash = strrchr(joined, '/');
	struct stat st;

	if (!rel && slash && slash[1] && strcmp(slash + 1, ".") && strcmp(slash + 1, "..") &&
	    !lstat(joined, &st) && S_ISLNK(st.st_mode)) {
		*slash = '\0';
		char *dir = relative_to(root, realpath(*joined ? joined : "/", NULL));
		if (dir)
			rel = *dir ? xasprintf("%s/%s", dir, slash + 1) : xstrdup(slash + 1);
		free(dir);
	}
	free(joined);
	return rel;
}

int tree_collect(struct tree *t, const char *root, const struct strvec *subpaths,
		 int include_headers, char *err, size_t errlen)
{
	memset(t, 0, sizeof(*t));
	t->root = realpath(root, NULL);
	if (!t->root) {
		snprintf(err, errlen, "cannot open tree '%s': %s", root, strerror(errno));
		return -1;
	}
	if (!subpaths || !subpaths->nr) {
		walk(t, t->root, "", include_headers);
		sort_and_dedupe(t);
		return 0;
	}
	for (size_t i = 0; i < subpaths->nr; i++) {
		struct stat st;
		char *rel = relative_inside(t->root, subpaths->v[i]);
		if (!rel) {
			char *joined = *subpaths->v[i] == '/' ? xstrdup(subpaths->v[i])
							      : xasprintf("%s/%s", t->root, subpaths->v[i]);
			if (stat(joined, &st))
				snprintf(err, errlen, "'%s' does not exist in %s", subpaths->v[i], t->root);
			else
				snprintf(err, errlen, "'%s' is outside the tree %s", subpaths->v[i], t->root);
			free(joined);
			tree_release(t);
			return -1;
		}
		char *abs = *rel ? xasprintf("%s/%s", t->root, rel) : xstrdup(t->root);
		if (stat(abs, &st)) {
			problem(t, rel, errno);
		} else if (S_ISDIR(st.st_mode)) {
			walk(t, abs, rel, include_headers);
		} else if (S_ISREG(st.st_mode)) {
			t->st.files_seen++;
			add_file(t, rel, &st);	/* named explicitly: scanned whatever its suffix */
		} else {
			special(t, rel, st.st_mode);
		}
		free(abs);
		free(rel);
	}
	sort_and_dedupe(t);
	return 0;
}

void tree_release(struct tree *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->v[i].path);
	free(t->v);
	free(t->root);
	strvec_clear(&t->problems);
	memset(t, 0, sizeof(*t));
}

long tree_find(const struct tree *t, const char *path)
{
	size_t lo = 0, hi = t->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(t->v[mid].path, path);
		if (!c)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}
