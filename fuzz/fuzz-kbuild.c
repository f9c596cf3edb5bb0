/*
 * libFuzzer: a directory's Makefile read for its composite objects
 * (src/scan/kbuild.c): the first line is the object asked about, the rest
 * the Makefile. Every part found must be a .c path under the tree's root
 * with no "." or ".." segment left, and must be listed once.
 */
#include "scan/kbuild.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	char *nl = strchr(text, '\n');
	struct strvec parts = STRVEC_INIT;

	if (!nl) {
		free(text);
		return 0;
	}
	*nl = '\0';
	int n = kbuild_composite_parts_of(nl + 1, "drivers/net/x", text, &parts);
	if (n < 0 || (size_t)n != parts.nr)
		abort();
	for (size_t i = 0; i < parts.nr; i++) {
		const char *p = parts.v[i];
		size_t len = strlen(p);
		if (len < 2 || strcmp(p + len - 2, ".c") || p[0] == '/' || strstr(p, "//") ||
		    strstr(p, "/./") || !strncmp(p, "./", 2) || strstr(p, "/../") || !strncmp(p, "../", 3))
			abort();
		for (size_t j = 0; j < i; j++)
			if (!strcmp(parts.v[j], p))
				abort();
	}
	strvec_clear(&parts);
	free(text);
	return 0;
}
