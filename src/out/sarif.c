/* SARIF 2.1.0 for code-scanning services: one run, lockers' rules, results. */
#include "out/report.h"
#include "scan/scan-result.h"
#include "facts/score.h"
#include "lib/buildinfo.h"
#include "lib/util.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *level_for(int score, int fail_on)
{
	if (score >= fail_on)
		return "error";
	return score >= SCORE_INTENDED ? "warning" : "note";
}

static json_t *rules_json(const struct rule_set *rs)
{
	json_t *rules = json_array();

	for (size_t i = 0; i < rs->nr; i++) {
		const struct rule *r = &rs->v[i];
		json_t *o = json_object(), *props = json_object();
		json_t *sd = json_object(), *fd = json_object();
		json_object_set_new(o, "id", json_string(r->name));
		json_object_set_new(sd, "text", json_string(r->summary && *r->summary ? r->summary : r->name));
		json_object_set_new(o, "shortDescription", sd);
		json_object_set_new(fd, "text", json_string(r->doc && *r->doc ? r->doc : r->name));
		json_object_set_new(o, "fullDescription", fd);
		json_object_set_new(props, "confidence", json_string(r->confidence ? r->confidence : ""));
		json_object_set_new(o, "properties", props);
		json_array_append_new(rules, o);
	}
	return rules;
}

static long rule_index(const struct rule_set *rs, const char *name)
{
	for (size_t i = 0; i < rs->nr; i++)
		if (!strcmp(rs->v[i].name, name))
			return (long)i;
	return -1;
}

static json_t *result_json(const struct sarif_result *sr, const struct rule_set *rs, int fail_on)
{
	const struct finding *f = sr->f;
	json_t *o = json_object(), *msg = json_object(), *loc = json_object();
	json_t *phys = json_object(), *art = json_object(), *region = json_object();
	json_t *fp = json_object(), *props = json_object(), *reasons = json_array();
	long ri = rule_index(rs, f->rule);

	json_object_set_new(o, "ruleId", json_string(f->rule));
	if (ri >= 0)
		json_object_set_new(o, "ruleIndex", json_integer(ri));
	json_object_set_new(o, "level", json_string(level_for(f->score, fail_on)));
	json_object_set_new(o, "rank", json_real((double)f->score));
	if (sr->introduced_by) {
		char *text = xasprintf("%s (introduced by: %s)", f->message, sr->introduced_by);
		json_object_set_new(msg, "text", json_string(text));
		json_object_set_new(props, "introducedBy", json_string(sr->introduced_by));
		free(text);
	} else {
		json_object_set_new(msg, "text", json_string(f->message));
	}
	json_object_set_new(o, "message", msg);
	json_object_set_new(art, "uri", report_json_path(f->path));
	json_object_set_new(art, "uriBaseId", json_string("SRCROOT"));
	json_object_set_new(phys, "artifactLocation", art);
	json_object_set_new(region, "startLine", json_integer(f->line));
	json_object_set_new(region, "startColumn", json_integer(f->col));
	json_object_set_new(phys, "region", region);
	json_object_set_new(loc, "physicalLocation", phys);
	json_t *locs = json_array();
	json_array_append_new(locs, loc);
	json_object_set_new(o, "locations", locs);
	json_object_set_new(fp, "lockers/v1", json_string(f->id));
	json_object_set_new(o, "partialFingerprints", fp);
	if (sr->baseline)
		json_object_set_new(o, "baselineState", json_string(sr->baseline));
	if (f->verdict && strcmp(f->verdict, "bug")) {
		json_t *sup = json_object(), *sups = json_array();
		json_object_set_new(sup, "kind", json_string("external"));
		json_object_set_new(sup, "status", json_string("accepted"));
		char *why = xasprintf("%s: %s", f->verdict, f->verdict_why ? f->verdict_why : "");
		json_object_set_new(sup, "justification", json_string(why));
		free(why);
		json_array_append_new(sups, sup);
		json_object_set_new(o, "suppressions", sups);
	}
	json_object_set_new(props, "score", json_integer(f->score));
	json_object_set_new(props, "function", json_string(f->function));
	json_object_set_new(props, "key", json_string(f->key));
	for (size_t i = 0; i < f->nreasons; i++) {
		char *r = xasprintf("%+d %s", f->reasons[i].points, f->reasons[i].why);
		json_array_append_new(reasons, json_string(r));
		free(r);
	}
	json_object_set_new(props, "reasons", reasons);
	json_object_set_new(o, "properties", props);
	return o;
}

int report_sarif_write(const char *path, const char *root, const struct rule_set *rs,
		       const struct sarif_result *v, size_t n, int fail_on)
{
	json_t *doc = json_object(), *runs = json_array(), *run = json_object();
	json_t *tool = json_object(), *driver = json_object(), *results = json_array();
	json_t *bases = json_object(), *srcroot = json_object();

	json_object_set_new(doc, "$schema", json_string(SARIF_SCHEMA));
	json_object_set_new(doc, "version", json_string("2.1.0"));
	json_object_set_new(driver, "name", json_string("lockers"));
	json_object_set_new(driver, "version", json_string(lockers_version));
	json_object_set_new(driver, "informationUri",
			    json_string("https://lwn.net/Articles/453685/"));
	json_object_set_new(driver, "rules", rules_json(rs));
	json_object_set_new(tool, "driver", driver);
	json_object_set_new(run, "tool", tool);
	char *uri = xasprintf("file://%s%s", root, ends_with(root, "/") ? "" : "/");
	json_object_set_new(srcroot, "uri", json_string(uri));
	free(uri);
	json_object_set_new(bases, "SRCROOT", srcroot);
	json_object_set_new(run, "originalUriBaseIds", bases);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(results, result_json(&v[i], rs, fail_on));
	json_object_set_new(run, "results", results);
	json_array_append_new(runs, run);
	json_object_set_new(doc, "runs", runs);
	int rc = report_json_dump(path, doc);
	json_decref(doc);
	return rc;
}
