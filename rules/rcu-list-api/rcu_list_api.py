"""rcu-list-api: a list RCU readers walk, changed with the plain list API,
or walked with the plain iterator in a read-side section while its writers
use the _rcu ops.

A list is named the way the rules name locations (cexpr.loc_key(): the
head's last member, or a global head's name) together with the struct type
of the head's container when the function declares it; an entry by its
struct type and its link member (list_del(&op->list) with `struct bcm_op
*op`). Two sites are the same list when their heads agree (types too, when
both are known) or their entries' type and member agree.
"""
import re

from . import callctx, source
from .cexpr import call_args, loc_key, split_args, startkey, strip_outer
from .rcu import S, held_locks, in_section, lock_held, start, switch
from .source import func_head
from .record import at, emit, is_macro_file, norm
from .vocab import LOCK_RE, UNLOCK_RE, UPDATE_LOCK_RE, UPDATE_UNLOCK_RE, calls, names, pairs


RULE = "rcu-list-api"

# op -> (argument indexes that are entries, argument indexes that are heads):
# an add's head is the argument its list names (none: two entries, the new
# one placed beside the other), a removal takes an entry, a replacement two,
# a splice two heads (and the wait it calls between).
RCU_OPS = {}
RCU_OPS.update((op, ((0,), (int(head),)) if head else ((0, 1), ())) for op, head in pairs("rcu-list-add"))
RCU_OPS.update((op, ((0,), ())) for op in names("rcu-list-del"))
RCU_OPS.update((op, ((0, 1), ())) for op in names("rcu-list-replace"))
RCU_SPLICE = set(names("rcu-list-splice"))
RCU_OPS.update((op, ((), (0, 1))) for op in RCU_SPLICE)

# what the plain op should have been; it takes that op's arguments (a move
# an add's, after the removal of the first line of rcu-list-del.list)
RCU_FOR = dict(pairs("list-ops") + pairs("list-moves"))
RCU_DEL = names("rcu-list-del")[0]
MOVES = set(names("list-moves"))
PLAIN_OPS = {op: RCU_OPS[twin] for op, twin in RCU_FOR.items()}
DELS = {op for op, twin in RCU_FOR.items() if twin in names("rcu-list-del")}
# a plain op that adds onto the head of its second argument (not a move: that
# takes the entry off a list first)
ADDS_ONTO_HEAD = {op for op, roles in PLAIN_OPS.items() if roles == ((0,), (1,)) and op not in MOVES}
# the ops, plain or RCU, that put an entry on a list: the adds and the moves
ADDS = set(names("rcu-list-add")) | MOVES | {op for op, twin in RCU_FOR.items() if twin in names("rcu-list-add")}

# reader -> (head argument or None, whether its last two arguments are the
# entry's type and member): a cursor that gives an entry, a seq_file walk
READERS = {rd: (int(head) if head else None, True) for rd, head in pairs("rcu-list-cursors")}
READERS.update((rd, (int(head), False)) for rd, head in pairs("rcu-seq-list"))
# walks: (cursor, [spare cursor,] head, member[, lockdep condition]) -> the head's argument
WALK_HEAD = dict((it, int(head)) for it, head in pairs("list-walks") + pairs("rcu-list-walks"))
SAFE_ITERS = sorted(it for it, head in WALK_HEAD.items() if head > 1)

