/// A dma_fence, or what its ops read, freed at once while RCU readers can
/// still reach it. dma_fence_get_rcu() and dma_resv's lockless readers find
/// fences under rcu_read_lock(), and the core frees a fence with
/// dma_fence_free(), kfree_rcu(): a dma_fence_ops .release that kfree()s the
/// fence (or its container) instead frees it under those readers. A fence
/// also reads, from its ops, what its timeline lives in: a drm_sched_fence's
/// timeline name is its drm_gpu_scheduler's, so a struct that embeds a
/// scheduler (a ring, a queue) freed with kfree() leaves a fence that
/// outlives it reading freed memory.
///
/// Evidence: the scheduler stopped on the path (drm_sched_fini(), here or in
/// a helper of the file) says fences were made; an object allocated in the
/// function (a set-up's error path) or a self-test lower the score. A
/// release into a cache the file creates SLAB_TYPESAFE_BY_RCU is not
/// reported: its readers revalidate a reused fence (dma_fence_get_rcu_safe()).
//
// Rule: rcu-fence-free
// Confidence: Moderate
// Options: --no-includes
// Requires : @rcu-fence-ops @rcu-fence-timelines @rcu-fence-timeline-teardowns
// Requires : @immediate-frees @slab-cache-frees
//
// The first line holds what a match needs: the ops of a fence, or a
// scheduler that fences read. The Python reads the struct definitions from
// the file and the driver headers it includes ("x.h", at any depth); the
// scan cache replays a file's result only while those headers are
// unchanged (rules/README.md, Records).

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_fence_free import release_of, release_freed, container_freed, flush

// the previous file's findings are reported when spatch starts the next one
@script:python@
@@
flush()

// static const struct dma_fence_ops OPS = { .release = REL, };
@ops@
identifier OPS, REL;
identifier FLD = {@rcu-fence-releases};
position po;
@@
struct {{rcu-fence-ops}} OPS@po = { ..., .FLD = REL, ... };

@script:python@
OPS << ops.OPS; REL << ops.REL; po << ops.po;
@@
release_of(po, OPS, REL)

// the release frees the fence, or a container of it, at once
@rel exists@
identifier ops.REL, F;
identifier FREE = {@immediate-frees};
identifier SLAB = {@slab-cache-frees};
expression X, C;
position pf;
@@
REL(..., struct {{rcu-fence-types}} *F, ...) {
<+...
(
FREE@pf(X)
|
SLAB@pf(C, X)
)
...+>
}

@script:python@
pf << rel.pf; X << rel.X; F << rel.F; REL << ops.REL;
@@
release_freed(pf, X, F, REL)

// kfree(X) of a struct type: the Python reads whether it embeds a scheduler
@cont@
identifier FREE = {@immediate-frees};
type T;
T *X;
position pf;
@@
FREE@pf(X)

@script:python@
pf << cont.pf; X << cont.X; T << cont.T;
@@
container_freed(pf, X, T)

@finalize:python@
@@
flush()
