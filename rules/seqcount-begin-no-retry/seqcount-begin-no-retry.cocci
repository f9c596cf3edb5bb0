/// A seqcount/seqlock read section is opened (read_seqcount_begin(),
/// read_seqbegin(), read_seqbegin_or_lock(), raw_read_seqcount_latch(), ...)
/// but the sequence value it returns never reaches a retry
/// (read_seqcount_retry(), read_seqretry(), need_seqretry(), ...) on any
/// path: whatever was read after the begin is used without anyone checking
/// that a writer did not change it meanwhile. The begin is then only a
/// barrier, and the "protected" copy can be torn.
///
/// A sequence that is handed on (stored in a struct field or out-parameter
/// such as nd->seq or *seqp, returned, or passed to another function) is a
/// legitimate split region: validation is someone else's job. It is still
/// reported, with a lower score, and the message says where the retry must
/// happen. Open-coded validation (seq == raw_read_seqcount(s)) counts as a
/// retry. A retry whose sequence is computed from the begin's value
/// (seq & ~1) counts too. Only paths where the sequence variable keeps the
/// begin's value are followed, so a later begin into the same variable is
/// checked on its own. Write-side calls (write_seqcount_begin(),
/// write_seqlock()) are not read sections and are never reported.
//
// Rule: seqcount-begin-no-retry
// Confidence: Low
// Options: --no-includes
// Requires : read_seqcount_begin raw_read_seqcount raw_read_seqcount_begin __read_seqcount_begin raw_seqcount_begin read_seqbegin read_seqbegin_or_lock read_seqbegin_or_lock_irqsave read_seqcount_latch raw_read_seqcount_latch

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.seq import seq_norm
from lockers.seqcount_begin_no_retry import found, found_handoff, under_lock, storage_kind, flush

// The begins: value assigned, out-parameter, returned, or discarded.

@b@
identifier BEGIN = {@seqcount-begin};
expression S, C;
position pb;
@@
S = BEGIN@pb(C)

@bol@
identifier BOL = {@seqlock-or-lock-begin};
expression S, C;
position pb;
@@
BOL@pb(C, &S)

@bret@
identifier BEGIN = {@seqcount-begin};
expression C;
position pb;
@@
return BEGIN@pb(C);

@bdrop@
identifier BEGIN = {@seqcount-begin};
expression C;
position pb;
@@
BEGIN@pb(C);

// ---------------------------------------------------------------------
// Is the value validated on some path (before the variable is overwritten)?

@retried exists@
identifier b.BEGIN;
identifier RETRY = {@seqcount-retry, @seqlock-retry, @seqlock-or-lock-need};
identifier BEGIN2 = {@seqcount-begin};
expression b.S, C2, E;
position b.pb;
@@
BEGIN@pb(...)
... when != S = E
(
RETRY(C2, <+... S ...+>)
|
S == BEGIN2(...)
|
S != BEGIN2(...)
|
BEGIN2(...) == S
|
BEGIN2(...) != S
)

@bol_retried exists@
identifier bol.BOL;
identifier RETRY = {@seqlock-retry, @seqlock-or-lock-need};
expression bol.S, C2, E;
position bol.pb;
@@
BOL@pb(...)
... when != S = E
RETRY(C2, <+... S ...+>)

// A lock that excludes the writers may be held at the begin.
@locked exists@
identifier b.BEGIN;
identifier LOCK =~ "^(raw_)?(spin_lock|read_lock|write_lock|mutex_lock|read_seqlock_excl|write_seqlock|down_read|down_write)";
identifier UNLOCK =~ "(unlock|^up_read|^up_write)";
position b.pb;
@@
LOCK(...)
... when != UNLOCK(...)
BEGIN@pb(...)

@script:python@
pb << b.pb; LOCK << locked.LOCK;
@@
under_lock(pb, LOCK)

// Handed on: stored somewhere else, returned, or given to a function.
@hstore depends on b && !retried exists@
identifier b.BEGIN;
expression b.S, E, E2;
position b.pb, ph;
@@
BEGIN@pb(...)
... when != S = E
E2 = S@ph

@hret depends on b && !retried && !hstore exists@
identifier b.BEGIN;
expression b.S, E;
position b.pb, ph;
@@
BEGIN@pb(...)
... when != S = E
return S@ph;

@hcall depends on b && !retried && !hstore && !hret exists@
identifier b.BEGIN;
identifier f !~ "^(read_seqcount_|__read_seqcount_|raw_read_seqcount|read_seq|need_seqretry|done_seqretry|raw_seqcount_|do_read_seqcount)";
expression b.S, E;
position b.pb, ph;
@@
BEGIN@pb(...)
... when != S = E
f(..., S@ph, ...)

@hcallp depends on b && !retried && !hstore && !hret && !hcall exists@
identifier b.BEGIN;
expression b.S, E, F;
identifier fld;
position b.pb, ph;
@@
BEGIN@pb(...)
... when != S = E
F->fld(..., S@ph, ...)

@script:python depends on b && !retried && hstore@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; E2 << hstore.E2; ph << hstore.ph;
@@
found(pb, BEGIN, C, S, "store", E2, ph)

@script:python depends on b && !retried && !hstore && hret@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; ph << hret.ph;
@@
found_handoff(pb, BEGIN, C, S, "return", None, ph)

@script:python depends on b && !retried && !hstore && !hret && hcall@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; f << hcall.f; ph << hcall.ph;
@@
found_handoff(pb, BEGIN, C, S, "call", f, ph)

@script:python depends on b && !retried && !hstore && !hret && !hcall && hcallp@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; F << hcallp.F; fld << hcallp.fld; ph << hcallp.ph;
@@
found_handoff(pb, BEGIN, C, S, "call", seq_norm(F) + "->" + str(fld), ph)

@script:python depends on b && !retried && !hstore && !hret && !hcall && !hcallp@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S;
@@
found(pb, BEGIN, C, S, storage_kind(S), storage_kind(S) and S, None)

@script:python depends on bol && !bol_retried@
pb << bol.pb; BOL << bol.BOL; C << bol.C; S << bol.S;
@@
found(pb, BOL, C, S, None, None, None)

@script:python@
pb << bret.pb; BEGIN << bret.BEGIN; C << bret.C;
@@
found(pb, BEGIN, C, None, "return", None, None)

@script:python@
pb << bdrop.pb; BEGIN << bdrop.BEGIN; C << bdrop.C;
@@
found(pb, BEGIN, C, None, None, None, None)

@finalize:python@
@@
flush()
