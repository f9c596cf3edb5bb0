/// Fix for rcu-free-without-grace findings; lockers fix aims the rule at
/// the finding's free (rules/lib/fixtarget.py):
///   -D defer_free  kfree(X) of a type with an rcu_head -> kfree_rcu(X, head)
/// The rcu_head member's name comes from the finding (LOCKERS_FIX_FIELDS).
//
// Fix: rcu-free-without-grace
// Options: --no-includes

virtual patch, defer_free

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at, is_key

@script:python head@
H;
@@
coccinelle.H = os.environ.get("LOCKERS_FIX_FIELDS", "rcu").split(",")[0]

@depends on patch && defer_free@
expression X : script:python() { is_key(X) };
position p : script:python() { at(p) };
identifier head.H;
@@
- kfree@p(X);
+ kfree_rcu(X, H);
