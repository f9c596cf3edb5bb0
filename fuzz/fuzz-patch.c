/* libFuzzer: unified diffs and mbox series (src/gate/series.c, patch.c), parsed and applied to themselves. */
#include "gate/series.h"
#include "lib/strbuf.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct series s;
	char err[256];

	if (series_parse(&s, (const char *)data, size, err, sizeof(err)))
		return 0;
	for (size_t k = 0; k < s.nr; k++)
		for (size_t i = 0; i < s.v[k].patch.nr; i++) {
			struct strbuf out = STRBUF_INIT;
			/* Any old content will do: the input itself exercises offsets and misses. */
			patch_apply(&s.v[k].patch.v[i], (const char *)data, size, &out, err, sizeof(err));
			strbuf_release(&out);
		}
	series_release(&s);
	return 0;
}
