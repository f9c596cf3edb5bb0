"""rcu-missing-read-lock: an RCU read with no read-side section in its
function, judged by what the callers hold (the call-context index)."""
import re

from . import source, vocab
from .callctx import index, words
from .cexpr import split_args
from .rcu import lock_held
from .source import func_head
from .record import emit, norm


RULE = "rcu-missing-read-lock"

# Standalone (no index): a reader of the function, counted on its lines.
# A lock that turns bottom halves or interrupts off counts as a reader, as
# the index counts it.
def _bh_irq(lists, suffixes):
    return [n for n in vocab.names(*lists) if n.endswith(suffixes)]


def _call_of(names):
    return r"\b(?:%s)\s*\(" % "|".join(map(re.escape, names))


_READER = re.compile(r"%s|\b(?:scoped_)?guard\s*\(\s*(?:%s)\b" % (
    _call_of(vocab.names("rcu-read-lock", "rcu-reader-regions") +
             _bh_irq(("exclusive-locks", "shared-locks"), ("_bh", "_irq", "_irqsave"))),
    "|".join(map(re.escape, vocab.names("rcu-reader-guards")))))
_UNREADER = re.compile(_call_of(vocab.names("rcu-read-unlock", "rcu-reader-region-ends") +
                                _bh_irq(("exclusive-unlocks", "shared-unlocks"),
                                        ("_bh", "_irq", "_irqrestore"))))
_ASSERT = vocab.calls("rcu-reader-asserts", "lock-asserts", suffix=r"\w*")
_WALKS = set(vocab.names("rcu-reader-walks"))
_LOOKUPS = set(vocab.names("rcu-reader-lookups"))
_CLAIMS = set(vocab.names("rcu-dereference-protected"))

_WHY = {"exported": "exported", "address": "called through a pointer", "none": "no caller by name",
        "indirect": "its callers are reached only through pointers or exports"}


def in_own_section(p):
    """Standalone, without the index: a reader opened before p in its
    function and not closed, or an assertion, counted on the lines."""
    lines = source.lines(p.file)
    head = func_head(lines, p)
    if head is None:
        return False
    body = lines[head:int(p.line)]
    if any(_ASSERT.search(l) for l in body):
        return True
    return lock_held(body[:-1] + [body[-1][:int(p.column)]], _READER, _UNREADER)


# __in_dev_get_rcu(), dst_dev_rcu(): by the kernel's naming convention the
# caller of such a function holds the reader
_RCU_NAMED = re.compile(r"_rcu(_bh|_sched)?$")


# A function's comment saying its callers hold the reader: "Must be called
# with rcu_read_lock held", "Requires: rcu_read_lock", "call under RCU".
_RRL = r"rcu[_ ]read[_ ]lock"     # rcu_read_lock, or "RCU read lock" in prose
_DOC_READER = re.compile(
    _RRL + r"(\(\))?\s+(must|should|has to|needs to)\s+be\s+(held|taken)"
    r"|(must|should|has to|needs? to)\s+(be\s+)?(called|held|hold|run|invoked|used)\b[^.;]{0,40}?\brcu\b"
    r"|(must|should|has to|needs? to)\s+(be\s+)?(called|held|hold|run|invoked|used)\b[^.;]{0,40}?" + _RRL +
    r"|\bunder\s+(the\s+)?(" + _RRL + r"|rcu\b)"
    r"|requires:?\s*" + _RRL +
    r"|\b(with|within|inside|in)\s+(an?\s+|the\s+)?(" + _RRL + r"|rcu read[- ]side|rcu critical)"
    r"|\brcu read lock (must be |is )?held", re.I)


def documented_reader(pos):
    """The words of the comment just above pos's function that say its
    callers hold the reader, or None."""
    lines = source.lines(pos.file)
    i = func_head(lines, pos)
    if i is None:
        return None
    i -= 1
    if i >= 0 and lines[i].strip() and not lines[i].lstrip().startswith(("*", "/", "#")) and \
            not lines[i].rstrip().endswith(("*/", ";", "}", "{")):
        i -= 1      # the line of the return type
    above = []
    while i >= 0 and (lines[i].lstrip().startswith(("*", "/*", "//")) or lines[i].rstrip().endswith("*/")):
        above.append(lines[i].strip())
        i -= 1
    m = _DOC_READER.search(" ".join(reversed(above)))
    return m.group(0) if m else None


