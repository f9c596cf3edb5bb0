#include "lib/pool.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

volatile int pool_interrupted;

struct slot {
	void *task;
	pid_t pid;
	int fd[2];			/* stdout, stderr; -1 once closed */
	struct strbuf partial[2];	/* an unfinished line from each */
	double progressed;		/* when the task last made progress */
	int killed;			/* by us, for the idle timeout */
};

struct pool {
	const struct pool_options *o;
	struct slot *slots;
	size_t nactive;
	double last_progress;
};

static void on_signal(int sig)
{
	(void)sig;
	pool_interrupted = 1;
}

/* Read what fd `which` of the slot has, handing complete lines over. */
static void drain(struct pool *p, struct slot *s, int which)
{
	char buf[65536];

	for (;;) {
		ssize_t n = read(s->fd[which], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			close(s->fd[which]);
			s->fd[which] = -1;
			n = 0;
		}
		struct strbuf *sb = &s->partial[which];
		strbuf_add(sb, buf, (size_t)n);
		size_t start = 0;
		for (size_t i = 0; i < sb->len; i++) {
			if (sb->buf[i] != '\n' && !(n == 0 && i + 1 == sb->len))
				continue;
			size_t end = sb->buf[i] == '\n' ? i : i + 1;
			sb->buf[end] = '\0';
			if (p->o->output_line(p->o->ctx, s->task, which + 1, sb->buf + start, end - start))
				s->progressed = now_seconds();
			start = i + 1;
		}
		if (start) {
			memmove(sb->buf, sb->buf + start, sb->len - start);
			sb->len -= start;
			sb->buf[sb->len] = '\0';
		}
		if (n == 0)
			return;
	}
}

/* Start the child; 0, or an errno value. */
static int start(struct slot *s, const struct pool_options *o, struct pool_child *c)
{
	memset(s, 0, sizeof(*s));
	s->task = c->task;
	s->fd[0] = s->fd[1] = -1;
	strbuf_init(&s->partial[0], 0);
	strbuf_init(&s->partial[1], 0);
	int rc = run_spawn((const char *const *)c->argv.v, c->cwd, o->envp, 1, &s->pid, s->fd);
	if (rc)
		return rc;
	fcntl(s->fd[0], F_SETFL, O_NONBLOCK);
	fcntl(s->fd[1], F_SETFL, O_NONBLOCK);
	s->progressed = now_seconds();
	return 0;
}

static void release_slot(struct slot *s)
{
	for (int i = 0; i < 2; i++) {
		if (s->fd[i] >= 0)
			close(s->fd[i]);
		strbuf_release(&s->partial[i]);
	}
}

/* Stop every child (SIGTERM, SIGKILL after 3 s), read what they wrote, hand their tasks back. */
static void kill_all(struct pool *p)
{
	for (size_t i = 0; i < p->nactive; i++)
		kill(-p->slots[i].pid, SIGTERM);
	double until = now_seconds() + 3;
	for (size_t i = 0; i < p->nactive; i++) {
		struct slot *s = &p->slots[i];
		struct pool_exit ex = { 0, s->killed, 1, NULL };
		while (waitpid(s->pid, &ex.status, WNOHANG) == 0) {
			if (now_seconds() > until) {
				kill(-s->pid, SIGKILL);
				waitpid(s->pid, &ex.status, 0);
				break;
			}
			usleep(20000);
		}
		for (int w = 0; w < 2; w++)
			if (s->fd[w] >= 0)
				drain(p, s, w);
		p->o->task_finished(p->o->ctx, s->task, &ex);
		release_slot(s);
	}
	p->nactive = 0;
}

static void progress(struct pool *p, int final)
{
	double now = now_seconds();

	if (!p->o->progress || (!final && now - p->last_progress < 0.25))
		return;
	p->last_progress = now;
	p->o->progress(p->o->ctx, p->nactive, final);
}

/* Fill the free slots; 0, or -1 when a start failure stops the pool. */
static int start_tasks(struct pool *p, int jobs)
{
	while (p->nactive < (size_t)jobs) {
		struct pool_child c = { STRVEC_INIT, NULL, NULL };
		int rc = p->o->next_task(p->o->ctx, &c);
		if (rc == 0) {
			strvec_clear(&c.argv);
			break;
		}
		struct slot *s = &p->slots[p->nactive];
		int e = rc < 0 ? -rc : start(s, p->o, &c);
		strvec_clear(&c.argv);
		if (!e) {
			p->nactive++;
			continue;
		}
		if (rc > 0)
			release_slot(s);
		if (p->o->start_failure(p->o->ctx, c.task, e))
			return -1;
	}
	return 0;
}

/* Reap the children whose output is all read; kill those past the idle timeout. */
static void reap(struct pool *p)
{
	double now = now_seconds();

	for (size_t i = 0; i < p->nactive;) {
		struct slot *s = &p->slots[i];
		if (!s->killed && now - s->progressed > p->o->idle_timeout) {
			kill(-s->pid, SIGKILL);
			s->killed = 1;
		}
		if (s->fd[0] >= 0 || s->fd[1] >= 0) {
			i++;
			continue;
		}
		struct rusage ru;
		struct pool_exit ex = { 0, s->killed, 0, NULL };
		if (wait4(s->pid, &ex.status, 0, &ru) < 0)
			ex.status = 0;
		else
			ex.ru = &ru;
		p->o->task_finished(p->o->ctx, s->task, &ex);
		release_slot(s);
		p->slots[i] = p->slots[--p->nactive];
	}
}

int pool_run(const struct pool_options *o, char *err, size_t errlen)
{
	struct pool p = { .o = o };
	struct sigaction sa, old_int, old_term;
	int jobs = o->jobs > 0 ? o->jobs : 1;
	int rc = 0;

	p.slots = xcalloc((size_t)jobs, sizeof(*p.slots));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	for (int first = 1;; first = 0) {
		/* Nothing left to start and nothing running is the end, signal or not. */
		if (pool_interrupted && (first || p.nactive)) {
			kill_all(&p);
			rc = 1;
			break;
		}
		if (start_tasks(&p, jobs)) {
			kill_all(&p);
			rc = -1;
			goto out;
		}
		if (!p.nactive)
			break;
		if (pool_interrupted) {
			kill_all(&p);
			rc = 1;
			break;
		}

		struct pollfd pfd[2 * jobs];
		size_t owner[2 * jobs];
		int which[2 * jobs];
		nfds_t n = 0;
		for (size_t i = 0; i < p.nactive; i++) {
			for (int w = 0; w < 2; w++) {
				if (p.slots[i].fd[w] < 0)
					continue;
				pfd[n].fd = p.slots[i].fd[w];
				pfd[n].events = POLLIN;
				owner[n] = i;
				which[n] = w;
				n++;
			}
		}
		if (n && poll(pfd, n, 250) < 0 && errno != EINTR) {
			snprintf(err, errlen, "poll: %s", strerror(errno));
			kill_all(&p);
			rc = -1;
			goto out;
		}
		for (nfds_t k = 0; k < n; k++)
			if (pfd[k].revents)
				drain(&p, &p.slots[owner[k]], which[k]);
		reap(&p);
		progress(&p, 0);
	}
	progress(&p, 1);
out:
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	free(p.slots);
	return rc;
}
