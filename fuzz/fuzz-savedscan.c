/* libFuzzer: lockers.json as read back for triage, report and gate (src/out/savedscan.c). */
#include "out/savedscan.h"
#include "scan/scan-result.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *path;
	struct scan_result res;
	char err[512];

	if (!path)
		path = xasprintf("/tmp/lockers-fuzz-scan.%ld.json", (long)getpid());
	write_file_replace(path, data, size, 0);
	if (!saved_scan_read(path, &res, err, sizeof(err)))
		scan_result_release(&res);
	return 0;
}
