#include "scan/cache.h"
#include "lib/strbuf.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CACHE_FORMAT "lockers-cache 2\n"

struct stat_entry {
	char *path;
	char *line;		/* the index line, for rewriting unchanged */
	long long size, mtime_ns, ctime_ns;
	unsigned long long ino;
	uint64_t content_hash;
	char *signature, *answers;
};

struct cache {
	char *dir;
	uint64_t salt;
	struct stat_entry *v;	/* sorted by path */
	size_t nr, alloc;
	int dirty;
	struct cache_stats st;
};

/* A file whose last line is "end <n> <hash>" over the bytes before it. */
static int split_checked(struct strbuf *sb, size_t *body_len)
{
	if (!sb->len || sb->buf[sb->len - 1] != '\n')
		return -1;
	size_t i = sb->len - 1;
	while (i > 0 && sb->buf[i - 1] != '\n')
		i--;
	unsigned long long n;
	uint64_t h;
	if (sscanf(sb->buf + i, "end %llu %" SCNx64 "\n", &n, &h) != 2)
		return -1;
	if (n != i || hash_bytes(sb->buf, i) != h)
		return -1;
	*body_len = i;
	return 0;
}

static void add_checksum(struct strbuf *sb)
{
	strbuf_addf(sb, "end %zu %016" PRIx64 "\n", sb->len, hash_bytes(sb->buf, sb->len));
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct stat_entry *)a)->path, ((const struct stat_entry *)b)->path);
}

static void entry_free(struct stat_entry *e)
{
	free(e->path);
	free(e->line);
	free(e->signature);
	free(e->answers);
}

static void load_index(struct cache *c)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/index", c->dir);
	size_t body;

	if (strbuf_read_file(&sb, path)) {
		free(path);
		return;
	}
	free(path);
	if (split_checked(&sb, &body)) {
		c->st.corrupt++;
		strbuf_release(&sb);
		return;
	}
	sb.buf[body] = '\0';
	for (char *line = sb.buf; *line;) {
		char *nl = strchr(line, '\n');
		*nl = '\0';
		struct stat_entry e = { 0 };
		char *f[8];
		size_t nf = 0;
		char *copy = xstrdup(line);
		for (char *p = copy; nf < 8; nf++) {
			f[nf] = p;
			char *tab = strchr(p, '\t');
			if (!tab) {
				nf++;
				break;
			}
			*tab = '\0';
			p = tab + 1;
		}
		if (nf == 8 && sscanf(f[1], "%lld", &e.size) == 1 && sscanf(f[2], "%lld", &e.mtime_ns) == 1 &&
		    sscanf(f[3], "%lld", &e.ctime_ns) == 1 && sscanf(f[4], "%llu", &e.ino) == 1 &&
		    sscanf(f[5], "%" SCNx64, &e.content_hash) == 1) {
			e.path = xstrdup(f[0]);
			e.signature = xstrdup(f[6]);
			e.answers = xstrdup(f[7]);
			e.line = xstrdup(line);
			if (c->nr == c->alloc) {
				c->alloc = c->alloc ? 2 * c->alloc : 4096;
				c->v = xrealloc(c->v, c->alloc * sizeof(*c->v));
			}
			c->v[c->nr++] = e;
		} else {
			c->st.corrupt++;
		}
		free(copy);
		line = nl + 1;
	}
	strbuf_release(&sb);
	if (c->nr > 1)	/* found by fuzz/fuzz-cache.c: c->v is NULL when the index is empty */
		qsort(c->v, c->nr, sizeof(*c->v), cmp_entry);
}

static int format_is_ours(const char *dir)
{
	struct strbuf fmt = STRBUF_INIT;
	char *path = xasprintf("%s/FORMAT", dir);
	int ours = !strbuf_read_file(&fmt, path) && !strcmp(fmt.buf, CACHE_FORMAT);

	free(path);
	strbuf_release(&fmt);
	return ours;
}

static int build_in_place(const char *dir)
{
	char *results = xasprintf("%s/results", dir);
	char *fmt = xasprintf("%s/FORMAT", dir);
	int rc = mkdir_p(results) || write_file_atomic(fmt, CACHE_FORMAT, strlen(CACHE_FORMAT)) ? (errno ? errno : EIO) : 0;

	free(results);
	free(fmt);
	return rc;
}

/*
 * A new cache appears whole or not at all: it is built under a name of its
 * own and renamed into place. Two scans that open one missing cache at once
 * (CI shards restoring no cache) then never wipe each other's results: the
 * loser of the rename takes the winner's cache.
 */
static int create_cache(const char *dir)
{
	char *tmp = xasprintf("%s.new.%ld", dir, (long)getpid());
	int rc;

	remove_tree(tmp);
	rc = build_in_place(tmp);
	if (!rc && rename(tmp, dir)) {
		if (errno == ENOTEMPTY || errno == EEXIST)
			rc = format_is_ours(dir) ? 0 : EEXIST;
		else	/* the rename is refused (EXDEV, EACCES): built in place */
			rc = build_in_place(dir);
	}
	remove_tree(tmp);
	free(tmp);
	return rc;
}

