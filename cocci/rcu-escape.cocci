/// A pointer obtained inside an RCU read-side section (the object itself, an
/// alias of a list iterator's cursor, or the address of a field in it) is
/// dereferenced, returned, stored or passed on after the rcu_read_unlock()
/// that ends the section, and no reference was taken on the object before the
/// unlock. RCU only keeps the object alive until the unlock: after it the
/// memory may already have been handed to kfree() by a grace period.
///
/// Sources: rcu_dereference*()/srcu_dereference*(), the cursor of an
/// *_for_each_*rcu iterator, *_rcu() and other RCU lookups (idr_find,
/// radix_tree_lookup, xa_load, pid_task, ...), and plain reads of a pointer the
/// same file frees with call_rcu()/kfree_rcu() or publishes with
/// rcu_assign_pointer(). Flavours: rcu_read_lock/_bh/_sched/_trace and
/// srcu_read_lock/unlock, and guard(rcu)()/scoped_guard(rcu) where the
/// section ends with the scope. A reference is any call whose name says get, hold,
/// grab, pin, ref, inc, lock, acquire or take on the object before the unlock.
/// Functions documented as called with rcu_read_lock held, or annotated
/// __acquires(RCU)/__releases(RCU), score low: their callers hold the section;
/// so does a comment in the function saying why the object outlives the
/// section (freed only after..., immutable, safe because...).
//
// Rule: rcu-escape
// Confidence: Moderate
// Requires: guard scoped_guard rcu_read_unlock rcu_read_unlock_bh rcu_read_unlock_sched rcu_read_unlock_sched_notrace srcu_read_unlock srcu_read_unlock_notrace rcu_read_unlock_trace
// Options: --no-includes

@initialize:python@
@@
import os, sys, re
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

RULE = "rcu-escape"
RD_RE = r"(?:rcu_dereference(?:_bh|_sched|_raw|_check|_bh_check|_sched_check|_raw_check|_rtnl|_bh_rtnl)?|srcu_dereference(?:_check|_notrace)?)"
LOOKUP_RE = re.compile(r"^(?:\w+_rcu|\w+_rcu_notrace|idr_find|radix_tree_lookup|xa_load|pid_task|"
                       r"find_task_by_vpid|find_task_by_pid_ns|rhashtable_lookup|rhltable_lookup)$")
ITER_ARG = {"hash_for_each_rcu": 2, "hash_for_each_possible_rcu": 1,
            "hash_for_each_possible_rcu_notrace": 1, "for_each_netdev_rcu": 1,
            "for_each_netdev_continue_rcu": 1, "for_each_netdev_in_bond_rcu": 1,
            "netdev_for_each_upper_dev_rcu": 1, "netdev_for_each_lower_private_rcu": 1}

PROT = set()      # (file, function, variable): cursor or result of an RCU read
MANAGED = set()   # (file, text): pointer expressions freed/published with RCU
FOUND = {}        # (file, function, source line, col, var) -> finding
DROP = set()      # (file, source line, col, unlock line, col): reference taken / null branch
FILES = {}

def n(e):
    return re.sub(r"\s+", "", str(e))

def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur); cur = ""
        else:
            cur += ch
    out.append(cur)
    return [a.strip() for a in out]

def head_ident(t):
    m = re.match(r"^&?\(?([A-Za-z_]\w*)\)?(?:->|\.|\[|$)", t)
    return m.group(1) if m else None

def src_shape(R):
    """(kind, object text) of a candidate source expression, or None."""
    t = n(R)
    m = re.match(r"^container_of\((.*),[^,]*,[^,]*\)$", t)
    if m:
        t = m.group(1)
    if re.match(r"^" + RD_RE + r"\(.*\)$", t):
        return ("rcu_dereference", t)
    m = re.match(r"^(&)?\(?(" + RD_RE + r"\(.*\))\)?(->|\.)\w+(\[.*\])?$", t)
    if m:
        return ("address_of_field" if m.group(1) or m.group(4) else "field", m.group(2))
    m = re.match(r"^([A-Za-z_]\w*)\(", t)
    if m and t.endswith(")") and LOOKUP_RE.match(m.group(1)):
        return ("lookup", t)
    m = re.match(r"^(&)?\(?([A-Za-z_][\w\[\]\.\->]*?)\)?(?:(->|\.)(\w+)(\[[^\]]*\])?)?$", t)
    if m:
        base = m.group(2)
        kind = "alias"
        if m.group(3):
            kind = "address_of_field" if (m.group(1) or m.group(5)) else "field"
        elif m.group(1):
            return None
        return (kind, base)
    return None