_ALLOC = r"\w*(?:alloc|kmemdup|dup)\w*\s*\("
_GRACE = calls("grace-period-waits", "srcu-grace-period-waits", "rcu-barriers")
# frees after a grace period: kfree_rcu(e, rcu), call_rcu(&e->rcu, cb)
_DEFERRED_FREE = calls("rcu-free", "grace-period-defers")
# a splice that waits for plain RCU readers: synchronize_rcu() and its flavours
_RCU_SYNC = re.compile(r"^(%s)$" % "|".join(n + r"\w*" for n in names("grace-period-waits")))
_LIST_HEADS = "|".join(names("list-heads"))
_HEAD_INITS = "|".join(names("list-head-inits"))
_EMPTY = "|".join(names("list-empty"))
_RTNL_HANDLERS = calls("rtnl-handlers")
# static const struct rtnl_msg_handler handlers[] = { {... .doit = fn}, ... };
_RTNL_TABLES = re.compile(r"\bstruct\s+(?:%s)\s+\w+\s*\[[^\]]*\][^=;]*=\s*\{" % "|".join(names("rtnl-handler-tables")))
# the RTNL API by role (rtnl.list names it, the lock lists say what each does)
_RTNL = set(names("rtnl"))
_RTNL_LOCK, _RTNL_UNLOCK, _RTNL_ASSERT = (
    re.compile(r"\b(%s)\s*\(" % "|".join(sorted(_RTNL & set(names(l))))) for l in
    ("exclusive-locks", "exclusive-unlocks", "lock-asserts"))


def _use(op):
    """What a plain op should have been, as a message names it."""
    if op in MOVES:
        return "%s() and %s()" % (RCU_DEL, RCU_FOR[op])
    return RCU_FOR[op] + "()"


def fresh():
    return {
        "sec": [], "guard": [],
        "plain": [],      # sites of plain ops
        "rcuops": [],     # sites of _rcu ops
        "readers": [],    # sites of _rcu readers
        "iters": [],      # sites of plain iterators
    }


# ---------------------------------------------------------------- sites


def _enter(p):
    """The lines of p's function up to p, its file's facts made current;
    None for a match inside a macro file's expansion."""
    if is_macro_file(p.file):
        return None
    switch(p)
    return _func_lines(p)


def _func_lines(p):
    """The lines of p's function from its head to p's line (inclusive)."""
    ls = source.lines(p.file)
    h = func_head(ls, p)
    a = h if h is not None else max(0, int(p.line) - 200)
    return ls[a:int(p.line)]


def _rest_of_function(p):
    """The lines after p's line up to the end of its function."""
    ls = source.lines(p.file)
    span = source.func_span(ls, p)
    return ls[int(p.line):span[1]] if span else []


def _args(p, name):
    """The argument texts of the call or iterator named at p."""
    ls = source.lines(p.file)
    ln = int(p.line)
    rest = "\n".join([ls[ln - 1][int(p.column):]] + ls[ln:ln + 15]) if 0 < ln <= len(ls) else ""
    k = rest.find("(", len(name) if rest.startswith(name) else 0)
    if k < 0:
        return []
    return split_args(call_args(rest, k))


def _last(body, pat):
    """Group 1 of pat on the last line of body it matches, or None."""
    for l in reversed(body):
        m = pat.search(l)
        if m:
            return m.group(1)
    return None


def var_type(body, name):
    """The struct type of pointer `name` as the function declares it
    (`struct bcm_op *op`, `struct a *x, *op`), or None."""
    if not re.match(r"^[A-Za-z_]\w*$", name or ""):
        return None
    return _last(body, re.compile(r"\bstruct\s+(\w+)\s*\*\s*(?:\w+\s*(?:=[^,;()]*)?,\s*\*\s*)*%s\b(?!\s*\()"
                                  % re.escape(name)))


def _type_arg(body, t):
    """The struct a type argument names: `struct foo`, typeof(*p)."""
    t = norm(t)
    m = re.match(r"^(?:const\s+)?struct\s+(\w+)$", t)
    if m:
        return m.group(1)
    m = re.match(r"^typeof\s*\(\s*\*\s*(\w+)\s*\)$", t)
    if m:
        return var_type(body, m.group(1))
    return None


def _is_local_head(body, name):
    """`name` is a list head local to the function (LIST_HEAD(tmp), a
    struct list_head variable or a parameter pointing to one)."""
    n = re.escape(name)
    pat = re.compile(r"\b(?:%s)\s*\(\s*%s\s*\)|\bstruct\s+h?list_head\s*\**\s*%s\b" % (_LIST_HEADS, n, n))
    return any(pat.search(l) for l in body)