struct cache *cache_open(const char *where, const char *salt, char *err, size_t errlen)
{
	struct cache *c = xcalloc(1, sizeof(*c));
	size_t n = strlen(where);
	struct stat st;
	int rc;

	while (n > 1 && where[n - 1] == '/')	/* "dir.new.PID" must be a sibling */
		n--;
	c->dir = xstrndup(where, n);
	c->salt = hash_bytes(salt, strlen(salt));
	if (format_is_ours(c->dir)) {
		load_index(c);
		return c;
	}
	c->st.rebuilt = 1;
	if (lstat(c->dir, &st)) {
		/* missing: the new cache appears in one rename */
		rc = errno == ENOENT ? create_cache(c->dir) : errno;
	} else if (!S_ISDIR(st.st_mode)) {
		rc = ENOTDIR;
	} else {
		/* Foreign, or not a cache yet: never trust what is there. It is
		 * moved aside, and given back if another scan has just created
		 * it; a directory that cannot be moved (a mount point, a
		 * read-only parent) is emptied and built where it is. */
		char *aside = xasprintf("%s.old.%ld", c->dir, (long)getpid());
		if (!rename(c->dir, aside)) {
			if (!format_is_ours(aside) || rename(aside, c->dir))
				remove_tree(aside);
			rc = format_is_ours(c->dir) ? 0 : create_cache(c->dir);
		} else {
			remove_tree(c->dir);
			rc = build_in_place(c->dir);
		}
		free(aside);
	}
	if (rc) {
		snprintf(err, errlen, "cannot create cache %s: %s", c->dir, strerror(rc));
		cache_close(c);
		return NULL;
	}
	return c;
}

void cache_close(struct cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr; i++)
		entry_free(&c->v[i]);
	free(c->v);
	free(c->dir);
	free(c);
}

const struct cache_stats *cache_stats(const struct cache *c)
{
	return &c->st;
}

static struct stat_entry *find_entry(struct cache *c, const char *path)
{
	struct stat_entry key = { .path = (char *)path };

	return c->nr ? bsearch(&key, c->v, c->nr, sizeof(*c->v), cmp_entry) : NULL;
}

int cache_stat_lookup(struct cache *c, const struct tree_file *f, const char *signature,
		      uint64_t *content_hash, const char **answers)
{
	struct stat_entry *e = find_entry(c, f->path);

	if (!e || e->size != (long long)f->size || e->mtime_ns != f->mtime_ns ||
	    e->ctime_ns != f->ctime_ns || e->ino != (unsigned long long)f->ino ||
	    strcmp(e->signature, signature)) {
		c->st.stat_misses++;
		return 0;
	}
	c->st.stat_hits++;
	*content_hash = e->content_hash;
	*answers = e->answers;
	return 1;
}

void cache_stat_store(struct cache *c, const struct tree_file *f, const char *signature,
		      uint64_t content_hash, const char *answers)
{
	struct stat_entry *e = find_entry(c, f->path);
	struct strbuf line = STRBUF_INIT;

	strbuf_addf(&line, "%s\t%lld\t%lld\t%lld\t%llu\t%016" PRIx64 "\t%s\t%s", f->path,
		    (long long)f->size, f->mtime_ns, f->ctime_ns, (unsigned long long)f->ino,
		    content_hash, signature, answers);
	if (!e) {
		if (c->nr == c->alloc) {
			c->alloc = c->alloc ? 2 * c->alloc : 4096;
			c->v = xrealloc(c->v, c->alloc * sizeof(*c->v));
		}
		e = &c->v[c->nr++];
		memset(e, 0, sizeof(*e));
		e->path = xstrdup(f->path);
	} else {
		free(e->line);
		free(e->signature);
		free(e->answers);
	}
	e->line = strbuf_detach(&line);
	e->size = (long long)f->size;
	e->mtime_ns = f->mtime_ns;
	e->ctime_ns = f->ctime_ns;
	e->ino = (unsigned long long)f->ino;
	e->content_hash = content_hash;
	e->signature = xstrdup(signature);
	e->answers = xstrdup(answers);
	c->dirty = 1;
	/* Keep the array sorted for bsearch: entries arrive in path order. */
	if (c->nr > 1 && strcmp(c->v[c->nr - 2].path, c->v[c->nr - 1].path) > 0)
		qsort(c->v, c->nr, sizeof(*c->v), cmp_entry);
}

