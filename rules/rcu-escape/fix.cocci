/// Fixes for rcu-escape findings: a pointer read under RCU is used after the
/// unlock. lockers fix tries the kinds in order (src/fix/fixkind.c); the plan
/// each one is aimed at, or the precondition that fails, comes from the C
/// text of the function (lockers/escape_fix.py):
///   -D copy_scalars    the uses after the unlock only read scalar fields of
///                      the object (their type from the struct's definition
///                      in the file or the headers): up to three are copied
///                      into locals before the unlock (a local the section
///                      already copied the field into is reused) and the
///                      reads become the locals.
///   -D extend_section  the uses after the unlock neither sleep nor take a
///                      lock an updater holds while it waits for a grace
///                      period: rcu_read_unlock() moves after the last use,
///                      and a copy goes before each return, goto, break or
///                      continue that leaves the block in between.
///   -D take_reference  the object's struct has a reference pair: one of
///                      data/ref-put.list (dev_hold()/dev_put()), taken before
///                      the unlock; or one that can fail, of
///                      data/ref-tryget-put.list (nfs_sb_active(x->super)) or
///                      a *_put() of the file that drops a counted reference
///                      on a member (data/ref-tryget.list), taken before the
///                      unlock, the failure going on to the next entry of the
///                      RCU list walk, joined to the NULL test there or else
///                      setting the pointer to NULL for the NULL test after;
///                      dropped after the last use and before each exit in
///                      between but those of the NULL test.
/// spatch numbers the lines of the code as the earlier rules left it, so the
/// edits go bottom up: after the last use, before the exits, then the
/// unlock itself.
//
// Fix: rcu-escape
// Options: --no-includes

virtual patch, copy_scalars, extend_section, take_reference

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.escape_fix import at_place, ref_unlock, ref_names
from lockers.escape_fix import copy_unlock, copy_local, copy_stmts, copy_decls

// The unlock that ends the section (the plan is made here, or refused).
@unl depends on patch && extend_section@
position p : script:python() { at_place(p, "extend", "unlock") };
identifier UNL;
@@
UNL@p();

@depends on unl@
identifier unl.UNL;
position p : script:python() { at_place(p, "extend", "after") };
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
position p : script:python() { at_place(p, "extend", "exits") };
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
position p : script:python() { at_place(p, "extend", "unlock") };
@@
- UNL@p();

// take_reference: the unlock (the plan is made here, or refused), and the names the plan uses
@runl depends on patch && take_reference@
position p : script:python() { ref_unlock(p) };
identifier UNL;
@@
UNL@p();

@script:python rn depends on runl@
X; GET; PUT; GA; PA;
@@
x, get, put, ga, pa = ref_names()
coccinelle.X = cocci.make_ident(x)
coccinelle.GET = cocci.make_ident(get)
coccinelle.PUT = cocci.make_ident(put)
coccinelle.GA = cocci.make_expr(ga)
coccinelle.PA = cocci.make_expr(pa)

@depends on runl@
identifier rn.PUT;
expression rn.PA;
position p : script:python() { at_place(p, "reference", "after") };
expression E;
statement S1, S2;
iterator I;
@@
(
if@p (E) S1 else S2
+ PUT(PA);
|
if@p (E) S1
+ PUT(PA);
|
for@p (...;...;...) S1
+ PUT(PA);
|
while@p (E) S1
+ PUT(PA);
|
I@p(...) S1
+ PUT(PA);
|
E@p;
+ PUT(PA);
)

@depends on runl@
identifier rn.PUT;
expression rn.PA;
position p : script:python() { at_place(p, "reference", "exits") };
expression E;
identifier L;
@@
(
+ PUT(PA);
  return@p E;
|
+ PUT(PA);
  return@p;
|
+ PUT(PA);
  goto@p L;
|
+ PUT(PA);
  break@p;
|
+ PUT(PA);
  continue@p;
)

@depends on runl@
identifier runl.UNL, rn.GET;
expression rn.GA;
position p : script:python() { ref_unlock(p, "plain") };
@@
+ GET(GA);
  UNL@p();

@depends on runl@
identifier runl.UNL, rn.X, rn.GET;
expression rn.GA;
position p : script:python() { ref_unlock(p, "plain_if") };
@@
+ if (X)
+	GET(GA);
  UNL@p();

@depends on runl@
identifier runl.UNL, rn.X, rn.GET;
expression rn.GA;
position p : script:python() { ref_unlock(p, "try_if") };
@@
+ if (X && !GET(GA))
+	X = NULL;
  UNL@p();

@depends on runl@
identifier runl.UNL, rn.GET;
expression rn.GA;
position p : script:python() { ref_unlock(p, "try_continue") };
@@
+ if (!GET(GA))
+	continue;
  UNL@p();

@depends on runl@
identifier rn.X, rn.GET;
expression rn.GA;
position p : script:python() { at_place(p, "reference", "cond") };
statement S;
@@
  if@p (
- !X
+ !X || !GET(GA)
  ) S

// copy_scalars: the reads of fields after the unlock (the plan is made here, or refused)
@cuse depends on patch && copy_scalars@
identifier X, F;
position p : script:python() { at_place(p, "copy", "uses") };
@@
X@p->F

@script:python cn depends on cuse@
p << cuse.p;
V;
@@
coccinelle.V = cocci.make_ident(copy_local(p))

@cunl depends on cuse@
position p : script:python() { copy_unlock(p) };
identifier UNL;
@@
UNL@p();

@script:python cs depends on cunl@
u << cunl.UNL;
C1; C2; C3; D1; D2; D3;
@@
coccinelle.C1 = cocci.make_stmt(copy_stmts("copy", 0))
coccinelle.C2 = cocci.make_stmt(copy_stmts("copy", 1))
coccinelle.C3 = cocci.make_stmt(copy_stmts("copy", 2))
coccinelle.D1 = cocci.make_stmt(copy_stmts("decl", 0))
coccinelle.D2 = cocci.make_stmt(copy_stmts("decl", 1))
coccinelle.D3 = cocci.make_stmt(copy_stmts("decl", 2))

@depends on cunl@
identifier cuse.X, cuse.F, cn.V;
position cuse.p;
@@
- X@p->F
+ V

@depends on cunl@
identifier cunl.UNL;
statement cs.C1;
position p : script:python() { copy_unlock(p, 1) };
@@
+ C1
  UNL@p();

@depends on cunl@
identifier cunl.UNL;
statement cs.C1, cs.C2;
position p : script:python() { copy_unlock(p, 2) };
@@
+ C1
+ C2
  UNL@p();

@depends on cunl@
identifier cunl.UNL;
statement cs.C1, cs.C2, cs.C3;
position p : script:python() { copy_unlock(p, 3) };
@@
+ C1
+ C2
+ C3
  UNL@p();

@depends on cunl@
identifier FN;
position p : script:python() { copy_decls(p, 1) };
statement cs.D1;
@@
FN@p(...) {
+ D1
  ...
}

@depends on cunl@
identifier FN;
position p : script:python() { copy_decls(p, 2) };
statement cs.D1, cs.D2;
@@
FN@p(...) {
+ D1
+ D2
  ...
}

@depends on cunl@
identifier FN;
position p : script:python() { copy_decls(p, 3) };
statement cs.D1, cs.D2, cs.D3;
@@
FN@p(...) {
+ D1
+ D2
+ D3
  ...
}
