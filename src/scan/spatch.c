#include "scan/spatch.h"
#include "scan/cfunc.h"
#include "scan/fnscope.h"
#include "lib/pool.h"
#include "scan/prefilter.h"
#include "scan/rules.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/*
 * spatch enforces --timeout itself; a child that shows no progress for
 * twice that (at most 30 s more) is killed, for hangs spatch cannot see.
 */
static int kill_after(int timeout)
{
	return timeout + (timeout < 30 ? timeout : 30);
}

const char *file_status_name(enum file_status st)
{
	switch (st) {
	case FILE_OK: return "ok";
	case FILE_PARSE_ERROR: return "parse-error";
	case FILE_TIMEOUT: return "timeout";
	case FILE_CRASH: return "spatch-crash";
	}
	return "?";
}

/* Files in a row that crash spatch the same way before the rule is given up. */
#define SAME_CRASH_LIMIT 3

/* One spatch child: a task, and where spatch's stderr says it is. */
struct job {
	struct spatch_task task;
	size_t cur;			/* file being handled, or SIZE_MAX */
	size_t next;			/* files [0, next) are reported */
	int cur_parse_error, cur_timeout;
	int parse_error_pending;	/* "error in" seen, "BAD:" line not yet */
	unsigned cur_lost;		/* functions in the regions spatch skipped */
	size_t region_left;		/* lines of the region being printed still to come */
	struct strbuf region;		/* its text */
	char *groups_path;
	struct strvec copies;		/* function-scoped copies made for it, removed after */
	struct strbuf last_err;
	struct strbuf py_err;		/* the last Python exception line ("NameError: ...") */
	struct strbuf cur_crash;	/* why a rule's script failed on the current file */
	struct done { size_t idx; enum file_status st; char *detail; unsigned lost; } *done;
	size_t ndone;			/* reported when the child is gone */
};

struct run {
	const struct spatch_options *o;
	const struct rule_set *rs;
	const struct tree *t;
	const struct spatch_callbacks *cb;
	char *err;
	size_t errlen;
	struct spatch_task *queue;
	size_t qhead, qnr, qalloc;
	char **rule_broken;		/* per rule: why it cannot run, or NULL */
	char *link_dir;			/* children's cwd: one symlink per file */
	struct fnscope **scope;		/* per rule with "Scope: function", else NULL */
	char **scope_dir;		/* per such rule: link_dir/r<N>, its children's cwd */
	struct fnscope_index scope_index;	/* the macro index's RCU vocabulary, for the scopes */
	char **last_crash;		/* per rule: detail of the last crash */
	unsigned *same_crashes;		/* per rule: files in a row that crashed alike */
	size_t files_total, files_done;
	long max_rss_kb;		/* largest spatch child */
};

static void enqueue(struct run *p, struct spatch_task task)
{
	if (p->qnr == p->qalloc) {
		p->qalloc = p->qalloc ? 2 * p->qalloc : 64;
		p->queue = xrealloc(p->queue, p->qalloc * sizeof(*p->queue));
	}
	p->queue[p->qnr++] = task;
}

static char **build_env(const struct spatch_options *o, const char *link_dir)
{
	struct strvec env = STRVEC_INIT;

	for (char **e = environ; *e; e++)
		if (!starts_with(*e, "LOCKERS_COCCI_DIR=") && !starts_with(*e, "LOCKERS_MACRO_INDEX=") &&
		    !starts_with(*e, "LOCKERS_CALL_CONTEXT=") &&
		    !starts_with(*e, "LOCKERS_ORIGINALS=") && !starts_with(*e, "PYTHONDONTWRITEBYTECODE="))
			strvec_push(&env, *e);
	strvec_pushf(&env, "LOCKERS_COCCI_DIR=%s", o->cocci_dir);
	strvec_push(&env, "PYTHONDONTWRITEBYTECODE=1");	/* never write into the rules directory */
	/* the whole files, for rules whose spatch reads a function-scoped copy (source.py) */
	strvec_pushf(&env, "LOCKERS_ORIGINALS=%s", link_dir);
	if (o->macro_index)
		strvec_pushf(&env, "LOCKERS_MACRO_INDEX=%s", o->macro_index);
	if (o->call_context)
		strvec_pushf(&env, "LOCKERS_CALL_CONTEXT=%s", o->call_context);
	return env.v;
}