def site(p, name, args, helper=False, key=None):
    """An RCU accessor (or, with helper, a call of a function that needs its
    caller's reader; with key, a plain member load the index names `name`) at p."""
    pos = p[0]
    if key is None:
        a = split_args(args) if args else []
        first = a[1] if name in _WALKS and len(a) > 1 else a[0] if a else ""
        key = "%s(%s)" % (name, norm(first)) if not helper else "%s()" % name
    ix = index()
    if ix is None:
        if helper or in_own_section(pos):
            return
        emit(RULE, pos, key, "%s outside any RCU read-side section of %s, and its callers are not "
             "known (no call-context index)" % (key, pos.current_element), callers_unknown="no-index")
        return
    rel = ix.rel(pos.file)
    row = ix.sites.get((rel, int(pos.line), name))
    fn = ix.fns.get((rel, pos.current_element))
    if row is None or fn is None or row[7] == "1" or helper != (row[6] == "-") or fn[4] == "in-section" or fn[9] != "-":
        return
    if ix.update.get(row[6], set()) & (words(row[8]) | words(fn[8])):
        return      # the update-side lock is held here or by every caller
    state, known, unprot, why, chain = fn[4], int(fn[5]), int(fn[6]), fn[7], fn[10]
    if helper and state != "unknown":
        return      # reported where the helper reads, or at the entry point
    member = name.startswith(".")     # member_site()'s load
    claim = name in _CLAIMS           # claim_site()'s constant condition
    ev = {"unprotected_paths": unprot, "known_callers": known}
    if name in _LOOKUPS:
        ev["lookup_helper"] = True
    if member:
        ev["plain_member"] = True
    if state == "unknown":
        ev["callers_unknown"] = why
    elif known - unprot >= 2:
        # two callers that hold a reader are the author's contract: the
        # unprotected chain more likely runs in a context the index cannot see
        ev["protected_callers"] = "%d of %d" % (known - unprot, known)
    if row[8] != "-":
        ev["other_lock_held"] = row[8]
    if words(fn[8]):
        ev["callers_hold"] = fn[8]
    if _RCU_NAMED.search(pos.current_element):
        ev["rcu_named"] = True
    doc = documented_reader(pos)
    if doc:
        ev["documented_reader"] = doc
    if helper:
        ev["helper_call"] = True
        what = "%s() reads RCU-protected data with no section of its own, and is called" % name
    elif member:
        what = "plain load %s" % key
    elif claim:
        ev["claims_nothing"] = True
        what = "%s, whose constant condition names no lock (its writers hold %s)," % (
            key, ", ".join(sorted(ix.update.get(row[6], ()))))
    else:
        what = key
    if state == "unknown":
        msg = "%s outside any RCU read-side section of %s, whose callers are unknown (%s)" % (
            what, pos.current_element, _WHY.get(why, why))
        if unprot:
            msg += "; %d of %d known callers hold none: %s" % (unprot, known, chain)
    else:
        msg = "%s outside any RCU read-side section of %s, and %d of its %d callers hold none: %s" % (
            what, pos.current_element, unprot, known, chain)
    emit(RULE, pos, key, msg, chain=chain if chain != "-" else None, **ev)


def walk_site(p, args):
    """An RCU list walk at p: its name is the iterator spatch matched."""
    site(p, source.ident_at(p[0]), args)


def member_site(p, member, holder):
    """A plain load of an rcu-plain-members.list member at p (dst->dev):
    the index's site is named ".member"."""
    site(p, "." + member, "", key="%s->%s" % (holder, member))


def claim_site(p, name, ptr, cond):
    """rcu_dereference_protected(ptr, cond) at p: a site when the index says
    cond is a constant, ptr is a member whose writers hold a lock, and the
    function neither sets the object up nor tears it down."""
    site(p, name, "", key="%s(%s, %s)" % (name, norm(ptr), norm(cond)))


def helper_site(p, f):
    site(p, f, "", helper=True)
