/// A seqcount/seqlock retry (read_seqcount_retry(), read_seqretry(),
/// need_seqretry(), ...) whose answer does not decide anything: the result
/// is discarded, stored in a variable nobody reads, tested by an if whose
/// branch neither repeats nor rejects the read (empty, or only a message),
/// or tested by a while loop that never takes a new begin (it can only spin
/// on the same stale sequence). The retry is the only thing that makes a
/// seqcount read safe; ignoring it leaves the data used as if it were
/// consistent.
///
/// A retry used only as a WARN_ON() argument is reported lower: it is
/// usually an assertion that no writer can run there.
//
// Rule: seqcount-retry-ignored
// Confidence: High
// Options: --no-includes
// Requires : read_seqcount_retry __read_seqcount_retry read_seqretry need_seqretry read_seqcount_latch_retry raw_read_seqcount_latch_retry read_seqretry_irqrestore do_read_seqcount_retry

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.seqcount_retry_ignored import ignored, flush

// every retry of the file; the rules below ask what becomes of its answer
@r@
identifier RETRY = {@seqcount-retry, @seqlock-retry, @seqlock-or-lock-need};
expression C, S;
position pr;
@@
RETRY@pr(C, S, ...)

// discarded: a statement of its own, or cast to void
@dropped@
identifier r.RETRY;
expression r.C, r.S;
position r.pr;
@@
(
RETRY@pr(C, S, ...);
|
 (void)RETRY@pr(C, S, ...);
)

@script:python depends on dropped@
pr << r.pr; RETRY << r.RETRY; C << r.C; S << r.S;
@@
ignored(pr, RETRY, C, S, "discarded")

// stored in a variable that is never read afterwards
@stored@
identifier r.RETRY;
identifier V;
expression r.C, r.S;
position r.pr;
@@
V = RETRY@pr(C, S, ...);

@readlater exists@
identifier r.RETRY;
identifier stored.V;
expression r.C, r.S, E;
position r.pr;
@@
V = RETRY@pr(C, S, ...);
... when != V = E
V

@script:python depends on stored && !readlater@
pr << r.pr; RETRY << r.RETRY; C << r.C; S << r.S; V << stored.V;
@@
ignored(pr, RETRY, C, S, "unused", stored_in=str(V))

// if (retry) with an empty branch, or one that only reports
@emptyif@
identifier r.RETRY;
identifier DIAG =~ "^(pr_[a-z]+|printk|printk_ratelimited|dev_[a-z]+|netdev_[a-z]+|trace_[a-z0-9_]+|WARN|WARN_ON|WARN_ON_ONCE|WARN_ONCE|pr_debug_ratelimited|cpu_relax)$";
expression r.C, r.S;
position r.pr;
@@
(
if (RETRY@pr(C, S, ...)) {}
|
if (RETRY@pr(C, S, ...));
|
if (RETRY@pr(C, S, ...)) DIAG(...);
|
if (RETRY@pr(C, S, ...)) { DIAG(...); }
|
if (unlikely(RETRY@pr(C, S, ...))) {}
|
if (unlikely(RETRY@pr(C, S, ...))) DIAG(...);
|
if (unlikely(RETRY@pr(C, S, ...))) { DIAG(...); }
)

@script:python depends on emptyif@
pr << r.pr; RETRY << r.RETRY; C << r.C; S << r.S;
@@
ignored(pr, RETRY, C, S, "empty_branch")

// only a warning argument
@warned@
identifier r.RETRY;
identifier W =~ "^(WARN_ON|WARN_ON_ONCE|WARN|WARN_ONCE)$";
expression r.C, r.S;
position r.pr;
@@
W(<+... RETRY@pr(C, S, ...) ...+>, ...);

@script:python depends on warned@
pr << r.pr; RETRY << r.RETRY; C << r.C; S << r.S;
@@
ignored(pr, RETRY, C, S, "warning", in_warning=True)

// while (retry) that never takes a new begin
@spin@
identifier r.RETRY;
expression r.C, r.S;
position r.pr;
statement S1;
@@
while (RETRY@pr(C, S, ...)) S1

@rebegin@
identifier r.RETRY;
expression r.C, r.S, E;
position r.pr;
@@
while (RETRY@pr(C, S, ...)) { <+... S = E ...+> }

@rebegin_ol@
identifier r.RETRY, BOL =~ "^read_seqbegin_or_lock";
expression r.C, r.S, C2;
position r.pr;
@@
while (RETRY@pr(C, S, ...)) { <+... BOL(C2, &S, ...) ...+> }

@script:python depends on spin && !rebegin && !rebegin_ol@
pr << r.pr; RETRY << r.RETRY; C << r.C; S << r.S;
@@
ignored(pr, RETRY, C, S, "spin")

@finalize:python@
@@
flush()