/*
 * A file is finished. The callback runs only once the child has exited:
 * stdout and stderr are separate pipes, so a file's records may still be
 * in flight when stderr already names the next file.
 */
static void report(struct run *p, struct job *j, size_t idx, enum file_status st, const char *detail,
		   unsigned lost)
{
	if (!j->done)
		j->done = xcalloc(j->task.nfiles, sizeof(*j->done));
	j->done[j->ndone].idx = idx;
	j->done[j->ndone].st = st;
	j->done[j->ndone].detail = detail ? xstrdup(detail) : NULL;
	j->done[j->ndone].lost = lost;
	j->ndone++;
	p->files_done++;
}

static void flush_done(struct run *p, struct job *j)
{
	for (size_t i = 0; i < j->ndone; i++) {
		p->cb->file_done(p->cb->ctx, j->task.rule, j->task.files[j->done[i].idx],
				 j->done[i].st, j->done[i].detail, j->done[i].lost);
		free(j->done[i].detail);
	}
	free(j->done);
	j->done = NULL;
	j->ndone = 0;
}

/* Report every file before `upto` that is not reported yet. */
static void finish_upto(struct run *p, struct job *j, size_t upto)
{
	while (j->next < upto && j->next < j->task.nfiles) {
		size_t idx = j->next;
		unsigned lost = idx == j->cur ? j->cur_lost : 0;
		if (idx == j->cur && j->cur_crash.len)
			report(p, j, idx, FILE_CRASH, j->cur_crash.buf, lost);
		else if (idx == j->cur && j->cur_timeout)
			report(p, j, idx, FILE_TIMEOUT, "spatch's --timeout expired on this file", lost);
		else if (idx == j->cur && j->cur_parse_error)
			report(p, j, idx, FILE_PARSE_ERROR, "spatch could not parse some functions; they were skipped",
			       lost);
		else
			report(p, j, idx, FILE_OK, NULL, lost);
		j->next++;
	}
}

static const char *suffix_of(const char *path)
{
	return ends_with(path, ".h") ? ".h" : ".c";
}

const char *spatch_default_python(void)
{
	const char *env = getenv("LOCKERS_PYTHON");

	if (env)
		return *env ? env : NULL;
	return access("/usr/bin/python3", X_OK) ? NULL : "/usr/bin/python3";
}

long spatch_file_index(const char *name)
{
	char *end;

	if (*name < '0' || *name > '9')
		return -1;
	errno = 0;
	long idx = strtol(name, &end, 10);
	if (errno || (strcmp(end, ".c") && strcmp(end, ".h")))
		return -1;
	return idx;
}

/* standard.h from $COCCINELLE_HOME, or from the --libdir in spatch --version's text. */
static char *builtins_path(const char *version_text)
{
	const char *home = getenv("COCCINELLE_HOME");
	const char *libdir = strstr(version_text, "--libdir=");
	char *path = NULL;

	if (home && *home) {
		path = xasprintf("%s/standard.h", home);
	} else if (libdir) {
		libdir += strlen("--libdir=");
		path = xasprintf("%.*s/coccinelle/standard.h", (int)strcspn(libdir, " \n"), libdir);
	}
	if (path && access(path, R_OK)) {
		free(path);
		path = NULL;
	}
	return path;
}

int spatch_version(const char *spatch, struct strbuf *version, char **builtins, char *err, size_t errlen)
{
	const char *argv[] = { spatch, "--version", NULL };
	int rc = run_capture(argv, NULL, version, NULL);
	int e = rc < 0 ? errno : rc || !version->len ? EINVAL : 0;

	if (e) {
		snprintf(err, errlen, "cannot run '%s': %s%s", spatch, strerror(e),
			 e == ENOENT ? " (install coccinelle: make deps)" : "");
		return -1;
	}
	if (builtins)
		*builtins = builtins_path(version->buf);
	char *nl = strchr(version->buf, '\n');
	if (nl) {
		*nl = '\0';
		version->len = (size_t)(nl - version->buf);
	}
	return 0;
}

