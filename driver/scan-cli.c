/* The scan options check, gate and fix share (scan-cli.h). */
#include "scan-cli.h"
#include "facts/triage.h"
#include "lib/util.h"

#include <stdlib.h>
#include <unistd.h>

void scan_cli_init(struct scan_cli *c, struct scan_options *so)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	*c = (struct scan_cli){ .so = so };
	so->jobs = ncpu > 0 ? (int)ncpu : 1;
	so->timeout = 120;
	so->spatch = "spatch";
}

void scan_cli_finish(struct scan_cli *c)
{
	if (!c->so->rules_dir)
		c->so->rules_dir = c->rules_dir = rules_default_dir();
}

int scan_cli_read_triage(const struct scan_cli *c, const char *tree, struct triage *t)
{
	char err[1024];
	char *path = c->triage_path ? xstrdup(c->triage_path) : triage_default_path(tree);
	int rc = triage_read(t, path, err, sizeof(err));

	free(path);
	if (rc)
		error_msg("%s (the file was left as it was)", err);
	return rc;
}

void scan_cli_release(struct scan_cli *c)
{
	free(c->rules_dir);
	c->rules_dir = NULL;
}