def _assigned_head(body, name):
    """What a local head pointer is set to in the function
    (`hook_list = &basechain->hook_list`), or None."""
    return _last(body, re.compile(r"\b%s\s*=\s*(&[^;=]+);" % re.escape(name)))


def _is_private_head(body, name):
    """`name` is a list head the function declares itself (LIST_HEAD(tmp),
    struct list_head tmp;): no one else can reach it."""
    n = re.escape(name)
    pat = re.compile(r"\b(?:%s)\s*\(\s*%s\s*\)|\bstruct\s+h?list_head\s+%s\s*[;=]" % (_LIST_HEADS, n, n))
    return any(pat.search(l) for l in body[1:])


def _is_param(body, name):
    """`name` is a parameter of the function (its head, up to the "{")."""
    head = []
    for l in body:
        head.append(l)
        if "{" in l:
            break
    return bool(re.search(r"[(,][^(),]*\b%s\b\s*(\[[^\]]*\]\s*)?[,)]" % re.escape(name), " ".join(head)))


# a walk of any list_for_each_entry*() or hlist_for_each_entry*() flavour
_ITER_AT = calls("list-walks", suffix=r"\w*")


# cursor = list_first_entry_or_null(&head, ...), list_entry(head.next, ...),
# container_of(head->next, ...): the entry comes off that head
_TAKE_AT = re.compile(r"\b(\w+)\s*=\s*(%s|container_of)\s*\(\s*([^,()]+)\s*," % "|".join(names("list-entries")))
_ADD_AT = re.compile(r"\b(%s)\s*\(" % "|".join(sorted(ADDS)))


def enclosing_walk(before, after, cursor, member):
    """(op, head text) of the list the function puts entry `cursor` on:
    the nearest walk before the op whose cursor it is, or an add or move
    of &cursor->member to a head (before the op, nearest first, then after
    it); None when the function names none."""
    for l in list(reversed(before[:-1])) + after:
        m = _ITER_AT.search(l)
        if m:
            args = split_args(call_args(l, m.end() - 1))
            h = WALK_HEAD.get(m.group(1), 1)
            if len(args) >= h + 2 and norm(args[0]) == cursor:
                return (m.group(1), args[h])
        m = _TAKE_AT.search(l)
        if m and m.group(1) == cursor:
            return ("take", re.sub(r"\s*(->|\.)\s*(next|prev|first)\s*$", "", m.group(3)))
        m = _ADD_AT.search(l)
        if m:
            args = split_args(call_args(l, m.end() - 1))
            if len(args) >= 2 and norm(args[0]).replace(" ", "") in (
                    "&%s->%s" % (cursor, member), "&%s.%s" % (cursor, member)):
                return (m.group(1), args[1])
    return None


def _is_local_struct(body, name):
    """`name` is a struct the function declares by value (struct foo x;)."""
    pat = re.compile(r"^\s*(?:const\s+)?struct\s+\w+\s+%s\s*[;=]" % re.escape(name))
    return any(pat.search(l) for l in body[1:])


def head_of(body, text, depth=0):
    """(key, container type, text) of a list head argument, or None: a
    head local to the function names no shared list (a local pointer is
    followed to what the function points it at)."""
    t = strip_outer(norm(text))
    if t.startswith("&"):
        t = strip_outer(t[1:])
    if depth == 0 and re.match(r"^\w+$", t) and _is_local_head(body, t):
        a = _assigned_head(body, t)
        return head_of(body, a, 1) if a else None
    lm = re.match(r"^(\w+)\s*\.", t)
    if lm and _is_local_struct(body, lm.group(1)):
        return None
    k = loc_key(t)
    if k is None or k.endswith("[]"):
        k = loc_key(re.sub(r"\[[^\]]*\]$", "", t)) if k and k.endswith("[]") else k
    if k is None:
        return None
    ctype = None
    if k.startswith("->"):
        m = re.match(r"^(\w+)\s*(->|\.)\s*\w+(\[.*\])?$", t)
        if m:
            ctype = var_type(body, m.group(1))
            if ctype is None and m.group(2) == ".":
                ctype = None
    elif _is_local_head(body, k) or _is_param(body, k):
        return None
    return (k, ctype, t)


