/// Finds seqlock "or_lock" readers whose seq can never become odd:
/// read_seqbegin_or_lock() only takes the lock when it is passed an odd
/// seq, and need_seqretry() only asks for a retry while seq is even, so
/// unless the retry path sets seq odd (seq = 1, seq++ after the lockless
/// pass, nextseq = 1 copied into seq), every pass is lockless and the
/// "or_lock" fallback is dead code. The loop is really a plain
/// read_seqbegin()/read_seqretry() loop that says otherwise; under a
/// steady writer it never makes progress.
///
/// The whole function is searched for writes that can make seq (or a
/// variable copied into it) odd; a write lockers cannot judge, or seq
/// being a parameter, a field or passed by address, keeps the rule quiet.
/// Evidence short_section: the read section has no loop, so the lock
/// fallback would buy little and a plain read_seqbegin() is probably
/// what was meant.
//
// Rule: seqlock-never-locks
// Confidence: High
// Options: --no-includes
// Requires : read_seqbegin_or_lock read_seqbegin_or_lock_irqsave
// Requires : need_seqretry
//
// Limits: seq must be a local variable (a parameter, a field or a global is
// left alone); wrappers are recognised when defined in the same file (a
// static function or a function-like macro whose body calls the API with one
// of its parameters as seq, the seq argument last or next to last); the
// search for odd writes covers the whole function, not only the retry path.

virtual report, org

@initialize:python@
@@
import os, sys
argv = open("/proc/self/cmdline").read().replace("--cocci-file", "--sp-file").split("\0")
sys.path.insert(0, os.path.dirname(os.path.abspath(argv[argv.index("--sp-file") + 1])) if "--sp-file" in argv else os.environ["LOCKERS_COCCI_DIR"])
sys.dont_write_bytecode = True
from lockers.seq import ST, S, fact_wrapper, fact_begin, fact_begin_flags, fact_need, fact_done
from lockers.seq import fact_local, fact_write, fact_address
from lockers.seqlock_never_locks import section_loop, report_region

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

// ---- evidence: does the read section walk anything (a loop before the check)? ----
@sectloop exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier seq;
expression list es0, es1, es2;
expression E1, E9;
statement S;
iterator I;
position pb, pl;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
(
for@pl (...;...;...) S
|
while@pl (E1) S
|
I@pl(...) S
)

@script:python@
pb << sectloop.pb;
seq << sectloop.seq;
@@
section_loop(pb[0], seq)

// ---- report: a region whose seq can never be odd ----
@rep@
identifier bfn : script:python() { bfn in ST.begin };
position p;
@@
bfn@p(...)

@script:python@
p << rep.p;
@@
report_region(p[0])