def cand(R):
    s = src_shape(R)
    if s is None:
        return False
    kind, base = s
    if kind in ("rcu_dereference", "lookup") or base.startswith("rcu_") or base.startswith("srcu_"):
        return True
    if re.match(r"^[A-Za-z_]\w*$", base) and any(v == base for (_, _, v) in PROT):
        return True
    return any(b == base for (_, b) in MANAGED)

def mentions(A, x, R):
    a = n(A)
    names = set([n(x)])
    s = src_shape(R)
    if s:
        h = head_ident(s[1])
        if h:
            names.add(h)
    return any(re.search(r"(?<![\w.>])" + re.escape(v) + r"(?!\w)", a) for v in names)

def null_test(C, x):
    c = n(C)
    v = re.escape(n(x))
    return re.match(r"^(?:unlikely\()?(?:!%s|%s==NULL|NULL==%s|IS_ERR\(%s\)|IS_ERR_OR_NULL\(%s\))\)?$" % (v, v, v, v, v), c) is not None

def lines_of(fname):
    if fname not in FILES:
        try:
            with open(fname, errors="replace") as fh:
                FILES[fname] = fh.read().split("\n")
        except OSError:
            FILES[fname] = []
    return FILES[fname]

CONTRACT_RE = re.compile(
    r"(caller\w*\s+(must|should|needs?\s+to|has\s+to|is\s+expected\s+to|is\s+responsible)[^.;]{0,40}?(hold|use|take|call|hav|be\s+in|be\s+under|be\s+holding)[^.;]{0,40}?rcu)"
    r"|((must|should|has\s+to|needs?\s+to)\s+be\s+(called|invoked|used|held|run)[^.;]{0,30}?(with|under|within|inside|in)[^.;]{0,20}?rcu)"
    r"|((called|invoked|call)\s+(with|under|within|inside)\s+(the\s+)?(an?\s+)?rcu)"
    r"|(rcu_read_lock\(?\)?\s*(must|should)\s+be\s+held)"
    r"|(requires?\s+(the\s+)?rcu(_read_lock|\s+read))", re.I)

def contract(pos):
    """Reason the function is meant to be used inside a caller's section."""
    L = lines_of(pos.file)
    head = func_head(pos)
    if head is None:
        return None
    sig = " ".join(L[head:min(head + 6, len(L))])
    sig = sig.split("{")[0]
    if re.search(r"__(acquires|releases)\s*\(\s*(rcu|RCU)", sig, re.I):
        return "annotated_rcu"
    j = head - 1
    while j >= 0 and (L[j].strip() == "" or re.match(r"^(static|inline|__\w+)\b", L[j])):
        j -= 1
    if j >= 0 and L[j].strip().endswith("*/"):
        k = j
        while k >= 0 and "/*" not in L[k]:
            k -= 1
        text = " ".join(l.strip().lstrip("/*").strip() for l in L[max(k, 0):j + 1])
        if CONTRACT_RE.search(text):
            return "caller_holds_rcu"
    return None

LOCK_RE = re.compile(r"\b(spin_lock|spin_lock_bh|spin_lock_irq|spin_lock_irqsave|raw_spin_lock|raw_spin_lock_irqsave|raw_spin_lock_irq|mutex_lock|mutex_lock_interruptible|mutex_lock_killable|write_lock|write_lock_bh|write_lock_irqsave|read_lock|read_lock_bh|down_read|down_write|rtnl_lock)\s*\(")
UNLOCK_RE = re.compile(r"\b(spin_unlock|spin_unlock_bh|spin_unlock_irq|spin_unlock_irqrestore|raw_spin_unlock|raw_spin_unlock_irqrestore|raw_spin_unlock_irq|mutex_unlock|write_unlock|write_unlock_bh|write_unlock_irqrestore|read_unlock|read_unlock_bh|up_read|up_write|rtnl_unlock)\s*\(")
ASSERT_RE = re.compile(r"\b(lockdep_assert_held\w*|ASSERT_RTNL|lockdep_assert_rtnl_held|assert_spin_locked|lockdep_assert_wiphy|WARN_ON_ONCE\(!mutex_is_locked|WARN_ON\(!mutex_is_locked|WARN_ON\(!spin_is_locked)\s*\(")

