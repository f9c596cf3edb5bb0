#include "lib/run.h"
#include "lib/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/*
 * The child of an own-group spawn: a process group of its own, killed when
 * lockers dies (PR_SET_PDEATHSIG: a SIGKILLed scan must not leave spatch
 * children running for their whole batch), default signals. posix_spawn
 * cannot set the death signal, hence fork. Only async-signal-safe calls;
 * an exec failure goes back through err as an errno value.
 */
static void exec_owned(const char *const *argv, const char *cwd, char *const *envp, pid_t parent,
		       int out, int errfd, int err)
{
	sigset_t none;
	int e, in = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)	/* lockers died before the prctl */
		_exit(127);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0 || (cwd && chdir(cwd)))
		goto fail;
	execvpe(argv[0], (char *const *)argv, envp ? envp : environ);
fail:
	e = errno;
	if (write(err, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

static int spawn_owned(const char *const *argv, const char *cwd, char *const *envp, pid_t *pid,
		       int out, int errfd)
{
	int ep[2], e = 0;
	pid_t parent = getpid();

	if (pipe2(ep, O_CLOEXEC))
		return errno;
	*pid = fork();
	if (*pid < 0) {
		e = errno;
		close(ep[0]);
		close(ep[1]);
		return e;
	}
	if (!*pid)
		exec_owned(argv, cwd, envp, parent, out, errfd, ep[1]);
	close(ep[1]);
	ssize_t n;
	while ((n = read(ep[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(ep[0]);
	if (n == (ssize_t)sizeof(e)) {	/* exec failed: reap the child */
		while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
			;
		return e;
	}
	return 0;
}

int run_spawn(const char *const *argv, const char *cwd, char *const *envp, int own_group,
	      pid_t *pid, int fd[2])
{
	int po[2], pe[2], rc;
	posix_spawn_file_actions_t fa;

	if (pipe2(po, O_CLOEXEC))
		return errno;
	if (pipe2(pe, O_CLOEXEC)) {
		rc = errno;
		close(po[0]);
		close(po[1]);
		return rc;
	}
	if (own_group) {
		rc = spawn_owned(argv, cwd, envp, pid, po[1], pe[1]);
	} else {
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, po[1], 1);
		posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
		if (cwd)
			posix_spawn_file_actions_addchdir_np(&fa, cwd);
		rc = posix_spawnp(pid, argv[0], &fa, NULL, (char *const *)argv, envp ? envp : environ);
		posix_spawn_file_actions_destroy(&fa);
	}
	close(po[1]);
	close(pe[1]);
	if (rc) {
		close(po[0]);
		close(pe[0]);
		return rc;
	}
	fd[0] = po[0];
	fd[1] = pe[0];
	return 0;
}

int run_capture(const char *const *argv, const char *cwd, struct strbuf *out, struct strbuf *errout)
{
	pid_t pid;
	int fd[2];
	int rc = run_spawn(argv, cwd, NULL, 0, &pid, fd);

	if (rc) {
		errno = rc;
		return -1;
	}
	struct pollfd pfd[2] = { { fd[0], POLLIN, 0 }, { fd[1], POLLIN, 0 } };
	struct strbuf *dst[2] = { out, errout };
	int open_fds = 2;
	char buf[65536];
	while (open_fds) {
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 || !pfd[i].revents)
				continue;
			ssize_t n = read(pfd[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(pfd[i].fd);
				pfd[i].fd = -1;
				open_fds--;
				continue;
			}
			if (dst[i])
				strbuf_add(dst[i], buf, (size_t)n);
		}
	}
	for (int i = 0; i < 2; i++)
		if (pfd[i].fd >= 0)
			close(pfd[i].fd);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int run_fork(int (*fn)(void *arg, int fd), void *arg, pid_t *pid, int *fd)
{
	int p[2], e;
	pid_t parent = getpid();

	if (pipe2(p, O_CLOEXEC))
		return errno;
	fflush(NULL);	/* nothing buffered is written twice */
	*pid = fork();
	if (*pid < 0) {
		e = errno;
		close(p[0]);
		close(p[1]);
		return e;
	}
	if (!*pid) {
		close(p[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)	/* lockers died before the prctl */
			_exit(127);
		_exit(fn(arg, p[1]));
	}
	close(p[1]);
	*fd = p[0];
	return 0;
}

int run_fork_finish(pid_t pid, int fd, void *buf, size_t len)
{
	size_t got = 0;
	int status;

	while (got < len) {
		ssize_t n = read(fd, (char *)buf + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return got == len ? 0 : -1;
}
