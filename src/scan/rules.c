#include "scan/rules.h"
#include "lib/buildinfo.h"
#include "scan/prefilter.h"
#include "facts/score.h"
#include "lib/strbuf.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

static void split_words(struct strvec *sv, const char *s)
{
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		const char *w = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		if (s > w) {
			char *word = xstrndup(w, (size_t)(s - w));
			strvec_push(sv, word);
			free(word);
		}
	}
}

/* Parse the header: "///" doc lines and "// Key: value" lines before the first rule. */
static int parse_header(struct rule *r, const char *text, char *err, size_t errlen)
{
	struct strbuf doc = STRBUF_INIT, summary = STRBUF_INIT;
	int summary_done = 0;
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n >= 3 && !strncmp(p, "///", 3)) {
			char *line = trim(p + 3, n - 3);
			strbuf_addstr(&doc, line);
			strbuf_addch(&doc, '\n');
			if (!*line && summary.len)
				summary_done = 1;
			else if (*line && !summary_done) {
				if (summary.len)
					strbuf_addch(&summary, ' ');
				strbuf_addstr(&summary, line);
			}
			free(line);
		} else if (n >= 2 && !strncmp(p, "//", 2)) {
			const char *colon = memchr(p, ':', n);
			if (colon) {
				char *k = trim(p + 2, (size_t)(colon - p - 2));
				char *v = trim(colon + 1, (size_t)(p + n - colon - 1));
				int bad = 0;	/* err is set */
				if (!strcmp(k, "Rule")) {
					free(r->name);
					r->name = xstrdup(v);
				} else if (!strcmp(k, "Confidence")) {
					free(r->confidence);
					r->confidence = xstrdup(v);
				} else if (!strcmp(k, "Requires")) {
					r->requires = xrealloc(r->requires, (r->nrequires + 1) * sizeof(*r->requires));
					struct strvec g = STRVEC_INIT;
					split_words(&g, v);
					r->requires[r->nrequires++] = g;
				} else if (!strcmp(k, "Prefilter")) {
					free(r->prefilter);
					r->prefilter = xstrdup(v);
				} else if (!strcmp(k, "Needs")) {
					struct strvec w = STRVEC_INIT;
					split_words(&w, v);
					for (size_t j = 0; j < w.nr && !bad; j++)
						if (!strcmp(w.v[j], "macro-index"))
							r->needs_macro_index = 1;
						else if (!strcmp(w.v[j], "call-context"))
							r->needs_macro_index = r->needs_call_context = 1;
						else if ((bad = 1))
							snprintf(err, errlen, "%s: unknown '// Needs: %s'", r->path, w.v[j]);
					strvec_clear(&w);
				} else if (!strcmp(k, "Options")) {
					split_words(&r->options, v);
				} else if (!strcmp(k, "Scope")) {
					if ((bad = strcmp(v, "function") && strcmp(v, "file")))
						snprintf(err, errlen, "%s: '// Scope: %s' is neither function nor file",
							 r->path, v);
					r->scope_function = !strcmp(v, "function");
				} else if (!strcmp(k, "Module")) {
					split_words(&r->module_tokens, v);
				} else if (!strcmp(k, "Facts")) {
					split_words(&r->facts, v);
				} else if (!strcmp(k, "Callers")) {
					split_words(&r->callers, v);
				} else if (!strcmp(k, "Locations")) {
					split_words(&r->locations, v);
				} else if (!strcmp(k, "Freed")) {
					split_words(&r->freed, v);
				} else if (!strcmp(k, "Sites")) {
					if ((bad = strcmp(v, "call-context") != 0))
						snprintf(err, errlen, "%s: unknown '// Sites: %s'", r->path, v);
					r->sites = 1;
				} else if (!strcmp(k, "Twice")) {
					split_words(&r->twice, v);
				}
				free(k);
				free(v);
				if (bad) {
					strbuf_release(&doc);
					strbuf_release(&summary);
					return -1;
				}
			}
		} else if (n && p[0] == '@') {
			break;	/* the first rule: the header is over */
		}
		p = nl ? nl + 1 : p + n;
	}
	r->doc = strbuf_detach(&doc);
	r->summary = strbuf_detach(&summary);
	if (!r->name) {
		snprintf(err, errlen, "%s: header has no '// Rule:' line", r->path);
		return -1;
	}
	if (!r->confidence || (r->base_score = score_for_confidence(r->confidence)) < 0) {
		snprintf(err, errlen, "%s: '// Confidence:' must be High, Moderate or Low", r->path);
		return -1;
	}
	int prior = score_rule_prior(r->name);
	if (prior >= 0)		/* fitted or set by hand: it replaces the confidence */
		r->base_score = prior;
	for (size_t i = 0; i < r->nrequires; i++) {
		if (!r->requires[i].nr) {
			snprintf(err, errlen, "%s: empty '// Requires:' line", r->path);
			return -1;
		}
	}
	if (r->scope_function && !r->nrequires) {
		snprintf(err, errlen, "%s: '// Scope: function' needs a '// Requires:' line", r->path);
		return -1;
	}
	if (r->prefilter && !prefilter_named_exists(r->prefilter)) {
		snprintf(err, errlen, "%s: unknown '// Prefilter: %s'", r->path, r->prefilter);
		return -1;
	}
	return 0;
}

