#include "scan/record.h"
#include "facts/finding.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECORD_TAG "LOCKERS\t"
#define FIXED_FIELDS 9	/* tag, version, rule, file, line, col, function, key, message */

static int parse_uint(const char *s, size_t n, unsigned *out)
{
	unsigned long v = 0;

	if (!n || n > 9)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*out = (unsigned)v;
	return 0;
}

enum record_result record_parse(const char *line, size_t len,
				struct finding **out, char *err, size_t errlen)
{
	const char *field[FIXED_FIELDS];
	size_t flen[FIXED_FIELDS];
	const char *p = line, *end = line + len;
	size_t n = 0;

	*out = NULL;
	if (len < strlen(RECORD_TAG) || memcmp(line, RECORD_TAG, strlen(RECORD_TAG)))
		return RECORD_NONE;
	if (memchr(line, '\0', len)) {
		snprintf(err, errlen, "record contains a NUL byte");
		return RECORD_BAD;
	}
	while (n < FIXED_FIELDS) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *stop = tab ? tab : end;
		field[n] = p;
		flen[n] = (size_t)(stop - p);
		n++;
		if (!tab) {
			p = end;
			break;
		}
		p = tab + 1;
	}
	if (n < FIXED_FIELDS) {
		snprintf(err, errlen, "record has %zu fields, needs at least %d", n, FIXED_FIELDS);
		return RECORD_BAD;
	}
	if (flen[1] != 1 || field[1][0] != '1') {
		snprintf(err, errlen, "unknown record version '%.*s'", (int)flen[1], field[1]);
		return RECORD_BAD;
	}
	unsigned lineno, col;
	if (parse_uint(field[4], flen[4], &lineno) || !lineno ||
	    parse_uint(field[5], flen[5], &col) || !col) {
		snprintf(err, errlen, "bad line or column '%.*s:%.*s'",
			 (int)flen[4], field[4], (int)flen[5], field[5]);
		return RECORD_BAD;
	}
	if (!flen[2] || !flen[3] || !flen[8]) {
		snprintf(err, errlen, "record has an empty rule, file or message");
		return RECORD_BAD;
	}

	struct finding *f = finding_new();
	f->rule = xstrndup(field[2], flen[2]);
	f->path = xstrndup(field[3], flen[3]);
	f->line = lineno;
	f->col = col;
	f->function = xstrndup(field[6], flen[6]);
	f->key = xstrndup(field[7], flen[7]);
	f->message = xstrndup(field[8], flen[8]);

	/* Evidence: name=value fields up to the end of the line. */
	while (p < end) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *stop = tab ? tab : end;
		const char *eq = memchr(p, '=', (size_t)(stop - p));
		if (!eq || eq == p) {
			snprintf(err, errlen, "evidence field '%.*s' is not name=value",
				 (int)(stop - p), p);
			finding_free(f);
			return RECORD_BAD;
		}
		char *name = xstrndup(p, (size_t)(eq - p));
		char *value = xstrndup(eq + 1, (size_t)(stop - eq - 1));
		finding_add_evidence(f, name, value);
		free(name);
		free(value);
		p = tab ? tab + 1 : end;
	}
	*out = f;
	return RECORD_OK;
}