static size_t find_in_batch(const struct job *j, const char *name)
{
	long idx = spatch_file_index(name);

	for (size_t i = j->next; idx >= 0 && i < j->task.nfiles; i++)
		if (j->task.files[i] == (size_t)idx)
			return i;
	return SIZE_MAX;
}

/* A path the children would resolve from their own directory, or NULL. */
static const char *relative_child_path(const struct spatch_options *o)
{
	const char *paths[] = { o->cocci_dir, o->macro_index, o->tmpdir, o->spatch, o->python };

	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		const char *s = paths[i];
		int is_program = i >= 3;
		if (s && *s != '/' && (!is_program || strchr(s, '/')))
			return s;
	}
	return NULL;
}

/* The private directory of symlinks the children work in. */
static int make_links(struct run *p, const struct spatch_task *tasks, size_t ntasks)
{
	p->link_dir = xasprintf("%s/lockers-XXXXXX", p->o->tmpdir);
	if (!mkdtemp(p->link_dir)) {
		free(p->link_dir);
		p->link_dir = NULL;
		return -1;
	}
	for (size_t i = 0; i < ntasks; i++) {
		for (size_t k = 0; k < tasks[i].nfiles; k++) {
			size_t idx = tasks[i].files[k];
			const char *path = p->t->v[idx].path;
			char *target = xasprintf("%s/%s", p->t->root, path);
			char *link = xasprintf("%s/%zu%s", p->link_dir, idx, suffix_of(path));
			int rc = symlink(target, link);
			int e = errno;
			free(target);
			free(link);
			if (rc && e != EEXIST) {
				errno = e;
				return -1;
			}
		}
	}
	return 0;
}

static void remove_links(struct run *p)
{
	if (!p->link_dir)
		return;
	for (size_t i = 0; i < p->t->nr; i++) {
		char *link = xasprintf("%s/%zu%s", p->link_dir, i, suffix_of(p->t->v[i].path));
		unlink(link);
		free(link);
	}
	rmdir(p->link_dir);
	free(p->link_dir);
	p->link_dir = NULL;
}

static void start_file(struct run *p, struct job *j, size_t idx)
{
	finish_upto(p, j, idx);
	j->cur = idx;
	j->cur_parse_error = j->cur_timeout = 0;
	strbuf_reset(&j->cur_crash);
	j->cur_lost = 0;
	j->region_left = 0;
}

/*
 * With --parse-error-msg spatch prints each region it could not parse as
 * "badcount: N" and the region's N+1 lines, each "bad: " or (the line of
 * the error) "BAD:!!!!! " and its text. The functions the region holds,
 * counted as cfunc.c counts a whole file, are the functions lost.
 */
static int region_line(struct job *j, const char *line)
{
	const char *text;

	if (starts_with(line, "badcount: ")) {
		long n = strtol(line + strlen("badcount: "), NULL, 10);
		if (j->cur == SIZE_MAX || n < 0)
			return 0;
		j->region_left = (size_t)n + 1;
		strbuf_reset(&j->region);
		return 1;
	}
	if (!j->region_left)
		return 0;
	if (starts_with(line, "bad: "))
		text = line + strlen("bad: ");
	else if (starts_with(line, "BAD:!!!!! "))
		text = line + strlen("BAD:!!!!! ");
	else {
		j->region_left = 0;	/* not a region line after all: drop it */
		return 0;
	}
	strbuf_addstr(&j->region, text);
	strbuf_addch(&j->region, '\n');
	if (!--j->region_left)
		j->cur_lost += cfunc_count(j->region.buf, j->region.len);
	return 0;
}

/* The last line of a Python traceback: "NameError: name 'x' is not defined". */
static int python_exception(const char *line)
{
	const char *s = line;

	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
		s++;
	if (*s != ':' && *s)
		return 0;
	return (s - line >= 5 && !strncmp(s - 5, "Error", 5)) ||
	       (s - line >= 9 && !strncmp(s - 9, "Exception", 9));
}

