"""seqcount-begin-no-retry: a read begin whose sequence nothing validates."""
from .record import at, emit
from .seq import seq_norm as norm, seqkey
from .vocab import DEFAULT_RETRY, SEQ_BEGINS, SEQ_RETRY_OF


RULE = "seqcount-begin-no-retry"

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


def found(pb, begin, c, s, kind, target, ph):
    b = pb[0]
    if b.current_element in SEQ_BEGINS:
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


def say(b, begin, c, s, kind, target, ph, count):
    key = seqkey(c)
    retry = SEQ_RETRY_OF.get(begin, DEFAULT_RETRY)
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


def found_handoff(pb, begin, c, s, kind, target, ph):
    """Handed on (returned, passed to a call), unless s itself is storage
    the caller sees (then that is how it is handed on)."""
    if storage_kind(s):
        found(pb, begin, c, s, storage_kind(s), s, None)
    else:
        found(pb, begin, c, s, kind, target, ph)


def under_lock(pb, lock):
    """A lock (that may exclude the writers) is held at the begin on some path."""
    LOCKED[(pb[0].file, int(pb[0].line), int(pb[0].column))] = lock
