/* kbuild: a directory's Makefile read for its composite objects (kbuild.h). */
#include "scan/kbuild.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int kbuild_read_makefile(const char *kdir, const char *dir, struct strbuf *text)
{
	char *kb = xasprintf("%s/%s/Kbuild", kdir, dir), *mk = xasprintf("%s/%s/Makefile", kdir, dir);
	int rc = strbuf_read_regular(text, kb) && strbuf_read_regular(text, mk) ? -1 : 0;
	size_t w = 0;

	for (size_t r = 0; r < text->len; r++) {
		if (text->buf[r] == '\\' && r + 1 < text->len && text->buf[r + 1] == '\n') {
			text->buf[w++] = ' ';
			r++;
		} else {
			text->buf[w++] = text->buf[r];
		}
	}
	text->len = w;
	if (text->buf)
		text->buf[w] = '\0';
	free(kb);
	free(mk);
	return rc;
}

/* Not composite objects: Kbuild's own lists and flags (obj-y, ccflags-y...). */
static const char *const kbuild_lists[] = {
	"obj", "lib", "subdir", "always", "extra", "targets", "hostprogs", "userprogs",
	"ccflags", "asflags", "ldflags", "cflags", "subdir-ccflags", "clean-files", "head",
};

/*
 * The composite object a line assigns parts to ("ib_core" of "ib_core-y +=
 * a.o"), into name, and the start of its words into *rhs; 0 when the line is
 * no such assignment.
 */
static int composite_line(char *line, char *name, size_t namelen, char **rhs)
{
	char *eq = strchr(line, '=');
	if (!eq || eq == line)
		return 0;
	char *lhs_end = eq;
	if (lhs_end[-1] == '+' || lhs_end[-1] == ':' || lhs_end[-1] == '?')
		lhs_end--;
	char *lhs = line + strspn(line, " \t");
	while (lhs_end > lhs && (lhs_end[-1] == ' ' || lhs_end[-1] == '\t'))
		lhs_end--;
	char *dash = NULL;
	for (char *c = lhs; c < lhs_end; c++)
		if (*c == '-' && (!strncmp(c, "-y", 2) || !strncmp(c, "-m", 2) ||
				  !strncmp(c, "-objs", 5) || !strncmp(c, "-$(CONFIG_", 10)))
			dash = c;
	if (!dash || dash == lhs)
		return 0;
	const char *suffix = dash + 1;
	size_t slen = (size_t)(lhs_end - suffix);
	if (!(slen == 1 || (slen == 4 && !strncmp(suffix, "objs", 4)) ||
	      (suffix[0] == '$' && lhs_end[-1] == ')')))
		return 0;
	size_t n = (size_t)(dash - lhs);
	if (n >= namelen || strcspn(lhs, " \t$/.") < n)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(kbuild_lists); i++)
		if (strlen(kbuild_lists[i]) == n && !strncmp(lhs, kbuild_lists[i], n))
			return 0;
	memcpy(name, lhs, n);
	name[n] = '\0';
	*rhs = eq + 1;
	return 1;
}

/* path with its "./" and "dir/../" segments dropped (a part may be ../x.o). */
static char *collapse_dots(const char *path)
{
	struct strvec seg = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = path; *p; ) {
		size_t n = strcspn(p, "/");
		if (n == 2 && !strncmp(p, "..", 2) && seg.nr && strcmp(seg.v[seg.nr - 1], "..")) {
			free(seg.v[--seg.nr]);
			seg.v[seg.nr] = NULL;
		}
		else if (n && !(n == 1 && *p == '.'))
			strvec_pushf(&seg, "%.*s", (int)n, p);
		p += n + (p[n] == '/');
	}
	for (size_t i = 0; i < seg.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? "/" : "", seg.v[i]);
	strvec_clear(&seg);
	return strbuf_detach(&sb);
}

/* Each word of rhs ending in .o, as dir/word with .c for .o, into parts. */
static void add_parts(const char *dir, const char *rhs, struct strvec *parts)
{
	while (*rhs) {
		rhs += strspn(rhs, " \t");
		size_t n = strcspn(rhs, " \t#");
		if (n > 2 && !strncmp(rhs + n - 2, ".o", 2) && !memchr(rhs, '$', n)) {
			char *path = xasprintf("%s/%.*s.c", dir, (int)(n - 2), rhs);
			char *norm = collapse_dots(path);
			/* a part above the tree's root is no file of the tree */
			if (strncmp(norm, "../", 3) && !strvec_contains(parts, norm))
				strvec_push(parts, norm);
			free(norm);
			free(path);
		}
		if (rhs[n] == '#')
			break;
		rhs += n;
	}
}

int kbuild_composite_parts(const char *kdir, const char *dir, const char *obj, struct strvec *parts)
{
	struct strbuf mk = STRBUF_INIT;
	int n = kbuild_read_makefile(kdir, dir, &mk) ? 0 : kbuild_composite_parts_of(mk.buf, dir, obj, parts);

	strbuf_release(&mk);
	return n;
}

int kbuild_composite_parts_of(const char *makefile, const char *dir, const char *obj, struct strvec *parts)
{
	struct strvec names = STRVEC_INIT;
	size_t before = parts->nr;
	char name[128];

	for (int pass = 0; pass < 2 && makefile; pass++) {
		/* pass 0: which composites list obj; pass 1: all their parts */
		for (const char *line = makefile; *line; ) {
			size_t n = strcspn(line, "\n");
			char *l = xstrndup(line, n), *rhs;
			line += n + (line[n] == '\n');
			if (l[0] != '#' && composite_line(l, name, sizeof(name), &rhs)) {
				if (pass == 1 && strvec_contains(&names, name)) {
					add_parts(dir, rhs, parts);
				} else if (pass == 0) {
					size_t ol = strlen(obj);
					for (char *w = rhs; *w; ) {
						w += strspn(w, " \t");
						size_t wl = strcspn(w, " \t");
						if (wl == ol && !strncmp(w, obj, ol) && !strvec_contains(&names, name))
							strvec_push(&names, name);
						w += wl;
					}
				}
			}
			free(l);
		}
		if (!names.nr)
			break;
	}
	strvec_clear(&names);
	return (int)(parts->nr - before);
}
