/// The same RCU-protected pointer is read twice in one read-side section,
/// through rcu_dereference*()/srcu_dereference*() (one of the two reads may be
/// a plain read, READ_ONCE() or rcu_access_pointer()), with no write to it or
/// to the expression that reaches it in between. RCU makes one pointer load
/// atomic, not a section: an updater may publish a new object between the two
/// loads, so the reads can return different objects, and the second can be
/// NULL although the first was checked.
///
/// Evidence: one read is tested for NULL and the other is used unchecked
/// (checked_then_used), the two reads feed one expression (same_expression);
/// a read compared against an earlier copy is a deliberate revalidation
/// (recheck), both values tested for NULL is careful code (both_checked), and *_check() reads that name a held lock may run on the update
/// side where the pointer is stable (lock_alternative), an update-side lock
/// held at the second read (update_lock_held) and rcu_dereference_raw() reads
/// with no visible rcu_read_lock() (raw_outside_section) are update or
/// teardown code. Reads inside sizeof() are not reads; a field of a local
/// struct variable (lo.pool_ns) is not shared. The two reads must be
/// reachable from each other without a loop back edge or a goto: list walks
/// such as p = rcu_dereference(p->next) re-read one call per iteration.
//
// Rule: rcu-double-deref
// Confidence: Moderate
// Requires: rcu_dereference rcu_dereference_bh rcu_dereference_sched rcu_dereference_raw rcu_dereference_rtnl rcu_dereference_bh_rtnl rcu_dereference_check rcu_dereference_bh_check rcu_dereference_sched_check rcu_dereference_raw_check srcu_dereference srcu_dereference_check srcu_dereference_notrace rcu_assign_pointer RCU_INIT_POINTER rcu_replace_pointer call_rcu kfree_rcu kvfree_rcu
// Options: --no-includes

@initialize:python@
@@
import os, sys, re
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

RULE = "rcu-double-deref"
MARKED = {}      # (file, line, col) of E in rcu_dereference*(E) -> name of the macro
MARKED_TEXT = set()
ACCESS = set()   # rcu_access_pointer(E) / READ_ONCE(E)
EXCL = set()     # E not read as a value: &E, E = ..., rcu_assign_pointer(E, ...)
TESTED = set()   # read tested for NULL (directly or through the variable it is stored in)
COMPARED = set() # read compared with a pointer other than NULL
LOCKCHK = set()  # *_check() read whose condition names a held lock
PAIRS = {}       # (file, function, key, pos1, pos2) -> data
SAME = set()

def n(e):
    return re.sub(r"\s+", "", str(e))

def k(p):
    return (p.file, int(p.line), int(p.column))

def is_part(L, E):
    l, e = n(L), n(E)
    if l == e:
        return True
    if re.match(r"^[A-Za-z_]\w*$", l) and re.search(r"(?<![\w.>])" + re.escape(l) + r"(?!\w)", e):
        return True
    return e.startswith(l) and e[len(l):len(l) + 1] in ("-", ".", "[")

def marked_text(E):
    return n(E) in MARKED_TEXT

MANAGED_TEXT = set()
INSEC = set()    # plain reads reachable from a visible rcu_read_lock*() without an unlock

def rcu_text(E):
    t = n(E)
    return t in MARKED_TEXT or t in MANAGED_TEXT

def add_pair(E, p1, p2, same=False):
    a, b = k(p1), k(p2)
    if a == b:
        return
    key = (p1.file, p1.current_element, n(E), a, b)
    PAIRS.setdefault(key, (E, p1, p2))
    if same:
        SAME.add((a, b))
        SAME.add((b, a))
        PAIRS.setdefault((p1.file, p1.current_element, n(E), b, a), (E, p2, p1))

GLOBALS = {}

def shared_pointer(pos, t):
    """A bare identifier is shared only if the file declares it at file scope:
    a local (or parameter) holding an __rcu pointer cannot change under us."""
    m = re.match(r"^([A-Za-z_]\w*)\.", t)
    if m:
        # a field of a struct variable (not through a pointer): shared only
        # if that variable is at file scope, a local copy belongs to this thread
        t = m.group(1)
    elif not re.match(r"^[A-Za-z_]\w*$", t):
        return True
    f = pos.file
    if f not in GLOBALS:
        try:
            with open(f, errors="replace") as fh:
                GLOBALS[f] = fh.read().split("\n")
        except OSError:
            GLOBALS[f] = []
    pat = re.compile(r"^(?!return\b)[A-Za-z_][^(=;]*?\b%s\b\s*(\[[^\]]*\]\s*)*(=|;|__)" % re.escape(t))
    return any(pat.match(l) for l in GLOBALS[f])