def func_head(pos):
    L = lines_of(pos.file)
    fn = pos.current_element
    i = int(pos.line) - 1
    while i >= 0:
        if re.match(r"^[A-Za-z_].*\b%s\s*\(" % re.escape(fn), L[i]) or re.match(r"^%s\s*\(" % re.escape(fn), L[i]):
            return i
        i -= 1
    return None

def other_lock(ps, pe):
    """Evidence that an update-side lock protects the object at the use."""
    L = lines_of(pe.file)
    h = func_head(pe)
    if h is None:
        return None
    body = L[h:int(pe.line)]
    if any(ASSERT_RE.search(l) for l in body):
        return "lock_asserted"
    depth = 0
    for j, l in enumerate(body):
        depth += len(LOCK_RE.findall(l))
        u = len(UNLOCK_RE.findall(l))
        # an unlock followed by return/goto is an error exit, not the end
        if u and re.search(r"\b(return|goto)\b", " ".join(body[j:j + 3])):
            continue
        depth -= u
    return "other_lock_held" if depth > 0 else None

LIFETIME_RE = re.compile(r"\b(is safe|are safe|safe because|never (?:be )?(?:freed|deleted|removed)|freed only|only freed|immutable|cannot change|can not change|won.t go away|will not go away|stays? alive)\b", re.I)

def lifetime_comment(pe):
    """A comment in the function, before the use, says why the object
    outlives the section (freed only after..., immutable, safe because...)."""
    L = lines_of(pe.file)
    h = func_head(pe)
    if h is None:
        return False
    text = "\n".join(L[h:int(pe.line)])
    for c in re.findall(r"/\*.*?\*/|//[^\n]*", text, re.S):
        if LIFETIME_RE.search(re.sub(r"\s*\n\s*\*?\s*", " ", c)):
            return True
    return False

def array_field(R, fname):
    m = re.search(r"(?:->|\.)(\w+)$", n(R))
    if not m:
        return False
    pat = re.compile(r"(^|[;{])\s*[A-Za-z_][\w\s\*]*?\b%s\s*\[" % re.escape(m.group(1)))
    return any(pat.search(l) for l in lines_of(fname) if "(" not in l)

REF_CALL = r"\b\w*(?:get|hold|grab|pin|ref|inc|lock|acquire|take)\w*\s*\([^;]*?(?<![\w.>])%s(?!\w)"

def ref_in_block(pg, ps, x):
    """A reference call naming x between the source and the end of the
    scoped_guard block (the block's text, braces counted)."""
    L = lines_of(ps.file)
    li, col = int(pg.line) - 1, int(pg.column)
    depth, seen, out = 0, False, []
    while li < len(L):
        line = L[li][col:]
        for j, ch in enumerate(line):
            if ch == "{":
                depth += 1
                seen = True
            elif ch == "}":
                depth -= 1
                if seen and depth == 0:
                    out.append(line[:j])
                    li = len(L)
                    break
        else:
            out.append(line)
        li += 1
        col = 0
    start = int(ps.line) - int(pg.line)
    text = "\n".join(out[max(start, 0):])
    return re.search(REF_CALL % re.escape(n(x)), text) is not None

def unlock_name(pu):
    L = lines_of(pu.file)
    li = int(pu.line) - 1
    m = re.search(r"\b(s?rcu_read_unlock\w*)\s*\(", L[li]) if li < len(L) else None
    return m.group(1) if m else "rcu_read_unlock"

def use_kind(pe, lhs):
    L = lines_of(pe.file)
    li = int(pe.line) - 1
    if li >= len(L):
        return "passed"
    line = L[li]
    col = int(pe.column)
    before = line[:col].rstrip()
    if lhs:
        return "stored"
    if before.endswith("return") or re.search(r"\breturn\s*\(?$", before):
        return "returned"
    return "passed"

