/*
 * Typed facts from libclang: re-parse each file that has findings and add
 * what the compiler knows about the finding's place as evidence named
 * "clang_*" (docs: the comment at the top of evidence.c lists every fact).
 */
#ifndef LOCKERS_EVIDENCE_H
#define LOCKERS_EVIDENCE_H

#include <stddef.h>

struct finding_list;

struct evidence_stats {
	unsigned long files;			/* distinct files that have findings */
	unsigned long files_parsed;		/* files clang produced an AST for (maybe partial) */
	unsigned long findings;			/* findings looked at */
	unsigned long findings_with_facts;	/* findings that got at least one clang_ fact */
	double seconds;				/* wall time of the whole pass */
	unsigned long files_with_errors;	/* parsed, but with error diagnostics: AST partial */
};

/*
 * Re-parse each file that has findings and add typed facts to them as
 * evidence (finding_add_evidence, names prefixed "clang_"). root is the
 * scanned tree (finding paths are relative to it); is_kernel_tree adds the
 * kernel's include paths and forced includes. A file that does not parse is
 * counted, never an error. Returns 0, or -1 with err set when libclang
 * cannot be used at all.
 */
int evidence_add_clang(struct finding_list *findings, const char *root, int is_kernel_tree,
		       struct evidence_stats *st, char *err, size_t errlen);

#endif
