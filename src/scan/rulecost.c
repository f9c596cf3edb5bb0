#include "scan/rulecost.h"
#include "scan/spatch.h"
#include "scan/rules.h"
#include "lib/strbuf.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COSTS_FORMAT "lockers-rule-costs 1\n"
/* One spatch start (interpreter, rule parsing), in seconds: a batch of small
 * files is not free. Measured: a trivial rule on one file takes 0.18 s. */
#define START_SECONDS 0.2
/* Later scans move the estimate, earlier ones keep a say up to this much input. */
#define MAX_WEIGHT_MIB 64.0

void rulecost_load(struct rule_costs *rc, const char *path, const struct rule_set *rs)
{
	struct strbuf sb = STRBUF_INIT;

	rc->nr = rs->nr;
	rc->per_mib = xcalloc(rs->nr + 1, sizeof(*rc->per_mib));
	rc->weight_mib = xcalloc(rs->nr + 1, sizeof(*rc->weight_mib));
	rc->scheduled_mib = xcalloc(rs->nr + 1, sizeof(*rc->scheduled_mib));
	rc->others = (struct strvec)STRVEC_INIT;
	if (!path || strbuf_read_file(&sb, path) || !starts_with(sb.buf, COSTS_FORMAT)) {
		strbuf_release(&sb);
		return;
	}
	char *save = NULL;
	for (char *line = strtok_r(sb.buf + strlen(COSTS_FORMAT), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char name[256];
		double per, weight;
		if (sscanf(line, "%255s %lf %lf", name, &per, &weight) != 3 || !(per > 0 && per < 1e6) ||
		    !(weight > 0 && weight <= MAX_WEIGHT_MIB))
			continue;	/* a damaged line only loses its estimate */
		const struct rule *r = rules_find(rs, name);
		if (!r) {
			strvec_push(&rc->others, line);	/* learned by a scan with other -r */
			continue;
		}
		rc->per_mib[r - rs->v] = per;
		rc->weight_mib[r - rs->v] = weight;
	}
	strbuf_release(&sb);
}

static double task_mib(const struct tree *t, const struct spatch_task *task)
{
	double bytes = 0;

	for (size_t i = 0; i < task->nfiles; i++)
		bytes += (double)t->v[task->files[i]].size;
	return bytes / (1024.0 * 1024.0);
}

struct costed {
	double seconds;
	size_t order;
	struct spatch_task task;
};

static int cmp_costed(const void *a, const void *b)
{
	const struct costed *x = a, *y = b;

	if (x->seconds != y->seconds)
		return x->seconds < y->seconds ? 1 : -1;
	return (x->order > y->order) - (x->order < y->order);
}

void rulecost_sort_tasks(struct rule_costs *rc, const struct tree *t,
			 struct spatch_task *tasks, size_t ntasks)
{
	double known = 0, fallback = 1.0;
	size_t nknown = 0;

	for (size_t r = 0; r < rc->nr; r++)
		if (rc->per_mib[r] > 0) {
			known += rc->per_mib[r];
			nknown++;
		}
	if (nknown)
		fallback = known / (double)nknown;	/* a new rule: an average one */
	struct costed *c = xmalloc((ntasks + 1) * sizeof(*c));
	for (size_t i = 0; i < ntasks; i++) {
		size_t r = tasks[i].rule;
		double per = rc->per_mib[r] > 0 ? rc->per_mib[r] : fallback;
		double mib = task_mib(t, &tasks[i]);
		rc->scheduled_mib[r] += mib;
		c[i].seconds = START_SECONDS + per * mib;
		c[i].order = i;
		c[i].task = tasks[i];
	}
	qsort(c, ntasks, sizeof(*c), cmp_costed);
	for (size_t i = 0; i < ntasks; i++)
		tasks[i] = c[i].task;
	free(c);
}

void rulecost_learn(struct rule_costs *rc, const double *cpu)
{
	const double *mib = rc->scheduled_mib;

	for (size_t r = 0; r < rc->nr; r++) {
		if (!(mib[r] > 0) || !(cpu[r] > 0))
			continue;
		double per = cpu[r] / mib[r], w = mib[r] > MAX_WEIGHT_MIB ? MAX_WEIGHT_MIB : mib[r];
		double old = rc->weight_mib[r];
		rc->per_mib[r] = (rc->per_mib[r] * old + per * w) / (old + w);
		rc->weight_mib[r] = old + w > MAX_WEIGHT_MIB ? MAX_WEIGHT_MIB : old + w;
	}
}

int rulecost_save(const struct rule_costs *rc, const char *path, const struct rule_set *rs)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, COSTS_FORMAT);
	for (size_t r = 0; r < rc->nr; r++)
		if (rc->per_mib[r] > 0)
			strbuf_addf(&sb, "%s %.6f %.6f\n", rs->v[r].name, rc->per_mib[r], rc->weight_mib[r]);
	for (size_t i = 0; i < rc->others.nr; i++)
		strbuf_addf(&sb, "%s\n", rc->others.v[i]);
	int rc_write = write_file_atomic(path, sb.buf, sb.len);
	strbuf_release(&sb);
	return rc_write;
}

void rulecost_release(struct rule_costs *rc)
{
	free(rc->per_mib);
	free(rc->weight_mib);
	free(rc->scheduled_mib);
	rc->per_mib = rc->weight_mib = rc->scheduled_mib = NULL;
	strvec_clear(&rc->others);
	rc->nr = 0;
}
