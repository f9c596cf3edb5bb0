/// An object that RCU readers can still reach is freed without waiting for
/// a grace period: it is unlinked (list_del_rcu(), hlist_del_rcu(),
/// hlist_nulls_del_rcu(), or a function of the file that unlinks its
/// argument so: fib_remove_alias()), unpublished (rcu_assign_pointer(P, NULL),
/// RCU_INIT_POINTER(P, NULL), rcu_replace_pointer()) or erased (xa_erase(),
/// idr_remove()), or netfilter hooks are taken off the packet path
/// (nf_unregister_net_hooks(), a failed nf_register_net_hooks(): the hook ops
/// and the object their priv points at stay in use by the packets already in
/// the hook), or published as a UDP tunnel socket's sk_user_data
/// (setup_udp_tunnel_sock()), and then handed to kfree()/kvfree()/kmem_cache_free()/
/// vfree()/free_percpu() or a *_free()/*_destroy() helper on the same path,
/// with no synchronize_rcu*(), synchronize_net(), synchronize_srcu(),
/// rcu_barrier() or call_rcu()/kfree_rcu() between. A reader that found the
/// object just before the unlink still uses it: use after free.
///
/// Also: a pointer read with rcu_dereference_protected()/rcu_access_pointer()
/// and freed at once while still published; a part of an object (kfree(X->f),
/// a *_put()/*_destroy()/*_release() of it) freed at once on the path that
/// frees X itself after a grace period, for the readers the grace period
/// waits for to follow; an object queued for freeing
/// (kfree_rcu(), call_rcu()) before the pointer to it is cleared, whose
/// grace period does not wait for the readers that find it in between; a module exit that returns while
/// call_rcu() callbacks of the module may still be queued (no rcu_barrier(),
/// or one followed by teardown that runs the module's pending work and may
/// queue more: destroy_workqueue(), mmu_notifier_synchronize()),
/// whether its own file queues them or another file Kbuild links into the
/// same module; a module exit that clears a global RCU hook
/// (RCU_INIT_POINTER(hook, NULL)) and waits for no grace period after, often
/// once it tore down what the hook's functions read.
/// Evidence: a reader of the same list member or pointer in the file (named in
/// the message), an __rcu member of the tree's headers that points to the
/// freed type (named when the file has no reader), the same type freed after
/// a grace period elsewhere in the file, an rcu_head in the type (in the file
/// or the headers). A helper of the file that waits for a grace
/// period, a SLAB_TYPESAFE_BY_RCU cache, the free inside an RCU callback, a
/// comment about readers, or the object loaded with rcu_dereference_raw() (a
/// teardown's claim that no reader is left) lower the score.
//
// Rule: rcu-free-without-grace
// Confidence: Moderate
// Options: --no-includes
// Requires : @rcu-list-del @rcu-publish @rcu-replace @id-erase @rcu-hook-unregisters @rcu-tunnel-publish @rcu-dereference-protected @rcu-access @rcu-free
// Requires : @immediate-frees @slab-cache-frees module_exit
// Module: call_rcu call_srcu call_rcu_hurry
// Scope: function
// Facts : @rcu-list-del @rcu-publish @rcu-replace @id-erase @rcu-hook-unregisters @rcu-tunnel-publish @rcu-dereference-protected @rcu-access @rcu-free
// Callers : @rcu-list-del
// Needs: macro-index
//
// The first line holds what a match needs: an unlink, an unpublish, or a
// free after a grace period (kfree_rcu(), call_rcu(): a part freed before it;
// call_rcu() also queues the callbacks a module exit must wait for). Module: a module exit's
// file passes the first line too when another file of its composite object
// (ib_core-y := device.o cache.o) queues the callbacks.
//
// Function scope: each match but the module exit's (at file scope) starts
// at a call of the first Requires line and stays in its function. Facts
// keeps every body with one, whatever it frees with (a *_free() helper is
// no token of the second line); Callers keeps the callers of a helper of
// the file that unlinks its argument (hunlink). The Python reads whole files.

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_free_without_grace import unlinked, hook_freed, tunnel_freed, unlinking_helper, unlinked_by_helper, nulled, deferred_first, part_freed, freed_published, module_exit, flush

