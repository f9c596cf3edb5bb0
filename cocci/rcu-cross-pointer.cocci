/// Finds a condition inside one RCU read-side section that relates two
/// separately loaded values (a pointer and a field reached through it, as
/// thread_group_leader(p) is p == p->group_leader, or fields of two RCU-read
/// objects), written directly or hidden in a macro or static inline helper
/// of the tree, when the code then relies on the outcome: a traversal
/// from the same pointer, further loads through it, or a decision carried
/// past the unlock. rcu_read_lock() makes each pointer load safe on its
/// own; it does not make two loads coherent, so the relation may no longer
/// hold when the code acts on it (Neil Brown's cgroup_attach_proc() case).
//
// Helpers are seen through the macro index the driver builds from the
// tree (src/macroindex.c) and names in LOCKERS_MACRO_INDEX; without it
// only relations written out in the code are found. Findings score lower
// when the code takes a real lock afterwards and checks the same relation
// again, when a real lock taken before the check is still held at it, when
// the relation only tests a list head for emptiness or an entry's link
// against the head (list_is_last(): the circular-list forms of a NULL
// check), and when it compares the same field of two objects (a key or
// value match such as same_thread_group(), neither value reached through
// the other). A NULL check of a single pointer is not a relation and is
// never reported; a load in the checked condition itself, met again only
// through the back edge of an enclosing loop, is not reliance.
//
// Rule: rcu-cross-pointer
// Confidence: Moderate
// Needs: macro-index
// Requires: rcu_read_lock rcu_read_lock_bh rcu_read_lock_sched srcu_read_lock
// Options: --no-includes

@initialize:python@
@@
import os, re, sys
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

RULE = "rcu-cross-pointer"

# name -> (params, [relations]) for index rows with a relation
HELPERS = {}

