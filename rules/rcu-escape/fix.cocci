/// Fixes for rcu-escape findings: a pointer read under RCU is used after the
/// unlock. lockers fix tries the kinds in order (src/fix/fixkind.c); the plan
/// each one is aimed at, or the precondition that fails, comes from the C
/// text of the function (lockers/escape_fix.py):
///   -D extend_section  the uses after the unlock neither sleep nor take a
///                      lock an updater holds while it waits for a grace
///                      period: rcu_read_unlock() moves after the last use,
///                      and a copy goes before each return, goto, break or
///                      continue that leaves the block in between.
/// spatch numbers the lines of the code as the earlier rules left it, so the
/// edits go bottom up: after the last use, before the exits, then the
/// unlock itself.
//
// Fix: rcu-escape
// Options: --no-includes

virtual patch, extend_section

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.escape_fix import extend_unlock, extend_after, extend_exit

// The unlock that ends the section (the plan is made here, or refused).
@unl depends on patch && extend_section@
position p : script:python() { extend_unlock(p) };
identifier UNL;
@@
UNL@p();

@depends on unl@
identifier unl.UNL;
position p : script:python() { extend_after(p) };
expression E;
statement S1, S2;
iterator I;
@@
(
if@p (E) S1 else S2
+ UNL();
|
if@p (E) S1
+ UNL();
|
for@p (...;...;...) S1
+ UNL();
|
while@p (E) S1
+ UNL();
|
I@p(...) S1
+ UNL();
|
E@p;
+ UNL();
)

@depends on unl@
identifier unl.UNL;
position p : script:python() { extend_exit(p) };
expression E;
identifier L;
@@
(
+ UNL();
  return@p E;
|
+ UNL();
  return@p;
|
+ UNL();
  goto@p L;
|
+ UNL();
  break@p;
|
+ UNL();
  continue@p;
)

@depends on unl@
identifier unl.UNL;
position p : script:python() { extend_unlock(p) };
@@
- UNL@p();
