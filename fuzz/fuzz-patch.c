/* libFuzzer: unified diffs (src/gate/patch.c), parsed and applied to themselves. */
#include "gate/patch.h"
#include "lib/strbuf.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct patch p;
	char err[256];

	if (patch_parse(&p, (const char *)data, size, err, sizeof(err)))
		return 0;
	for (size_t i = 0; i < p.nr; i++) {
		struct strbuf out = STRBUF_INIT;
		/* Any old content will do: the input itself exercises offsets and misses. */
		patch_apply(&p.v[i], (const char *)data, size, &out, err, sizeof(err));
		strbuf_release(&out);
	}
	patch_release(&p);
	return 0;
}
