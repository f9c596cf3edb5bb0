/* UTF-8 for text that must be valid in JSON, SARIF and HTML. */
#include "lib/utf8.h"
#include "lib/strbuf.h"

size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t len;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if ((c & 0xe0) == 0xc0) {
		len = 2;
		c &= 0x1f;
		min = 0x80;
	} else if ((c & 0xf0) == 0xe0) {
		len = 3;
		c &= 0x0f;
		min = 0x800;
	} else if ((c & 0xf8) == 0xf0) {
		len = 4;
		c &= 0x07;
		min = 0x10000;
	} else {
		goto bad;
	}
	if (len > n)
		goto bad;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			goto bad;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		goto bad;
	*cp = c;
	return len;
bad:
	*cp = 0xfffd;
	return 1;
}

void strbuf_add_utf8(struct strbuf *sb, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		uint32_t cp;
		size_t len = utf8_next(p, (size_t)(end - p), &cp);

		if (cp == 0xfffd && len == 1)
			strbuf_addstr(sb, "\xef\xbf\xbd");
		else
			strbuf_add(sb, p, len);
		p += len;
	}
}
