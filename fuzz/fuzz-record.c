/* libFuzzer: record lines as rules print them (src/scan/record.c, src/scan/reads.c). */
#include "facts/finding.h"
#include "scan/reads.h"
#include "scan/record.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct finding *f;
	char err[256];
	const char *file;
	size_t flen;

	if (record_parse((const char *)data, size, &f, err, sizeof(err)) == RECORD_OK)
		finding_free(f);
	read_record((const char *)data, size, &file, &flen);
	return 0;
}