static void rule_release(struct rule *r)
{
	free(r->name);
	free(r->path);
	free(r->summary);
	free(r->doc);
	free(r->confidence);
	for (size_t i = 0; i < r->nrequires; i++)
		strvec_clear(&r->requires[i]);
	free(r->requires);
	free(r->prefilter);
	strvec_clear(&r->options);
	strvec_clear(&r->facts);
	strvec_clear(&r->callers);
	strvec_clear(&r->module_tokens);
	strvec_clear(&r->locations);
	strvec_clear(&r->freed);
	strvec_clear(&r->twice);
}

static int load_macro_file(struct rule_set *rs, char *err, size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	char *path = xasprintf("%s/%s", rs->dir, RULES_MACRO_FILE);

	if (access(path, F_OK)) {
		free(path);
		return 0;
	}
	if (strbuf_read_file(&text, path)) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		free(path);
		strbuf_release(&text);
		rules_release(rs);
		return -1;
	}
	rs->macro_file = path;
	rs->macro_file_hash = hash_bytes(text.buf, text.len);
	strbuf_release(&text);
	return 0;
}

int rules_load(struct rule_set *rs, const char *dir, const struct strvec *only,
	       char *err, size_t errlen)
{
	struct strvec names = STRVEC_INIT;
	DIR *d = opendir(dir);
	char *absdir = realpath(dir, NULL);

	memset(rs, 0, sizeof(*rs));
	if (!d || !absdir) {
		snprintf(err, errlen, "cannot read rules directory '%s': %s", dir, strerror(errno));
		if (d)
			closedir(d);
		free(absdir);
		return -1;
	}
	struct dirent *de;
	while ((de = readdir(d)))
		if (ends_with(de->d_name, ".cocci") && de->d_name[0] != '.')
			strvec_push(&names, de->d_name);
	closedir(d);
	strvec_sort(&names);
	rs->dir = absdir;
	rs->v = xcalloc(names.nr ? names.nr : 1, sizeof(*rs->v));

	for (size_t i = 0; i < names.nr; i++) {
		struct rule r = { 0 };
		struct strbuf text = STRBUF_INIT;
		char *base = xstrndup(names.v[i], strlen(names.v[i]) - strlen(".cocci"));

		r.path = xasprintf("%s/%s", absdir, names.v[i]);
		if (only && only->nr && !strvec_contains(only, base)) {
			free(base);
			free(r.path);
			continue;
		}
		if (strbuf_read_file(&text, r.path)) {
			snprintf(err, errlen, "cannot read %s: %s", r.path, strerror(errno));
			goto fail;
		}
		if (parse_header(&r, text.buf, err, errlen))
			goto fail;
		if (strcmp(r.name, base)) {
			snprintf(err, errlen, "%s: '// Rule: %s' does not match the file name", r.path, r.name);
			goto fail;
		}
		r.hash = hash_bytes(text.buf, text.len);
		strbuf_release(&text);
		free(base);
		rs->v[rs->nr++] = r;
		continue;
fail:
		strbuf_release(&text);
		free(base);
		rule_release(&r);
		strvec_clear(&names);
		rules_release(rs);
		return -1;
	}
	if (only) {
		for (size_t i = 0; i < only->nr; i++) {
			if (!rules_find(rs, only->v[i])) {
				snprintf(err, errlen, "no rule named '%s' in %s", only->v[i], absdir);
				strvec_clear(&names);
				rules_release(rs);
				return -1;
			}
		}
	}
	strvec_clear(&names);
	if (!rs->nr) {
		snprintf(err, errlen, "no rules (*.cocci) in %s", dir);
		rules_release(rs);
		return -1;
	}
	return load_macro_file(rs, err, errlen);
}

