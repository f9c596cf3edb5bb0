/* libFuzzer: record lines as rules print them (src/record.c). */
#include "../src/finding.h"
#include "../src/record.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct finding *f;
	char err[256];

	if (record_parse((const char *)data, size, &f, err, sizeof(err)) == RECORD_OK)
		finding_free(f);
	return 0;
}
