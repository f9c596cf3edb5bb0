#include "scan/reads.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"
#include "scan/tree.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define READ_TAG "LOCKERS-READ\t"
#define FILE_TAG "LOCKERS-FILE\t"
/* No source file is this large; a cache entry naming /proc/kcore is not read. */
#define READ_MAX (64L << 20)

/* A regular file's stat stamp: what source.stamp() writes. */
static void file_stamp(struct strbuf *out, long long size, long long mtime_ns, long long ctime_ns,
		       unsigned long long ino)
{
	strbuf_addf(out, "f%lld:%lld:%lld:%llu", size, mtime_ns, ctime_ns, ino);
}

void read_stamp(const char *path, struct strbuf *out)
{
	struct stat st;

	if (stat(path, &st))
		strbuf_addch(out, '-');
	else if (S_ISREG(st.st_mode))
		file_stamp(out, (long long)st.st_size, timespec_ns(st.st_mtim), timespec_ns(st.st_ctim),
			   (unsigned long long)st.st_ino);
	else if (S_ISDIR(st.st_mode))
		strbuf_addf(out, "d%lld:%lld:%llu", timespec_ns(st.st_mtim), timespec_ns(st.st_ctim),
			    (unsigned long long)st.st_ino);
	else
		strbuf_addch(out, 'o');
}

void reads_init(struct reads *r, const struct tree *t, const uint64_t *content_hash)
{
	memset(r, 0, sizeof(*r));
	r->tree = t;
	r->content_hash = content_hash;
	r->root = realpath(t->root, NULL);
	if (!r->root)
		r->root = xstrdup(t->root);
}

void reads_release(struct reads *r)
{
	for (size_t i = 0; i < r->memo_cap; i++) {
		free(r->memo[i].path);
		free(r->memo[i].stamp);
	}
	free(r->memo);
	free(r->root);
	memset(r, 0, sizeof(*r));
}

static int is_read_line(const char *line, size_t len)
{
	return len >= strlen(READ_TAG) && !memcmp(line, READ_TAG, strlen(READ_TAG));
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

	if (!is_read_line(line, len))
		return 0;
	if (memchr(line, '\0', len) || split_fields(line, len, f, n))
		return -1;
	*file = f[0];
	*flen = n[0];
	return 1;
}

int read_record_path(const char *line, size_t len, const char **path, size_t *plen)
{
	const char *f[3];
	size_t n[3];

	if (!is_read_line(line, len) || split_fields(line, len, f, n))
		return 0;
	*path = f[1];
	*plen = n[1];
	return 1;
}

static int has_line(const char *lines, const char *text)
{
	size_t n = strlen(text);

	for (const char *p = lines; (p = strstr(p, text)); p += n)
		if (p == lines || p[-1] == '\n')
			return 1;
	return 0;
}

/* What abs holds, read now: its bytes' hash, a directory's names' hash, or none. */
static char *stamp_now(const char *abs)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char *out;

	if (stat(abs, &st))
		return xstrdup("-");
	if (S_ISREG(st.st_mode)) {
		if (st.st_size > READ_MAX || strbuf_read_regular(&sb, abs))
			out = xstrdup("u");
		else
			out = xasprintf("h%016llx", (unsigned long long)hash_bytes(sb.buf, sb.len));
	} else if (S_ISDIR(st.st_mode)) {
		struct strvec names = STRVEC_INIT;
		if (tree_list_dir(abs, NULL, NULL, &names))
			out = xstrdup("u");
		else {
			for (size_t i = 0; i < names.nr; i++) {
				strbuf_addstr(&sb, names.v[i]);
				strbuf_addch(&sb, '\n');
			}
			out = xasprintf("l%016llx", (unsigned long long)hash_bytes(sb.buf, sb.len));
		}
		strvec_clear(&names);
	} else {
		out = xstrdup("o");
	}
	strbuf_release(&sb);
	return out;
}

static void memo_grow(struct reads *r)
{
	struct read_memo *old = r->memo;
	size_t cap = r->memo_cap;

	r->memo_cap = cap ? 2 * cap : 256;
	r->memo = xcalloc(r->memo_cap, sizeof(*r->memo));
	for (size_t i = 0; i < cap; i++)
		if (old[i].path) {
			size_t k = hash_bytes(old[i].path, strlen(old[i].path)) & (r->memo_cap - 1);
			while (r->memo[k].path)
				k = (k + 1) & (r->memo_cap - 1);
			r->memo[k] = old[i];
		}
	free(old);
}