// the previous file's findings are reported when spatch starts the next one
@script:python@
@@
flush()

// list_del_rcu(&X->fld) ... kfree(X)
@unlink exists@
identifier DEL = {@rcu-list-del};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^([a-z0-9_]+_free|[a-z0-9_]+_destroy)$";
identifier SLAB = {@slab-cache-frees};
expression X, C, E;
identifier fld, f2;
position pu, pf;
@@
(
DEL@pu(&X->fld)
|
DEL@pu(&X->fld.f2)
|
DEL@pu(&X.fld)
)
... when != W(...)
    when != X = E
(
FREE@pf(X)
|
HELPER@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << unlink.pu; pf << unlink.pf; X << unlink.X; fld << unlink.fld; DEL << unlink.DEL;
@@
unlinked(pu, pf, X, fld, DEL)

// a function of the file that unlinks one of its parameters unconditionally
// (fib_remove_alias()), then helper(..., X) ... kfree(X); the Python checks
// that X is the argument unlinked. Found from the unlink, not by matching
// every function body: the second rule then runs only on its callers.
@unlinker@
identifier DEL = {@rcu-list-del};
identifier P, fld;
position p;
@@
DEL@p(&P->fld)

@script:python unlinking@
p << unlinker.p; P << unlinker.P; fld << unlinker.fld; DEL << unlinker.DEL;
H;
@@
h = unlinking_helper(p, P, fld, DEL)
if h:
    coccinelle.H = cocci.make_ident(h)
else:
    cocci.include_match(False)

@hunlink exists@
identifier unlinking.H;
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier SLAB = {@slab-cache-frees};
expression X, C, E;
position pu, pf;
@@
H@pu(..., X, ...)
... when != W(...)
    when != X = E
(
FREE@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << hunlink.pu; pf << hunlink.pf; X << hunlink.X; H << unlinking.H;
@@
unlinked_by_helper(pu, pf, X, H)

// netfilter hooks off the packet path (nf_unregister_net_hooks(net, ops, n),
// or a failed nf_register_net_hooks()), then the ops or their priv freed: the
// packets already in a hook may still run it. The Python relates X to ops.
@hook exists@
identifier UNHOOK = {@rcu-hook-unregisters};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^[a-z0-9_]+_(free|destroy|unregister_table)$";
identifier SLAB = {@slab-cache-frees};
expression N, O, X, C;
position pu, pf;
@@
UNHOOK@pu(N, O, ...)
... when != W(...)
(
FREE@pf(X)
|
HELPER@pf(..., X)
|
SLAB@pf(C, X)
)

@script:python@
pu << hook.pu; pf << hook.pf; O << hook.O; X << hook.X; UNHOOK << hook.UNHOOK;
@@
hook_freed(pu, pf, O, X, UNHOOK)

// setup_udp_tunnel_sock(net, sock, &cfg) with cfg.sk_user_data = X, then X
// freed on an error path: the receive path may already hold it (fou, tipc)
@tunnel exists@
identifier PUB = {@rcu-tunnel-publish};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier SLAB = {@slab-cache-frees};
expression N, S, CFG, X, C;
position pu, pf;
@@
PUB@pu(N, S, &CFG)
... when != W(...)
(
FREE@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << tunnel.pu; pf << tunnel.pf; CFG << tunnel.CFG; X << tunnel.X; PUB << tunnel.PUB;
@@
tunnel_freed(pu, pf, CFG, X, PUB)

// an erase that returns the object, or an erase by the object's own id
@erased exists@
identifier ERASE = {@id-erase};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^([a-z0-9_]+_free|[a-z0-9_]+_destroy)$";
identifier SLAB = {@slab-cache-frees};
expression X, C, E, I;
identifier fld;
position pu, pf;
@@
(
X = ERASE@pu(...)
|
ERASE@pu(I, X->fld)
)
... when != W(...)
    when != X = E
(
FREE@pf(X)
|
HELPER@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << erased.pu; pf << erased.pf; X << erased.X; ERASE << erased.ERASE;
@@
unlinked(pu, pf, X, "", ERASE)

// rcu_assign_pointer(P, NULL) ... kfree(X): the Python relates X to P
@unpub exists@
identifier RAP = {@rcu-publish};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^([a-z0-9_]+_free|[a-z0-9_]+_destroy)$";
identifier SLAB = {@slab-cache-frees};
expression P, X, C;
position pu, pf;
@@
RAP@pu(P, NULL)
... when != W(...)
(
FREE@pf(X)
|
HELPER@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << unpub.pu; pf << unpub.pf; P << unpub.P; X << unpub.X; RAP << unpub.RAP;
@@
nulled(pu, pf, P, X, RAP)

// X = rcu_replace_pointer(P, N, L) ... kfree(X)
@replaced exists@
identifier REP = {@rcu-replace};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers, @rcu-free, @grace-period-defers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^([a-z0-9_]+_free|[a-z0-9_]+_destroy)$";
identifier SLAB = {@slab-cache-frees};
expression P, X, N, C, E, L;
position pu, pf;
@@
X = REP@pu(P, N, L)
... when != W(...)
    when != X = E
(
FREE@pf(X)
|
HELPER@pf(X)
|
SLAB@pf(C, X)
)

@script:python@
pu << replaced.pu; pf << replaced.pf; P << replaced.P; X << replaced.X; REP << replaced.REP;
@@
nulled(pu, pf, P, X, REP)

// kfree_rcu(X) ... rcu_assign_pointer(P, NULL): the grace period began while
// P still pointed at X, so it does not wait for the readers that find X later
@deferred exists@
identifier DEFER = {@rcu-free};
identifier RAP = {@rcu-publish};
expression P, X, E;
identifier fld;
position pd, pu;
@@
(
DEFER@pd(X, ...)
|
DEFER@pd(&X->fld, ...)
)
... when != X = E
RAP@pu(P, NULL)

@script:python@
pd << deferred.pd; pu << deferred.pu; P << deferred.P; X << deferred.X; DEFER << deferred.DEFER;
@@
deferred_first(pd, pu, P, X, DEFER)

// kfree(X->fld) ... kfree_rcu(X): a part of X freed at once while X itself
// waits for the readers that may still hold it
@part exists@
identifier DEFER = {@rcu-free};
identifier W = {@grace-period-waits, @srcu-grace-period-waits, @rcu-barriers};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^(([a-z0-9_]+_)?(free|destroy|put|fini|remove)(_[a-z0-9_]+)?|[a-z0-9_]+_release)$";
identifier SLAB = {@slab-cache-frees};
expression X, C, E;
identifier fld, f2;
position pp, pd;
@@
(
FREE@pp(<+... X->fld ...+>)
|
HELPER@pp(<+... X->fld ...+>, ...)
|
SLAB@pp(C, <+... X->fld ...+>)
)
... when != W(...)
    when != X = E
(
DEFER@pd(X, ...)
|
DEFER@pd(&X->f2, ...)
)

@script:python@
pp << part.pp; pd << part.pd; X << part.X; fld << part.fld; DEFER << part.DEFER;
@@
part_freed(pp, pd, X, fld, DEFER)

// kfree(rcu_dereference_protected(P, c)): freed while P still points at it
@direct@
identifier ACC = {@rcu-dereference-protected, @rcu-access};
identifier FREE = {@immediate-frees};
identifier HELPER =~ "^([a-z0-9_]+_free|[a-z0-9_]+_destroy)$";
identifier SLAB = {@slab-cache-frees};
expression P, C;
position pf;
@@
(
FREE@pf(ACC(P, ...))
|
HELPER@pf(ACC(P, ...))
|
SLAB@pf(C, ACC(P, ...))
)

@script:python@
pf << direct.pf; P << direct.P; ACC << direct.ACC;
@@
freed_published(pf, P, ACC)

@exitfn@
declarer name module_exit;
identifier fn;
position p;
@@
module_exit@p(fn);

@script:python@
p << exitfn.p; fn << exitfn.fn;
@@
module_exit(p, fn)

@finalize:python@
@@
flush()
