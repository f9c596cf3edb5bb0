/*
 * A generic parallel runner, after git's run_processes_parallel(): up to
 * `jobs` children at a time, each started (run_spawn(), in a process group
 * of its own) from what the caller's next_task callback gives, its stdout
 * and stderr handed back line by line, its end reported with its status and
 * resource use. It knows nothing of what the children are (spatch.c is the
 * one user). It kills a child that shows no progress for idle_timeout
 * seconds, and every child on SIGINT or SIGTERM.
 */
#ifndef LOCKERS_POOL_H
#define LOCKERS_POOL_H

#include <stddef.h>

#include "lib/strvec.h"

struct rusage;

/* What next_task fills in for one child. */
struct pool_child {
	struct strvec argv;	/* argv[0] is searched on PATH */
	const char *cwd;	/* or NULL: ours */
	void *task;		/* the caller's, handed back to every callback */
};

/* How a child ended. */
struct pool_exit {
	int status;		/* from wait4(); 0 when it could not be had */
	int killed;		/* by the pool: no progress for idle_timeout seconds */
	int interrupted;	/* stopped by SIGINT/SIGTERM or an error: status means nothing */
	const struct rusage *ru;	/* its resource use, or NULL (interrupted, unknown) */
};

struct pool_options {
	int jobs;
	double idle_timeout;	/* seconds without progress before a child is killed */
	char *const *envp;	/* the children's environment, or NULL: ours */
	void *ctx;		/* handed to every callback */
	/*
	 * The next task: 1 with *child filled in, 0 when there is none now
	 * (task_finished may add some), or a negated errno value when it could
	 * not be prepared (child->task set; start_failure follows).
	 */
	int (*next_task)(void *ctx, struct pool_child *child);
	/* The task could not start (errnum); nonzero stops the pool (it returns -1). */
	int (*start_failure)(void *ctx, void *task, int errnum);
	/*
	 * A line (NUL-terminated, without its newline) of the child's stdout
	 * (fd 1) or stderr (fd 2). Returns 1 when it shows the task making
	 * progress: the child's idle clock starts again.
	 */
	int (*output_line)(void *ctx, void *task, int fd, char *line, size_t len);
	/* The child is gone and its output read: the task is the caller's again. */
	void (*task_finished)(void *ctx, void *task, const struct pool_exit *ex);
	/* Optional: at most every 0.25 s, and once more at the end with final set. */
	void (*progress)(void *ctx, size_t running, int final);
};

/*
 * Run tasks until next_task has none and no child is left. Returns 0, 1 when
 * interrupted by SIGINT or SIGTERM (children are killed and reaped, and
 * their output read), or -1 with err set (a start failure the caller chose
 * to stop on, in err as the caller left it; or a poll error).
 */
int pool_run(const struct pool_options *o, char *err, size_t errlen);

/* Set by the signal handler the pool installs; readable by callers. */
extern volatile int pool_interrupted;

#endif
