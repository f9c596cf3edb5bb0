#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

const char *progname = "lockers";

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", progname, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	exit(EXIT_USAGE);
}

void error_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
}

void warning_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

static void oom(size_t n)
{
	fprintf(stderr, "%s: error: out of memory (%zu bytes)\n", progname, n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		oom(nmemb * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap, cp;

	va_start(ap, fmt);
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("vsnprintf failed on format '%s'", fmt);
	char *s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !memcmp(s + ls - lx, suffix, lx);
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path);

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	int rc = mkdir(p, 0777);
	int e = errno;
	free(p);
	if (rc && e != EEXIST) {
		errno = e;
		return -1;
	}
	struct stat st;
	if (stat(path, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	return write_file_replace(path, data, len, 1);
}

int write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_file_replace(const char *path, const void *data, size_t len, int durable)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	int e;

	if (fd < 0)
		goto fail;
	if (write_full(fd, data, len))
		goto fail_close;
	if (durable && fsync(fd))
		goto fail_close;
	if (close(fd)) {
		fd = -1;
		goto fail_unlink;
	}
	if (rename(tmp, path))
		goto fail_unlink;
	free(tmp);
	return 0;
fail_close:
	e = errno;
	close(fd);
	errno = e;
fail_unlink:
	e = errno;
	unlink(tmp);
	errno = e;
fail:
	e = errno;
	free(tmp);
	errno = e;
	return -1;
}

int open_regular(const char *path, unsigned *mode)
{
	struct stat st;
	int fd, flags, e;

	if (stat(path, &st))
		return -1;
	if (!S_ISREG(st.st_mode))
		goto not_regular;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || (flags = fcntl(fd, F_GETFL)) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (S_ISREG(st.st_mode) && !fcntl(fd, F_SETFL, flags & ~O_NONBLOCK))
		return fd;
	e = errno;
	close(fd);
	if (S_ISREG(st.st_mode)) {
		errno = e;
		return -1;
	}
not_regular:
	if (mode)
		*mode = st.st_mode;
	errno = ENOTREGULAR;
	return -1;
}

const char *file_type_name(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFIFO: return "named pipe";
	case S_IFSOCK: return "socket";
	case S_IFCHR: return "character device";
	case S_IFBLK: return "block device";
	case S_IFDIR: return "directory";
	case S_IFREG: return "regular file";
	default: return "special file";
	}
}

const char *file_strerror(int e)
{
	return e == ENOTREGULAR ? "not a regular file" : strerror(e);
}

int lock_dir(const char *dir)
{
	int fd;

	if (mkdir_p(dir) && errno != EROFS && errno != EACCES)
		return -1;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!flock(fd, LOCK_EX | LOCK_NB))
		return fd;
	if (errno == EWOULDBLOCK) {
		fprintf(stderr, "%s: another lockers is writing %s: waiting for it to finish\n", progname, dir);
		while (flock(fd, LOCK_EX) && errno == EINTR)
			;
		return fd;
	}
	return fd;	/* no flock on this file system: unlocked, as before */
}

int remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *de;
		if (!d)
			return -1;
		while ((de = readdir(d))) {
			if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
				continue;
			char *sub = xasprintf("%s/%s", path, de->d_name);
			remove_tree(sub);
			free(sub);
		}
		closedir(d);
		return rmdir(path);
	}
	return unlink(path);
}

const char *tmp_dir(void)
{
	static char *abs;
	const char *t = getenv("TMPDIR");

	if (!t || !*t)
		return "/tmp";
	if (*t == '/')
		return t;
	if (!abs)
		abs = absolute_path(t);
	return abs;
}

char *absolute_path(const char *path)
{
	char *cwd;

	if (*path == '/')
		return xstrdup(path);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		die("cannot read the working directory: %s", strerror(errno));
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	char *abs = !strcmp(path, ".") || !*path ? xstrdup(cwd) : xasprintf("%s/%s", cwd, path);
	free(cwd);
	return abs;
}

long long timespec_ns(struct timespec t)
{
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint64_t hash_bytes(const void *data, size_t len)
{
	return XXH3_64bits(data, len);
}

void hash_hex(uint64_t h, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}
