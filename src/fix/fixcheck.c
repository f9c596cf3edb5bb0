#include "fix/fixcheck.h"
#include "lib/clex.h"
#include "gate/gate.h"
#include "gate/patch.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fix_function_lines(const char *text, size_t len, const char *name, unsigned *first, unsigned *last)
{
	struct lexer lx;
	struct token t;
	int depth = 0, parens = 0, in_pp = 0;
	unsigned cand_line = 0, body = 0;
	char cand[256] = "";
	const struct token *prev = NULL;
	struct token prev_tok;

	lexer_init(&lx, text, len);
	while (lexer_next(&lx, &t)) {
		/* Preprocessor lines end at a newline that is not escaped. */
		if (t.nl_before)
			in_pp = tok_is(&t, "#");
		if (in_pp)
			continue;
		if (t.kind == TOK_PUNCT && tok_is(&t, "{")) {
			if (!depth && !parens && cand[0] && !strcmp(cand, name))
				body = cand_line;
			depth++;
		} else if (t.kind == TOK_PUNCT && tok_is(&t, "}")) {
			if (depth && !--depth) {
				if (body) {
					*first = body;
					*last = t.line;
					return 0;
				}
				cand[0] = '\0';
			}
		} else if (!depth && t.kind == TOK_PUNCT && tok_is(&t, "(")) {
			/* The first identifier before a top-level '(' names the declarator. */
			if (!parens && !cand[0] && prev && prev->kind == TOK_IDENT && prev->len < sizeof(cand)) {
				memcpy(cand, prev->s, prev->len);
				cand[prev->len] = '\0';
				cand_line = prev->line;
			}
			parens++;
		} else if (!depth && t.kind == TOK_PUNCT && tok_is(&t, ")")) {
			if (parens)
				parens--;
		} else if (!depth && !parens && t.kind == TOK_PUNCT && (tok_is(&t, ";") || tok_is(&t, "="))) {
			cand[0] = '\0';
		}
		prev_tok = t;
		prev = &prev_tok;
	}
	return -1;
}

/* Every line the patch removes, and every place it inserts, is inside first..last. */
static int inside_function(const struct patch_file *pf, unsigned first, unsigned last, unsigned *bad)
{
	for (size_t h = 0; h < pf->nhunks; h++) {
		const struct hunk *hk = &pf->hunks[h];
		unsigned old = hk->old_start;
		for (size_t i = 0; i < hk->nlines; i++) {
			char op = hk->lines[i].op;
			if (op == ' ') {
				old++;
				continue;
			}
			/* A '+' goes between old - 1 and old; a '-' removes old. */
			unsigned lo = op == '+' ? old - 1 : old;
			if (lo < first || old > last) {
				*bad = old;
				return 0;
			}
			if (op == '-')
				old++;
		}
	}
	return 1;
}

static int check_applies(const struct fixcheck_options *o, const char *patch_path, char *why, size_t whylen)
{
	const char *argv[] = { "patch", "-p1", "--dry-run", "--batch", "--silent", "-d", o->kdir, "-i",
			       patch_path, NULL };
	struct strbuf out = STRBUF_INIT;
	int rc = run_capture(argv, NULL, &out, &out);

	if (rc)
		snprintf(why, whylen, "does not apply to %s: %s", o->kdir,
			 rc < 0 ? strerror(errno) : out.buf);
	strbuf_release(&out);
	return rc ? -1 : 0;
}

