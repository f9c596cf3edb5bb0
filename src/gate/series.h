/*
 * A patch series: an mbox of mails (git format-patch --stdout, b4, a
 * patchwork series mbox) split into its patches, in order, each with the
 * subject of its mail. A plain diff is a series of one patch without a
 * subject; a mail without a diff (a cover letter) is not a patch.
 */
#ifndef LOCKERS_SERIES_H
#define LOCKERS_SERIES_H

#include "gate/patch.h"

struct series_patch {
	char *subject;		/* decoded, valid UTF-8 ("[PATCH 2/5] foo: ..."); NULL for a plain diff */
	struct patch patch;
};

struct series {
	struct series_patch *v;
	size_t nr, alloc;
};

/* Parse; -1 with err naming the mail on a malformed patch or an empty mbox. */
int series_parse(struct series *s, const char *text, size_t len, char *err, size_t errlen);
void series_release(struct series *s);
/*
 * "patch 2/5 ([PATCH 2/5] foo)" for error messages, or "" for a plain diff;
 * the result is owned by the caller.
 */
char *series_patch_name(const struct series *s, size_t i);

#endif