def record(x, ps, pu, pe, kind, use, how=None):
    if use is None:
        return
    key = (ps.file, ps.current_element, ps.line, ps.column, str(x))
    rank = {"deref_after_unlock": 0, "stored": 1, "returned": 2, "passed": 3}
    old = FOUND.get(key)
    if old is not None and (rank[old[3]], int(old[2].line)) <= (rank[use], int(pe.line)):
        return
    FOUND[key] = (x, ps, pe, use, kind, pu, how)

def flush():
    for key in sorted(FOUND, key=lambda k: (k[0], int(k[2]), int(k[3]))):
        x, ps, pe, use, kind, pu, how = FOUND[key]
        if (ps.file, ps.line, ps.column, None) in DROP or (ps.file, ps.line, ps.column, (pu.line, pu.column)) in DROP:
            continue
        why = contract(pe)
        verb = {"deref_after_unlock": "dereferenced", "returned": "returned",
                "stored": "stored", "passed": "passed on"}[use]
        what = {"address_of_field": "points into an object read", "plain_address_of_field": "points into an object read",
                "field": "was loaded from an object read", "plain_field": "was loaded from an object read",
                "list_cursor": "is the cursor of an RCU list walk",
                "lookup": "was looked up", "alias": "was read", "plain_alias": "was read",
                "rcu_dereference": "was read"}[kind]
        if how == "guard":
            lk, ul = "guard(rcu)()", "the end of its scope"
        elif how == "scoped_guard":
            lk, ul = "scoped_guard(rcu)", "the guarded block"
        else:
            ul = unlock_name(pu)
            lk, ul = ul.replace("unlock", "lock") + "()", ul + "()"
        msg = "%s %s under %s and is %s after %s with no reference taken" % (
            norm(x), what, lk, verb, ul)
        ev = {"use": use, "source": kind, "at_source": at(ps), "at_unlock": at(pu)}
        ev[use] = True
        if how:
            ev["section"] = how
        if kind.startswith("plain_"):
            ev["plain_source"] = True
        if kind in ("field", "plain_field"):
            ev["field_pointer"] = True
        if why:
            ev[why] = True
        if lifetime_comment(pe):
            ev["lifetime_comment"] = True
        held = other_lock(ps, pe)
        if held:
            ev[held] = True
        emit(RULE, pe, norm(x), msg, **ev)

    for d in (PROT, MANAGED, FOUND, DROP, FILES):
        d.clear()

// one group (file) at a time: report the previous one, forget its state
@script:python@
@@
flush()

@managed@
expression B, F, V;
identifier fld;
position p;
@@
(
call_rcu@p(&B->fld, F)
|
kfree_rcu@p(B, fld)
|
rcu_assign_pointer@p(B, V)
|
RCU_INIT_POINTER@p(B, V)
)

@script:python@
B << managed.B;
p << managed.p;
@@
MANAGED.add((p[0].file, n(B)))

@protrd@
local idexpression x;
expression R : script:python() { src_shape(R) is not None and src_shape(R)[0] in ("rcu_dereference", "lookup") };
position p;
@@
x@p = R

@script:python@
x << protrd.x;
p << protrd.p;
@@
PROT.add((p[0].file, p[0].current_element, str(x)))

@protit@
iterator I;
expression list EL;
statement S;
position p;
@@
I@p(EL) S

@script:python@
I << protit.I;
EL << protit.EL;
p << protit.p;
@@
if re.search(r"s?rcu", str(I)):
    args = split_args(str(EL))
    k = ITER_ARG.get(str(I), 0)
    if k < len(args) and re.match(r"^[A-Za-z_]\w*$", args[k]):
        PROT.add((p[0].file, p[0].current_element, args[k]))

// the pointer, assigned in the section, escapes past the unlock
@esc exists@
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E1, E2, E3, E4, I1, I2, F;
local idexpression LX;
identifier fld;
position ps, pu, pd, pr, pp, pst, pal;
@@
x = R@ps
... when != rcu_read_unlock()
    when != rcu_read_unlock_bh()
    when != rcu_read_unlock_sched()
    when != rcu_read_unlock_sched_notrace()
    when != srcu_read_unlock(...)
    when != srcu_read_unlock_notrace(...)
    when != rcu_read_unlock_trace()
    when != rcu_read_lock()
    when != rcu_read_lock_bh()
    when != rcu_read_lock_sched()
    when != rcu_read_lock_sched_notrace()
    when != srcu_read_lock(...)
    when != srcu_read_lock_notrace(...)
    when != rcu_read_lock_trace()
    when != x = E1