def entry_of(body, text, type_text=None, member=None):
    """(struct type, link member, text) of an entry argument (&op->list),
    or of a cursor and member (op, list); None without a type."""
    t = strip_outer(norm(text))
    if t.startswith("&"):
        t = strip_outer(t[1:])
    if member is not None:
        typ = _type_arg(body, type_text) if type_text is not None else var_type(body, t)
        m = norm(member)
        if typ and re.match(r"^\w+$", m):
            return (typ, m, t)
        return None
    m = re.match(r"^(\w+)\s*(?:->|\.)\s*(\w+)$", t)
    if not m:
        return None
    typ = var_type(body, m.group(1))
    return (typ, m.group(2), t) if typ else None


def _site(p, name, entries, heads, args, body):
    s = {"p": p, "name": name, "fn": p.current_element, "args": args,
         "heads": [h for h in (head_of(body, args[i]) for i in heads if i < len(args)) if h],
         "entries": [e for e in (entry_of(body, args[i]) for i in entries if i < len(args)) if e]}
    return s


def plain_op(p, OP):
    body = _enter(p)
    if body is None:
        return
    args = _args(p, OP)
    ents, heads = PLAIN_OPS[OP]
    if OP in ADDS_ONTO_HEAD and len(args) > 1:
        t = strip_outer(norm(args[1])).lstrip("&").strip()
        if re.match(r"^\w+$", t) and _is_private_head(body, t):
            return      # onto a list the function declares: no reader sees it
    s = _site(p, OP, ents, heads, args, body)
    s["body"] = body
    s["rest"] = _rest_of_function(p)
    S["plain"].append(s)


def rcu_op(p, OP):
    body = _enter(p)
    if body is None:
        return
    ents, heads = RCU_OPS[OP]
    S["rcuops"].append(_site(p, OP, ents, heads, _args(p, OP), body))


def _iter_site(p, IT, body):
    args = _args(p, IT)
    hi = WALK_HEAD[IT]
    s = {"p": p, "name": IT, "fn": p.current_element, "args": args, "heads": [], "entries": []}
    if len(args) >= hi + 2:
        h = head_of(body, args[hi])
        if h:
            s["heads"].append(h)
        e = entry_of(body, args[0], None, args[hi + 1])
        if e:
            s["entries"].append(e)
    s["cond"] = len(args) > hi + 2
    return s


_HANDLERS = {}


def rtnl_handlers(path):
    """{function: line} of the file's functions registered as rtnetlink
    handlers without an _UNLOCKED flag, by a call or in a table of
    handlers: they run with RTNL held."""
    if path not in _HANDLERS:
        found = {}
        text = "\n".join(source.lines(path))
        for m in _RTNL_HANDLERS.finditer(text):
            args = call_args(text, m.end() - 1)
            if "UNLOCKED" in args:
                continue
            line = text.count("\n", 0, m.start()) + 1
            for a in split_args(args):
                if re.match(r"^\w+$", a.strip()) and a.strip() != "NULL":
                    found.setdefault(a.strip(), line)
        for m in _RTNL_TABLES.finditer(text):
            for entry in _braced(text, m.end() - 1):
                if "UNLOCKED" in entry[1]:
                    continue
                line = text.count("\n", 0, entry[0]) + 1
                for f in re.finditer(r"\.\s*\w+\s*=\s*([A-Za-z_]\w*)\s*[,}]", entry[1]):
                    found.setdefault(f.group(1), line)
        _HANDLERS.clear()     # one file at a time
        _HANDLERS[path] = found
    return _HANDLERS[path]


