"""rcu-cross-pointer: a relation between two separately loaded values
checked under rcu_read_lock() and relied on afterwards.

Findings are reported at the end of the run only (flush() from the rule's
@finalize:python@): the evidence of a check is complete only once every
rule of the run has matched."""
import re

from . import source
from .cexpr import matching, split_tokens, tokenize
from .macroindex import helpers
from .record import PerFile, at, emit, norm
from .vocab import LOAD_WRAPPERS, calls


RULE = "rcu-cross-pointer"

# name -> (params, [relations]) for index rows with a relation
# name -> (params, [relations]) for index rows with a relation
HELPERS = helpers()


_CHAIN = re.compile(r"^[&*]?[A-Za-z_$][\w$]*((->|\.)[A-Za-z_$][\w$]*|\[[^\[\]]*\])*$")


def strip(t):
    """Outer parens and single-load wrappers off an operand."""
    while True:
        if len(t) >= 2 and t[0] == "(" and matching(t, 0) == len(t) - 1:
            t = t[1:-1]
            continue
        if len(t) >= 3 and t[0] in LOAD_WRAPPERS and t[1] == "(" and matching(t, 1) == len(t) - 1:
            inner, d = [], 0
            for x in t[2:-1]:
                if x in "([":
                    d += 1
                elif x in ")]":
                    d -= 1
                elif x == "," and d == 0:
                    break
                inner.append(x)
            t = inner
            continue
        return t


def text(t):
    return norm(" ".join(t)).replace(" ->", "->").replace("-> ", "->") \
        .replace("& ", "&").replace(" .", ".").replace(". ", ".")


def base_of(chain):
    """('p', ['->group_leader']) for p->group_leader; amp for &..."""
    amp = chain.startswith("&")
    body = chain.lstrip("&*")
    m = re.match(r"[A-Za-z_$][\w$]*", body)
    return m.group(0), body[m.end():], amp


def loads(chain):
    b, rest, amp = base_of(chain)
    if amp:
        rest = re.sub(r"(\.[A-Za-z_$][\w$]*)*$", "", rest)
        rest = re.sub(r"->[A-Za-z_$][\w$]*$", "", rest)
    return "->" in rest or "[" in rest or chain.startswith("*")


def emptiness(a, b):
    """head->next == head, x.next == &x: a list head tested for emptiness."""
    for l, r in ((a, b), (b, a)):
        m = re.match(r"^(.*?)(->|\.)(next|prev|first)$", l)
        if not m:
            continue
        obj = m.group(1)
        if (m.group(2) == "->" and r == obj) or (m.group(2) == "." and r == "&" + obj):
            return True
    return False


def list_end(a, b):
    """x.next == &head: the link of an entry tested against a list head, as
    list_is_last() does; the circular-list form of a NULL test of ->next."""
    if emptiness(a, b):
        return False
    for l, r in ((a, b), (b, a)):
        if (re.match(r"^(.*?)(->|\.)(next|prev)$", l) and r.startswith("&")
                and base_of(l)[0] != base_of(r)[0]):
            return True
    return False


_LAST = re.compile(r"(?:->|\.)([A-Za-z_$][\w$]*)(?:\[[^\[\]]*\])*$")


def same_field(a, b):
    """a->signal == b->signal: the same field of two objects compared (a
    key or value match); neither value is reached through the other."""
    if a.startswith("&") or b.startswith("&") or base_of(a)[0] == base_of(b)[0]:
        return False
    ma, mb = _LAST.search(a), _LAST.search(b)
    return bool(ma and mb and ma.group(1) == mb.group(1))


def comparison(t):
    """(left, op, right) chains of a top-level == / != in token list t."""
    t = strip(t)
    parts = split_tokens(t, ("==", "!="))
    if len(parts) != 2:
        return None
    a, op = text(strip(parts[0][0])), parts[0][1]
    b = text(strip(parts[1][0]))
    if not _CHAIN.match(a) or not _CHAIN.match(b) or a == b:
        return None
    return a, op, b


def substitute(rel, params, args):
    out = []
    for x in tokenize(rel, coarse=True):
        if x in params:
            arg = args[params.index(x)]
            bare = _CHAIN.match(arg) and arg[0] not in "&*"
            out.append(arg if bare else "(" + arg + ")")
        else:
            out.append(x)
    s = text(out).replace(" ", "")
    s = re.sub(r"\(&([\w$.>\[\]-]+)\)->", r"\1.", s)
    s = re.sub(r"\(([&*][\w$.>\[\]-]+)\)", r"\1", s)
    return s

# per file: function -> set of pointers read with an RCU accessor or cursor
RCU_READ = {}
# findings: position id -> record
CHK = {}
PENDING = {}
ORDER = []