def load_index(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.endswith("\t\n") or "\t" not in line:
                    continue        # no relation: most rows
                cols = line.rstrip("\n").split("\t")
                if len(cols) != 5 or not cols[4] or cols[0] in HELPERS:
                    continue
                params = cols[2].split(",") if cols[2] else []
                HELPERS[cols[0]] = (params, cols[4].split(";"))
    except OSError:
        pass

if os.environ.get("LOCKERS_MACRO_INDEX"):
    load_index(os.environ["LOCKERS_MACRO_INDEX"])

_TOK = re.compile(r"->|==|!=|&&|\|\||[A-Za-z_$][\w$]*|\d[\w.]*|\S")
WRAPPERS = set("""READ_ONCE data_race rcu_dereference rcu_dereference_raw
rcu_dereference_bh rcu_dereference_sched rcu_dereference_check
rcu_dereference_protected rcu_access_pointer srcu_dereference
smp_load_acquire likely unlikely""".split())
_CHAIN = re.compile(r"^[&*]?[A-Za-z_$][\w$]*((->|\.)[A-Za-z_$][\w$]*|\[[^\[\]]*\])*$")

def toks(s):
    return _TOK.findall(s)

def matching(t, i):
    d = 0
    for k in range(i, len(t)):
        if t[k] in "([{":
            d += 1
        elif t[k] in ")]}":
            d -= 1
            if d == 0:
                return k
    return -1

def strip(t):
    """Outer parens and single-load wrappers off an operand."""
    while True:
        if len(t) >= 2 and t[0] == "(" and matching(t, 0) == len(t) - 1:
            t = t[1:-1]
            continue
        if len(t) >= 3 and t[0] in WRAPPERS and t[1] == "(" and matching(t, 1) == len(t) - 1:
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

def split_top(t, seps):
    """Split a token list at depth-0 tokens in seps."""
    out, cur, d = [], [], 0
    for x in t:
        if x in "([{":
            d += 1
        elif x in ")]}":
            d -= 1
        if d == 0 and x in seps:
            out.append((cur, x))
            cur = []
        else:
            cur.append(x)
    out.append((cur, None))
    return out

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
    parts = split_top(t, ("==", "!="))
    if len(parts) != 2:
        return None
    a, op = text(strip(parts[0][0])), parts[0][1]
    b = text(strip(parts[1][0]))
    if not _CHAIN.match(a) or not _CHAIN.match(b) or a == b:
        return None
    return a, op, b

def substitute(rel, params, args):
    out = []
    for x in toks(rel):
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

CURRENT = [None]

def report(rec):
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

def flush(file=None):
    """Drop the source-text cache when spatch moves to another file. Findings
    are reported at the end only (finalize): in a group of several files
    spatch runs each rule over the whole group, so a file's evidence is
    complete only when the run is."""
    if file == CURRENT[0]:
        return
    CURRENT[0] = file
    _LINES.clear()
    if file is None:
        for k in ORDER:
            report(CHK[k])

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
    t = toks(C)
    if len(t) >= 3 and re.match(r"[A-Za-z_]", t[0]) and t[1] == "(" and matching(t, 1) == len(t) - 1:
        h = HELPERS.get(t[0])
        if not h:
            return None
        params, rels = h
        args = [text(a) for a, _ in split_top(t[2:-1], (",",))] if len(t) > 3 else []
        if len(args) != len(params):
            return None
        used = []
        shown = []
        empty = True
        lend = True
        same = True
        for r in rels:
            s = substitute(r, params, args)
            c = comparison(toks(s))
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
    lines = file_lines(p.file)
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

_LINES = {}

def file_lines(path):
    if path not in _LINES:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                _LINES[path] = f.read().split("\n")
        except OSError:
            _LINES[path] = []
    return _LINES[path]

def address_of(q):
    """&p->lock passes an address: no load through p."""
    lines = file_lines(q.file)
    ln, col = int(q.line) - 1, int(q.column)
    if ln >= len(lines):
        return False
    # the position is on the field: drop the chain written before it
    before = re.sub(r"[\w\s.>\[\]-]*$", "", lines[ln][:col])
    return before.endswith("&") and not before.endswith("&&")

_DO_TAIL = re.compile(r"^\s*}\s*([A-Za-z_]\w*)\s*\((.*)\)\s*;")
_UNLOCK = re.compile(r"\b(rcu_read_unlock\w*|srcu_read_unlock|read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)\w*\s*\(")

def do_while_traversal(path, line, ptrs):
    """A do { } while-style traversal closed by an iterator macro after the
    check (spatch cannot match do-while here): scanned in the text, by
    brace depth; an unlock at the check's own depth ends the section."""
    lines = file_lines(path)
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

// ---------------------------------------------------------------- RCU reads

@rr@
expression X;
identifier acc =~ "^(rcu_dereference[a-z_]*|srcu_dereference[a-z_]*|rcu_access_pointer|list_entry_rcu|list_first_entry_rcu|list_first_or_null_rcu|list_next_or_null_rcu|hlist_entry_safe)$";
position p;
type T;
identifier x;
@@
(
X = acc@p(...);
|
T x = acc@p(...);
)

@script:python@
X << rr.X = "";
x << rr.x = "";
p << rr.p;
@@
flush(p[0].file)
name = norm(X) if X else x
RCU_READ.setdefault((p[0].file, p[0].current_element), set()).add(name)

@rri@
iterator I =~ "_rcu[a-z_]*$";
expression X;
position p;
statement S;
@@
I@p(X, ...) S

@script:python@
X << rri.X;
p << rri.p;
@@
flush(p[0].file)
RCU_READ.setdefault((p[0].file, p[0].current_element), set()).add(norm(X))

// ------------------------------------------------- relation in the section

@cand@
position p;
expression C, E1, E2;
identifier f : script:python () { f in HELPERS };
statement S1, S2;
type T;
identifier x;
@@
(
if (<+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>) S1 else S2
|
if (<+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>) S1
|
x = <+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>;
|
T x = <+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
@@
flush(p[0].file)
rec = None
if pid(p[0]) not in PENDING:
    rec = classify(C, p[0].current_element, p[0].file)
if rec is None:
    cocci.include_match(False)
else:
    rec["pos"] = p[0]
    rec["key"] = text(toks(C))
    rec["ev"] = {}
    PENDING[pid(p[0])] = rec

// the candidate is inside a read-side section
@chk exists@
position cand.p, pl;
expression cand.C, X;
statement S1, S2;
type T;
identifier x;
@@
(
rcu_read_lock@pl();
|
rcu_read_lock_bh@pl();
|
rcu_read_lock_sched@pl();
|
X = srcu_read_lock@pl(...);
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
|
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)

@script:python@
p << cand.p;
pl << chk.pl;
@@
k = pid(p[0])
if k in PENDING and k not in CHK:
    rec = PENDING[k]
    CHK[k] = rec
    ORDER.append(k)
    where = do_while_traversal(p[0].file, int(p[0].line), rec["ptrs"])
    if where:
        rec["ev"]["relied_traversal"] = where

// ------------------------------------------------------ reliance: traversal

@trav exists@
position cand.p, pt;
expression cand.C, E, E1, E2;
iterator I;
expression list il;
statement S, S1, S2;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
    when != lk(...);
(
I@pt(il) S
|
while (E@pt) S
|
for (E1; E@pt; E2) S
)

@script:python@
p << cand.p;
C << cand.C;
pt << trav.pt;
il << trav.il = "";
E << trav.E = "";
@@
rec = CHK.get(pid(p[0]))
if rec and mentions(str(il) or str(E), rec["ptrs"] + rec["exprs"]):
    add(p[0], C, "relied_traversal", pt[0])

// ---------------------------------------------------------- reliance: loads

@loads exists@
position cand.p, pl;
expression cand.C, Y, E3;
identifier fld, f3;
statement S1, S2, S3, S4;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
    when != lk(...);
(
if (<+... Y->fld@pl ...+>) S3 else S4
|
if (<+... Y->fld@pl ...+>) S3
|
E3 = <+... Y->fld@pl ...+>;
|
E3 += <+... Y->fld@pl ...+>;
|
f3(..., <+... Y->fld@pl ...+>, ...);
|
return <+... Y->fld@pl ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
Y << loads.Y;
pl << loads.pl;
@@
rec = CHK.get(pid(p[0]))
if rec:
    y = norm(Y)
    for ptr in ([] if address_of(pl[0]) else rec["ptrs"]):
        if y == ptr or y.startswith(ptr + "->") or y.startswith(ptr + "."):
            add(p[0], C, "relied_loads", pl[0])

@loadsin exists@
position cand.p, pl;
expression cand.C, Y, E3;
identifier fld, f3;
statement S2, S3, S4;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
(
  if (<+... Y->fld@pl ...+>) S3 else S4
|
  if (<+... Y->fld@pl ...+>) S3
|
  E3 = <+... Y->fld@pl ...+>;
|
  E3 += <+... Y->fld@pl ...+>;
|
  f3(..., <+... Y->fld@pl ...+>, ...);
|
  return <+... Y->fld@pl ...+>;
)
  ...
} else S2
|
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
(
  if (<+... Y->fld@pl ...+>) S3 else S4
|
  if (<+... Y->fld@pl ...+>) S3
|
  E3 = <+... Y->fld@pl ...+>;
|
  E3 += <+... Y->fld@pl ...+>;
|
  f3(..., <+... Y->fld@pl ...+>, ...);
|
  return <+... Y->fld@pl ...+>;
)
  ...
}
|
if (<+... C@p ...+>) E3 = <+... Y->fld@pl ...+>;
|
if (<+... C@p ...+>) f3(..., <+... Y->fld@pl ...+>, ...);
)