def _braced(text, open_at):
    """The (offset, text) of each {...} directly inside the braces opening
    at text[open_at]."""
    out, depth, start = [], 0, None
    for i in range(open_at, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
            if depth == 2:
                start = i
        elif ch == "}":
            depth -= 1
            if depth == 1 and start is not None:
                out.append((start, text[start:i + 1]))
                start = None
            elif depth == 0:
                break
    return out


def rcu_reader(p, RD):
    body = _enter(p)
    if body is None:
        return
    if RD in READERS:
        hi, typed = READERS[RD]
        args = _args(p, RD)
        s = {"p": p, "name": RD, "fn": p.current_element, "args": args, "heads": [], "entries": [],
             "cond": False}
        if hi is not None and hi < len(args):
            h = head_of(body, args[hi])
            if h:
                s["heads"].append(h)
        if typed and len(args) >= 3:
            e = entry_of(body, "", args[-2], args[-1])
            if e:
                s["entries"].append(e)
    else:
        s = _iter_site(p, RD, body)
    s["locked"] = lock_held(body[:-1], UPDATE_LOCK_RE, UPDATE_UNLOCK_RE)
    s["held"] = held_locks(body[:-1], LOCK_RE, UNLOCK_RE)
    s["rtnl_handler"] = rtnl_handlers(p.file).get(s["fn"])
    S["readers"].append(s)


def plain_iter(p, IT):
    body = _enter(p)
    if body is None:
        return
    s = _iter_site(p, IT, body)
    s["locked"] = lock_held(body[:-1], UPDATE_LOCK_RE, UPDATE_UNLOCK_RE)
    S["iters"].append(s)

# ---------------------------------------------------------------- matching


def same_list(a, b):
    """How sites a and b name one list: "type" (heads of one struct type,
    or entries of one type and member), "global" (one global head),
    "member" (heads of the same member name, a type unknown), or None.
    When both name their heads the entries do not count: a struct can sit
    on two lists through one member (s390's gmap on gmap_list or on its
    parent's children)."""
    best = None
    if a["heads"] and b["heads"]:
        a = dict(a, entries=[])
    for (ka, ta, _) in a["heads"]:
        for (kb, tb, _) in b["heads"]:
            if ka != kb:
                continue
            if not ka.startswith("->"):
                return "global"
            if ta and tb:
                if ta == tb:
                    return "type"
            else:
                best = "member"
    for (ta, ma, _) in a["entries"]:
        for (tb, mb, _) in b["entries"]:
            if ta == tb and ma == mb:
                return "type"
    return best


_RANK = {"type": 0, "global": 0, "member": 1}


def same_head(a, b):
    """How sites a and b name one list head (same_list() on the heads
    alone), or None."""
    return same_list({"heads": a["heads"], "entries": []}, {"heads": b["heads"], "entries": []})


def plain_list_of(s):
    """A list head other than the RCU ones that s's entry goes on: s's own
    head, or the head a plain add of the file puts an entry of s's type and
    member on, when the file's RCU readers and _rcu writers of such entries
    name their heads and none names that one. The site that names it, else
    None: then s may well be on that list, not on theirs."""
    def same_entry(a, b):
        return any(e[:2] == f[:2] for e in a["entries"] for f in b["entries"])

    rcu = [o for o in S["readers"] + S["rcuops"] if same_entry(s, o)]
    if not any(o["heads"] for o in rcu):
        return None
    if s["heads"]:
        cands = [s]
    else:
        cands = [a for a in S["plain"] if a is not s and a["name"] in ADDS and a["heads"] and same_entry(a, s)]
    for a in cands:
        if not any(same_head(a, o) for o in S["readers"] + S["rcuops"]):
            return a
    return None


def _matches(site, others):
    out = []
    for o in others:
        how = same_list(site, o)
        if how:
            out.append((_RANK[how], startkey(o["p"]), how, o))
    out.sort(key=lambda x: (x[0], x[1]))
    return out


def _where(o):
    return "line %s" % o["p"].line


def under_rcu(s):
    """A reader inside a read-side section, or one that holds no update
    lock and names no lockdep condition (its callers hold the section)."""
    return in_section(s["fn"], startkey(s["p"])) or not (s.get("cond") or s.get("locked"))


def _unpublished(s):
    """The op changes a list of an object the function has just allocated
    or initialised: no reader can reach it yet."""
    body = s["body"]
    for (k, _, t) in s["heads"]:
        base = re.match(r"^(\w+)\s*(->|\.)", t)
        if base and any(re.search(r"\b%s\s*=\s*%s" % (re.escape(base.group(1)), _ALLOC), l)
                        for l in body):
            return True
        if any(re.search(r"\b(?:%s)\s*\(\s*&?\s*%s\s*\)" % (_HEAD_INITS, re.escape(t)), l.replace(" ", ""))
               for l in body[:-1]):
            return True
    return False


# while (!list_empty(h)), a _safe walk, while ((e = list_first_entry_or_null(h, ...)))
_DRAIN_LOOP = re.compile(r"\bwhile\s*\(\s*!\s*(?:%s)\s*\(|\b(?:%s)\s*\(|\bwhile\s*\(.*(?:%s)\s*\(" % (
    _EMPTY, "|".join(SAFE_ITERS), "|".join(n for n, empty in pairs("list-entries") if empty == "null")))
_FREE = re.compile(r"\b\w*(?:free|put|destroy)\w*\s*\(")
_TEARDOWN_FN = re.compile(r"(exit|cleanup|destroy|free|shutdown|release|uninit|teardown|fini)", re.I)


def teardown(s):
    """The op takes every entry off in a loop and frees each at once (a
    drain), or sits in a function named for teardown: the list's owner is
    going away, its readers usually gone."""
    if _TEARDOWN_FN.search(s["fn"]):
        return True
    if s["heads"] or s["name"] not in DELS:
        return False
    # a free after a grace period says readers may remain: not this case
    return any(_DRAIN_LOOP.search(l) for l in s["body"][-7:-1]) and \
        any(_FREE.search(l) and not _DEFERRED_FREE.search(l) for l in s["rest"][:4])


def freed_after_grace(s):
    """A removal whose entry the function then frees after a grace period
    (kfree_rcu(), call_rcu()): its author expects readers still on the
    entry, and those readers step on through the next pointer the plain
    unlink poisons (nf_tables' hook lists, the bridge's port groups).
    The free's text, else None."""
    if s["name"] not in DELS or not s["entries"]:
        return None
    base = re.escape(re.match(r"^(\w+)", s["entries"][0][2]).group(1))
    for l in s["rest"]:
        if re.search(r"\b%s\s*=[^=]" % base, l):
            return None     # the entry variable holds another object from here
        m = _DEFERRED_FREE.search(l)
        if m and re.search(r"\b%s\b" % base, call_args(l, m.end() - 1)):
            return norm(l.strip().rstrip(";"))
    return None


def callers_in_file(s):
    """The file's calls of s's function, each as (the caller's lines from
    its head to the call, the call's line), when the function is static (no
    caller elsewhere) and the file calls it; else None."""
    ls = source.lines(s["p"].file)
    own = source.func_named(ls, s["fn"])
    if not own or not re.search(r"\bstatic\b", " ".join(ls[max(0, own[0] - 1):own[0] + 1])):
        return None
    return [(ls[h:i + 1], i + 1) for h, i in source.calls_in_file(ls, s["fn"])] or None


def writer_locks(s, callers):
    """The update-side locks the op runs under, each mapped to who holds
    it: its function at the op ("f() does"), or every call of it in the
    file ("f()'s callers do")."""
    held = {}
    if callers:
        for lock in set.intersection(*(held_locks(c[:-1], UPDATE_LOCK_RE, UPDATE_UNLOCK_RE) for c, _ in callers)):
            held[lock] = "%s()'s callers do" % s["fn"]
    for lock in held_locks(s["body"][:-1], UPDATE_LOCK_RE, UPDATE_UNLOCK_RE):
        held[lock] = "%s() does" % s["fn"]
    return held


def report():
    for s in S["plain"]:
        _report_op(s)
    for s in S["iters"]:
        _report_iter(s)
    for s in S["rcuops"]:
        _report_splice_srcu(s)


def _report_splice_srcu(s):
    """list_splice_init_rcu(list, head, synchronize_rcu) on a list SRCU
    readers walk: the splice waits for the wrong readers."""
    if s["name"] not in RCU_SPLICE or len(s["args"]) < 3:
        return
    sync = norm(s["args"][2])
    if not _RCU_SYNC.match(sync):
        return
    srcu = [m for m in _matches(s, S["readers"]) if m[3]["name"].endswith("_srcu")]
    if not srcu:
        return
    r = srcu[0][3]
    call = "%s(%s)" % (s["name"], ", ".join(norm(a) for a in s["args"]))
    ev = {"at_rcu_reader": _where(r), "srcu_readers": True}
    if srcu[0][0] > 0:
        ev["key_member_only"] = True
    emit(RULE, s["p"], call, "%s waits with %s() but the list's readers hold SRCU (%s() at %s): "
         "wait with synchronize_srcu()" % (call, sync, r["name"], _where(r)), **ev)


def _report_op(s):
    readers = _matches(s, S["readers"])
    writers = _matches(s, S["rcuops"])
    if not readers and not writers:
        return
    p = s["p"]
    ev = {}
    if not s["heads"] and s["entries"]:
        # an entry taken off the list a walk of the function goes through:
        # that head says which list it is on
        base = re.match(r"^(\w+)", s["entries"][0][2]).group(1)
        walk = enclosing_walk(s["body"], s["rest"], base, s["entries"][0][1])
        if walk:
            wt = strip_outer(norm(walk[1])).lstrip("&").strip()
            lm = re.match(r"^(\w+)\s*(\.|$)", wt)
            if lm and (_is_private_head(s["body"], lm.group(1)) or _is_local_struct(s["body"], lm.group(1))):
                return      # a private list of the function
            h = head_of(s["body"], walk[1])
            w = {"heads": [h], "entries": []}
            if h and not _matches(w, S["readers"]) and not _matches(w, S["rcuops"]):
                ev["walked_list_not_rcu"] = walk[1]
    # a reader that runs as an rtnetlink handler holds RTNL, section or not:
    # not lock-free when the writer holds RTNL too (can-gw's dump)
    writer_rtnl = s["fn"] in rtnl_handlers(p.file) or any(_RTNL_ASSERT.search(l) for l in s["body"]) or \
        lock_held(s["body"][:-1], _RTNL_LOCK, _RTNL_UNLOCK)
    rcu_readers = [r for r in readers if under_rcu(r[3]) and not (writer_rtnl and r[3]["rtnl_handler"])]
    callers = callers_in_file(s)
    # readers that hold (the read side of) a lock the writer holds for write
    wlocks = writer_locks(s, callers) if rcu_readers else {}
    shared = [r for r in rcu_readers if r[3]["held"] & set(wlocks)]
    if shared and len(shared) == len(rcu_readers):
        rcu_readers = []
        lock = sorted(shared[0][3]["held"] & set(wlocks))[0]
        ev["readers_hold_lock"] = "%s() walks it holding %s, as %s" % (shared[0][3]["fn"], lock, wlocks[lock])
    if readers:
        r = (rcu_readers or readers)[0]
        ev["at_rcu_reader"] = _where(r[3])
        if rcu_readers:
            ev["reader_under_rcu"] = True
        elif "readers_hold_lock" in ev:
            pass        # said above: which lock
        elif writer_rtnl and any(x[3]["rtnl_handler"] for x in readers):
            h = next(x[3] for x in readers if x[3]["rtnl_handler"])
            ev["readers_hold_lock"] = "%s() runs as an rtnetlink handler (registered at line %d), as RTNL " \
                "holders do" % (h["fn"], h["rtnl_handler"])
        else:
            ev["readers_hold_lock"] = True
    if writers:
        ev["at_rcu_writer"] = _where(writers[0][3])
        ev["mixed_api"] = True
    mine = [r[3] for r in rcu_readers if same_head(s, r[3]) in ("type", "global")]
    if mine:
        ev["same_head"] = _where(mine[0])
    elif not any(same_head(s, m[3]) for m in readers + writers):
        other = plain_list_of(s)
        if other is not None:
            ev["entry_on_plain_list"] = "%s at %s" % (other["heads"][0][2], _where(other))
    best = min([m[0] for m in readers + writers])
    if best > 0:
        ev["key_member_only"] = True
    if _unpublished(s):
        ev["unpublished"] = True
    if any(_GRACE.search(l) for l in s["body"][:-1]):
        ev["after_grace_period"] = True
    elif callers and all(any(_GRACE.search(l) for l in c[:-1]) for c, _ in callers):
        ev["after_grace_period"] = "each call of %s() follows a grace-period wait (line %s)" % (
            s["fn"], ", ".join(str(ln) for _, ln in callers))
    if teardown(s):
        ev["teardown"] = True
    ev["entry_freed_after_grace"] = freed_after_grace(s)
    ev["init_function"] = callctx.init_function(p)
    call = "%s(%s)" % (s["name"], ", ".join(norm(a) for a in s["args"]))
    if readers:
        r = (rcu_readers or readers)[0][3]
        why = "that RCU readers walk (%s() at %s)" % (r["name"], _where(r))
    else:
        w = writers[0][3]
        why = "whose other writers use the RCU API (%s() at %s)" % (w["name"], _where(w))
    msg = "%s changes a list %s: use %s" % (call, why, _use(s["name"]))
    emit(RULE, p, call, msg, **ev)


def caller_in_section(path, fn):
    """A call of fn (or fn handed on as a callback) sits inside one of the
    file's read-side sections: its callers hold the section."""
    pat = re.compile(r"\b%s\b" % re.escape(fn))
    ls = source.lines(path)
    for (f, a, b) in S["sec"]:
        if f == fn:
            continue
        for ln in range(a[0], b[0] + 1):
            if 0 < ln <= len(ls) and pat.search(ls[ln - 1]):
                return ln
    return None


def _report_iter(s):
    p = s["p"]
    if s["locked"]:
        return
    caller = None
    if not in_section(s["fn"], startkey(p)):
        caller = caller_in_section(p.file, s["fn"])
        if caller is None:
            return
    writers = _matches(s, S["rcuops"])
    readers = _matches(s, S["readers"])
    if not writers and not readers:
        return
    ev = {"in_read_section": True} if caller is None else {"caller_in_section": "line %d" % caller}
    if writers:
        ev["at_rcu_writer"] = _where(writers[0][3])
    if readers:
        ev["at_rcu_reader"] = _where(readers[0][3])
    best = min([m[0] for m in readers + writers])
    if best > 0:
        ev["key_member_only"] = True
    call = "%s(%s)" % (s["name"], ", ".join(norm(a) for a in s["args"]))
    if writers:
        w = writers[0][3]
        why = "its writers use the RCU API (%s() at %s)" % (w["name"], _where(w))
    else:
        r = readers[0][3]
        why = "other readers walk it with %s() (%s)" % (r["name"], _where(r))
    rcu_name = s["name"].replace("_safe", "") + "_rcu"
    where = "inside an RCU read-side section" if caller is None else \
        "in a function called inside an RCU read-side section (line %d)" % caller
    msg = "%s walks a list %s but %s: use %s()" % (call, where, why, rcu_name)
    emit(RULE, p, call, msg, **ev)


start(fresh, report)
