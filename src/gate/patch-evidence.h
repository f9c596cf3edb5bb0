/*
 * Patch evidence: the diff is the strongest evidence a reviewer has, and
 * only the gate sees it. Where a patch removes or weakens an RCU, seqcount
 * or loop-bound API near a finding (api-change.h), the finding carries
 * patch_weakens; where it adds one near a finding the base had, the
 * finding carries patch_strengthens. Both move the score (weights.def),
 * and they move a finding the fingerprint calls unchanged: a weakened one
 * is reported as introduced (the patch made it a bug), a strengthened one
 * as removed (the patch fixed it).
 *
 * Near: the change is in the finding's function (its `function` against
 * the function that holds the changed line), or within PATCH_NEAR_LINES
 * lines of it. The rules reason about a function at a time, and what
 * protects a finding (a read-side section, a deferred free, a retry loop)
 * is the function's, however far up it is; the line distance covers the
 * findings outside any function (a macro's body at file scope). A change
 * speaks only for the findings of its topic: RCU for the rcu-* rules,
 * seqcount for seqcount-* and seqlock-*, the loop bound for loop-*.
 */
#ifndef LOCKERS_PATCH_EVIDENCE_H
#define LOCKERS_PATCH_EVIDENCE_H

#define PATCH_NEAR_LINES 3

struct gate_result;
struct strbuf;

/*
 * Add the evidence of the patch's change of one file (path, relative to the
 * tree, as the findings name it; its text before the patch and after it)
 * to g's introduced and unchanged findings in that file, re-score them, and
 * move the unchanged ones it weakens to introduced and those it strengthens
 * to removed (a finding both weakened and strengthened counts as
 * weakened: the gate shows what may have broken). Call it once per file
 * the patch touched, before introduced findings are attributed to patches.
 * (A promoted finding's fingerprint is there after every patch of a
 * series, so attribution names the first patch that touched its file, which
 * need not be the one that weakened it.)
 */
void patch_evidence_add(struct gate_result *g, const char *path, const struct strbuf *base,
			const struct strbuf *now);

#endif