int cache_index_write(struct cache *c)
{
	struct strbuf sb = STRBUF_INIT;
	char *path;
	int rc;

	if (!c->dirty)
		return 0;
	for (size_t i = 0; i < c->nr; i++) {
		strbuf_addstr(&sb, c->v[i].line);
		strbuf_addch(&sb, '\n');
	}
	add_checksum(&sb);
	path = xasprintf("%s/index", c->dir);
	rc = write_file_atomic(path, sb.buf, sb.len);
	free(path);
	strbuf_release(&sb);
	return rc;
}

uint64_t cache_result_key(const struct cache *c, uint64_t content_hash, uint64_t rule_hash)
{
	uint64_t k[3] = { c->salt, content_hash, rule_hash };

	return hash_bytes(k, sizeof(k));
}

static char *result_path(const struct cache *c, uint64_t key)
{
	char hex[17];

	hash_hex(key, hex);
	return xasprintf("%s/results/%.2s/%s", c->dir, hex, hex + 2);
}

/* "P FUNCTIONS LOST[ DETAIL]\n" (P: 0 or 1): its length, or 0 when malformed.
 * DETAIL, the rest of the line, is the live run's message for a timeout, so
 * that a replay reports exactly what the run did. */
static size_t parse_run(const char *s, size_t len, struct cache_run *run)
{
	const char *nl = memchr(s, '\n', len);
	unsigned long f, l;
	char p, end;
	int n = 0;

	if (!nl || nl - s > 40 + (long)sizeof(run->detail))
		return 0;
	char meta[48 + sizeof(run->detail)];
	memcpy(meta, s, (size_t)(nl - s));
	meta[nl - s] = '\0';
	if (sscanf(meta, "%c %lu %lu%n%c", &p, &f, &l, &n, &end) < 3 || (p != '0' && p != '1') ||
	    f > UINT_MAX || l > f || (meta[n] && (meta[n] != ' ' || !meta[n + 1])) ||
	    strlen(meta + n) > sizeof(run->detail))
		return 0;
	run->parse_error = p == '1';
	run->functions = (unsigned)f;
	run->lost = (unsigned)l;
	snprintf(run->detail, sizeof(run->detail), "%s", meta[n] ? meta + n + 1 : "");
	return (size_t)(nl - s) + 1;
}

/* One entry; 1 found, 0 missing, -1 corrupt. Counts nothing. */
static int load_entry(struct cache *c, uint64_t key, struct cache_run *run, struct strbuf *lines)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = result_path(c, key);
	char head[64];
	size_t body, meta;

	snprintf(head, sizeof(head), "lockers-result %016" PRIx64 "\n", key);
	int ok = !strbuf_read_file(&sb, path);
	free(path);
	if (!ok) {
		strbuf_release(&sb);
		return 0;
	}
	size_t hl = strlen(head);
	if (split_checked(&sb, &body) || body < hl || memcmp(sb.buf, head, hl) ||
	    (meta = parse_run(sb.buf + hl, body - hl, run)) == 0) {
		strbuf_release(&sb);
		return -1;
	}
	strbuf_add(lines, sb.buf + hl + meta, body - hl - meta);
	strbuf_release(&sb);
	return 1;
}

int cache_result_load_either(struct cache *c, uint64_t key, uint64_t alt, int *which,
			     struct cache_run *run, struct strbuf *lines)
{
	int rc = load_entry(c, key, run, lines);

	*which = 0;
	if (rc < 0)
		c->st.corrupt++;
	if (rc <= 0 && alt != key) {
		strbuf_reset(lines);
		rc = load_entry(c, alt, run, lines);
		*which = 1;
		if (rc < 0)
			c->st.corrupt++;
	}
	if (rc <= 0) {
		strbuf_reset(lines);
		c->st.result_misses++;
		return 0;
	}
	c->st.result_hits++;
	return 1;
}

void cache_result_stale(struct cache *c)
{
	c->st.result_hits--;
	c->st.result_misses++;
	c->st.stale++;
}

int cache_result_load(struct cache *c, uint64_t key, struct cache_run *run, struct strbuf *lines)
{
	int which;

	return cache_result_load_either(c, key, key, &which, run, lines);
}

int cache_result_store(struct cache *c, uint64_t key, const struct cache_run *run,
		       const char *lines, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = result_path(c, key);
	char *slash = strrchr(path, '/');
	int rc;

	strbuf_addf(&sb, "lockers-result %016" PRIx64 "\n%c %u %u", key, run->parse_error ? '1' : '0',
		    run->functions, run->lost);
	if (*run->detail && !strchr(run->detail, '\n'))
		strbuf_addf(&sb, " %s", run->detail);
	strbuf_addch(&sb, '\n');
	strbuf_add(&sb, lines, len);
	add_checksum(&sb);
	*slash = '\0';
	rc = mkdir_p(path);
	*slash = '/';
	if (!rc)	/* no fsync: a torn entry fails its checksum and is a miss */
		rc = write_file_replace(path, sb.buf, sb.len, 0);
	free(path);
	strbuf_release(&sb);
	return rc;
}
