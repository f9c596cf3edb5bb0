/*
 * The HTML triage report: one self-contained page (inline CSS and JS, no
 * network) over a finished scan. Findings in rank order, each with the code
 * around it, its score's reasons, its evidence and its rule's explanation;
 * filters by rule, directory, minimum score and verdict; verdict buttons and
 * an export of the verdicts as a triage file (docs/triage.md).
 *
 * Everything that comes from the scanned tree (paths, code, messages, keys,
 * function names, evidence, verdict reasons) is untrusted: it goes into the
 * page only through add_html() (text and quoted attribute values) or
 * add_js_string() (the JSON data block, pure ASCII with <, >, & escaped, so
 * it can never close its <script> element). A Content-Security-Policy
 * forbids any network access and any script but the page's own, as a second
 * line of defence.
 */
#include "out/report.h"
#include "scan/rules.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/strbuf.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CONTEXT_LINES	8		/* shown before and after a finding's line */
#define MAX_SOURCE_SIZE	(16L << 20)	/* larger files are not shown */
#define MAX_LINE_SHOWN	400		/* bytes of one code line */

static const char *str_or(const char *s, const char *dflt)
{
	return s && *s ? s : dflt;
}

/*
 * HTML-escape n bytes for element text or a double-quoted attribute value.
 * The output is valid UTF-8: malformed bytes and control characters other
 * than tab and newline become U+FFFD.
 */
static void add_html_n(struct strbuf *sb, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		uint32_t cp;
		size_t len = utf8_next(p, (size_t)(end - p), &cp);

		switch (cp) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		default:
			if ((cp < 0x20 && cp != '\t' && cp != '\n') || cp == 0x7f || cp == 0xfffd)
				strbuf_addstr(sb, "\xef\xbf\xbd");
			else
				strbuf_add(sb, p, len);
		}
		p += len;
	}
}

static void add_html(struct strbuf *sb, const char *s)
{
	if (s)
		add_html_n(sb, s, strlen(s));
}

/*
 * A JSON string literal safe inside <script>: pure ASCII, with <, >, & and
 * every non-ASCII character (U+2028 and U+2029 among them) as \uXXXX.
 * NULL gives null; malformed UTF-8 gives U+FFFD.
 */
static void add_js_string(struct strbuf *sb, const char *s)
{
	if (!s) {
		strbuf_addstr(sb, "null");
		return;
	}
	const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);

	strbuf_addch(sb, '"');
	while (p < end) {
		uint32_t cp;

		p += utf8_next(p, (size_t)(end - p), &cp);
		if (cp == '"' || cp == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, (char)cp);
		} else if (cp >= 0x20 && cp < 0x7f && cp != '<' && cp != '>' && cp != '&') {
			strbuf_addch(sb, (char)cp);
		} else if (cp < 0x10000) {
			strbuf_addf(sb, "\\u%04x", (unsigned)cp);
		} else {
			cp -= 0x10000;
			strbuf_addf(sb, "\\u%04x\\u%04x", 0xd800u + (unsigned)(cp >> 10),
				    0xdc00u + (unsigned)(cp & 0x3ff));
		}
	}
	strbuf_addch(sb, '"');
}

/* ------------------------------------------------------------------ */
/* Source context                                                     */

/*
 * Read the file a finding is in, refusing what cannot be shown. Returns 0,
 * or -1 with a reason in why (the page shows it instead of the code).
 */
