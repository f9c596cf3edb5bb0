/// Finds seqlock "or_lock" readers that can leave the lock held or close
/// the wrong region: after a locking pass (seq odd, read_seqbegin_or_lock()
/// took the lock) only done_seqretry() releases it, so a return on a path
/// that skips done_seqretry() leaks the lock; and a done_seqretry() or
/// need_seqretry() given another seq, another lock, the other irq variant
/// or other flags than the region was begun with releases (or validates)
/// something else.
///
/// Exits are followed through the goto-restart, do-while and loop-break
/// forms; past a need_seqretry() that asked for a retry seq is even, so
/// nothing is held there. Evidence seq_never_odd: the region never locks
/// today (see seqlock-never-locks), so the exit leaks nothing yet but will
/// once the fallback is fixed. parity_tested: the path tests seq & 1, the
/// code may be handling the locking pass itself. same_lock_field: the two
/// lock expressions end in the same member and may well be the same lock.
//
// Rule: seqlock-unbalanced
// Confidence: High
// Options: --no-includes
// Requires : read_seqbegin_or_lock read_seqbegin_or_lock_irqsave
//
// Limits: seq must be a local variable; wrappers are recognised when defined
// in the same file (see seqlock-never-locks); when a wrapper is involved the
// lock expressions are not compared. The goto-restart form is recognised as
// "if (need_seqretry(...)) S" without else; other shapes go through the
// generic path from the check, on which the retrying branch must reach the
// begin again (so a return on that branch before the begin would be
// reported although seq is even there).

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.seq import ST, S, fact_wrapper, fact_begin, fact_begin_flags, fact_need, fact_done
from lockers.seq import fact_local, fact_write, fact_address
from lockers.seqlock_unbalanced import record_leak, record_parity, report_function

#include "seqlock-facts.cocci"

// ---- exits on a path that may still hold the lock ----
// The path rules below cut at done_seqretry*() and at any need_seqretry()
// on the same seq: past a need_seqretry() that asked for a retry seq is
// even (lockless), and the forms differ in which branch leaves the region.
// An exit on which the code tests the parity of seq is recorded apart.

// (a) from the begin: an exit reached before the retry check
@leakb exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
expression E9;
position pb, pr;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pb << leakb.pb;
pr << leakb.pr;
seq << leakb.seq;
@@
record_leak(pb[0], pr[0], "before_check", seq)

@leakbpar exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
expression E9;
position pb, pr;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pb << leakbpar.pb;
pr << leakbpar.pr;
seq << leakbpar.seq;
@@
record_parity(pb[0], pr[0], seq)

// (b) goto-restart form: from after "if (need_seqretry(...)) S"
@ifneed@
identifier nfn : script:python() { nfn in ST.need };
identifier seq;
expression list es0;
statement S;
position pn;
@@
if (nfn@pn(es0, seq, ...)) S

@leaki exists@
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
statement S;
position pn, pr;
@@
if (nfn@pn(es0, seq, ...)) S
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pn << leaki.pn;
pr << leaki.pr;
seq << leaki.seq;
@@
record_leak(pn[0], pr[0], "after_check", seq)

@leakipar exists@
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
statement S;
position pn, pr;
@@
if (nfn@pn(es0, seq, ...)) S
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pn << leakipar.pn;
pr << leakipar.pr;
seq << leakipar.seq;
@@
record_parity(pn[0], pr[0], seq)

// (c) do-while and loop-break forms: from any other need_seqretry(); the
// branch that retries reaches the begin again, which cuts the path
@leakn exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2, es3;
position pn != ifneed.pn;
position pr;
@@
\(need_seqretry@pn(es0, seq)\|nfn@pn(es0, seq)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
return@pr ...;

@script:python@
pn << leakn.pn;
pr << leakn.pr;
seq << leakn.seq;
@@
record_leak(pn[0], pr[0], "after_check", seq)

@leaknpar exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2, es3;
position pn != ifneed.pn;
position pr;
@@
\(need_seqretry@pn(es0, seq)\|nfn@pn(es0, seq)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
return@pr ...;

@script:python@
pn << leaknpar.pn;
pr << leaknpar.pr;
seq << leaknpar.seq;
@@
record_parity(pn[0], pr[0], seq)

// ---- report, once per function: leaking exits and mismatched calls ----
@rep@
identifier bfn : script:python() { bfn in ST.begin };
position p;
@@
bfn@p(...)

@script:python@
p << rep.p;
@@
report_function(p[0])