static int check_function(const struct fixcheck_options *o, const struct finding *f, const struct patch *p,
			  int any_place, char *why, size_t whylen)
{
	/* A conversion changes every access, in other functions and files: the finding's file first. */
	if (any_place) {
		if (p->nr >= 1 && p->v[0].old_path && !strcmp(p->v[0].old_path, f->path))
			return 0;
		snprintf(why, whylen, "the patch does not begin with %s", f->path);
		return -1;
	}
	struct strbuf src = STRBUF_INIT;
	unsigned first, last, bad = 0;
	int rc = -1;

	char *path = xasprintf("%s/%s", o->kdir, f->path);
	if (strbuf_read_regular(&src, path))
		snprintf(why, whylen, "cannot read %s: %s", path, file_strerror(errno));
	else if (fix_function_lines(src.buf, src.len, f->function, &first, &last))
		snprintf(why, whylen, "%s() is not defined in %s", f->function, f->path);
	else if (p->nr != 1 || !p->v[0].old_path || strcmp(p->v[0].old_path, f->path))
		snprintf(why, whylen, "the patch changes another file than %s", f->path);
	else if (!inside_function(&p->v[0], first, last, &bad))
		snprintf(why, whylen, "the patch changes line %u, outside %s() (lines %u-%u)", bad,
			 f->function, first, last);
	else
		rc = 0;
	free(path);
	strbuf_release(&src);
	return rc;
}

static int check_checkpatch(const struct fixcheck_options *o, const char *patch_path, char *why, size_t whylen)
{
	/* --no-signoff: the Signed-off-by is the human's to add. */
	const char *argv[] = { "perl", o->checkpatch, "--no-tree", "--no-signoff", "--terse", "--no-summary",
			       patch_path, NULL };
	struct strbuf out = STRBUF_INIT;
	int rc = run_capture(argv, NULL, &out, &out);

	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	if (rc)
		snprintf(why, whylen, "checkpatch.pl fails: %s", rc < 0 ? strerror(errno) : out.buf);
	strbuf_release(&out);
	return rc ? -1 : 0;
}

static const struct finding *find_id(const struct finding_list *l, const char *id)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i]->id, id))
			return l->v[i];
	return NULL;
}

/* The new line number of the '+' line of hunk hk that is the same text as line i, or 0. */
static unsigned moved_to(const struct hunk *hk, size_t i)
{
	unsigned new = hk->new_start;

	for (size_t k = 0; k < hk->nlines; k++) {
		const struct hunk_line *l = &hk->lines[k];
		if (l->op == '+' && l->len == hk->lines[i].len && !memcmp(l->text, hk->lines[i].text, l->len))
			return new;
		new += l->op != '-';
	}
	return 0;
}

/*
 * Where old line `line` is after the patch: a line the patch moves (removed
 * and added again as it was) is where it went, a line it rewrites is where
 * its replacement starts.
 */
static unsigned map_line(const struct patch_file *pf, unsigned line)
{
	long shift = 0;

	for (size_t h = 0; h < pf->nhunks; h++) {
		const struct hunk *hk = &pf->hunks[h];
		if (line < hk->old_start)
			break;
		unsigned old = hk->old_start, new = hk->new_start;
		for (size_t i = 0; i < hk->nlines && old <= line; i++) {
			char op = hk->lines[i].op;
			if (old == line && op == '-' && moved_to(hk, i))
				return moved_to(hk, i);
			if (old == line && op != '+')
				return new;
			old += op != '+';
			new += op != '-';
		}
		shift = (long)hk->new_start + hk->new_len - ((long)hk->old_start + hk->old_len);
	}
	return (unsigned)((long)line + shift);
}

/* New line `line` is one the patch added. */
static int added_line(const struct patch_file *pf, unsigned line)
{
	for (size_t h = 0; h < pf->nhunks; h++) {
		const struct hunk *hk = &pf->hunks[h];
		unsigned new = hk->new_start;
		for (size_t i = 0; i < hk->nlines; i++) {
			char op = hk->lines[i].op;
			if (op == '+' && new == line)
				return 1;
			new += op != '-';
		}
	}
	return 0;
}

static int same_about(const struct finding *a, const struct finding *b)
{
	return !strcmp(a->rule, b->rule) && !strcmp(a->path, b->path) && !strcmp(a->function, b->function) &&
	       !strcmp(a->key, b->key);
}

/* A finding after the patch that the tree had before, at the same place. */
static int existed_before(const struct patch_file *pf, const struct finding_list *before,
			  const struct finding *n)
{
	for (size_t i = 0; i < before->nr; i++)
		if (same_about(before->v[i], n) && map_line(pf, before->v[i]->line) == n->line)
			return 1;
	return 0;
}