static int read_source(const char *root, const char *path, struct strbuf *src,
		       char *why, size_t whylen)
{
	struct stat st;

	if (!root) {
		snprintf(why, whylen, "source not available: the report has no tree root");
		return -1;
	}
	if (!path || !*path) {
		snprintf(why, whylen, "source not available: the finding has no path");
		return -1;
	}
	/* Paths come from lockers.json: never read outside the tree. */
	if (path[0] == '/' || !strcmp(path, "..") || starts_with(path, "../") ||
	    strstr(path, "/../") || ends_with(path, "/..")) {
		snprintf(why, whylen, "source not shown: the path leaves the tree");
		return -1;
	}
	char *full = xasprintf("%s/%s", root, path);
	int rc = -1;

	if (stat(full, &st))
		snprintf(why, whylen, "cannot read %s: %s", full, strerror(errno));
	else if (!S_ISREG(st.st_mode))
		snprintf(why, whylen, "source not shown: %s is not a regular file", full);
	else if (st.st_size > MAX_SOURCE_SIZE)
		snprintf(why, whylen, "source not shown: %s is too large (%lld bytes)", full,
			 (long long)st.st_size);
	else if (strbuf_read_regular(src, full))
		snprintf(why, whylen, "cannot read %s: %s", full, file_strerror(errno));
	else if (src->len > (size_t)MAX_SOURCE_SIZE)
		snprintf(why, whylen, "source not shown: %s is too large (%zu bytes)", full, src->len);
	else if (memchr(src->buf, '\0', src->len))
		snprintf(why, whylen, "source not shown: %s is a binary file", full);
	else
		rc = 0;
	free(full);
	return rc;
}

/* One code line: its number, then at most MAX_LINE_SHOWN bytes of it, escaped. */
static void code_line(struct strbuf *sb, unsigned no, const char *s, size_t n, int hit)
{
	size_t len = n && s[n - 1] == '\r' ? n - 1 : n, shown = len;

	if (shown > MAX_LINE_SHOWN) {
		shown = MAX_LINE_SHOWN;
		while (shown && ((unsigned char)s[shown] & 0xc0) == 0x80)
			shown--;	/* do not cut a character in two */
	}
	strbuf_addf(sb, "<span class=\"line%s\"><span class=\"ln\">%u</span>", hit ? " hit" : "", no);
	add_html_n(sb, s, shown);
	if (shown < len)
		strbuf_addstr(sb, "<span class=\"cut\">\xe2\x80\xa6 (line cut)</span>");
	strbuf_addstr(sb, "\n</span>");	/* the newline inside: no blank line between blocks */
}

/* The lines around a finding, its own line marked; or why they cannot be shown. */
static void show_code(struct strbuf *sb, const struct scan_result *res, const struct finding *f)
{
	struct strbuf src = STRBUF_INIT;
	char why[512];
	unsigned from = f->line > CONTEXT_LINES ? f->line - CONTEXT_LINES : 1;
	unsigned to = f->line + CONTEXT_LINES, no = 1;
	const char *p, *end;

	if (read_source(res->tree.root, f->path, &src, why, sizeof(why))) {
		strbuf_addstr(sb, "<p class=\"nosrc\">");
		add_html(sb, why);
		strbuf_addstr(sb, "</p>\n");
		strbuf_release(&src);
		return;
	}
	strbuf_addstr(sb, "<pre class=\"code\">");
	for (p = src.buf, end = src.buf + src.len; p < end && no <= to; no++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (no >= from)
			code_line(sb, no, p, n, no == f->line);
		p += n + (nl != NULL);
	}
	strbuf_addstr(sb, "</pre>\n");
	if (f->line >= no)
		strbuf_addf(sb, "<p class=\"nosrc\">line %u is past the end of the file (%u lines): "
			    "it changed since the scan</p>\n", f->line, no - 1);
	strbuf_release(&src);
}

/* ------------------------------------------------------------------ */
/* Page parts                                                         */