def parts_of(t):
    """Identifiers and prefixes whose change moves E to another pointer."""
    out = set(re.findall(r"(?<![\w.>])([A-Za-z_]\w*)", t))
    for m in re.finditer(r"->|\.|\[", t):
        if m.start() > 0:
            out.add(t[:m.start()])
    return out

def written_between(p1, p2, t):
    """Source text between the two reads writes a part of E, or starts a
    list walk over it (the iterator's hidden assignment)."""
    f = p1.file
    if f not in GLOBALS:
        shared_pointer(p1, "x")
    L = GLOBALS[f]
    a, b = (p1, p2) if (int(p1.line), int(p1.column)) < (int(p2.line), int(p2.column)) else (p2, p1)
    la, lb = int(a.line) - 1, int(b.line) - 1
    if la == lb:
        text = L[la][int(a.column):int(b.column)]
    else:
        text = "\n".join([L[la][int(a.column):]] + L[la + 1:lb] + [L[lb][:int(b.column)]])
    whole = text
    cut = max(text.rfind(";"), text.rfind("{"), text.rfind("}"))
    text = text[:cut + 1] if cut >= 0 else ""
    for part in parts_of(t):
        q = re.escape(part).replace("\\-\\>", "\\s*->\\s*")
        if re.search(r"(?<![\w.>])%s\s*(=(?!=)|\+\+|--|\+=|-=)|(\+\+|--)\s*%s(?!\w)" % (q, q), text):
            return True
        if re.search(r"\w*for_each\w*\s*\([^;{]*(?<![\w.>])%s(?!\w)" % q, whole):
            return True
    # an atomic exchange on the pointer itself: cmpxchg(&gp, NULL, new),
    # cmpxchg((T **)pp, NULL, new) for E = *pp
    for target in set([t, t.lstrip("*")]):
        q = re.escape(target).replace("\\-\\>", "\\s*->\\s*")
        if re.search(r"\b(?:try_)?(?:cmpxchg|xchg)\w*\s*\(\s*(?:\([^()]*\)\s*)?&?\s*%s\s*," % q, text):
            return True
    return False

LOCK_RE = re.compile(r"\b(spin_lock|spin_lock_bh|spin_lock_irq|spin_lock_irqsave|raw_spin_lock|raw_spin_lock_irqsave|raw_spin_lock_irq|mutex_lock|mutex_lock_interruptible|mutex_lock_killable|write_lock|write_lock_bh|write_lock_irqsave|down_write|rtnl_lock|rq_lock|rq_lock_irqsave|rq_lock_irq)\s*\(")
UNLOCK_RE = re.compile(r"\b(spin_unlock|spin_unlock_bh|spin_unlock_irq|spin_unlock_irqrestore|raw_spin_unlock|raw_spin_unlock_irqrestore|raw_spin_unlock_irq|mutex_unlock|write_unlock|write_unlock_bh|write_unlock_irqrestore|up_write|rtnl_unlock|rq_unlock|rq_unlock_irqrestore|rq_unlock_irq)\s*\(")

def lock_held_at(pos):
    """An update-side lock taken earlier in the function is still held at pos
    (textual count; an unlock followed by return/goto is an error exit)."""
    shared_pointer(pos, "x")
    L = GLOBALS[pos.file]
    fn = pos.current_element
    i = int(pos.line) - 1
    while i >= 0 and not re.match(r"^([A-Za-z_].*\b)?%s\s*\(" % re.escape(fn), L[i]):
        i -= 1
    if i < 0:
        return False
    depth = 0
    body = L[i:int(pos.line)]
    for j, l in enumerate(body):
        depth += len(LOCK_RE.findall(l))
        u = len(UNLOCK_RE.findall(l))
        if u and re.search(r"\b(return|goto)\b", " ".join(body[j:j + 3])):
            continue
        depth -= u
    return depth > 0

def may_report(E, p1, p2):
    """What a pair needs to be reported, from facts the rules before rpp
    collected: checked as soon as rpp pairs the reads, so that the costly
    write searches (wpp, wpp2) run only for pairs that can be reported."""
    a, b = k(p1), k(p2)
    if a == b or a in EXCL or b in EXCL:
        return False
    if a not in MARKED and b not in MARKED and not (a in INSEC and b in INSEC):
        return False
    if a not in MARKED and b not in MARKED and (a in ACCESS or b in ACCESS):
        return False
    # textual order: the finding is on the later read; a pair seen only from
    # the later read to the earlier one is joined by a back edge or a goto
    if (a[1], a[2]) > (b[1], b[2]):
        return False
    return shared_pointer(p1, n(E)) and not written_between(p1, p2, n(E))

def reset():
    for d in (MARKED, ACCESS, EXCL, TESTED, COMPARED, LOCKCHK, PAIRS, SAME, MARKED_TEXT, MANAGED_TEXT, INSEC, GLOBALS):
        d.clear()

