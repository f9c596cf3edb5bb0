/*
 * The other files a rule read to judge a file (a header, the other files of
 * its module, a Makefile): the LOCKERS-READ records rules print beside their
 * findings (rules/lib/source.py), kept with the file's cached result, which
 * is replayed only while each of those files has the stamp it had then.
 */
#ifndef LOCKERS_READS_H
#define LOCKERS_READS_H

#include <stddef.h>

struct strbuf;

/*
 * A LOCKERS-READ record ("LOCKERS-READ\tfile\tread path\tstamp"): 1 with
 * the spatch file name it is for in *file (*flen bytes, not terminated), 0
 * for any other line, -1 for a malformed one.
 */
int read_record(const char *line, size_t len, const char **file, size_t *flen);

/* path's stamp as source.stamp() writes it: what says the file changed. */
void read_stamp(const char *path, struct strbuf *out);

/* Every read record among lines (newline-ended) names a file whose stamp is unchanged. */
int reads_unchanged(const char *lines);

#endif
