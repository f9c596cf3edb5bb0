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
// Confidence: High
// Requires: read_seqcount_begin raw_read_seqcount raw_read_seqcount_begin __read_seqcount_begin raw_seqcount_begin read_seqbegin read_seqbegin_or_lock read_seqbegin_or_lock_irqsave read_seqcount_latch raw_read_seqcount_latch
// Options: --no-includes

@initialize:python@
@@
import os, sys
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm as _norm, at
import re as _re

def norm(e):
    """norm() plus unary & and * written against their operand."""
    t = _norm(e)
    return _re.sub(r"(^|[(\[!~]|, )([&*]) (?=[\w(])", r"\1\2", t)

RULE = "seqcount-begin-no-retry"

# the retry that pairs with each begin, for the messages
PAIR = {
    "read_seqcount_begin": "read_seqcount_retry",
    "raw_read_seqcount": "read_seqcount_retry",
    "raw_read_seqcount_begin": "read_seqcount_retry",
    "__read_seqcount_begin": "__read_seqcount_retry",
    "raw_seqcount_begin": "read_seqcount_retry",
    "read_seqbegin": "read_seqretry",
    "read_seqbegin_or_lock": "need_seqretry",
    "read_seqbegin_or_lock_irqsave": "need_seqretry",
    "read_seqcount_latch": "read_seqcount_latch_retry",
    "raw_read_seqcount_latch": "raw_read_seqcount_latch_retry",
}

done = {}         # begin position -> what to say about it
seen = set()      # (file, function, key, handoff) already reported
LOCKED = {}       # begins with a lock held on some path: lock function

def storage_kind(s):
    """The sequence variable itself is caller-visible storage?"""
    s = norm(s)
    if s.startswith("*"):
        return "out_param"
    if "->" in s or "." in s or "[" in s:
        return "field"
    return None

FAMILY = set(PAIR)

def report(pb, begin, c, s, kind, target, ph):
    b = pb[0]
    if b.current_element in FAMILY:
        return      # a definition of the API itself, e.g. read_seqbegin() wrapping read_seqcount_begin()
    ident = (b.file, int(b.line), int(b.column))
    if ident in done:
        return
    done[ident] = (b, begin, c, s, kind, target, ph)

def flush():
    groups = {}
    order = []
    for ident in sorted(done):
        b, begin, c, s, kind, target, ph = done[ident]
        key = seqkey(c)
        dedup = (b.file, b.current_element, key, kind, norm(target) if target else "")
        if dedup in groups:
            groups[dedup][1] += 1
            continue
        groups[dedup] = [done[ident], 1]
        order.append(dedup)
    for dedup in order:
        (b, begin, c, s, kind, target, ph), count = groups[dedup]
        say(b, begin, c, s, kind, target, ph, count)

def seqkey(c):
    """The seqcount expression without leading casts."""
    t = norm(c)
    while True:
        m = _re.match(r"^\((?:const |volatile |struct )*\w+(?: \*+|\*+)\)\s*(.*)$", t)
        if not m:
            return t
        t = m.group(1).lstrip()
        t = _re.sub(r"^([&*]) (?=[\w(])", r"\1", t)

def say(b, begin, c, s, kind, target, ph, count):
    key = seqkey(c)
    retry = PAIR.get(begin, "read_seqcount_retry")
    arg_s = norm(s) if s else "seq"
    if kind is None and s is None:
        msg = ("the sequence returned by %s(%s) is discarded: no %s() can "
               "validate what is read after it" % (begin, key, retry))
    elif kind is None:
        msg = ("%s from %s(%s) never reaches %s(): nothing validates what "
               "is read after the begin" % (arg_s, begin, key, retry))
    elif kind == "return":
        msg = ("%s() returns the sequence of %s(%s) unvalidated: each caller "
               "must pass it to %s(%s, seq) after its reads"
               % (b.current_element, begin, key, retry, key))
    elif kind == "call":
        msg = ("%s from %s(%s) is not retried here but passed to %s(): that "
               "callee must validate it with %s(%s, %s)"
               % (arg_s, begin, key, norm(target), retry, key, arg_s))
    elif kind == "store":
        where = norm(target)
        msg = ("%s from %s(%s) is not retried here but copied to %s: the code "
               "that reads %s must call %s() on the same seqcount after "
               "using what it covers" % (arg_s, begin, key, where, where, retry))
    else:
        msg = ("%s(%s) is stored in %s and not retried here: the code that "
               "reads %s must call %s() on the same seqcount after using "
               "what it covers" % (begin, key, arg_s, arg_s, retry))
    ev = {}
    if kind:
        ev["handed_on"] = kind
    if ph:
        ev["at_handoff"] = at(ph[0])
    under = LOCKED.get((b.file, int(b.line), int(b.column)))
    if under:
        ev["under_lock"] = under
        msg += " (%s() is held there: if it excludes the writers, the begin is not needed)" % under
    if count > 1:
        ev["begins"] = count
    emit(RULE, b, key, msg, **ev)

