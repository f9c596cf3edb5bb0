/// Fix for rcu-publish-before-init findings: the field stores written right
/// after the publication move above it, so readers find the object complete.
///   -D move_stores  the publication (a plain store, rcu_assign_pointer() or
///                   a list_add*_rcu()) is followed, in the same block, by up
///                   to three stores to the published object's fields whose
///                   values read neither the published location nor the list.
/// Stores that are further away, behind a label or after the end of the
/// branch that publishes have no mechanical fix: nothing is written.
//
// Fix: rcu-publish-before-init
// Options: --no-includes

virtual patch, move_stores

@initialize:python@
@@
import os, sys
argv = open("/proc/self/cmdline").read().replace("--cocci-file", "--sp-file").split("\0")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(argv[argv.index("--sp-file") + 1]))) if "--sp-file" in argv else os.environ["LOCKERS_COCCI_DIR"])
sys.dont_write_bytecode = True
from lockers.fixtarget import at, independent, is_written_field

// The publication: what it publishes (X) and where (L, or the list head H).
@pub depends on patch && move_stores@
position p : script:python() { at(p) };
expression L, X, H;
identifier m;
identifier ADD = {list_add_rcu, list_add_tail_rcu, hlist_add_head_rcu, hlist_add_tail_rcu,
		  hlist_add_behind_rcu, hlist_add_before_rcu, hlist_nulls_add_head_rcu};
@@
(
L@p = X;
|
rcu_assign_pointer@p(L, X);
|
ADD@p(&X->m, H);
)

@depends on pub@
expression pub.X;
statement PUB;
position ps : script:python() { at(ps) };
identifier f1 : script:python() { is_written_field(f1) };
identifier f2 : script:python() { is_written_field(f2) };
identifier f3 : script:python() { is_written_field(f3) };
expression V1 : script:python() { independent(V1) };
expression V2 : script:python() { independent(V2) };
expression V3 : script:python() { independent(V3) };
@@
(
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
  X->f3 = V3;
+ PUB
|
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
+ PUB
|
- PUB@ps
  X->f1 = V1;
+ PUB
)
