/// Fixes for rcu-escape findings: a pointer read under RCU is used after the
/// unlock. lockers fix tries the kinds in order (src/fix/fixkind.c); the plan
/// each one is aimed at, or the precondition that fails, comes from the C
/// text of the function (lockers/escape_fix.py):
///   -D extend_section  the uses after the unlock neither sleep nor take a
///                      lock an updater holds while it waits for a grace
///                      period: rcu_read_unlock() moves after the last use,
///                      and a copy goes before each return, goto, break or
///                      continue that leaves the block in between.
///   -D take_reference  the object's struct has a reference pair: one of
///                      data/ref-put.list (dev_hold()/dev_put()), taken before
///                      the unlock; or a *_put() of the file that drops a
///                      counted reference on a member (data/ref-tryget.list),
///                      whose tryget is taken before the unlock, joined to the
///                      NULL test there or else setting the pointer to NULL
///                      on failure for the NULL test after; dropped after the
///                      last use and before each exit in between but those
///                      of the NULL test.
/// spatch numbers the lines of the code as the earlier rules left it, so the
/// edits go bottom up: after the last use, before the exits, then the
/// unlock itself.
//
// Fix: rcu-escape
// Options: --no-includes

virtual patch, extend_section, take_reference

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.escape_fix import extend_unlock, extend_after, extend_exit
from lockers.escape_fix import ref_unlock, ref_after, ref_exit, ref_cond, ref_names

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

// take_reference: the unlock (the plan is made here, or refused), and the names the plan uses
@runl depends on patch && take_reference@
position p : script:python() { ref_unlock(p) };
identifier UNL;
@@
UNL@p();

@script:python rn depends on runl@
X; GET; PUT; M;
@@
x, get, put, m = ref_names()
coccinelle.X = cocci.make_ident(x)
coccinelle.GET = cocci.make_ident(get)
coccinelle.PUT = cocci.make_ident(put)
coccinelle.M = cocci.make_ident(m)

@depends on runl@
identifier rn.X, rn.PUT;
position p : script:python() { ref_after(p) };
expression E;
statement S1, S2;
iterator I;
@@
(
if@p (E) S1 else S2
+ PUT(X);
|
if@p (E) S1
+ PUT(X);
|
for@p (...;...;...) S1
+ PUT(X);
|
while@p (E) S1
+ PUT(X);
|
I@p(...) S1
+ PUT(X);
|
E@p;
+ PUT(X);
)

@depends on runl@
identifier rn.X, rn.PUT;
position p : script:python() { ref_exit(p) };
expression E;
identifier L;
@@
(
+ PUT(X);
  return@p E;
|
+ PUT(X);
  return@p;
|
+ PUT(X);
  goto@p L;
|
+ PUT(X);
  break@p;
|
+ PUT(X);
  continue@p;
)

@depends on runl@
identifier runl.UNL, rn.X, rn.GET;
position p : script:python() { ref_unlock(p, "plain") };
@@
+ GET(X);
  UNL@p();

@depends on runl@
identifier runl.UNL, rn.X, rn.GET;
position p : script:python() { ref_unlock(p, "plain_if") };
@@
+ if (X)
+	GET(X);
  UNL@p();

@depends on runl@
identifier runl.UNL, rn.X, rn.GET, rn.M;
position p : script:python() { ref_unlock(p, "try_if") };
@@
+ if (X && !GET(&X->M))
+	X = NULL;
  UNL@p();

@depends on runl@
identifier rn.X, rn.GET, rn.M;
position p : script:python() { ref_cond(p) };
statement S;
@@
  if@p (
- !X
+ !X || !GET(&X->M)
  ) S
