// The facts both seqlock rules collect: the or_lock calls, wrappers, locals, writes (lockers/seq.py).
// ---- one state per file: reset it, read the wrapper macros of the file ----
@fileinit@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python@
p << fileinit.p;
@@
S(p[0])

// ---- wrapper functions defined in this file ----
@wrap@
identifier fn, s;
identifier af : script:python() { af in ST.begin or af in ST.need or af in ST.done };
expression L;
parameter list ps;
position p;
@@
fn@p(ps) { <+... af(L, s, ...) ...+> }

@script:python@
fn << wrap.fn;
ps << wrap.ps;
p << wrap.p;
@@
fact_wrapper(fn, ps, p[0])

// ---- facts: calls of the or_lock API and of wrappers in the file ----
@fb@
identifier bfn : script:python() { bfn in ST.begin };
expression list es;
position p;
@@
bfn@p(es)

@script:python@
es << fb.es;
p << fb.p;
@@
fact_begin(es, p[0])

@fbf@
identifier bfn : script:python() { bfn in ST.begin };
expression F;
position p;
@@
F = bfn@p(...)

@script:python@
F << fbf.F;
p << fbf.p;
@@
fact_begin_flags(F, p[0])

@fneed@
identifier nfn : script:python() { nfn in ST.need };
expression list es;
position p;
@@
nfn@p(es)

@script:python@
es << fneed.es;
p << fneed.p;
@@
fact_need(es, p[0])

@fdone@
identifier dfn : script:python() { dfn in ST.done };
expression list es;
position p;
@@
dfn@p(es)

@script:python@
es << fdone.es;
p << fdone.p;
@@
fact_done(es, p[0])

// ---- facts: how the seq variables get their values ----
@fdecl@
type T;
identifier v;
position p;
@@
T v@p;

@script:python@
v << fdecl.v;
p << fdecl.p;
@@
fact_local(v, p[0])

@fdecli@
type T;
identifier v;
expression E;
position p;
@@
T v@p = E;

@script:python@
v << fdecli.v;
E << fdecli.E;
p << fdecli.p;
@@
fact_local(v, p[0], E)

@fwrite@
identifier v;
expression E;
assignment operator aop;
position p;
@@
v@p aop E

@script:python@
v << fwrite.v;
E << fwrite.E;
aop << fwrite.aop;
p << fwrite.p;
@@
fact_write(v, aop, E, p[0])

@finc@
identifier v;
position p;
@@
(
 v@p++
|
 v@p--
|
 ++v@p
|
 --v@p
)

@script:python@
v << finc.v;
p << finc.p;
@@
fact_write(v, "++", "", p[0])

@faddrcall@
identifier g, v;
position p;
@@
g(..., &v@p, ...)

@script:python@
g << faddrcall.g;
v << faddrcall.v;
p << faddrcall.p;
@@
fact_address(g, v, p[0])

@faddr@
identifier v;
position p;
@@
 &v@p

@script:python@
v << faddr.v;
p << faddr.p;
@@
fact_address(None, v, p[0])
