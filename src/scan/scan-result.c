/* Counting and freeing what a scan leaves (scan-result.h). */
#include "scan/scan-result.h"

#include <stdlib.h>
#include <string.h>

size_t scan_count_failures(const struct scan_result *res, enum file_status st)
{
	size_t n = 0;

	for (size_t i = 0; i < res->nfailures; i++)
		n += res->failures[i].status == st;
	return n;
}

size_t scan_count_findings(const struct scan_result *res, const char *rule)
{
	size_t n = 0;

	for (size_t i = 0; i < res->findings.nr; i++)
		n += !strcmp(res->findings.v[i]->rule, rule);
	return n;
}

void scan_result_release(struct scan_result *res)
{
	finding_list_clear(&res->findings);
	for (size_t i = 0; i < res->nfailures; i++) {
		free(res->failures[i].path);
		free(res->failures[i].detail);
	}
	free(res->failures);
	free(res->candidates);
	free(res->rule_cpu);
	free(res->scope_kept);
	free(res->scope_blanked);
	coverage_release(&res->coverage);
	strvec_clear(&res->record_errors);
	strvec_clear(&res->stale_verdicts);
	tree_release(&res->tree);
	rules_release(&res->rules);
	memset(res, 0, sizeof(*res));
}
