/// Fix for rcu-double-deref findings: when the first read was stored in a
/// local (ndev = rcu_dereference(attr->ndev)), the second read, plain or
/// marked, becomes that local, so the section uses one object. The local
/// must not be assigned again on the way (then no fix is written).
//
// Fix: rcu-double-deref
// Options: --no-includes

virtual patch, reuse_local

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at, at_first, is_key

@first depends on patch && reuse_local exists@
local idexpression T;
expression X : script:python() { is_key(X) };
expression Y;
position p1 : script:python() { at_first(p1) };
position p2 : script:python() { at(p2) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_check,
		 rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_protected,
		 srcu_dereference, srcu_dereference_check};
@@
T = RD(X@p1, ...);
... when != T = Y
    when != &T
X@p2

@depends on first@
local idexpression first.T;
expression first.X;
position first.p2;
identifier RD2 = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_check,
		  rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_protected,
		  srcu_dereference, srcu_dereference_check, rcu_access_pointer, READ_ONCE};
@@
(
- RD2(X@p2, ...)
+ T
|
- X@p2
+ T
)
