#include "scan/reads.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define READ_TAG "LOCKERS-READ\t"

static long long ns(struct timespec t)
{
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

void read_stamp(const char *path, struct strbuf *out)
{
	struct stat st;

	if (stat(path, &st))
		strbuf_addch(out, '-');
	else if (S_ISREG(st.st_mode))
		strbuf_addf(out, "f%lld:%lld:%lld:%llu", (long long)st.st_size, ns(st.st_mtim),
			    ns(st.st_ctim), (unsigned long long)st.st_ino);
	else if (S_ISDIR(st.st_mode))
		strbuf_addf(out, "d%lld:%lld:%llu", ns(st.st_mtim), ns(st.st_ctim),
			    (unsigned long long)st.st_ino);
	else
		strbuf_addch(out, 'o');
}

/* The three fields after the tag; -1 unless there are exactly three, none empty. */
static int split_fields(const char *line, size_t len, const char *f[3], size_t n[3])
{
	const char *p = line + strlen(READ_TAG), *end = line + len;

	for (int i = 0; i < 3; i++) {
		const char *tab = i < 2 ? memchr(p, '\t', (size_t)(end - p)) : NULL;
		const char *stop = tab ? tab : end;
		if ((i < 2 && !tab) || stop == p)
			return -1;
		f[i] = p;
		n[i] = (size_t)(stop - p);
		p = stop + 1;
	}
	return memchr(f[2], '\t', n[2]) ? -1 : 0;
}

int read_record(const char *line, size_t len, const char **file, size_t *flen)
{
	const char *f[3];
	size_t n[3];

	if (len < strlen(READ_TAG) || memcmp(line, READ_TAG, strlen(READ_TAG)))
		return 0;
	if (memchr(line, '\0', len) || split_fields(line, len, f, n))
		return -1;
	*file = f[0];
	*flen = n[0];
	return 1;
}

int reads_unchanged(const char *lines)
{
	struct strbuf now = STRBUF_INIT;
	int same = 1;

	for (const char *line = lines; *line && same;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *f[3];
		size_t n[3];

		if (len >= strlen(READ_TAG) && !memcmp(line, READ_TAG, strlen(READ_TAG))) {
			if (split_fields(line, len, f, n))
				same = 0;	/* a record this driver did not write: run again */
			else {
				char *path = xstrndup(f[1], n[1]);
				strbuf_reset(&now);
				read_stamp(path, &now);
				same = now.len == n[2] && !memcmp(now.buf, f[2], n[2]);
				free(path);
			}
		}
		line += len + (nl != NULL);
	}
	strbuf_release(&now);
	return same;
}
