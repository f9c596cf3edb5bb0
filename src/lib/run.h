/*
 * Starting child processes: the one spawn-with-pipes of lockers (the
 * parallel runner in pool.c starts its children here too), a helper that
 * runs a short program (git, spatch --version) to completion, and a fork
 * that runs a function of lockers beside the parent.
 */
#ifndef LOCKERS_RUN_H
#define LOCKERS_RUN_H

#include <sys/types.h>

struct strbuf;

/*
 * Start argv[0] (searched on PATH) with argv in cwd (NULL: ours) and envp
 * (NULL: ours), stdin from /dev/null, stdout and stderr into two pipes whose
 * read ends (close-on-exec, blocking) come back in fd[0] and fd[1]. With
 * own_group the child leads a process group of its own, so that it can be
 * killed whole, is killed when lockers dies, and starts with no signal
 * blocked and SIGINT, SIGTERM and SIGPIPE at their defaults. Returns 0, or an errno value (nothing is left
 * open).
 */
int run_spawn(const char *const *argv, const char *cwd, char *const *envp, int own_group,
	      pid_t *pid, int fd[2]);

/*
 * Run argv[0] (searched on PATH) with argv in cwd (NULL: ours), stdin from
 * /dev/null, appending stdout to out and stderr to errout (either may be
 * NULL to discard). Returns the exit status, 128+N for a signal, or -1 with
 * errno set when it cannot be started.
 */
int run_capture(const char *const *argv, const char *cwd, struct strbuf *out, struct strbuf *errout);

/*
 * Run fn(arg, fd) in a forked child, killed when lockers dies, which writes
 * its report to fd and exits with fn's return; the parent gets the pipe's
 * read end in *fd. For work beside the parent's that needs no program: the
 * tree's indexes while the parent prefilters. Returns 0, or an errno value.
 */
int run_fork(int (*fn)(void *arg, int fd), void *arg, pid_t *pid, int *fd);

/* Read the len bytes of the report of run_fork()'s child into buf, close fd
 * and reap the child: 0, or -1 when the report came short (it died). */
int run_fork_finish(pid_t pid, int fd, void *buf, size_t len);

#endif
