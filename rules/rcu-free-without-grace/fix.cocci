/// Fix for rcu-free-without-grace findings; lockers fix aims the rule at
/// the finding's free (rules/lib/fixtarget.py):
///   -D defer_free      kfree(X) of a type with an rcu_head -> kfree_rcu(X, head)
///   -D wait_first      hook ops or a tunnel's sk_user_data freed after they
///                      left the packet path: synchronize_net() before the free
///   -D module_barrier  a module exit with call_rcu() callbacks pending gets
///                      rcu_barrier(), before the first teardown (a slab
///                      cache destroyed, a free, or a helper of the file that
///                      does one), else as its last statement
///   -D module_barrier_last  a module exit that waits, then runs work that may
///                      queue more callbacks: rcu_barrier() as its last statement
/// The rcu_head member's name comes from the finding (LOCKERS_FIX_FIELDS).
//
// Fix: rcu-free-without-grace
// Options: --no-includes

virtual patch, defer_free, module_barrier, module_barrier_last, wait_first

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at, is_key
from lockers import source
from lockers.vocab import calls, names

TEARDOWNS = set(names("module-teardowns", "immediate-frees"))
TEARDOWN_CALL = calls("module-teardowns", "immediate-frees")
first_teardown = []


def tears_down(name, q):
    """name is a teardown, or a function of this file whose body calls one."""
    if name in TEARDOWNS:
        return True
    lines = source.lines(q[0].file)
    span = source.func_named(lines, name)
    return span is not None and TEARDOWN_CALL.search("\n".join(lines[span[0]:span[1] + 1])) is not None


def note_teardown(q):
    where = (int(q[0].line), int(q[0].column))
    if not first_teardown or where < first_teardown[0]:
        first_teardown[:] = [where]


def is_first_teardown(q):
    return bool(first_teardown) and (int(q[0].line), int(q[0].column)) == first_teardown[0]

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

@depends on patch && wait_first@
identifier D;
position p : script:python() { at(p) };
@@
+ synchronize_net();
  D@p(...);

// The exit's calls, to find its first teardown.
@exit_call depends on patch && module_barrier@
identifier F : script:python() { is_key(F) };
identifier D;
position q;
@@
F(...) { <... D@q(...) ...> }

@script:python depends on exit_call@
D << exit_call.D;
q << exit_call.q;
@@
if tears_down(D, q):
    note_teardown(q)

@before_teardown depends on patch && module_barrier@
identifier D;
position q : script:python() { is_first_teardown(q) };
@@
+ rcu_barrier();
  D@q(...);

@depends on patch && module_barrier && !before_teardown@
identifier F : script:python() { is_key(F) };
@@
F(...) {
  ...
+ rcu_barrier();
}

@depends on patch && module_barrier_last@
identifier F : script:python() { is_key(F) };
@@
F(...) {
  ...
+ rcu_barrier();
}
