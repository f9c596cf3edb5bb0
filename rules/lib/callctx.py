"""The tree's call-context index: its call graph, and the RCU readers and
locks every caller holds.

The driver builds it from the whole tree beside the macro index
(src/index/callctx.c, callctx.tsv) for a rule with `// Needs: call-context`
and names the file in LOCKERS_CALL_CONTEXT. Rows by kind, tab separated
(src/index/callctx.h):

    root    the tree's absolute path: the rows' paths are relative to it
    fn      path name line state known unprotected unknown held asserts chain
            a function that reads RCU data outside its own sections, or
            calls one that does; state in-section (every known caller is in
            a reader), unprotected or unknown; known and unprotected count
            caller sites; unknown says why callers are unknown (exported,
            address, none, indirect); held: the locks every known caller
            holds; asserts: what it asserts (rcu, lock keys); chain: one
            unprotected caller chain, "caller path:line" joined by " <- "
    site    path line col function callee key section locks
            a call of an RCU read (key: its location) or of such a function
            (key "-") outside a section
    callers path name line known section held via init
            what every known caller gives a function (none of its callers
            unknown): section, when every one calls it inside a reader and
            it opens one of its own, the chain of callers up to that reader;
            held, the update-side locks (of some update row) every one
            holds, and via, for each, the chain up to the caller that takes
            it ("; " between them); init, when every one runs only at init
            (__init, __net_init, or called only from such code), the chain
            up to an __init or __net_init caller
    update  key lock
            the location's update-side lock; a location's key is its last
            member name, or a variable's or array's own name

A lock is held at a site when the function takes it before (spin_lock(),
mutex_lock_nested(), guard(mutex)(&m), RTNL), or calls a lock helper
before: a function whose name has the word lock that returns holding a
lock (cgroup_lock(), epoll_mutex_lock(&ep->mtx, ...): its first parameter
stands for the call's first argument), until the unlock or a function
named unlock that releases it.

Lists are comma separated, "-" when empty. Without the variable a rule
sees no callers; with it set, the file must be readable.
"""
import os
import sys

from . import record, source
from .cexpr import loc_key


def fail(path, reason):
    sys.stderr.write("lockers: cannot read the call-context index %s: %s\n" % (path, reason))
    sys.stderr.flush()
    raise SystemExit(2)


def words(col):
    """The set of a list column."""
    return set() if col == "-" else set(col.split(","))


class Index(object):
    """The rows of one index file."""

    def __init__(self, path):
        self.root, self.fns, self.sites, self.update, self.rels = "", {}, {}, {}, {}
        self.callers = {}
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("callers\t"):
                        # the most rows, few of them read: split when asked
                        c = line.split("\t", 3)
                        self.callers[(c[1], c[2])] = line
                        continue
                    c = line.rstrip("\n").split("\t")
                    if c[0] == "root":
                        self.root = os.path.realpath(c[1])
                    elif c[0] == "fn" and len(c) == 11:
                        self.fns[(c[1], c[2])] = c
                    elif c[0] == "site" and len(c) == 9:
                        self.sites.setdefault((c[1], int(c[2]), c[5]), c)
                    elif c[0] == "update" and len(c) == 3:
                        self.update.setdefault(c[1], set()).add(c[2])
        except OSError as e:
            fail(path, e.strerror or str(e))

    def rel(self, path):
        """The path, relative to the tree's root, of the file spatch calls path."""
        if path not in self.rels:
            real = os.path.realpath(source.whole_path(path))
            self.rels[path] = os.path.relpath(real, self.root) if self.root else real
        return self.rels[path]


_INDEX = []


def index():
    """The call-context index of this run, or None when it has none."""
    if not _INDEX:
        path = os.environ.get("LOCKERS_CALL_CONTEXT")
        _INDEX.append(Index(path) if path else None)
    return _INDEX[0]


def key(text):
    """The index's key of the location an lvalue names ("tbl" for d->tbl,
    d->tbl[i] or &d->tbl), or None: cexpr.loc_key() as callctx.c keys it."""
    k = loc_key(text) if text else None
    return k.replace("->", "", 1).replace("[]", "") if k else None


def callers(pos):
    """The callers row of the function at pos, or None: no index, a caller
    that is unknown (exported, called through a pointer), or nothing every
    known caller gives it."""
    ix = index()
    line = ix.callers.get((ix.rel(pos.file), pos.current_element)) if ix else None
    row = line.rstrip("\n").split("\t") if line else None
    return row if row and len(row) == 9 else None


def caller_section(pos):
    """Every known caller of pos's function calls it inside an RCU
    read-side section (or a region the kernel counts as one), so the
    function's own unlock ends nothing: the chain of callers up to that
    section ("caller path:line <- ..."), else None."""
    row = callers(pos)
    return row[5] if row and row[5] != "-" else None


def callers_hold_update_lock(pos, text):
    """Every known caller of pos's function holds an update-side lock of the
    location text names: "lock (chain up to the caller that takes it)",
    else None."""
    row, k = callers(pos), key(text)
    if not row or not k or row[6] == "-":
        return None
    update = index().update.get(k, ())
    for lock, chain in zip(row[6].split(","), row[7].split("; ")):
        if lock in update:
            return "%s (%s)" % (lock, chain)
    return None


def callers_init(pos):
    """Every known caller of pos's function runs only at init (__init,
    __net_init, or is called only from such code): no reader or other CPU
    sees what it builds yet. The chain up to the __init caller, else None."""
    row = callers(pos)
    return row[8] if row and row[8] != "-" else None


def init_function(pos):
    """The init_function evidence of record.init_function(), widened by the
    callers: the function's own __init/__net_init, else "called only from
    init code: chain" when every known caller runs only at init."""
    chain = callers_init(pos)
    return record.init_function(pos) or ("called only from init code: %s" % chain if chain else None)
