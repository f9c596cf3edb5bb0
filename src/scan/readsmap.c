#include "scan/readsmap.h"
#include "scan/reads.h"
#include "scan/tree.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void reads_map_init(struct reads_map *m, const struct tree *t, const char *root)
{
	memset(m, 0, sizeof(*m));
	m->tree = t;
	m->root = root;
}

void reads_map_release(struct reads_map *m)
{
	strvec_clear(&m->rows);
	memset(m, 0, sizeof(*m));
}

void reads_map_note(struct reads_map *m, size_t reader, const char *line, size_t len)
{
	const char *path;
	size_t n, root = strlen(m->root);

	if (!read_record_path(line, len, &path, &n))
		return;
	if (*path == '/') {	/* a live record: inside the tree, or of no concern to a patch of it */
		if (n <= root + 1 || memcmp(path, m->root, root) || path[root] != '/')
			return;
		path += root + 1;
		n -= root + 1;
	}
	strvec_pushf(&m->rows, "%s\t%.*s", m->tree->v[reader].path, (int)n, path);
}

/* The reader of a row ("reader\tread"), its length. */
static size_t reader_len(const char *row)
{
	const char *tab = strchr(row, '\t');

	return tab ? (size_t)(tab - row) : strlen(row);
}

int reads_map_write(struct reads_map *m, const char *path)
{
	struct strbuf old = STRBUF_INIT, out = STRBUF_INIT;
	struct strvec rows = STRVEC_INIT;

	/* The rows of files this scan did not scan stay, if they are of this tree. */
	strbuf_addf(&out, "# tree %s\n", m->root);
	if (!strbuf_read_file(&old, path) && !strncmp(old.buf, out.buf, out.len))
		for (char *line = old.buf + out.len; *line;) {
			char *nl = strchrnul(line, '\n');
			size_t n = reader_len(line);
			if (n < (size_t)(nl - line)) {
				char *reader = xstrndup(line, n);
				if (tree_find(m->tree, reader) < 0)
					strvec_pushf(&rows, "%.*s", (int)(nl - line), line);
				free(reader);
			}
			line = *nl ? nl + 1 : nl;
		}
	for (size_t i = 0; i < m->rows.nr; i++)
		strvec_push(&rows, m->rows.v[i]);
	strvec_sort_unique(&rows);
	for (size_t i = 0; i < rows.nr; i++) {
		strbuf_addstr(&out, rows.v[i]);
		strbuf_addch(&out, '\n');
	}
	int rc = write_file_atomic(path, out.buf, out.len);
	strbuf_release(&old);
	strbuf_release(&out);
	strvec_clear(&rows);
	return rc;
}

/* read names file, or the directory that holds it. */
static int reads_file(const char *read, size_t n, const char *file)
{
	const char *slash = strrchr(file, '/');

	if (strlen(file) == n && !memcmp(read, file, n))
		return 1;
	return slash && (size_t)(slash - file) == n && !memcmp(read, file, n);
}

int reads_map_readers(const char *path, const struct strvec *files, struct strvec *readers)
{
	struct strbuf map = STRBUF_INIT;

	if (strbuf_read_file(&map, path))
		return -1;
	for (char *line = map.buf; *line;) {
		char *nl = strchrnul(line, '\n');
		size_t n = reader_len(line);
		if (*line != '#' && n < (size_t)(nl - line)) {
			const char *read = line + n + 1;
			for (size_t i = 0; i < files->nr; i++)
				if (reads_file(read, (size_t)(nl - read), files->v[i])) {
					char *reader = xstrndup(line, n);
					if (!strvec_contains(files, reader))
						strvec_push(readers, reader);
					free(reader);
					break;
				}
		}
		line = *nl ? nl + 1 : nl;
	}
	strbuf_release(&map);
	strvec_sort_unique(readers);
	return 0;
}