/* One line of spatch's stderr; 1 when it starts a file (progress). */
static int stderr_line(struct run *p, struct job *j, char *line)
{
	size_t idx;

	if (*line) {
		strbuf_reset(&j->last_err);
		strbuf_addstr(&j->last_err, line);
	}
	if (region_line(j, line))
		return 0;
	if (python_exception(line)) {
		strbuf_reset(&j->py_err);
		strbuf_addstr(&j->py_err, line);
	}
	if (starts_with(line, "HANDLING: ")) {
		if ((idx = find_in_batch(j, line + strlen("HANDLING: "))) != SIZE_MAX) {
			start_file(p, j, idx);
			return 1;
		}
	} else if (starts_with(line, "Skipping: ")) {
		/* spatch's own token check found nothing to match: done. */
		if ((idx = find_in_batch(j, line + strlen("Skipping: "))) != SIZE_MAX) {
			start_file(p, j, idx);
			finish_upto(p, j, idx + 1);
			j->cur = SIZE_MAX;
			return 1;
		}
	} else if (strstr(line, "error in ") && strstr(line, "set verbose_parsing")) {
		j->parse_error_pending = 1;
	} else if (starts_with(line, "BAD:!!!!! ") && j->parse_error_pending) {
		/*
		 * The first line spatch could not parse. A #define it cannot
		 * parse costs nothing (rules never match inside macro bodies);
		 * anything else means code was skipped.
		 */
		const char *code = line + strlen("BAD:!!!!! ");
		while (*code == ' ' || *code == '\t')
			code++;
		if (*code != '#' && j->cur != SIZE_MAX)
			j->cur_parse_error = 1;
		j->parse_error_pending = 0;
	} else if (starts_with(line, "EXN: ") && strstr(line, "Error in Python script")) {
		/* a script of the rule raised on this file: the rule's fault, not the file's */
		if (j->cur != SIZE_MAX) {
			strbuf_reset(&j->cur_crash);
			strbuf_addf(&j->cur_crash, "a Python script of the rule failed: %s",
				    j->py_err.len ? j->py_err.buf : line + strlen("EXN: "));
		}
	} else if (starts_with(line, "EXN: ")) {
		/* spatch gave up on the whole file (EXN: Failure("lexing: empty token") in f.c) */
		if (j->cur != SIZE_MAX) {
			j->cur_parse_error = 1;
			j->cur_lost = UINT_MAX;
		}
	} else if (starts_with(line, "timeout (we abort)") || starts_with(line, "Timeout at ") ||
		   !strcmp(line, "TIMEOUT")) {
		if (j->cur != SIZE_MAX)
			j->cur_timeout = 1;
	}
	return 0;
}

static int write_groups(const struct run *p, const struct spatch_task *task, char **path_out)
{
	char *path = xasprintf("%s/lockers-groups-XXXXXX", p->o->tmpdir);
	int fd = mkstemp(path);
	struct strbuf sb = STRBUF_INIT;

	if (fd < 0) {
		free(path);
		return -1;
	}
	for (size_t i = 0; i < task->nfiles; i++)
		strbuf_addf(&sb, "%zu%s\n\n", task->files[i], suffix_of(p->t->v[task->files[i]].path));
	if (write_full(fd, sb.buf, sb.len)) {
		int e = errno;
		close(fd);
		unlink(path);
		free(path);
		strbuf_release(&sb);
		errno = e;
		return -1;
	}
	close(fd);
	strbuf_release(&sb);
	*path_out = path;
	return 0;
}

static void spatch_argv(const struct run *p, const struct job *j, struct strvec *argv)
{
	const struct rule *r = &p->rs->v[j->task.rule];

	strvec_push(argv, p->o->spatch);
	if (p->o->python) {
		strvec_push(argv, "--python");
		strvec_push(argv, p->o->python);
	}
	strvec_push(argv, "--sp-file");
	strvec_push(argv, r->path);
	strvec_push(argv, "--no-includes");
	strvec_push(argv, "--parse-error-msg");
	if (p->rs->macro_file) {
		strvec_push(argv, "--macro-file");
		strvec_push(argv, p->rs->macro_file);
	}
	strvec_push(argv, "--timeout");
	strvec_pushf(argv, "%d", p->o->timeout);
	for (size_t i = 0; i < r->options.nr; i++)
		strvec_push(argv, r->options.v[i]);
	strvec_push(argv, "--file-groups");
	strvec_push(argv, j->groups_path);
}