/* stamp_now(abs), once per scan: the same file is read for many checked files. */
static const char *memo_stamp(struct reads *r, const char *abs)
{
	if (2 * (r->memo_nr + 1) > r->memo_cap)
		memo_grow(r);
	size_t k = hash_bytes(abs, strlen(abs)) & (r->memo_cap - 1);
	while (r->memo[k].path) {
		if (!strcmp(r->memo[k].path, abs))
			return r->memo[k].stamp;
		k = (k + 1) & (r->memo_cap - 1);
	}
	r->memo[k].path = xstrdup(abs);
	r->memo[k].stamp = stamp_now(abs);
	r->memo_nr++;
	return r->memo[k].stamp;
}

/* abs relative to the root ("fs/ext4/namei.c"), or NULL outside it. */
static const char *inside_root(const struct reads *r, const char *abs)
{
	size_t n = strlen(r->root);

	return !strncmp(abs, r->root, n) && abs[n] == '/' ? abs + n + 1 : NULL;
}

/* The index of abs among the tree's files, or -1. */
static long tree_index(const struct reads *r, const char *abs)
{
	const char *rel = inside_root(r, abs);

	return rel ? tree_find(r->tree, rel) : -1;
}

/* The content stamp of abs (tree file idx, or -1): a tree file's as the prefilter hashed it (the same hash), else read. */
static const char *content_stamp(struct reads *r, const char *abs, long idx, struct strbuf *tmp)
{
	if (idx < 0)
		return memo_stamp(r, abs);
	strbuf_reset(tmp);
	strbuf_addf(tmp, "h%016llx", (unsigned long long)r->content_hash[idx]);
	return tmp->buf;
}

int reads_for_cache(struct reads *r, struct strbuf *lines, size_t file)
{
	struct strbuf out = STRBUF_INIT, now = STRBUF_INIT, tmp = STRBUF_INIT;
	int rc = 0;

	if (!has_line(lines->buf, READ_TAG))
		return 0;
	for (const char *line = lines->buf; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *f[3];
		size_t n[3];

		if (is_read_line(line, len) && !split_fields(line, len, f, n)) {
			char *abs = xstrndup(f[1], n[1]);
			const char *rel = inside_root(r, abs);
			long idx = tree_index(r, abs);
			/* Changed since the rule read it, or since the walk hashed it: not to cache. */
			strbuf_reset(&now);
			read_stamp(abs, &now);
			if (now.len != n[2] || memcmp(now.buf, f[2], n[2]))
				rc = -1;
			if (idx >= 0) {
				const struct tree_file *tf = &r->tree->v[idx];
				strbuf_reset(&tmp);
				file_stamp(&tmp, (long long)tf->size, tf->mtime_ns, tf->ctime_ns,
					   (unsigned long long)tf->ino);
				if (strcmp(tmp.buf, now.buf))
					rc = -1;
			}
			strbuf_addf(&out, "%s-\t%s\t%s\n", READ_TAG, rel ? rel : abs, content_stamp(r, abs, idx, &tmp));
			free(abs);
		} else {
			strbuf_add(&out, line, len);
			strbuf_addch(&out, '\n');
		}
		line += len + (nl != NULL);
	}
	strbuf_addf(&out, "%s%s\n", FILE_TAG, r->tree->v[file].path);
	strbuf_reset(lines);
	strbuf_add(lines, out.buf, out.len);
	strbuf_release(&out);
	strbuf_release(&now);
	strbuf_release(&tmp);
	return rc;
}

int reads_unchanged(struct reads *r, const char *lines, size_t file)
{
	struct strbuf tmp = STRBUF_INIT;
	int same = 1;

	if (!has_line(lines, READ_TAG))
		return 1;
	char *mine = xasprintf("%s%s\n", FILE_TAG, r->tree->v[file].path);
	same = has_line(lines, mine);
	free(mine);
	for (const char *line = lines; *line && same;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *f[3];
		size_t n[3];

		if (is_read_line(line, len)) {
			if (split_fields(line, len, f, n)) {
				same = 0;	/* a record this driver did not write: run again */
			} else {
				char *abs = *f[1] == '/' ? xstrndup(f[1], n[1])
							 : xasprintf("%s/%.*s", r->root, (int)n[1], f[1]);
				const char *stamp = content_stamp(r, abs, tree_index(r, abs), &tmp);
				same = strlen(stamp) == n[2] && !memcmp(stamp, f[2], n[2]);
				free(abs);
			}
		}
		line += len + (nl != NULL);
	}
	strbuf_release(&tmp);
	return same;
}