def flush():
    global PAIRS, SAME
    done = set()
    GROUP = {}
    order = sorted(PAIRS, key=lambda q: (q[0], q[4][1], q[4][2], q[3][1], q[3][2]))
    for q in order:
        E, p1, p2 = PAIRS[q]
        if not may_report(E, p1, p2):
            continue
        first, second = k(p1), k(p2)
        dk = (q[0], q[1], q[2], first, second)
        if dk in done:
            continue
        done.add(dk)
        later = p2
        ev = {"at_first_read": at(p1)}
        def kind(x):
            if x in MARKED:
                return "rcu_dereference"
            if x in ACCESS:
                return "access"
            return "plain"
        other = [kind(x) for x in (first, second) if kind(x) != "rcu_dereference"]
        if other:
            ev["other_read"] = other[0]
            ev["plain_read"] = other[0] == "plain"
        t1, t2 = first in TESTED, second in TESTED
        if t1 != t2:
            ev["checked_then_used"] = True
        elif t1 and t2:
            ev["both_checked"] = True
        if (first, second) in SAME:
            ev["same_expression"] = True
        if first in COMPARED or second in COMPARED:
            ev["recheck"] = True
        if first in LOCKCHK or second in LOCKCHK:
            ev["lock_alternative"] = True
        raws = [MARKED[x] for x in (first, second) if x in MARKED]
        if raws and all(r == "rcu_dereference_raw" for r in raws) \
                and first not in INSEC and second not in INSEC:
            ev["raw_outside_section"] = True
        if lock_held_at(p2):
            ev["update_lock_held"] = True
        how = "%s then %s" % (kind(first), kind(second))
        ev["reads"] = how.replace(" ", "_")
        g = (q[0], q[1], q[2])
        GROUP.setdefault(g, []).append((E, p1, later, ev))

    for g in sorted(GROUP, key=lambda g: (g[0], int(GROUP[g][0][2].line))):
        cands = GROUP[g]
        # the strongest pair of the function speaks for the others
        def strength(c):
            ev = c[3]
            return (-(1 if ev.get("checked_then_used") else 0) - (1 if ev.get("same_expression") else 0)
                    + (1 if ev.get("recheck") else 0), int(c[2].line), int(c[2].column))
        E, p1, later, ev = sorted(cands, key=strength)[0]
        if len(cands) > 1:
            ev["repeated_reads"] = len(cands) + 1
        msg = "%s is read twice in one RCU read-side section: the two loads can see different objects" % norm(E)
        emit(RULE, later, norm(E), msg, **ev)

    reset()

// one group (file) at a time: report the previous one, forget its state
@script:python@
@@
flush()

@ma@
expression E;
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
expression list EL;
position p;
@@
RD(E@p, EL)

@script:python@
E << ma.E;
RD << ma.RD;
EL << ma.EL;
p << ma.p;
@@
MARKED[k(p[0])] = str(RD)
MARKED_TEXT.add(n(E))
if re.search(r"lockdep_is_held|lockdep_rtnl_is_held|rtnl_is_locked|_is_held|lockdep_\w*held", str(EL)) or str(RD).endswith("rtnl"):
    LOCKCHK.add(k(p[0]))

// pointers the file frees or publishes with RCU: plain reads of them count
@mg@
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
B << mg.B;
@@
MANAGED_TEXT.add(n(B))

@insec exists@
expression E : script:python() { rcu_text(E) };
expression I1;
position p;
@@
(
rcu_read_lock()
|
rcu_read_lock_bh()
|
rcu_read_lock_sched()
|
rcu_read_lock_sched_notrace()
|
srcu_read_lock(I1)
|
rcu_read_lock_trace()
)
... when != rcu_read_unlock()
    when != rcu_read_unlock_bh()
    when != rcu_read_unlock_sched()
    when != rcu_read_unlock_sched_notrace()
    when != srcu_read_unlock(...)
    when != rcu_read_unlock_trace()
E@p

@script:python@
p << insec.p;
@@
INSEC.add(k(p[0]))

@aa@
expression E : script:python() { rcu_text(E) };
position p;
@@
\(rcu_access_pointer(E@p)\|READ_ONCE(E@p)\)

@script:python@
p << aa.p;
@@
ACCESS.add(k(p[0]))

@ex@
expression E : script:python() { rcu_text(E) };
expression E2;
position p;
@@
(
 &E@p
|
E@p = E2
|
rcu_assign_pointer(E@p, E2)
|
RCU_INIT_POINTER(E@p, E2)
|
rcu_dereference_protected(E@p, ...)
|
rcu_replace_pointer(E@p, ...)
|
sizeof(E@p)
|
E@p++
|
E@p--
)

@script:python@
p << ex.p;
@@
EXCL.add(k(p[0]))