static void page_head(struct strbuf *sb, const struct scan_result *res, const char *nonce)
{
	static const char css[] =
		":root{--bug:#b3261e;--int:#8a6d00;--fp:#4a6b4a;--line:#ddd}\n"
		"body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}\n"
		"header.top{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid var(--line);padding:.5em 1em}\n"
		"header.top h1{font-size:1.2em;margin:0 0 .3em}\n"
		".filters{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center}\n"
		".filters label{white-space:nowrap}\n"
		".filters input[type=number]{width:4.5em}\n"
		"main{padding:0 1em 2em}\n"
		".finding{background:#fff;border:1px solid var(--line);border-radius:4px;margin:1em 0;padding:.5em .8em}\n"
		".finding[hidden]{display:none}\n"
		".finding>h2{font-size:1em;font-weight:normal;margin:0;display:flex;flex-wrap:wrap;gap:.2em .8em;align-items:baseline}\n"
		".score{font-weight:bold;color:#fff;border-radius:3px;padding:0 .4em}\n"
		".c-bug{background:var(--bug)}.c-intended{background:var(--int)}.c-false-positive{background:var(--fp)}\n"
		".rule,.loc,.fn,.id,.key{font-family:ui-monospace,monospace}\n"
		".id{color:#666}.rank{color:#666}\n"
		".msg{margin:.4em 0;font-weight:600}\n"
		"pre{margin:.4em 0;overflow-x:auto;tab-size:8}\n"
		"pre.code{background:#f4f4f4;border:1px solid var(--line);padding:.3em 0}\n"
		".line{display:block;padding:0 .5em}\n"
		".line.hit{background:#ffe3a3;font-weight:bold}\n"
		".ln{display:inline-block;width:7ch;padding-right:1ch;text-align:right;color:#888;user-select:none}\n"
		".cut{color:#888}\n"
		".nosrc{color:#8a4b00;font-style:italic}\n"
		".cols{display:flex;flex-wrap:wrap;gap:0 2em}\n"
		".cols h3{font-size:.9em;margin:.4em 0 .2em}\n"
		".cols ul{margin:0;padding-left:1.2em}\n"
		"table.evidence td,table.evidence th{text-align:left;vertical-align:top;padding:0 .6em 0 0;font-family:ui-monospace,monospace;font-weight:normal}\n"
		"details.ruledoc{margin:.4em 0}\n"
		"details.ruledoc pre{white-space:pre-wrap}\n"
		"details.fix{margin:.4em 0}\n"
		"pre.patch{background:#f4fff4;border:1px solid var(--line);padding:.3em}\n"
		".triage{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;border-top:1px dashed var(--line);padding-top:.4em;margin-top:.4em}\n"
		".triage input.why{flex:1;min-width:20em}\n"
		".triage button[aria-pressed=true]{outline:2px solid #222}\n"
		".verdict{font-weight:bold}.verdict.v-bug{color:var(--bug)}.verdict.v-intended{color:var(--int)}.verdict.v-false-positive{color:var(--fp)}\n"
		".err{color:var(--bug)}\n"
		".banner{background:#ffe3a3;padding:.3em .6em;border-radius:3px}\n"
		"section.rules h2{font-size:1.1em}\n";

	strbuf_addstr(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
	strbuf_addf(sb, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "script-src 'nonce-%s'; style-src 'unsafe-inline'; img-src data:; "
		    "base-uri 'none'; form-action 'none'\">\n", nonce);
	strbuf_addstr(sb, "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n");
	strbuf_addf(sb, "<title>lockers: %zu findings in ", res->findings.nr);
	add_html(sb, str_or(res->tree.root, "?"));
	strbuf_addstr(sb, "</title>\n<style>\n");
	strbuf_addstr(sb, css);
	strbuf_addstr(sb, "</style>\n</head>\n");
}

/* Title, counts, filters and the export button, kept in view while scrolling. */
static void page_header(struct strbuf *sb, const struct scan_result *res)
{
	size_t classes[3] = { 0, 0, 0 };

	for (size_t i = 0; i < res->findings.nr; i++) {
		int s = res->findings.v[i]->score;
		classes[s >= SCORE_BUG ? 0 : s >= SCORE_INTENDED ? 1 : 2]++;
	}
	strbuf_addstr(sb, "<header class=\"top\">\n<h1>lockers: ");
	add_html(sb, str_or(res->tree.root, "?"));
	strbuf_addstr(sb, "</h1>\n<p>");
	strbuf_addf(sb, "%zu findings by score: %zu bug, %zu intended, %zu false-positive",
		    res->findings.nr, classes[0], classes[1], classes[2]);
	if (res->nfailures)
		strbuf_addf(sb, "; %zu file-rule runs failed (see lockers.json)", res->nfailures);
	strbuf_addstr(sb, ".");
	if (res->interrupted)
		strbuf_addstr(sb, " <span class=\"banner\">The scan was interrupted: this report is partial.</span>");
	strbuf_addstr(sb, "</p>\n<div class=\"filters\">\n<label>rule <select id=\"f-rule\">"
		      "<option value=\"\">all rules</option>");
	for (size_t r = 0; r < res->rules.nr; r++) {
		const char *name = res->rules.v[r].name;
		strbuf_addstr(sb, "<option value=\"");
		add_html(sb, name);
		strbuf_addstr(sb, "\">");
		add_html(sb, name);
		strbuf_addf(sb, " (%zu)</option>", scan_count_findings(res, name));
	}
	strbuf_addstr(sb, "</select></label>\n"
		      "<label>directory <input id=\"f-dir\" type=\"text\" list=\"dirs\" "
		      "placeholder=\"path prefix, e.g. drivers/gpu/\"><datalist id=\"dirs\"></datalist></label>\n"
		      "<label>minimum score <input id=\"f-score\" type=\"number\" min=\"0\" max=\"100\" value=\"0\"></label>\n"
		      "<label>verdict <select id=\"f-verdict\">"
		      "<option value=\"all\">any</option>"
		      "<option value=\"open\">none or bug</option>"
		      "<option value=\"none\">none</option>"
		      "<option value=\"bug\">bug</option>"
		      "<option value=\"intended\">intended</option>"
		      "<option value=\"false-positive\">false-positive</option>"
		      "</select></label>\n"
		      "<span id=\"shown\"></span>\n"
		      "<button id=\"export\" type=\"button\" title=\"download every verdict (set here or "
		      "recorded before) as a triage file for lockers triage import\">export verdicts</button>\n"
		      "<span id=\"export-status\"></span>\n"
		      "</div>\n</header>\n");
}

static void show_reasons(struct strbuf *sb, const struct finding *f)
{
	strbuf_addstr(sb, "<div><h3>Why this score</h3><ul class=\"reasons\">");
	for (size_t k = 0; k < f->nreasons; k++) {
		strbuf_addf(sb, "<li><b>%+d</b> ", f->reasons[k].points);
		add_html(sb, f->reasons[k].why);
		strbuf_addstr(sb, "</li>");
	}
	if (!f->nreasons)
		strbuf_addstr(sb, "<li>no reasons recorded</li>");
	strbuf_addstr(sb, "</ul></div>\n");
}

static void show_evidence(struct strbuf *sb, const struct finding *f)
{
	strbuf_addstr(sb, "<div><h3>Evidence</h3>");
	if (!f->nev) {
		strbuf_addstr(sb, "<p>none</p></div>\n");
		return;
	}
	strbuf_addstr(sb, "<table class=\"evidence\">");
	for (size_t k = 0; k < f->nev; k++) {
		strbuf_addstr(sb, "<tr><th>");
		add_html(sb, f->ev[k].name);
		strbuf_addstr(sb, "</th><td>");
		add_html(sb, f->ev[k].value);
		strbuf_addstr(sb, "</td></tr>");
	}
	strbuf_addstr(sb, "</table></div>\n");
}

static void show_rule_doc(struct strbuf *sb, const struct rule *ru, const char *name)
{
	strbuf_addstr(sb, "<details class=\"ruledoc\"><summary>rule <span class=\"rule\">");
	add_html(sb, name);
	strbuf_addstr(sb, "</span>");
	if (!ru) {
		strbuf_addstr(sb, ": no explanation in this report</summary></details>\n");
		return;
	}
	strbuf_addstr(sb, " (");
	add_html(sb, str_or(ru->confidence, "?"));
	strbuf_addstr(sb, " confidence): ");
	add_html(sb, str_or(ru->summary, ""));
	strbuf_addstr(sb, "</summary><pre>");
	add_html(sb, str_or(ru->doc, str_or(ru->summary, "")));
	strbuf_addstr(sb, "</pre></details>\n");
}

/* The verdict controls; the script fills in the current verdict. */
static void show_triage(struct strbuf *sb, const struct finding *f)
{
	strbuf_addstr(sb, "<div class=\"triage\">verdict: <span class=\"verdict\">none</span>\n"
		      "<input class=\"why\" type=\"text\" maxlength=\"500\" "
		      "placeholder=\"why (one line, required)\" value=\"");
	add_html(sb, f->verdict_why);
	strbuf_addstr(sb, "\">\n"
		      "<button type=\"button\" data-verdict=\"bug\">bug</button>"
		      "<button type=\"button\" data-verdict=\"intended\">intended</button>"
		      "<button type=\"button\" data-verdict=\"false-positive\">false-positive</button>"
		      "<button type=\"button\" data-verdict=\"\" title=\"back to the verdict this report "
		      "was made with\">undo</button>\n"
		      "<span class=\"err\"></span></div>\n");
}

/* The patch lockers fix wrote for the finding (fixes/<id>.patch beside the page), if any. */
static void show_fix(struct strbuf *sb, const char *fixes_dir, const struct finding *f)
{
	char *path = xasprintf("%s/%s.patch", fixes_dir, f->id);
	struct strbuf patch = STRBUF_INIT;

	if (!strbuf_read_file(&patch, path)) {
		const char *subj = strstr(patch.buf, "\nSubject: ");
		strbuf_addstr(sb, "<details class=\"fix\"><summary>patch offered by lockers fix: ");
		if (subj)
			add_html_n(sb, subj + 10, strcspn(subj + 10, "\n"));
		strbuf_addstr(sb, " (fixes/");
		add_html(sb, f->id);
		strbuf_addstr(sb, ".patch)</summary><pre class=\"patch\">");
		add_html(sb, patch.buf);
		strbuf_addstr(sb, "</pre></details>\n");
	}
	strbuf_release(&patch);
	free(path);
}

static void page_finding(struct strbuf *sb, const struct scan_result *res, const char *fixes_dir, size_t i)
{
	const struct finding *f = res->findings.v[i];

	strbuf_addf(sb, "<section class=\"finding\" data-i=\"%zu\" id=\"f-", i);
	add_html(sb, f->id);
	strbuf_addf(sb, "\">\n<h2><span class=\"rank\">#%zu</span> "
		    "<span class=\"score c-%s\" title=\"score (%s)\">%d</span> <span class=\"rule\">",
		    i + 1, score_class(f->score), score_class(f->score), f->score);
	add_html(sb, f->rule);
	strbuf_addstr(sb, "</span> <span class=\"loc\">");
	add_html(sb, f->path);
	strbuf_addf(sb, ":%u:%u</span> <span>in <span class=\"fn\">", f->line, f->col);
	add_html(sb, str_or(f->function, "?"));
	strbuf_addstr(sb, "()</span></span> <span class=\"id\">id=");
	add_html(sb, f->id);
	strbuf_addstr(sb, "</span></h2>\n<p class=\"msg\">");
	add_html(sb, f->message);
	strbuf_addstr(sb, "</p>\n<p>key: <span class=\"key\">");
	add_html(sb, f->key);
	strbuf_addstr(sb, "</span></p>\n");
	show_code(sb, res, f);
	strbuf_addstr(sb, "<div class=\"cols\">\n");
	show_reasons(sb, f);
	show_evidence(sb, f);
	strbuf_addstr(sb, "</div>\n");
	show_fix(sb, fixes_dir, f);
	show_rule_doc(sb, rules_find(&res->rules, f->rule), f->rule);
	show_triage(sb, f);
	strbuf_addstr(sb, "</section>\n");
}

static void page_findings(struct strbuf *sb, const struct scan_result *res, const char *fixes_dir)
{
	strbuf_addstr(sb, "<main>\n");
	if (!res->findings.nr)
		strbuf_addstr(sb, "<p>No findings.</p>\n");
	for (size_t i = 0; i < res->findings.nr; i++)
		page_finding(sb, res, fixes_dir, i);
	strbuf_addstr(sb, "<p id=\"none-shown\" hidden>No finding matches the filters.</p>\n</main>\n");
}

/* What the script needs, as JSON in a data block (never executed). */
static void page_data(struct strbuf *sb, const struct scan_result *res)
{
	strbuf_addstr(sb, "<script type=\"application/json\" id=\"lockers-data\">{\"tree\":");
	add_js_string(sb, res->tree.root);
	strbuf_addstr(sb, ",\"findings\":[\n");
	for (size_t i = 0; i < res->findings.nr; i++) {
		const struct finding *f = res->findings.v[i];
		strbuf_addstr(sb, "{\"id\":");
		add_js_string(sb, f->id);
		strbuf_addstr(sb, ",\"rule\":");
		add_js_string(sb, f->rule);
		strbuf_addstr(sb, ",\"path\":");
		add_js_string(sb, f->path);
		strbuf_addstr(sb, ",\"function\":");
		add_js_string(sb, f->function ? f->function : "");
		strbuf_addstr(sb, ",\"key\":");
		add_js_string(sb, f->key ? f->key : "");
		strbuf_addf(sb, ",\"score\":%d,\"verdict\":", f->score);
		add_js_string(sb, f->verdict);
		strbuf_addstr(sb, ",\"why\":");
		add_js_string(sb, f->verdict ? (f->verdict_why ? f->verdict_why : "") : NULL);
		strbuf_addf(sb, "}%s\n", i + 1 < res->findings.nr ? "," : "");
	}
	strbuf_addstr(sb, "]}</script>\n");
}

static void page_rules(struct strbuf *sb, const struct scan_result *res)
{
	strbuf_addstr(sb, "<section class=\"rules\"><h2>Rules</h2>\n");
	for (size_t r = 0; r < res->rules.nr; r++) {
		const struct rule *ru = &res->rules.v[r];
		strbuf_addstr(sb, "<h3 class=\"rule\">");
		add_html(sb, ru->name);
		strbuf_addstr(sb, "</h3><p>confidence ");
		add_html(sb, str_or(ru->confidence, "?"));
		strbuf_addf(sb, ", %zu findings</p><pre>", scan_count_findings(res, ru->name));
		add_html(sb, str_or(ru->doc, str_or(ru->summary, "")));
		strbuf_addstr(sb, "</pre>\n");
	}
	strbuf_addstr(sb, "</section>\n");
}

/*
 * The page's behaviour. It only reads the data block and the DOM the C
 * side wrote, and sets text with textContent, never innerHTML.
 */
static const char page_js[] =
	"(function () {\n"
	"'use strict';\n"
	"var data = JSON.parse(document.getElementById('lockers-data').textContent);\n"
	"var F = data.findings;\n"
	"var sections = Array.prototype.slice.call(document.querySelectorAll('section.finding'));\n"
	"var $ = function (id) { return document.getElementById(id); };\n"
	"var state = {};   /* id -> {v, why, was}: verdicts set on this page */\n"
	"var storeKey = 'lockers-triage:' + data.tree;\n"
	"\n"
	"/* Tabs and newlines are not allowed in a triage field (docs/triage.md). */\n"
	"function field(s) { return String(s == null ? '' : s).replace(/[\\t\\r\\n]/g, ' '); }\n"
	"function current(f) {\n"
	"  var s = state[f.id];\n"
	"  if (s) return { v: s.v, why: s.why };\n"
	"  return f.verdict ? { v: f.verdict, why: f.why || '' } : null;\n"
	"}\n"
	"function load() {\n"
	"  var saved = {};\n"
	"  try { saved = JSON.parse(localStorage.getItem(storeKey) || '{}') || {}; } catch (e) { saved = {}; }\n"
	"  F.forEach(function (f) {\n"
	"    var s = saved[f.id];\n"
	"    /* Only while the report still has the verdict it had when this was set. */\n"
	"    if (s && typeof s.v === 'string' && s.was === (f.verdict || '')) state[f.id] = s;\n"
	"  });\n"
	"}\n"
	"function save() {\n"
	"  try { localStorage.setItem(storeKey, JSON.stringify(state)); } catch (e) { /* private mode */ }\n"
	"}\n"
	"function render(i) {\n"
	"  var f = F[i], sec = sections[i], c = current(f);\n"
	"  var badge = sec.querySelector('.verdict');\n"
	"  badge.textContent = c ? c.v + (c.why ? ': ' + c.why : '') + (state[f.id] ? ' (set here: export to keep)' : '') : 'none';\n"
	"  badge.className = 'verdict' + (c ? ' v-' + c.v : '');\n"
	"  sec.querySelectorAll('button[data-verdict]').forEach(function (b) {\n"
	"    b.setAttribute('aria-pressed', String(!!c && b.dataset.verdict === c.v));\n"
	"  });\n"
	"  sec.dataset.verdict = c ? c.v : 'none';\n"
	"}\n"
	"function matches(f, rule, dir, min, verdict) {\n"
	"  var c = current(f), v = c ? c.v : 'none';\n"
	"  if (rule && f.rule !== rule) return false;\n"
	"  if (dir && f.path.lastIndexOf(dir, 0) !== 0) return false;\n"
	"  if (min > 0 && f.score < min) return false;\n"
	"  if (verdict === 'open') return v === 'none' || v === 'bug';\n"
	"  return verdict === 'all' || v === verdict;\n"
	"}\n"
	"function applyFilters() {\n"
	"  var rule = $('f-rule').value, dir = $('f-dir').value.trim().replace(/^(\\.\\/)+/, '');\n"
	"  var min = parseInt($('f-score').value, 10), verdict = $('f-verdict').value, n = 0;\n"
	"  if (isNaN(min)) min = 0;\n"
	"  F.forEach(function (f, i) {\n"
	"    var show = matches(f, rule, dir, min, verdict);\n"
	"    sections[i].hidden = !show;\n"
	"    n += show;\n"
	"  });\n"
	"  $('shown').textContent = n + ' of ' + F.length + ' shown';\n"
	"  $('none-shown').hidden = n > 0 || F.length === 0;\n"
	"}\n"
	"function setVerdict(i, v) {\n"
	"  var f = F[i], sec = sections[i], err = sec.querySelector('.err');\n"
	"  var input = sec.querySelector('input.why'), why = field(input.value).trim();\n"
	"  err.textContent = '';\n"
	"  if (!v) {\n"
	"    delete state[f.id];\n"
	"    input.value = f.why || '';\n"
	"  } else if (!why) {\n"
	"    err.textContent = 'write why first (one line)';\n"
	"    input.focus();\n"
	"    return;\n"
	"  } else {\n"
	"    state[f.id] = { v: v, why: why, was: f.verdict || '' };\n"
	"    input.value = why;\n"
	"  }\n"
	"  save();\n"
	"  render(i);\n"
	"  applyFilters();\n"
	"}\n"
	"/* docs/triage.md: a # comment, then id verdict rule path function key why, sorted by id. */\n"
	"function triageText() {\n"
	"  var byId = {};\n"
	"  F.forEach(function (f) {\n"
	"    var c = current(f);\n"
	"    if (c) byId[f.id] = [f.id, c.v, f.rule, f.path, f.function, f.key, c.why].map(field).join('\\t');\n"
	"  });\n"
	"  var ids = Object.keys(byId).sort();\n"
	"  var lines = ['# lockers triage file exported from the HTML report of ' + field(data.tree) +\n"
	"               ': id verdict rule path function key why, tab-separated, sorted by id'];\n"
	"  ids.forEach(function (id) { lines.push(byId[id]); });\n"
	"  return { text: lines.join('\\n') + '\\n', count: ids.length };\n"
	"}\n"
	"function exportTriage() {\n"
	"  var t = triageText();\n"
	"  var url = URL.createObjectURL(new Blob([t.text], { type: 'text/plain;charset=utf-8' }));\n"
	"  var a = document.createElement('a');\n"
	"  a.href = url;\n"
	"  a.download = 'lockers-triage.txt';\n"
	"  document.body.appendChild(a);\n"
	"  a.click();\n"
	"  a.remove();\n"
	"  setTimeout(function () { URL.revokeObjectURL(url); }, 10000);\n"
	"  $('export-status').textContent = t.count + ' verdicts exported to lockers-triage.txt: '\n"
	"    + 'merge them with lockers triage import';\n"
	"}\n"
	"function fillDirs() {\n"
	"  var seen = {}, list = $('dirs');\n"
	"  F.forEach(function (f) {\n"
	"    var parts = f.path.split('/');\n"
	"    for (var k = 1; k < parts.length; k++) seen[parts.slice(0, k).join('/') + '/'] = true;\n"
	"  });\n"
	"  Object.keys(seen).sort().slice(0, 5000).forEach(function (d) {\n"
	"    var o = document.createElement('option');\n"
	"    o.value = d;\n"
	"    list.appendChild(o);\n"
	"  });\n"
	"}\n"
	"\n"
	"load();\n"
	"F.forEach(function (f, i) {\n"
	"  render(i);\n"
	"  if (state[f.id]) sections[i].querySelector('input.why').value = state[f.id].why;\n"
	"});\n"
	"fillDirs();\n"
	"['f-rule', 'f-dir', 'f-score', 'f-verdict'].forEach(function (id) {\n"
	"  $(id).addEventListener('input', applyFilters);\n"
	"  $(id).addEventListener('change', applyFilters);\n"
	"});\n"
	"document.querySelector('main').addEventListener('click', function (ev) {\n"
	"  var b = ev.target.closest('button[data-verdict]');\n"
	"  if (b) setVerdict(parseInt(b.closest('section.finding').dataset.i, 10), b.dataset.verdict);\n"
	"});\n"
	"$('export').addEventListener('click', exportTriage);\n"
	"applyFilters();\n"
	"document.body.dataset.ready = '1';\n"
	"})();\n";

int report_html_write(const char *path, const struct scan_result *res, char *err, size_t errlen)
{
	struct strbuf body = STRBUF_INIT, page = STRBUF_INIT;
	char nonce[17];
	const char *slash = strrchr(path, '/');
	char *fixes_dir = slash ? xasprintf("%.*s/fixes", (int)(slash - path), path) : xstrdup("fixes");
	int rc;

	strbuf_addstr(&body, "<body>\n");
	page_header(&body, res);
	page_findings(&body, res, fixes_dir);
	free(fixes_dir);
	page_rules(&body, res);
	page_data(&body, res);
	/*
	 * The script's nonce is a hash of everything before it: deterministic
	 * (the same scan gives the same page), and markup smuggled into the
	 * page could not know it in advance.
	 */
	hash_hex(hash_bytes(body.buf, body.len), nonce);
	page_head(&page, res, nonce);
	strbuf_add(&page, body.buf, body.len);
	strbuf_addf(&page, "<script nonce=\"%s\">\n", nonce);
	strbuf_addstr(&page, page_js);
	strbuf_addstr(&page, "</script>\n</body>\n</html>\n");

	rc = write_file_atomic(path, page.buf, page.len);
	if (rc)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	strbuf_release(&body);
	strbuf_release(&page);
	return rc;
}
