#include "out/savedscan.h"
#include "out/report.h"
#include "scan/scan-result.h"
#include "lib/util.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static const char *str_of(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int read_finding(json_t *o, struct finding **out)
{
	const char *rule = str_of(o, "rule"), *path = str_of(o, "path"), *id = str_of(o, "id");
	const char *function = str_of(o, "function"), *key = str_of(o, "key");
	const char *message = str_of(o, "message");
	json_t *line = json_object_get(o, "line"), *col = json_object_get(o, "column");
	json_t *score = json_object_get(o, "score");

	if (!rule || !path || !id || strlen(id) != 12 || !function || !key || !message ||
	    !json_is_integer(line) || !json_is_integer(col) || !json_is_integer(score))
		return -1;
	struct finding *f = finding_new();
	f->rule = xstrdup(rule);
	f->path = report_json_unpath(path);
	f->function = xstrdup(function);
	f->key = xstrdup(key);
	f->message = xstrdup(message);
	f->line = (unsigned)json_integer_value(line);
	f->col = (unsigned)json_integer_value(col);
	f->score = (int)json_integer_value(score);
	memcpy(f->id, id, 13);
	if (str_of(o, "verdict")) {
		f->verdict = xstrdup(str_of(o, "verdict"));
		f->verdict_why = xstrdup(str_of(o, "verdict_why") ? str_of(o, "verdict_why") : "");
	}
	const char *name;
	json_t *v;
	json_object_foreach(json_object_get(o, "evidence"), name, v)
		if (json_is_string(v))
			finding_add_evidence(f, name, json_string_value(v));
	size_t i;
	json_array_foreach(json_object_get(o, "reasons"), i, v) {
		json_t *pts = json_object_get(v, "points");
		const char *why = str_of(v, "why");
		if (json_is_integer(pts) && why)
			finding_add_reason(f, (int)json_integer_value(pts), why);
	}
	*out = f;
	return 0;
}

int saved_scan_read(const char *path, struct scan_result *res, char *err, size_t errlen)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	size_t i;
	json_t *v;

	memset(res, 0, sizeof(*res));
	if (!root) {
		snprintf(err, errlen, "cannot read scan report %s: %s (line %d)", path, je.text, je.line);
		return -1;
	}
	const char *tree = str_of(root, "tree");
	if (!tree || !json_is_array(json_object_get(root, "findings")) ||
	    strcmp(str_of(root, "tool") ? str_of(root, "tool") : "", "lockers")) {
		snprintf(err, errlen, "%s is not a lockers report", path);
		json_decref(root);
		return -1;
	}
	res->tree.root = report_json_unpath(tree);
	json_t *rules = json_object_get(root, "rules");
	res->rules.v = xcalloc(json_array_size(rules) + 1, sizeof(*res->rules.v));
	json_array_foreach(rules, i, v) {
		struct rule *r = &res->rules.v[res->rules.nr++];
		r->name = xstrdup(str_of(v, "name") ? str_of(v, "name") : "?");
		r->confidence = xstrdup(str_of(v, "confidence") ? str_of(v, "confidence") : "?");
		r->summary = xstrdup(str_of(v, "summary") ? str_of(v, "summary") : "");
		r->doc = xstrdup(str_of(v, "doc") ? str_of(v, "doc") : "");
	}
	res->candidates = xcalloc(res->rules.nr + 1, sizeof(*res->candidates));
	json_array_foreach(json_object_get(root, "findings"), i, v) {
		struct finding *f;
		if (read_finding(v, &f)) {
			snprintf(err, errlen, "%s: finding %zu is malformed", path, i);
			json_decref(root);
			scan_result_release(res);
			return -1;
		}
		finding_list_add(&res->findings, f);
	}
	json_t *summary = json_object_get(root, "summary");
	res->interrupted = json_is_true(json_object_get(summary, "partial"));
	json_decref(root);
	return 0;
}