static void release_job(struct job *j)
{
	for (size_t i = 0; i < j->copies.nr; i++)
		unlink(j->copies.v[i]);
	strvec_clear(&j->copies);
	strbuf_release(&j->last_err);
	strbuf_release(&j->py_err);
	strbuf_release(&j->cur_crash);
	strbuf_release(&j->region);
	for (size_t i = 0; i < j->ndone; i++)
		free(j->done[i].detail);
	free(j->done);
	if (j->groups_path) {
		unlink(j->groups_path);
		free(j->groups_path);
	}
	free(j->task.files);
	free(j);
}

static int is_symlink(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISLNK(st.st_mode);
}

/*
 * A function-scoped rule's children run in a directory of their own, where
 * each file of the task is the copy fnscope_reduce() made, or a symlink to
 * the file when nothing was blanked.
 */
static int make_scoped_copies(struct run *p, struct job *j)
{
	size_t r = j->task.rule;
	struct strbuf text = STRBUF_INIT, copy = STRBUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < j->task.nfiles && !rc; i++) {
		size_t idx = j->task.files[i];
		const char *path = p->t->v[idx].path;
		char *target = xasprintf("%s/%s", p->t->root, path);
		char *name = xasprintf("%s/%zu%s", p->scope_dir[r], idx, suffix_of(path));
		unsigned kept = 0, blanked = 0;
		unlink(name);
		strbuf_reset(&text);	/* strbuf_read_regular() appends */
		if (!strbuf_read_regular(&text, target) &&
		    fnscope_reduce(p->scope[r], is_symlink(target) ? NULL : path, text.buf, text.len,
				   &copy, &kept, &blanked))
			rc = write_file_replace(name, copy.buf, copy.len, 0);
		else	/* whole, or unreadable: spatch reports that as for any file */
			rc = symlink(target, name);
		if (!rc)
			strvec_push(&j->copies, name);
		if (p->o->scope_kept) {
			p->o->scope_kept[r] += kept;
			p->o->scope_blanked[r] += blanked;
		}
		free(target);
		free(name);
	}
	strbuf_release(&text);
	strbuf_release(&copy);
	return rc;
}

/* The function scope of each rule that has one, and its directory. */
static int make_scopes(struct run *p)
{
	int scoped = 0;
	for (size_t r = 0; r < p->rs->nr; r++)
		scoped |= p->rs->v[r].scope_function;
	if (!scoped)
		return 0;
	const char *macro_files[2] = { p->rs->macro_file, p->o->builtins };

	fnscope_index_read(p->o->macro_index, p->o->call_context, p->t->root, macro_files, &p->scope_index);
	for (size_t r = 0; r < p->rs->nr; r++) {
		if (!p->rs->v[r].scope_function)
			continue;
		p->scope[r] = fnscope_new(&p->rs->v[r], &p->scope_index);
		p->scope_dir[r] = xasprintf("%s/r%zu", p->link_dir, r);
		if (mkdir(p->scope_dir[r], 0700))
			return -1;
	}
	return 0;
}

static void remove_scopes(struct run *p)
{
	for (size_t r = 0; r < p->rs->nr; r++) {
		if (p->scope_dir[r])
			rmdir(p->scope_dir[r]);
		free(p->scope_dir[r]);
		fnscope_free(p->scope[r]);
	}
	free(p->scope_dir);
	free(p->scope);
	fnscope_index_release(&p->scope_index);
}

/* pool: the next task, skipping (and failing) those of rules given up. */
static int next_task(void *vp, struct pool_child *c)
{
	struct run *p = vp;

	while (p->qhead < p->qnr) {
		struct spatch_task task = p->queue[p->qhead++];
		const char *broken = p->rule_broken[task.rule];
		if (broken) {
			for (size_t i = 0; i < task.nfiles; i++) {
				p->cb->file_done(p->cb->ctx, task.rule, task.files[i], FILE_CRASH, broken, 0);
				p->files_done++;
			}
			free(task.files);
			continue;
		}
		struct job *j = xcalloc(1, sizeof(*j));
		j->task = task;
		j->cur = SIZE_MAX;
		strbuf_init(&j->last_err, 0);
		strbuf_init(&j->py_err, 0);
		strbuf_init(&j->cur_crash, 0);
		strbuf_init(&j->region, 0);
		c->task = j;
		if (write_groups(p, &task, &j->groups_path) ||
		    (p->scope[task.rule] && make_scoped_copies(p, j)))
			return errno ? -errno : -EIO;	/* start_failure() releases j */
		spatch_argv(p, j, &c->argv);
		c->cwd = p->scope[task.rule] ? p->scope_dir[task.rule] : p->link_dir;
		return 1;
	}
	return 0;
}

