/*
 * A fix as git format-patch writes a commit: From line, headers, a subject
 * in the subsystem's prefix style, a body from the finding's message and
 * evidence, then the diff. Fixes: and Signed-off-by: are the human's: a note
 * below the --- line (which git am drops) asks for them; none is invented.
 */
#ifndef LOCKERS_MAILPATCH_H
#define LOCKERS_MAILPATCH_H

struct finding;
struct fix_plan;
struct strbuf;

/*
 * The subject prefix the kernel's convention gives a path, "fm10k: ",
 * "RDMA/core: ", "net: ipv4: " (docs/fix.md lists the rules).
 */
char *mail_subject_prefix(const char *path);
/* The whole patch mail; author is "Name <email>", fail_on the gate's threshold it passed. */
void mail_format_patch(struct strbuf *out, const struct finding *f, const struct fix_plan *p,
		       const char *diff, const char *author, int fail_on);
/* Add a paragraph to the note below the --- line (git am drops it); "" adds nothing. */
void mail_add_note(struct strbuf *mail, const char *text);

#endif