(
rcu_read_unlock()@pu
|
rcu_read_unlock_bh()@pu
|
rcu_read_unlock_sched()@pu
|
rcu_read_unlock_sched_notrace()@pu
|
srcu_read_unlock(I1, I2)@pu
|
srcu_read_unlock_notrace(I1, I2)@pu
|
rcu_read_unlock_trace()@pu
)
... when != x = E2
    when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)

@script:python@
x << esc.x;
R << esc.R;
ps << esc.ps;
pu << esc.pu;
pd << esc.pd = [];
pr << esc.pr = [];
pp << esc.pp = [];
pst << esc.pst = [];
E4 << esc.E4 = "";
@@
kind, base = src_shape(R)
ok = True
if kind in ("alias", "field", "address_of_field") and re.match(r"^[A-Za-z_]\w*$", base) \
        and (ps[0].file, ps[0].current_element, base) not in PROT \
        and not any(b == base for (_, b) in MANAGED):
    ok = False
if kind in ("alias", "field", "address_of_field") and not base.startswith(("rcu_", "srcu_")) \
        and (ps[0].file, ps[0].current_element, base) not in PROT:
    kind = "plain_" + kind
if kind.endswith("field") and array_field(R, ps[0].file):
    kind = kind[:-len("field")] + "address_of_field"
if ok:
    if pd:
        record(x, ps[0], pu[0], pd[0], kind, "deref_after_unlock")
    elif pr:
        record(x, ps[0], pu[0], pr[0], kind, "returned")
    elif pst:
        record(x, ps[0], pu[0], pst[0], kind, use_kind(pst[0], E4 if E4 else ""))
    elif pp:
        record(x, ps[0], pu[0], pp[0], kind, "passed")

// a reference is taken on the object in the section: not an escape
@noref exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
identifier REF =~ "get|hold|grab|pin|ref|inc|lock|acquire|take";
expression A : script:python(x, R) { mentions(A, x, R) };
expression I1, I2;
position q;
@@
x = R@ps
...
REF@q(..., A, ...)
...
(
rcu_read_unlock()@pu
|
rcu_read_unlock_bh()@pu
|
rcu_read_unlock_sched()@pu
|
rcu_read_unlock_sched_notrace()@pu
|
srcu_read_unlock(I1, I2)@pu
|
srcu_read_unlock_notrace(I1, I2)@pu
|
rcu_read_unlock_trace()@pu
)

@script:python@
ps << esc.ps;
q << noref.q;
@@
DROP.add((ps[0].file, ps[0].line, ps[0].column, None))

@noref2 exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
identifier REF =~ "get|hold|grab|pin|ref|inc|lock|acquire|take";
expression A : script:python(x, R) { mentions(A, x, R) };
expression I1, I2;
position q;
@@
REF@q(..., A, ...)
...
x = R@ps

@script:python@
ps << esc.ps;
q << noref2.q;
@@
DROP.add((ps[0].file, ps[0].line, ps[0].column, None))

// the unlock is on the path where the pointer is NULL or an error
@nullbr exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
expression C : script:python(x) { null_test(C, x) };
expression I1, I2;
position q;
@@
x = R@ps
...
if@q (C) {
  ...
(
rcu_read_unlock()@pu
|
rcu_read_unlock_bh()@pu
|
rcu_read_unlock_sched()@pu
|
rcu_read_unlock_sched_notrace()@pu
|
srcu_read_unlock(I1, I2)@pu
|
srcu_read_unlock_notrace(I1, I2)@pu
|
rcu_read_unlock_trace()@pu
)
  ...
}

@script:python@
ps << esc.ps;
pu << esc.pu;
q << nullbr.q;
@@
DROP.add((ps[0].file, ps[0].line, ps[0].column, (pu[0].line, pu[0].column)))

