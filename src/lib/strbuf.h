/* A growable, always NUL-terminated string (after git's strbuf). */
#ifndef LOCKERS_STRBUF_H
#define LOCKERS_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;	/* never NULL once initialised; "" when empty */
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT { strbuf_empty, 0, 0 }
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Detach the buffer: the caller owns the returned string. */
char *strbuf_detach(struct strbuf *sb);
/*
 * The last line of what a command printed, its trailing newlines dropped
 * from sb: its error, without the noise before it.
 */
const char *strbuf_last_line(struct strbuf *sb);
/* Read a whole file; returns 0, or -1 with errno set (sb unchanged on error). */
int strbuf_read_file(struct strbuf *sb, const char *path);
/*
 * The same for a file of the scanned tree: only a regular file is read
 * (open_regular()); anything else fails with errno ENOTREGULAR, at once.
 */
int strbuf_read_regular(struct strbuf *sb, const char *path);

#endif