@script:python@
p << cand.p;
C << cand.C;
Y << loadsin.Y;
pl << loadsin.pl;
@@
rec = CHK.get(pid(p[0]))
if rec:
    y = norm(Y)
    for ptr in ([] if address_of(pl[0]) else rec["ptrs"]):
        if y == ptr or y.startswith(ptr + "->") or y.startswith(ptr + "."):
            add(p[0], C, "relied_loads", pl[0])

@travin exists@
position cand.p, pt;
expression cand.C;
iterator I;
expression list il;
statement S, S2;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
  I@pt(il) S
  ...
} else S2
|
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
  I@pt(il) S
  ...
}
|
if (<+... C@p ...+>) I@pt(il) S
)

@script:python@
p << cand.p;
C << cand.C;
pt << travin.pt;
il << travin.il;
@@
rec = CHK.get(pid(p[0]))
if rec and mentions(str(il), rec["ptrs"] + rec["exprs"]):
    add(p[0], C, "relied_traversal", pt[0])

// ------------------------------------ reliance: decision past the unlock

@past exists@
position cand.p, pu;
expression cand.C;
identifier x;
type T;
statement S1, S2;
expression E;
@@
(
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)
...
(
rcu_read_unlock();
|
rcu_read_unlock_bh();
|
rcu_read_unlock_sched();
|
srcu_read_unlock(...);
)
... when != x = E
(
if (<+... x@pu ...+>) S1 else S2
|
if (<+... x@pu ...+>) S1
|
return <+... x@pu ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
pu << past.pu;
@@
add(p[0], C, "decision_past_unlock", pu[0])

@pastb exists@
position cand.p, pu;
expression cand.C, Y;
identifier fld, f3;
statement S2;
@@
(
if (<+... C@p ...+>) { ... rcu_read_unlock(); ... f3(..., <+... Y@pu ...+>, ...); ... } else S2
|
if (<+... C@p ...+>) { ... rcu_read_unlock(); ... f3(..., <+... Y@pu ...+>, ...); ... }
)

@script:python@
p << cand.p;
C << cand.C;
Y << pastb.Y;
pu << pastb.pu;
@@
rec = CHK.get(pid(p[0]))
if rec and norm(Y) in rec["ptrs"] + rec["exprs"]:
    add(p[0], C, "decision_past_unlock", pu[0])

// ------------------------------------------- a real lock held at the check

@held exists@
position cand.p, pk;
expression cand.C, L;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)(_irq|_irqsave|_bh|_nested|_interruptible|_killable|_nest_lock)*$";
identifier ulk =~ "^(read_unlock|write_unlock|spin_unlock|raw_spin_unlock|mutex_unlock|up_read|up_write|rt_mutex_unlock)[a-z_]*$";
statement S1, S2;
type T;
identifier x;
@@
lk@pk(L, ...);
... when != ulk(L, ...)
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
|
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)

@script:python@
p << cand.p;
pk << held.pk;
@@
k = pid(p[0])
if (k in CHK and "checked_under_lock" not in CHK[k]["ev"]
        and (int(pk[0].line), int(pk[0].column)) < (int(p[0].line), int(p[0].column))):
    CHK[k]["ev"]["checked_under_lock"] = at(pk[0])

// --------------------------------------- re-validation under a real lock

// The recheck is matched as C itself (inherited, so compared structurally):
// a free expression C2 here made spatch try every subexpression of every
// later if, 17 s on fs/dcache.c.
@reval exists@
position cand.p, pk, p2;
expression cand.C;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
statement S1, S2, S3, S4;
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
...
lk@pk(...);
...
(
if (<+... C@p2 ...+>) S3 else S4
|
if (<+... C@p2 ...+>) S3
)

@script:python@
p << cand.p;
C << cand.C;
pk << reval.pk;
p2 << reval.p2;
@@
if after(p[0], pk[0]) and after(pk[0], p2[0]):
    add(p[0], C, "revalidated_under_lock", pk[0])

// ----------------------------------------------------------------- report

@finalize:python@
@@
flush(None)