static int start_failure(void *vp, void *task, int e)
{
	struct run *p = vp;

	snprintf(p->err, p->errlen, "cannot run '%s': %s%s", p->o->spatch, strerror(e),
		 e == ENOENT ? " (install coccinelle: make deps)" : "");
	release_job(task);
	return 1;
}

static int output_line(void *vp, void *task, int fd, char *line, size_t len)
{
	struct run *p = vp;
	struct job *j = task;

	if (fd == 2)
		return stderr_line(p, j, line);
	p->cb->stdout_line(p->cb->ctx, j->task.rule, line, len);
	return 0;
}

/* The child has exited: report its files, requeue what it did not reach. */
static void finish_job(struct run *p, struct job *j, int status, int killed)
{
	int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !killed;

	if (ok) {
		finish_upto(p, j, j->task.nfiles);
		flush_done(p, j);
		return;
	}
	struct strbuf why = STRBUF_INIT;
	if (killed)
		strbuf_addf(&why, "no progress for %d s: killed", kill_after(p->o->timeout));
	else if (WIFSIGNALED(status))
		strbuf_addf(&why, "spatch killed by signal %d", WTERMSIG(status));
	else
		strbuf_addf(&why, "spatch exited with status %d", WEXITSTATUS(status));
	if (j->last_err.len && !killed)
		strbuf_addf(&why, ": %s", j->last_err.buf);

	size_t bad = j->cur;
	if (bad == SIZE_MAX && j->ndone) {
		/* It died after its last file (spatch said "Skipping:"), or in @finalize: blame that one. */
		bad = j->done[--j->ndone].idx;
		free(j->done[j->ndone].detail);
		p->files_done--;
	}
	if (bad == SIZE_MAX) {
		/* It died before handling any file: the rule itself cannot run. */
		if (!p->rule_broken[j->task.rule])
			p->rule_broken[j->task.rule] = xstrdup(why.buf);
		finish_upto(p, j, 0);
		for (size_t i = j->next; i < j->task.nfiles; i++)
			report(p, j, i, FILE_CRASH, why.buf, 0);
		j->next = j->task.nfiles;
	} else {
		size_t r = j->task.rule;
		/*
		 * Rules report a file when a later one starts, or only at the
		 * end (@finalize): the child took the records of the files it
		 * handled before `bad` with it. They run again, without `bad`.
		 */
		size_t *redo = xmalloc((j->task.nfiles + 1) * sizeof(*redo));
		size_t nredo = 0;
		for (size_t i = 0; i < j->ndone; i++) {
			redo[nredo++] = j->task.files[j->done[i].idx];
			free(j->done[i].detail);
			p->files_done--;
		}
		j->ndone = 0;
		for (size_t i = j->next; i < bad; i++)
			redo[nredo++] = j->task.files[i];
		j->next = bad;
		for (size_t i = 0; i < nredo && p->cb->file_retry; i++)
			p->cb->file_retry(p->cb->ctx, r, redo[i]);
		report(p, j, bad, killed ? FILE_TIMEOUT : FILE_CRASH, why.buf, 0);
		/* The same crash on file after file is the rule's fault, not theirs. */
		if (!killed && p->last_crash[r] && !strcmp(p->last_crash[r], why.buf)) {
			if (++p->same_crashes[r] >= SAME_CRASH_LIMIT && !p->rule_broken[r])
				p->rule_broken[r] = xasprintf("rule failed on %u files in a row: %s",
							      p->same_crashes[r], why.buf);
		} else if (!killed) {
			free(p->last_crash[r]);
			p->last_crash[r] = xstrdup(why.buf);
			p->same_crashes[r] = 1;
		}
		j->next = bad + 1;
		for (size_t i = j->next; i < j->task.nfiles; i++)
			redo[nredo++] = j->task.files[i];
		j->next = j->task.nfiles;
		if (nredo) {
			struct spatch_task rest = { j->task.rule, redo, nredo };
			enqueue(p, rest);
		} else {
			free(redo);
		}
	}
	flush_done(p, j);
	strbuf_release(&why);
}

