/// Fixes for rcu-plain-access findings, one virtual rule per kind; lockers
/// fix picks the kind from the finding's evidence and aims the rule at the
/// finding's place (cocci/lockers/fixtarget.py):
///   -D deref      a plain load inside rcu_read_lock() -> rcu_dereference()
///   -D access     a plain load that only tests NULL   -> rcu_access_pointer()
///   -D assign     a plain publishing store            -> rcu_assign_pointer()
///   -D init_null  a plain NULL store                  -> RCU_INIT_POINTER()
///   -D convert_member  the member is not declared __rcu (fm10k's iov_data):
///                 it becomes __rcu and every access in the files of its
///                 directory that see it takes its accessor, the update-side
///                 loads rcu_dereference_protected(..., 1) for the human to
///                 name the lock (lockers/plain_fix.py); the other kinds are
///                 refused there, as their accessor alone adds a sparse warning
//
// Fix: rcu-plain-access
// Options: --no-includes

virtual patch, deref, access, assign, init_null, convert_member

@initialize:python@
@@
#include "python-init-fix.cocci"
import os
from lockers.fixtarget import at, is_key as key_text
from lockers.plain_fix import not_rcu_reason, write_conversion

TREE, FILE, KEY = (os.environ.get(v, "") for v in ("LOCKERS_FIX_TREE", "LOCKERS_FIX_FILE", "LOCKERS_FIX_KEY"))
NOT_RCU = not_rcu_reason(TREE, FILE, KEY)
if "convert_member" in argv:
    # Python writes the conversion (new.c, others/<path>): no SmPL rule runs.
    write_conversion(TREE, FILE, KEY, NOT_RCU)
elif NOT_RCU:
    print("lockers-fix: " + NOT_RCU)


def is_key(X):
    """The finding's key, when an accessor on it can be sparse-clean."""
    return not NOT_RCU and key_text(X)

// Only a load inside a plain rcu_read_lock() section: a _bh, _sched or
// SRCU section wants another accessor, which this fix does not guess.
@load_in_section depends on patch && deref exists@
expression X : script:python() { is_key(X) };
position p : script:python() { at(p) };
@@
rcu_read_lock();
... when != rcu_read_unlock();
X@p

@depends on load_in_section@
expression load_in_section.X;
position load_in_section.p;
@@
- X@p
+ rcu_dereference(X)

@depends on patch && access@
expression X : script:python() { is_key(X) };
position p : script:python() { at(p) };
@@
- X@p
+ rcu_access_pointer(X)

@depends on patch && assign@
expression X : script:python() { is_key(X) };
expression V;
position p : script:python() { at(p) };
@@
- X@p = V;
+ rcu_assign_pointer(X, V);

@depends on patch && init_null@
expression X : script:python() { is_key(X) };
position p : script:python() { at(p) };
@@
- X@p = NULL;
+ RCU_INIT_POINTER(X, NULL);

// convert_member's change is written by the Python at the top; spatch wants
// one transformation for the mode, and this one matches no code.
@depends on patch && convert_member@
identifier I : script:python() { False };
@@
- I();