void rules_release(struct rule_set *rs)
{
	free(rs->macro_file);
	for (size_t i = 0; i < rs->nr; i++)
		rule_release(&rs->v[i]);
	free(rs->v);
	free(rs->dir);
	memset(rs, 0, sizeof(*rs));
}

const struct rule *rules_find(const struct rule_set *rs, const char *name)
{
	for (size_t i = 0; i < rs->nr; i++)
		if (!strcmp(rs->v[i].name, name))
			return &rs->v[i];
	return NULL;
}

char *rules_default_dir(void)
{
	const char *env = getenv("LOCKERS_RULES_DIR");
	char exe[PATH_MAX];

	if (env && *env)
		return xstrdup(env);
	if (*lockers_datadir)	/* an installed binary: where make install put them */
		return xstrdup(lockers_datadir);
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			return xasprintf("%s/build/rules", exe);
		}
	}
	return xstrdup("build/rules");
}

static int skip_hidden(void *ctx, const char *name, unsigned char d_type)
{
	(void)ctx;
	return name[0] == '.' || !strcmp(name, "__pycache__") ||
	       (d_type == DT_REG && !ends_with(name, ".py") && !ends_with(name, ".list"));
}

/* The *.py and *.list files under dir/rel, as paths relative to dir; what is not a directory reads as empty. */
static void collect_scripts(const char *dir, const char *rel, struct strvec *out)
{
	struct strvec names = STRVEC_INIT;
	char *path = *rel ? xasprintf("%s/%s", dir, rel) : xstrdup(dir);

	if (!tree_list_dir(path, skip_hidden, NULL, &names)) {
		for (size_t i = 0; i < names.nr; i++) {
			char *sub = *rel ? xasprintf("%s/%s", rel, names.v[i]) : xstrdup(names.v[i]);
			if (ends_with(sub, ".py") || ends_with(sub, ".list"))
				strvec_push(out, sub);
			else
				collect_scripts(dir, sub, out);
			free(sub);
		}
	}
	strvec_clear(&names);
	free(path);
}

uint64_t rules_scripts_hash(const char *dir)
{
	struct strvec names = STRVEC_INIT;
	struct strbuf all = STRBUF_INIT, one = STRBUF_INIT;

	collect_scripts(dir, "", &names);
	strvec_sort(&names);
	for (size_t i = 0; i < names.nr; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]);
		strbuf_reset(&one);
		strbuf_read_file(&one, path);
		free(path);
		strbuf_addf(&all, "%s %zu\n", names.v[i], one.len);
		strbuf_add(&all, one.buf, one.len);
	}
	uint64_t h = hash_bytes(all.buf, all.len);
	strbuf_release(&all);
	strbuf_release(&one);
	strvec_clear(&names);
	return h;
}
