/*
 * Fingerprints: a finding's identity across line shifts, unrelated edits
 * and kernel versions. Made of rule, path, function, the normalised key and
 * the occurrence index among findings sharing those four, in source order.
 */
#ifndef LOCKERS_FINGERPRINT_H
#define LOCKERS_FINGERPRINT_H

struct finding_list;

/* Fill in f->id for every finding of the list (which it sorts by source). */
void fingerprint_all(struct finding_list *l);

#endif
