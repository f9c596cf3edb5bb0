/* libFuzzer: the learned rule costs (src/scan/rulecost.c), which only order work. */
#include "scan/spatch.h"
#include "scan/rulecost.h"
#include "scan/rules.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *path;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rule rv[3] = { { .name = "cheap" }, { .name = "dear" }, { .name = "rcu-escape" } };
	struct rule_set rs = { .dir = "", .v = rv, .nr = 3 };
	struct tree_file files[2] = { { .path = "a.c", .size = 1000 }, { .path = "b.c", .size = 5000000 } };
	struct tree t = { .root = "/", .v = files, .nr = 2 };
	size_t f0[] = { 0 }, f1[] = { 1 }, f01[] = { 0, 1 };
	struct spatch_task tasks[3] = { { 0, f0, 1 }, { 1, f1, 1 }, { 2, f01, 2 } };
	struct rule_costs rc;

	if (!path)
		path = xasprintf("/tmp/lockers-fuzz-rulecost.%ld", (long)getpid());
	write_file_replace(path, data, size, 0);
	rulecost_load(&rc, path, &rs);
	for (size_t r = 0; r < rc.nr; r++)
		if (!(rc.per_mib[r] >= 0 && rc.per_mib[r] < 1e6) || !(rc.weight_mib[r] >= 0 && rc.weight_mib[r] <= 64))
			abort();	/* a value the loader should have refused */
	rulecost_sort_tasks(&rc, &t, tasks, 3);
	double cpu[3] = { 1.0, 0.0, 2.0 };
	rulecost_learn(&rc, cpu);
	rulecost_save(&rc, path, &rs);
	rulecost_release(&rc);
	return 0;
}
