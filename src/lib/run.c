#include "lib/run.h"
#include "lib/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int run_spawn(const char *const *argv, const char *cwd, char *const *envp, int own_group,
	      pid_t *pid, int fd[2])
{
	int po[2], pe[2], rc;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;

	if (pipe2(po, O_CLOEXEC))
		return errno;
	if (pipe2(pe, O_CLOEXEC)) {
		rc = errno;
		close(po[0]);
		close(po[1]);
		return rc;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	if (own_group) {
		sigset_t none, dfl;
		posix_spawnattr_init(&attr);
		sigemptyset(&none);
		sigemptyset(&dfl);
		sigaddset(&dfl, SIGINT);
		sigaddset(&dfl, SIGTERM);
		sigaddset(&dfl, SIGPIPE);
		posix_spawnattr_setsigmask(&attr, &none);
		posix_spawnattr_setsigdefault(&attr, &dfl);
		posix_spawnattr_setpgroup(&attr, 0);	/* own group: killed whole */
		posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
						POSIX_SPAWN_SETPGROUP);
	}
	rc = posix_spawnp(pid, argv[0], &fa, own_group ? &attr : NULL, (char *const *)argv,
			  envp ? envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	if (own_group)
		posix_spawnattr_destroy(&attr);
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
