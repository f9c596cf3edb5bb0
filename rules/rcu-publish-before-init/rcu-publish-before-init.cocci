/// Finds an object stored into a location that RCU readers reach (the store
/// is rcu_assign_pointer(), or the file reads the location with
/// rcu_dereference*(), frees what it points to with call_rcu()/kfree_rcu(),
/// or assigns it with rcu_assign_pointer() elsewhere) and whose fields are
/// written after that store, through the new pointer or through the
/// published location; also objects put on an RCU list (list_add_rcu() and
/// friends) and then written.
///
/// Why: publication must come last. Once the pointer is visible a reader
/// under rcu_read_lock() can follow it and see the fields before the writes
/// land (or, with a plain store, in any order): the object must be fully
/// initialised before rcu_assign_pointer() makes it reachable. The article's
/// exercise 4, jbd2_dev_to_name(), stores the new cache entry into the slot
/// and only then fills in its device number and name.
//
// Rule: rcu-publish-before-init
// Confidence: Moderate
// Options: --no-includes
// Requires : @rcu-dereference @rcu-dereference-rtnl @rcu-dereference-subsystem @rcu-dereference-protected @rcu-access @rcu-publish @rcu-replace @rcu-free @rcu-list-add @rcu-list-replace
// Scope: function
// Facts : @rcu-read-lock guard(rcu)
// Locations : @rcu-dereference @rcu-dereference-rtnl @rcu-dereference-subsystem @rcu-dereference-protected @rcu-access @rcu-publish @rcu-replace
// Freed : @rcu-free

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu import local, new_object, section, guard, freed, flush
from lockers.rcu_publish import accessor, section_read, null_check, may_publish, add_pub
from lockers.rcu_publish import any_pub, in_publisher, any_section, in_sectioned

// each file on its own: report the facts of the previous file, then forget
// them (matches inside a macro's expansion carry the macro file's name)
@script:python@
@@
flush()

// RCU locations of the file: read with an accessor, assigned with one, or freed
@acc@
identifier D = {@rcu-dereference, @rcu-dereference-rtnl, @rcu-dereference-subsystem, @rcu-dereference-protected};
identifier A = {@rcu-access, @rcu-publish, @rcu-replace};
expression E;
position p;
@@
(
D(E@p, ...)
|
A(E@p, ...)
)

@script:python@
D << acc.D = "";
A << acc.A = "";
E << acc.E;
p << acc.p;
@@
accessor(p[0], D, A, E)

@freed@
identifier F = {@rcu-free};
expression E, S1, CB;
identifier fld;
position p;
@@
(
F@p(&E->fld, CB)
|
F@p(S1, &E->fld, CB)
|
F@p(E, fld)
)

@script:python@
E << freed.E;
p << freed.p;
@@
freed(p[0], E)

@freed2 exists@
identifier F = {@rcu-free};
local idexpression L;
expression X, S1, CB, V;
identifier fld;
position p;
@@
L = X;
... when != L = V
(
F@p(&L->fld, CB)
|
F@p(S1, &L->fld, CB)
|
F@p(L, fld)
)

@script:python@
X << freed2.X;
p << freed2.p;
@@
freed(p[0], X, member=True)

// ---- publication followed by writes to the new object ----

@pubn exists@
expression E : script:python() { may_publish(E) };
expression V, V2, V3;
local idexpression N;
identifier fld;
identifier COPY = {@memory-writes};
identifier PUB = {@rcu-publish};
position ps, pw;
@@
(
E@ps = N;
|
PUB@ps(E, N);
)
... when != N = V2
    when != E = V3
(
N->fld@pw = V;
|
COPY(N->fld@pw, ...);
|
COPY(&N->fld@pw, ...);
)

@script:python@
E << pubn.E;
N << pubn.N;
fld << pubn.fld;
PUB << pubn.PUB = "plain store";
ps << pubn.ps;
pw << pubn.pw;
@@
add_pub(ps[0], pw[0], E, N, PUB, fld, "%s->%s" % (N, fld))

@pube exists@
expression E : script:python() { may_publish(E) };
expression V, V2, V3;
local idexpression N;
identifier fld;
identifier COPY = {@memory-writes};
identifier PUB = {@rcu-publish};
position ps, pw;
@@
(
E@ps = N;
|
PUB@ps(E, N);
)
... when != N = V2
    when != E = V3
(
E->fld@pw = V;
|
COPY(E->fld@pw, ...);
|
COPY(&E->fld@pw, ...);
)

@script:python@
E << pube.E;
N << pube.N;
fld << pube.fld;
PUB << pube.PUB = "plain store";
ps << pube.ps;
pw << pube.pw;
@@
add_pub(ps[0], pw[0], E, N, PUB, fld, "%s->%s" % (E, fld))

@publ exists@
expression V, V2, O;
local idexpression N;
identifier lst, fld;
identifier COPY = {@memory-writes};
identifier LADD = {@rcu-list-add};
identifier LREP = {@rcu-list-replace};
position ps, pw;
@@
(
LADD@ps(&N->lst, ...);
|
LREP@ps(O, &N->lst);
)
... when != N = V2
(
N->fld@pw = V;
|
COPY(N->fld@pw, ...);
|
COPY(&N->fld@pw, ...);
)

@script:python@
N << publ.N;
fld << publ.fld;
LADD << publ.LADD = "";
LREP << publ.LREP = "";
ps << publ.ps;
pw << publ.pw;
@@
add_pub(ps[0], pw[0], None, N, LADD or LREP, fld, "%s->%s" % (N, fld))

// ---- what report() judges the publications by ----

// the facts below serve only report(), which judges the file's
// publications: a file with none needs none of them
#include "rcu-sections.cocci"

@script:python publishes@
ok;
@@
if any_pub():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

// locals, parameters and new objects: report() asks only those of a
// function with a publication (in_publisher())
@loc depends on publishes@
type T;
identifier L;
position p : script:python() { in_publisher(p[0]) };
@@
(
T L@p;
|
T L@p = ...;
)

@script:python@
L << loc.L;
p << loc.p;
@@
local(p[0], L)

@prm depends on publishes@
identifier fn, L;
type T;
position p : script:python() { in_publisher(p[0]) };
@@
fn(..., T L@p, ...) { ... }

@script:python@
L << prm.L;
p << prm.p;
@@
local(p[0], L)

@nobj depends on publishes@
local idexpression N;
identifier ALLOC =~ "alloc|^kmemdup|^kstrdup|^kzalloc|^kcalloc|^kvzalloc";
position p : script:python() { in_publisher(p[0]) };
@@
N@p = ALLOC(...)

@script:python@
N << nobj.N;
p << nobj.p;
@@
new_object(p[0], N)

// reads and NULL tests count only inside a read-side section, so only in
// a function with one (in_sectioned()); this gate comes after the rules
// that depend on publishes: once it drops its match, they would not run
@script:python sectioned depends on publishes@
ok;
@@
if any_section():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

@rd depends on sectioned@
expression X;
identifier fld;
position p : script:python() { in_sectioned(p[0]) };
@@
X@p->fld

@script:python@
X << rd.X;
fld << rd.fld;
p << rd.p;
@@
section_read(p[0], X, fld)

@nchk depends on sectioned@
expression X;
identifier fld;
position p : script:python() { in_sectioned(p[0]) };
@@
(
X->fld@p == NULL
|
X->fld@p != NULL
)

@script:python@
fld << nchk.fld;
p << nchk.p;
@@
null_check(p[0], fld)

@finalize:python@
@@
flush()
