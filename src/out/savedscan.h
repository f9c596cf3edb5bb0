/* Read back a lockers.json written by a scan (for triage, report, gate). */
#ifndef LOCKERS_SAVEDSCAN_H
#define LOCKERS_SAVEDSCAN_H

#include <stddef.h>

struct scan_result;

/*
 * Fill res with the saved tree root, rules (name, confidence, summary, doc)
 * and findings (with evidence, reasons, score, id, verdict). Counters that
 * only a live scan has stay zero. Returns 0, or -1 with err set.
 */
int saved_scan_read(const char *path, struct scan_result *res, char *err, size_t errlen);

#endif
