/* Run a short helper program (git, spatch --version) and capture its output. */
#ifndef LOCKERS_RUN_H
#define LOCKERS_RUN_H

struct strbuf;

/*
 * Run argv[0] (searched on PATH) with argv in cwd (NULL: ours), stdin from
 * /dev/null, appending stdout to out and stderr to errout (either may be
 * NULL to discard). Returns the exit status, 128+N for a signal, or -1 with
 * errno set when it cannot be started.
 */
int run_capture(const char *const *argv, const char *cwd, struct strbuf *out, struct strbuf *errout);

#endif
