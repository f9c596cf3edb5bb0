/* UTF-8: decoding one sequence, and copying text with malformed bytes replaced. */
#ifndef LOCKERS_UTF8_H
#define LOCKERS_UTF8_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * Decode the UTF-8 sequence at s (n >= 1 bytes left): returns its length and
 * sets *cp, or returns 1 with *cp = U+FFFD for a byte that does not start a
 * valid, shortest-form sequence.
 */
size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp);
/* Append n bytes of s, each malformed byte as U+FFFD: the result is valid UTF-8. */
void strbuf_add_utf8(struct strbuf *sb, const char *s, size_t n);

#endif
