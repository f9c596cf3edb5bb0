/* Small helpers every stage uses: allocation that cannot fail, errors, files. */
#ifndef LOCKERS_UTIL_H
#define LOCKERS_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Make room in the array x (alloc elements allocated) for n elements (git's ALLOC_GROW). */
#define ALLOC_GROW(x, n, alloc)							\
	do {									\
		if ((n) > (alloc)) {						\
			(alloc) = ((alloc) + 16) * 3 / 2 > (n) ? ((alloc) + 16) * 3 / 2 : (n); \
			(x) = xrealloc((x), (alloc) * sizeof(*(x)));		\
		}								\
	} while (0)

/* Exit codes, documented in README.md. */
enum {
	EXIT_CLEAN = 0,
	EXIT_FINDINGS = 1,	/* a finding at or above --fail-on */
	EXIT_USAGE = 2,		/* bad usage or bad input */
};

extern const char *progname;

void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void error_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int starts_with(const char *s, const char *prefix);
int ends_with(const char *s, const char *suffix);

/* Write all len bytes of buf to fd, again after EINTR or a short write;
 * 0, or -1 with errno. */
int write_full(int fd, const void *buf, size_t len);

/* mkdir -p; 0 or -1 with errno. */
int mkdir_p(const char *path);
/*
 * Write data to path atomically: a temporary file in the same directory,
 * fsync, rename. Returns 0, or -1 with errno set and path untouched.
 */
int write_file_atomic(const char *path, const void *data, size_t len);
/* The same; with durable 0 it skips the fsync (for data that checks itself). */
int write_file_replace(const char *path, const void *data, size_t len, int durable);

/*
 * Open path to read it only if it is a regular file (after symlinks): a
 * FIFO, socket or device named like a source file must never block a scan
 * or be read. stat first (a device is never opened), then open with
 * O_NONBLOCK and check the opened file with fstat (it may have been
 * replaced in between), then clear O_NONBLOCK. Returns the descriptor, or
 * -1 with errno set: ENOTREGULAR when the file is not a regular file
 * (*mode then says what it is, when mode is not NULL).
 */
enum { ENOTREGULAR = 4095 };	/* no errno of the C library has this value */
int open_regular(const char *path, unsigned *mode);
/* strerror() that also names ENOTREGULAR. */
const char *file_strerror(int e);
/* What a file of this st_mode is, in words ("named pipe", "socket"). */
const char *file_type_name(unsigned mode);

/*
 * Take an exclusive flock(2) on the directory dir (made when missing) and
 * hold it until the process exits: one scan at a time writes an output
 * directory. When another process holds it, say so on stderr and wait.
 * Returns the descriptor, or -1 with errno set when dir cannot be made or
 * opened (a read-only parent: the writes that follow fail and say so).
 */
int lock_dir(const char *dir);

/* rm -rf: remove path and everything under it; 0, or -1 with errno set. */
int remove_tree(const char *path);
/* $TMPDIR (made absolute), or /tmp. */
const char *tmp_dir(void);
/*
 * path joined to the working directory when it is relative ("lockers-out"
 * -> "/home/u/linux/lockers-out"), a copy when it is absolute. Every path a
 * spatch child sees goes through this: the children run in a directory of
 * their own, where a relative path names nothing.
 */
char *absolute_path(const char *path);

/* Seconds since an arbitrary origin, monotonic. */
double now_seconds(void);
/* A stat time (st_mtim, st_ctim) in nanoseconds: what the cache compares. */
long long timespec_ns(struct timespec t);

/* 64-bit hash of bytes (xxHash3), and its fixed-width hex form. */
uint64_t hash_bytes(const void *data, size_t len);
void hash_hex(uint64_t h, char out[17]);

#endif
