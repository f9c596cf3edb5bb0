/*
 * libFuzzer: the gate's change detector (src/gate/api-change.c) and its line
 * diff (src/lib/line-diff.c) over two arbitrary texts, the input's halves
 * either side of its first NUL (or of its middle): a patch's file before and
 * after it. Every change must name a line of the new text.
 */
#include "gate/api-change.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *nul = memchr(data, '\0', size);
	size_t oldlen = nul ? (size_t)(nul - text) : size / 2;
	const char *new = text + oldlen + (nul != NULL);
	size_t newlen = size - (size_t)(new - text), lines = 0;
	struct api_changes cs = { 0 };

	for (size_t i = 0; i < newlen; i++)
		lines += new[i] == '\n';
	lines += newlen && new[newlen - 1] != '\n';
	api_changes_find(text, oldlen, new, newlen, &cs);
	for (size_t i = 0; i < cs.nr; i++)
		if (cs.v[i].line > lines || (lines && !cs.v[i].line) || !cs.v[i].function || !cs.v[i].api)
			abort();
	api_changes_release(&cs);
	return 0;
}
