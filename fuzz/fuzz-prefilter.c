/* libFuzzer: the C tokenizer and prefilters over arbitrary file contents. */
#include "scan/prefilter.h"
#include "scan/rules.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tokset ts;
	char *tokens[] = { "for", "while", NULL };
	struct strvec group = { tokens, 2, 0 };
	struct rule r;

	memset(&r, 0, sizeof(r));
	r.requires = &group;
	r.nrequires = 1;
	r.prefilter = "le-count-loop";
	tokset_build(&ts, (const char *)data, size);
	prefilter_matches(&r, &ts, (const char *)data, size);
	tokset_release(&ts);
	return 0;
}