def report(rec):
    """Print the finding of one relation, if the code relied on it."""
    ev = rec["ev"]
    relied = [e for e in ("relied_traversal", "relied_loads", "decision_past_unlock") if e in ev]
    if not relied:
        return
    what = {"relied_traversal": "the traversal at %s",
            "relied_loads": "the loads through it at %s",
            "decision_past_unlock": "the use after the unlock at %s"}
    uses = " and ".join(what[e] % ev[e] for e in relied)
    through = " (%s())" % rec["helper"] if rec["helper"] else ""
    msg = ("%s%s is checked under rcu_read_lock() and relied on by %s, but RCU does not"
           " keep separate loads coherent" % (rec["rel"], through, uses))
    if "checked_under_lock" in ev:
        msg += "; a lock taken at %s is held at the check" % ev["checked_under_lock"]
    if "revalidated_under_lock" in ev:
        msg += "; re-checked under the lock taken at %s" % ev["revalidated_under_lock"]
    locks = [e for e in ("checked_under_lock", "revalidated_under_lock") if e in ev]
    fields = dict(relation=rec["rel"].replace(" ", ""),
                  through_helper=rec["helper"] or None,
                  emptiness_check=rec["empty"],
                  list_end_check=rec["lend"],
                  same_field=rec["same"],
                  relied_traversal="relied_traversal" in ev,
                  relied_loads="relied_loads" in ev,
                  decision_past_unlock="decision_past_unlock" in ev,
                  checked_under_lock="checked_under_lock" in ev,
                  revalidated_under_lock="revalidated_under_lock" in ev)
    for e in relied + locks:
        fields["at_" + e] = ev[e]
    emit(RULE, rec["pos"], rec["key"], msg, **fields)


def pid(p):
    return "%s:%s:%s" % (p.file, p.line, p.column)


def related(a, b, rcu_read):
    """Do chains a and b hold two separately loaded values? A pointer and a
    field reached through it (p == p->group_leader), a list head and its
    own link, or fields of two objects both loaded (written out: both read
    under RCU in this function; rcu_read None: inside an indexed helper,
    whose parameters are what the caller passes)."""
    if not (loads(a) or loads(b)):
        return False
    ba, bb = base_of(a)[0], base_of(b)[0]
    if ba == bb:
        pa, pb = a.lstrip("&*"), b.lstrip("&*")
        def through(x, y):
            return y == x or any(y.startswith(x + sep) for sep in ("->", ".", "["))
        return through(pa, pb) or through(pb, pa) or emptiness(a, b)
    if not (loads(a) and loads(b)):
        return False
    return rcu_read is None or (ba in rcu_read and bb in rcu_read)


def classify(C, fn, file):
    """A relation in expression C? Returns a record or None."""
    t = tokenize(C, coarse=True)
    if len(t) >= 3 and re.match(r"[A-Za-z_]", t[0]) and t[1] == "(" and matching(t, 1) == len(t) - 1:
        h = HELPERS.get(t[0])
        if not h:
            return None
        params, rels = h
        args = [text(a) for a, _ in split_tokens(t[2:-1], (",",))] if len(t) > 3 else []
        if len(args) != len(params):
            return None
        used = []
        shown = []
        empty = True
        lend = True
        same = True
        for r in rels:
            s = substitute(r, params, args)
            c = comparison(tokenize(s, coarse=True))
            # with these arguments: still two loaded values? (a helper
            # comparing p->state with its argument is one load when the
            # argument is a constant)
            if not c or not related(c[0], c[2], None):
                continue
            for i, prm in enumerate(params):
                if re.search(r"\b%s\b" % re.escape(prm), r) and args[i] not in used:
                    used.append(args[i])
            shown.append(s)
            if not emptiness(c[0], c[2]):
                empty = False
            if not list_end(c[0], c[2]):
                lend = False
            if not same_field(c[0], c[2]):
                same = False
        if not shown:
            return None
        ptrs = [base_of(a)[0] if _CHAIN.match(a) else a for a in used]
        return dict(kind="helper", helper=t[0], rel="; ".join(shown), ptrs=ptrs,
                    exprs=used, empty=empty, lend=lend, same=same)
    c = comparison(t)
    if not c:
        return None
    a, op, b = c
    if not related(a, b, RCU_READ.get((file, fn), set())):
        return None
    ba, bb = base_of(a)[0], base_of(b)[0]
    return dict(kind="direct", helper="", rel=a + op + b,
                ptrs=sorted(set([ba, bb])), exprs=[a, b], empty=emptiness(a, b),
                lend=list_end(a, b), same=same_field(a, b))


def mentions(txt, ptrs):
    return any(re.search(r"(?<![\w.>])%s\b(?!\s*\()" % re.escape(p), txt) for p in ptrs)


def after(p, q):
    """q is written after p (a match reached through a loop's back edge,
    e.g. the enclosing list_for_each_entry_rcu(), is not "afterwards")."""
    return (int(q.line), int(q.column)) > (int(p.line), int(p.column))


def cond_end(p):
    """(line, col) where the condition or statement holding the check at p
    ends: the parenthesis closing the if, or the semicolon of an assignment."""
    lines = source.lines(p.file)
    ln, col, d = int(p.line_end) - 1, int(p.column_end), 0
    while ln < len(lines):
        s = lines[ln]
        while col < len(s):
            ch = s[col]
            if ch in "([":
                d += 1
            elif ch in ")]":
                d -= 1
                if d < 0:
                    return (ln + 1, col)
            elif ch in ";{" and d <= 0:
                return (ln + 1, col)
            col += 1
        ln, col = ln + 1, 0
    return (ln + 1, 0)


