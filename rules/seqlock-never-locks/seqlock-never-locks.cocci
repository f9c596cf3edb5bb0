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
#include "python-init.cocci"
from lockers.seq import ST, S, fact_wrapper, fact_begin, fact_begin_flags, fact_need, fact_done
from lockers.seq import fact_local, fact_write, fact_address
from lockers.seqlock_never_locks import section_loop, report_region

#include "seqlock-facts.cocci"

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
