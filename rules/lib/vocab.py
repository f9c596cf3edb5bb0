"""The kernel API vocabulary of the rules, read from data/*.list (rules/data/).

One list per kind of call (rules/README.md, "The vocabulary"): the Python
reads them here, the macro index (src/index/) gets them as C strings and the SmPL
as identifier sets, all made from the same files by scripts/build-rules.
"""
import os
import re

_DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")


def pairs(name):
    """The (name, value) lines of data/<name>.list, in order; value "" when none."""
    out = []
    with open(os.path.join(_DATA, name + ".list"), encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if words:
                out.append((words[0], words[1] if len(words) > 1 else ""))
    return out


def names(*lists):
    """The names of the lists, in order."""
    return [n for name in lists for n, _ in pairs(name)]


# The value of a list line whose name stands for every name that begins so
# (synchronize_rcu: synchronize_rcu_tasks_rude() waits too).
FAMILY = "family"


def calls(*lists, suffix=""):
    """A regex matching a call of one of the lists' names (each followed by
    `suffix`, a regex, as r"\\w*" for a family; a name marked FAMILY is
    followed by r"\\w*" anyway): group 1 is the name."""
    return re.compile(r"\b(%s)\s*\(" % "|".join(re.escape(n) + (r"\w*" if v == FAMILY else suffix)
                                                for name in lists for n, v in pairs(name)))


# ---------------------------------------------------------------- seqcount

# Each begin of the seqcount/seqlock read API, and the retry that pairs with it.
SEQ_RETRY_OF = dict(pairs("seqcount-begin"))
DEFAULT_RETRY = pairs("seqcount-begin")[0][1]

# ---------------------------------------------------------------- seqlock or_lock

# The or_lock API: name -> variant ("plain", or "irq" for the flags saving pair).
OR_LOCK_BEGIN = dict(pairs("seqlock-or-lock-begin"))
OR_LOCK_NEED = dict(pairs("seqlock-or-lock-need"))
OR_LOCK_DONE = dict(pairs("seqlock-or-lock-done"))
SEQ_RETRY_OF.update((begin, need) for begin in OR_LOCK_BEGIN for need in OR_LOCK_NEED)
SEQ_BEGINS = set(SEQ_RETRY_OF)

# ---------------------------------------------------------------- RCU

RCU_READ_LOCK = names("rcu-read-lock")
RCU_READ_UNLOCK = names("rcu-read-unlock")
RCU_DEREFERENCE = names("rcu-dereference")
# How messages and evidence name a read through any of them (the first line).
RCU_DEREFERENCE_FAMILY = RCU_DEREFERENCE[0]
RCU_DEREFERENCE_RAW = names("rcu-dereference-raw")
RCU_ACCESS = names("rcu-access")
RCU_PUBLISH = names("rcu-publish")
RCU_REPLACE = names("rcu-replace")
RCU_FREE = names("rcu-free")
# Update-side accessors: the caller holds the update lock.
RCU_PROTECTED = set(names("rcu-dereference-protected"))

# Single-load markers around a pointer read: a relation seen through one of
# them still compares the pointer itself (rcu-cross-pointer strips them from
# operands; src/index/relations.c drops them from the relations it records).
LOAD_WRAPPERS = set(names("load-wrappers"))

# Locks an updater takes (rcu-double-deref: held at a read, the pointer
# cannot change) ...
UPDATE_LOCK_RE = calls("exclusive-locks", "rq-locks")
UPDATE_UNLOCK_RE = calls("exclusive-unlocks", "rq-unlocks")

# ... and any lock, read-side ones included, that may keep an object alive
# past an RCU section (rcu-escape), with the assertions that one is held:
# a lockdep_assert_held*() of any suffix, or a WARN_ON(!mutex_is_locked()).
LOCK_RE = calls("exclusive-locks", "shared-locks")
UNLOCK_RE = calls("exclusive-unlocks", "shared-unlocks")
ASSERT_RE = re.compile(r"\b(%s|WARN_ON(?:_ONCE)?\(!(?:%s))\s*\(" % (
    "|".join(re.escape(n) + r"\w*" for n in names("lock-asserts")),
    "|".join(map(re.escape, names("lock-held-tests")))))