// the cursor of an RCU list walk escapes from inside the loop body
@escit exists@
identifier x, fld;
iterator I;
expression list EL;
expression E2, E3, E4, I1, I2, F;
local idexpression LX;
identifier REF =~ "get|hold|grab|pin|ref|inc|lock|acquire|take";
position ps, pu, pd, pr, pp, pst, pal;
@@
I@ps(EL) {
  ... when != rcu_read_unlock()
      when != rcu_read_unlock_bh()
      when != rcu_read_unlock_sched()
      when != srcu_read_unlock(...)
      when != rcu_read_unlock_trace()
      when != REF(..., <+... x ...+>, ...)
(
rcu_read_unlock()@pu
|
rcu_read_unlock_bh()@pu
|
rcu_read_unlock_sched()@pu
|
rcu_read_unlock_sched_notrace()@pu
|
srcu_read_unlock(I1, I2)@pu
|
srcu_read_unlock_notrace(I1, I2)@pu
|
rcu_read_unlock_trace()@pu
)
  ... when != x = E2
      when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)
  ...
}

@script:python@
x << escit.x;
I << escit.I;
EL << escit.EL;
ps << escit.ps;
pu << escit.pu;
pd << escit.pd = [];
pr << escit.pr = [];
pp << escit.pp = [];
pst << escit.pst = [];
E4 << escit.E4 = "";
@@
args = split_args(str(EL))
k = ITER_ARG.get(str(I), 0)
if re.search(r"s?rcu", str(I)) and k < len(args) and args[k] == str(x):
    if pd:
        record(x, ps[0], pu[0], pd[0], "list_cursor", "deref_after_unlock")
    elif pr:
        record(x, ps[0], pu[0], pr[0], "list_cursor", "returned")
    elif pst:
        record(x, ps[0], pu[0], pst[0], "list_cursor", use_kind(pst[0], E4 if E4 else ""))
    elif pp:
        record(x, ps[0], pu[0], pp[0], "list_cursor", "passed")

// guard(rcu)() (newer trees): the section ends when the scope does, after a
// return has evaluated its value
@hasguard@
symbol rcu;
@@
guard(rcu)()

@hasscoped@
symbol rcu;
iterator name scoped_guard;
statement S;
@@
scoped_guard(rcu) S

@escg depends on hasguard exists@
symbol rcu;
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E1;
identifier REF =~ "get|hold|grab|pin|ref|inc|lock|acquire|take";
position ps, pg, pr;
@@
guard(rcu)@pg();
...
x = R@ps
... when != x = E1
    when != REF(..., <+... x ...+>, ...)
return x@pr;

@script:python@
x << escg.x;
R << escg.R;
ps << escg.ps;
pg << escg.pg;
pr << escg.pr;
@@
kind, base = src_shape(R)
if kind in ("rcu_dereference", "lookup") or (ps[0].file, ps[0].current_element, base) in PROT:
    record(x, ps[0], pg[0], pr[0], kind, "returned", "guard")

// scoped_guard(rcu) { ... }: the section ends with the block
@escsg depends on hasscoped exists@
symbol rcu;
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E2, E3, E4, F;
local idexpression LX;
identifier fld;
iterator name scoped_guard;
position ps, pg, pd, pr, pp, pst, pal;
identifier REF =~ "get|hold|grab|pin|ref|inc|lock|acquire|take";
@@
scoped_guard@pg(rcu) {
  ...
  x = R@ps
  ... when != REF(..., <+... x ...+>, ...)
}
... when != x = E2
    when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)

@script:python@
x << escsg.x;
R << escsg.R;
ps << escsg.ps;
pg << escsg.pg;
pd << escsg.pd = [];
pr << escsg.pr = [];
pp << escsg.pp = [];
pst << escsg.pst = [];
@@
kind, base = src_shape(R)
if (kind in ("rcu_dereference", "lookup") or (ps[0].file, ps[0].current_element, base) in PROT) \
        and not ref_in_block(pg[0], ps[0], x):
    if pd:
        record(x, ps[0], pg[0], pd[0], kind, "deref_after_unlock", "scoped_guard")
    elif pr:
        record(x, ps[0], pg[0], pr[0], kind, "returned", "scoped_guard")
    elif pst:
        record(x, ps[0], pg[0], pst[0], kind, "stored", "scoped_guard")
    elif pp:
        record(x, ps[0], pg[0], pp[0], kind, "passed", "scoped_guard")

@finalize:python@
@@
flush()