// ---------------------------------------------------------------------
// The begins: value assigned, out-parameter, returned, or discarded.

@b@
identifier BEGIN = {read_seqcount_begin, raw_read_seqcount,
  raw_read_seqcount_begin, __read_seqcount_begin, raw_seqcount_begin,
  read_seqbegin, read_seqcount_latch, raw_read_seqcount_latch};
expression S, C;
position pb;
@@
S = BEGIN@pb(C)

@bol@
identifier BOL = {read_seqbegin_or_lock, read_seqbegin_or_lock_irqsave};
expression S, C;
position pb;
@@
BOL@pb(C, &S)

@bret@
identifier BEGIN = {read_seqcount_begin, raw_read_seqcount,
  raw_read_seqcount_begin, __read_seqcount_begin, raw_seqcount_begin,
  read_seqbegin, read_seqcount_latch, raw_read_seqcount_latch};
expression C;
position pb;
@@
return BEGIN@pb(C);

@bdrop@
identifier BEGIN = {read_seqcount_begin, raw_read_seqcount,
  raw_read_seqcount_begin, __read_seqcount_begin, raw_seqcount_begin,
  read_seqbegin, read_seqcount_latch, raw_read_seqcount_latch};
expression C;
position pb;
@@
BEGIN@pb(C);

// ---------------------------------------------------------------------
// Is the value validated on some path (before the variable is overwritten)?

@retried exists@
identifier b.BEGIN;
identifier RETRY = {read_seqcount_retry, __read_seqcount_retry, read_seqretry,
  need_seqretry, read_seqcount_latch_retry, raw_read_seqcount_latch_retry,
  do_read_seqcount_retry, read_seqretry_irqrestore};
identifier BEGIN2 = {read_seqcount_begin, raw_read_seqcount,
  raw_read_seqcount_begin, __read_seqcount_begin, raw_seqcount_begin,
  read_seqbegin, read_seqcount_latch, raw_read_seqcount_latch};
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
identifier RETRY = {read_seqretry, need_seqretry, read_seqretry_irqrestore};
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
LOCKED[(pb[0].file, int(pb[0].line), int(pb[0].column))] = LOCK

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
report(pb, BEGIN, C, S, "store", E2, ph)

@script:python depends on b && !retried && !hstore && hret@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; ph << hret.ph;
@@
if storage_kind(S):
    report(pb, BEGIN, C, S, storage_kind(S), S, None)
else:
    report(pb, BEGIN, C, S, "return", None, ph)

@script:python depends on b && !retried && !hstore && !hret && hcall@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; f << hcall.f; ph << hcall.ph;
@@
if storage_kind(S):
    report(pb, BEGIN, C, S, storage_kind(S), S, None)
else:
    report(pb, BEGIN, C, S, "call", f, ph)

@script:python depends on b && !retried && !hstore && !hret && !hcall && hcallp@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S; F << hcallp.F; fld << hcallp.fld; ph << hcallp.ph;
@@
if storage_kind(S):
    report(pb, BEGIN, C, S, storage_kind(S), S, None)
else:
    report(pb, BEGIN, C, S, "call", norm(F) + "->" + str(fld), ph)

@script:python depends on b && !retried && !hstore && !hret && !hcall && !hcallp@
pb << b.pb; BEGIN << b.BEGIN; C << b.C; S << b.S;
@@
report(pb, BEGIN, C, S, storage_kind(S), storage_kind(S) and S, None)

@script:python depends on bol && !bol_retried@
pb << bol.pb; BOL << bol.BOL; C << bol.C; S << bol.S;
@@
report(pb, BOL, C, S, None, None, None)

@script:python@
pb << bret.pb; BEGIN << bret.BEGIN; C << bret.C;
@@
report(pb, BEGIN, C, None, "return", None, None)

@script:python@
pb << bdrop.pb; BEGIN << bdrop.BEGIN; C << bdrop.C;
@@
report(pb, BEGIN, C, None, None, None, None)

@finalize:python@
@@
flush()
