/* Parse the record lines rules print (format: rules/README.md). */
#ifndef LOCKERS_RECORD_H
#define LOCKERS_RECORD_H

#include <stddef.h>

struct finding;

enum record_result {
	RECORD_NONE = 0,	/* not a record line: ignored */
	RECORD_OK = 1,
	RECORD_BAD = -1,	/* starts like a record but is malformed */
};

/*
 * Parse one line (without its newline). On RECORD_OK, *out is a new finding
 * with rule, path, line, col, function, key, message and evidence filled in.
 * On RECORD_BAD, err says what is wrong.
 */
enum record_result record_parse(const char *line, size_t len,
				struct finding **out, char *err, size_t errlen);

#endif