def add(p, C, ev, q):
    k = pid(p)
    if k not in CHK or not after(p, q):
        return
    # a load or iterator in the checked condition itself, met again through
    # the back edge of an enclosing loop, is not reliance on the outcome
    if ev != "checked_under_lock" and (int(q.line), int(q.column)) < cond_end(p):
        return
    old = CHK[k]["ev"].get(ev)
    where = at(q)
    if old is None or tuple(map(int, where.split(":"))) < tuple(map(int, old.split(":"))):
        CHK[k]["ev"][ev] = where


def address_of(q):
    """&p->lock passes an address: no load through p."""
    lines = source.lines(q.file)
    ln, col = int(q.line) - 1, int(q.column)
    if ln >= len(lines):
        return False
    # the position is on the field: drop the chain written before it
    before = re.sub(r"[\w\s.>\[\]-]*$", "", lines[ln][:col])
    return before.endswith("&") and not before.endswith("&&")


_DO_TAIL = re.compile(r"^\s*}\s*([A-Za-z_]\w*)\s*\((.*)\)\s*;")
# What ends the view a check was made on: a read-side unlock, or any lock taken.
_UNLOCK = calls("rcu-read-unlock", "exclusive-locks", "shared-locks", suffix=r"\w*")


def do_while_traversal(path, line, ptrs):
    """A do { } while-style traversal closed by an iterator macro after the
    check (spatch cannot match do-while here): scanned in the text, by
    brace depth; an unlock at the check's own depth ends the section."""
    lines = source.lines(path)
    depth = 0
    for i in range(line - 1, len(lines)):
        s = re.sub(r"//.*|/\*.*?\*/|\"(\\.|[^\"])*\"", "", lines[i])
        if i > line - 1:
            m = _DO_TAIL.match(s)
            if m and m.group(1) != "while" and depth - 1 <= 0 and mentions(m.group(2), ptrs):
                return "%d:%d" % (i + 1, s.index(m.group(1)) + 1)
            if depth <= 0 and _UNLOCK.search(s):
                return None
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
        if depth < -1 or (i > line - 1 and re.match(r"^}", lines[i])):
            return None
    return None


def report_all():
    for k in ORDER:
        report(CHK[k])


def reset():
    for d in (RCU_READ, CHK, PENDING):
        d.clear()
    del ORDER[:]


LIFE = PerFile(report_all, reset)
flush = LIFE.flush

# ---------------------------------------------------------------- matches


def rcu_read(p, name):
    """name is read with an RCU accessor or is the cursor of an RCU walk."""
    RCU_READ.setdefault((p.file, p.current_element), set()).add(name)


def candidate(p, C):
    """C at p relates two loaded values (written out, or through a helper
    of the macro index): keep it for the rules below; False drops the match."""
    rec = None
    if pid(p) not in PENDING:
        rec = classify(C, p.current_element, p.file)
    if rec is None:
        return False
    rec["pos"] = p
    rec["key"] = text(tokenize(C, coarse=True))
    rec["ev"] = {}
    PENDING[pid(p)] = rec
    return True


def checked_in_section(p):
    """The candidate at p is inside a read-side section: a check."""
    k = pid(p)
    if k in PENDING and k not in CHK:
        rec = PENDING[k]
        CHK[k] = rec
        ORDER.append(k)
        where = do_while_traversal(p.file, int(p.line), rec["ptrs"])
        if where:
            rec["ev"]["relied_traversal"] = where


def relied_traversal(p, C, pt, walked):
    """A traversal at pt, after the check at p, walks what it related."""
    rec = CHK.get(pid(p))
    if rec and mentions(walked, rec["ptrs"] + rec["exprs"]):
        add(p, C, "relied_traversal", pt)


def relied_loads(p, C, Y, pl):
    """Y->fld loaded at pl, after the check at p, through a related pointer."""
    rec = CHK.get(pid(p))
    if rec:
        y = norm(Y)
        for ptr in ([] if address_of(pl) else rec["ptrs"]):
            if y == ptr or y.startswith(ptr + "->") or y.startswith(ptr + "."):
                add(p, C, "relied_loads", pl)


def decision_past_unlock(p, C, Y, pu):
    """A related value is used at pu, after the unlock in the branch the
    check at p chose."""
    rec = CHK.get(pid(p))
    if rec and norm(Y) in rec["ptrs"] + rec["exprs"]:
        add(p, C, "decision_past_unlock", pu)


def held_lock(p, pk):
    """A real lock taken at pk is still held at the check at p."""
    k = pid(p)
    if (k in CHK and "checked_under_lock" not in CHK[k]["ev"]
            and (int(pk.line), int(pk.column)) < (int(p.line), int(p.column))):
        CHK[k]["ev"]["checked_under_lock"] = at(pk)


def revalidated(p, C, pk, p2):
    """The relation checked at p is checked again at p2 under the lock taken at pk."""
    if after(p, pk) and after(pk, p2):
        add(p, C, "revalidated_under_lock", pk)