static void task_finished(void *vp, void *task, const struct pool_exit *ex)
{
	struct run *p = vp;
	struct job *j = task;

	if (ex->interrupted) {
		/* Files finished before the signal keep their (complete) results. */
		if (j->cur != SIZE_MAX)
			finish_upto(p, j, j->cur);
		flush_done(p, j);
	} else {
		if (ex->ru) {
			const struct rusage *ru = ex->ru;
			if (ru->ru_maxrss > p->max_rss_kb)
				p->max_rss_kb = ru->ru_maxrss;
			if (p->o->rule_cpu)
				p->o->rule_cpu[j->task.rule] += ru->ru_utime.tv_sec + ru->ru_stime.tv_sec +
					(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1e6;
		}
		finish_job(p, j, ex->status, ex->killed);
	}
	release_job(j);
}

static void progress(void *vp, size_t running, int final)
{
	struct run *p = vp;

	fprintf(stderr, "\rlockers: spatch %zu/%zu file-rule runs, %zu running%s",
		p->files_done, p->files_total, running, final ? "\n" : "   ");
	fflush(stderr);
}

int spatch_run(const struct spatch_options *o, const struct rule_set *rs,
	       const struct tree *t, struct spatch_task *tasks, size_t ntasks,
	       const struct spatch_callbacks *cb, char *err, size_t errlen)
{
	struct run p = { .o = o, .rs = rs, .t = t, .cb = cb, .err = err, .errlen = errlen };
	const char *relative = relative_child_path(o);
	int rc;

	if (relative) {	/* a bug of the caller: the children would see nothing there */
		snprintf(err, errlen, "internal error: '%s' is a relative path, but spatch runs in a "
			 "directory of its own (scan_options_make_absolute())", relative);
		return -1;
	}
	p.rule_broken = xcalloc(rs->nr ? rs->nr : 1, sizeof(*p.rule_broken));
	p.last_crash = xcalloc(rs->nr ? rs->nr : 1, sizeof(*p.last_crash));
	p.same_crashes = xcalloc(rs->nr ? rs->nr : 1, sizeof(*p.same_crashes));
	p.scope = xcalloc(rs->nr ? rs->nr : 1, sizeof(*p.scope));
	p.scope_dir = xcalloc(rs->nr ? rs->nr : 1, sizeof(*p.scope_dir));
	for (size_t i = 0; i < ntasks; i++) {
		enqueue(&p, tasks[i]);
		p.files_total += tasks[i].nfiles;
		tasks[i].files = NULL;	/* the queue owns them now */
	}

	char **envp = NULL;
	if (make_links(&p, p.queue, p.qnr) || make_scopes(&p)) {
		snprintf(err, errlen, "cannot make a work directory in %s: %s", o->tmpdir, strerror(errno));
		rc = -1;
	} else {
		envp = build_env(o, p.link_dir);
		struct pool_options po = {
			.jobs = o->jobs, .idle_timeout = kill_after(o->timeout), .envp = envp, .ctx = &p,
			.next_task = next_task, .start_failure = start_failure,
			.output_line = output_line, .task_finished = task_finished,
			.progress = o->progress ? progress : NULL,
		};
		rc = pool_run(&po, err, errlen);
		if (rc >= 0 && o->max_rss_kb)
			*o->max_rss_kb = p.max_rss_kb;
	}
	remove_scopes(&p);
	remove_links(&p);
	for (size_t i = p.qhead; i < p.qnr; i++)
		free(p.queue[i].files);
	free(p.queue);
	for (size_t i = 0; i < rs->nr; i++) {
		free(p.rule_broken[i]);
		free(p.last_crash[i]);
	}
	free(p.rule_broken);
	free(p.last_crash);
	free(p.same_crashes);
	for (char **e = envp; e && *e; e++)
		free(*e);
	free(envp);
	return rc;
}
