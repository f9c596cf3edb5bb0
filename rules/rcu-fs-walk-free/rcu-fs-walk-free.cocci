/// Filesystem data freed at once where RCU path walk may still read it.
/// RCU-mode lookup (LOOKUP_RCU) calls a filesystem's d_hash and d_compare,
/// and its d_revalidate, permission and get_link unless they refuse RCU mode
/// with -ECHILD first, with no reference on the superblock or the inode:
/// they read sb->s_fs_info (often through the filesystem's XX_SB(sb)), what
/// hangs off it, and sb->s_encoding. A kill_sb or put_super that kfree()s
/// the object behind s_fs_info (or hands it to a helper of the file that
/// does: reported at that kfree()), or a member of it those readers load; an
/// fs_context free that frees the options a remount swapped out of it; a
/// plain free of the unicode map behind s_encoding; a destroy_inode that
/// frees the inode itself or its i_link instead of leaving that to
/// free_inode: each leaves a walker that is still in the filesystem on freed
/// memory. The fix is a free after a grace period (kfree_rcu(), call_rcu(),
/// free_inode).
///
/// Reported only when the filesystem (the files Kbuild links into its
/// module) has such a reader, named in the message, and only what that
/// method runs in RCU mode counts (not the else of its LOOKUP_RCU test, not
/// what follows a branch that returns, in the block that holds it). A wait
/// before the free (synchronize_rcu(), kern_unmount(), which synchronizes)
/// or a free in an RCU callback is quiet. Which method reads, whether through a helper,
/// whether the freed struct has an rcu_head weigh in; a self-test's
/// filesystem weighs against.
//
// Rule: rcu-fs-walk-free
// Confidence: Moderate
// Options: --no-includes
// Requires : @fs-teardown-ops fs_context_operations @fs-rcu-walk-sb-maps
// Requires : @immediate-frees @slab-cache-frees @fs-inode-frees
//
// The first Requires line names the ops members and the case-folding map's
// type; of an fs_context's free it names the ops table's struct
// (fs-context-teardown-ops.list), since the member's name, free, is a word
// of most files. The Python reads the other files of the filesystem (the
// readers are most often in namei.c or dir.c, the teardown in super.c),
// once per module; the scan cache replays a file's result only while
// those files are unchanged (rules/README.md, Records).

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_fs_walk_free import teardown_method, freed, freed_map, flush

// the previous file's findings are reported when spatch starts the next one
@script:python@
@@
flush()

// .kill_sb = F in a file_system_type, .put_super/.destroy_inode = F in a
// super_operations, .free = F in an fs_context_operations
@ops@
identifier M = {@fs-teardown-ops, @fs-context-teardown-ops};
identifier S, I, FN;
position p;
@@
struct S I = { ..., .M = FN@p, ...};

@script:python@
p << ops.p; S << ops.S; M << ops.M; FN << ops.FN;
@@
teardown_method(p, S, M, FN)

// every call of the file: the Python keeps those in a teardown method that
// free (kfree(sbi), kmem_cache_free(c, XX_I(inode)), a helper of the file
// that frees its argument) what RCU walk reads. Anchored in the method's
// body, a call with each argument as a metavariable blows up on the large
// super.c files, and one with its arguments unnamed is not matched once each.
@freeing@
identifier F;
position pf;
@@
F@pf(...)

@script:python@
pf << freeing.pf; F << freeing.F;
@@
freed(pf, F)

// kfree(map) of the struct sb->s_encoding points to, anywhere
@mapfree@
identifier FREE = {@immediate-frees};
identifier S;
idexpression struct S *X;
position pf;
@@
FREE@pf(X)

@script:python@
pf << mapfree.pf; S << mapfree.S; X << mapfree.X; FREE << mapfree.FREE;
@@
freed_map(pf, S, X, FREE)

@finalize:python@
@@
flush()