/*
 * Fingerprints count a key's occurrences in a function, so a fix that makes
 * the rule see one more access renames the others: the gate's lists are
 * matched again by place, each line mapped through the patch.
 * Gone: no finding about f's key in its function at f's place or on a line
 * the patch wrote. Kept: a finding about the same key in the same function
 * at the same place, whatever its id. Introduced: a finding at or above fail_on that the tree
 * did not have at that place (what lockers gate fails a patch for).
 */
static int check_gate(const struct fixcheck_options *o, const struct finding *f, const char *patch_path,
		      const struct patch_file *pf, struct strbuf *note, char *why, size_t whylen)
{
	struct gate_options go = { .kdir = o->kdir, .patch_file = patch_path, .scan = o->scan };
	struct gate_result g;
	char err[1024];
	int rc = -1;

	/* The tree was accepted by the scan the finding comes from. */
	go.scan.any_tree = 1;
	if (gate_run(&go, &g, err, sizeof(err))) {
		snprintf(why, whylen, "lockers gate failed: %s", err);
		return -1;
	}
	unsigned at = map_line(pf, f->line);
	const struct finding *still = NULL, *worst = NULL, *other = NULL, *first_below = NULL;
	size_t below = 0;
	for (size_t i = 0; i < g.after.findings.nr; i++) {
		const struct finding *n = g.after.findings.v[i];
		if (same_about(n, f) && (n->line == at || added_line(pf, n->line)))
			still = n;
		else if (same_about(n, f))
			other = n;
		if (existed_before(pf, &g.before.findings, n))
			continue;
		if (n->score < o->fail_on && !below++)
			first_below = n;
		else if (n->score >= o->fail_on && (!worst || n->score > worst->score))
			worst = n;
	}
	if (g.after.interrupted || g.before.interrupted)
		snprintf(why, whylen, "lockers gate was interrupted");
	else if (!find_id(&g.before.findings, f->id))
		snprintf(why, whylen, "lockers gate does not find %s before the patch (is the scan stale?)", f->id);
	else if (still)
		snprintf(why, whylen, "lockers gate still finds it after the patch: %u:%u: %s", still->line,
			 still->col, still->message);
	else if (worst)
		snprintf(why, whylen, "lockers gate finds a new finding scoring %d (>= %d): %s:%u:%u: %s [%s]",
			 worst->score, o->fail_on, worst->path, worst->line, worst->col, worst->message, worst->rule);
	else {
		rc = 0;
		if (other)
			strbuf_addf(note, "another access to %s in %s() is still reported at %u:%u (score %d); ",
				    f->key, f->function, other->line, other->col, other->score);
		if (below)
			strbuf_addf(note, "%zu new finding(s) below %d, the first %s:%u:%u [%s] score %d; ", below,
				    o->fail_on, first_below->path, first_below->line, first_below->col,
				    first_below->rule, first_below->score);
	}
	gate_result_release(&g);
	return rc;
}

int fix_check(const struct fixcheck_options *o, const struct finding *f, const char *patch_path,
	      int any_place, struct strbuf *note, char *why, size_t whylen)
{
	struct strbuf text = STRBUF_INIT;
	struct patch p;
	char err[512];
	int rc = -1;

	if (strbuf_read_file(&text, patch_path)) {
		snprintf(why, whylen, "cannot read %s: %s", patch_path, strerror(errno));
		return -1;
	}
	if (patch_parse(&p, text.buf, text.len, err, sizeof(err))) {
		snprintf(why, whylen, "the patch does not parse: %s", err);
		strbuf_release(&text);
		return -1;
	}
	if (!check_applies(o, patch_path, why, whylen) &&
	    !check_function(o, f, &p, any_place, why, whylen) &&
	    !check_checkpatch(o, patch_path, why, whylen) &&
	    !check_gate(o, f, patch_path, &p.v[0], note, why, whylen))
		rc = 0;
	patch_release(&p);
	strbuf_release(&text);
	return rc;
}
