/* libFuzzer: triage files (src/facts/triage.c): parse, and write back what parses. */
#include "facts/triage.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct triage t;
	char err[512];

	if (triage_parse(&t, "fuzz.txt", (const char *)data, size, err, sizeof(err)))
		return 0;
	char *path = xasprintf("/tmp/lockers-fuzz-triage.%ld", (long)getpid());
	free(t.path);
	t.path = path;
	if (!triage_write(&t, err, sizeof(err))) {
		struct triage again;
		if (!triage_read(&again, path, err, sizeof(err))) {
			if (again.nr != t.nr)
				abort();	/* what we write must read back the same */
			triage_release(&again);
		}
		unlink(path);
	}
	triage_release(&t);
	return 0;
}