// a read anywhere inside sizeof() is not evaluated: sizeof(*gp), sizeof(gp->x)
@exs@
expression E : script:python() { rcu_text(E) };
position p;
@@
sizeof(<+... E@p ...+>)

@script:python@
p << exs.p;
@@
EXCL.add(k(p[0]))

// reads tested for NULL
@tst disable isnt_null1@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
expression E3, E4;
expression list EL;
position p;
@@
(
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) && E3
|
  E3 && \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) || E3
|
  E3 || \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  !\(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) == NULL
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) != NULL
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) ? E3 : E4
)

@script:python@
p << tst.p;
@@
TESTED.add(k(p[0]))

@tsts@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
expression list EL;
statement S1, S2;
position p;
@@
(
  if (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1 else S2
|
  if (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1
|
  while (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1
)

@script:python@
p << tsts.p;
@@
TESTED.add(k(p[0]))

@tstv disable isnt_null1 exists@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
local idexpression v;
expression E2, E3, E4;
expression list EL;
position p;
@@
v = \(RD(E@p, EL)\|AC(E@p)\|E@p\)
... when != v = E2
(
  !v
|
  v == NULL
|
  v != NULL
|
  NULL == v
|
  v && E3
|
  v ? E3 : E4
|
  E3 && v
|
  IS_ERR_OR_NULL(v)
)

@script:python@
p << tstv.p;
@@
TESTED.add(k(p[0]))

@tstvs exists@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
local idexpression v;
expression E2;
expression list EL;
statement S1, S2;
position p;
@@
v = \(RD(E@p, EL)\|AC(E@p)\|E@p\)
... when != v = E2
(
  if (v) S1 else S2
|
  if (v) S1
)

@script:python@
p << tstvs.p;
@@
TESTED.add(k(p[0]))

// reads compared with another pointer (revalidation)
@cmp@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
expression E3 : script:python() { n(E3) not in ("NULL", "0") };
expression list EL;
position p;
@@
(
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) == E3
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) != E3
)

@script:python@
p << cmp.p;
@@
COMPARED.add(k(p[0]))

// the right-hand side on its own: a disjunction stops at its first matching
// branch, so in `copy != rcu_access_pointer(gp)` with copy itself an RCU
// pointer of the file, the left branch would hide this one
@cmpr@
expression E : script:python() { rcu_text(E) };
identifier RD = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_raw, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw_check, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace};
identifier AC = {rcu_access_pointer, READ_ONCE};
expression E3 : script:python() { n(E3) not in ("NULL", "0") };
expression list EL;
position p;
@@
(
  E3 == \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  E3 != \(RD(E@p, EL)\|AC(E@p)\|E@p\)
)

@script:python@
p << cmpr.p;
@@
COMPARED.add(k(p[0]))

// two reads in different statements (rcu_dereference, plain, READ_ONCE or
// rcu_access_pointer; the finalizer keeps pairs with an rcu_dereference or
// pairs inside a visible section)
@rpp exists@
expression E : script:python() { rcu_text(E) };
expression E2;
position p1, p2;
@@
E@p1
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
    when != E = E2
E@p2

@script:python@
E << rpp.E;
p1 << rpp.p1;
p2 << rpp.p2;
@@
if not may_report(E, p1[0], p2[0]):
    cocci.include_match(False)

@wpp exists@
expression rpp.E;
expression L : script:python(E) { is_part(L, E) };
expression E3;
position rpp.p1, rpp.p2;
@@
E@p1
...
(
L = E3
|
L++
|
 ++L
|
L--
|
 --L
|
L += E3
|
L -= E3
|
rcu_assign_pointer(L, E3)
|
RCU_INIT_POINTER(L, E3)
)
...
E@p2

@wpp2 exists@
expression rpp.E;
expression L : script:python(E) { is_part(L, E) };
position rpp.p1, rpp.p2;
@@
L = (<+... E@p1 ...+>);
...
E@p2

@script:python depends on !wpp && !wpp2@
E << rpp.E;
p1 << rpp.p1;
p2 << rpp.p2;
@@
add_pair(E, p1[0], p2[0])

// both reads in one expression
@same@
expression E : script:python() { rcu_text(E) };
expression E3, E4, F;
binary operator bop;
position p1, p2;
@@
(
  (<+... E@p1 ...+>) bop (<+... E@p2 ...+>)
|
  (<+... E@p1 ...+>) ? (<+... E@p2 ...+>) : E3
|
  (<+... E@p1 ...+>) ? E4 : (<+... E@p2 ...+>)
|
  F(..., (<+... E@p1 ...+>), ..., (<+... E@p2 ...+>), ...)
)

@script:python@
E << same.E;
p1 << same.p1;
p2 << same.p2;
@@
add_pair(E, p1[0], p2[0], True)

@finalize:python@
@@
flush()
