/// Finds a plain load or store of a pointer that the same file otherwise
/// reads with rcu_dereference*() / srcu_dereference() or writes with
/// rcu_assign_pointer() / RCU_INIT_POINTER(): the part of sparse's __rcu
/// checking that needs no kernel build. A pointer whose objects are freed
/// with call_rcu()/kfree_rcu() and that is loaded inside rcu_read_lock() is
/// treated the same way even when the file never names an RCU accessor (the
/// jbd2_dev_to_name() shape).
///
/// Why: RCU's atomicity is one pointer load. A plain load inside a read-side
/// section lets the compiler re-load or tear it and gives no dependency
/// ordering; a plain store of a new object publishes it without the release
/// barrier, so readers can see the pointer before the object's contents.
/// Plain loads under the update-side lock, NULL tests, NULL stores and
/// teardown are benign (rcu_dereference_protected()/rcu_access_pointer()/
/// RCU_INIT_POINTER() would be the documented forms) and score low.
//
// Rule: rcu-plain-access
// Confidence: Moderate
// Requires: rcu_dereference rcu_dereference_bh rcu_dereference_sched rcu_dereference_check rcu_dereference_bh_check rcu_dereference_sched_check rcu_dereference_protected rcu_dereference_raw rcu_dereference_raw_check srcu_dereference srcu_dereference_check srcu_dereference_notrace rcu_access_pointer rcu_assign_pointer RCU_INIT_POINTER rcu_replace_pointer unrcu_pointer rtnl_dereference rcu_dereference_rtnl call_rcu kfree_rcu kvfree_rcu call_srcu rcu_dereference_bh_rtnl rcu_dereference_check_fdtable rcu_dereference_wiphy rht_dereference_rcu rht_dereference_bucket_rcu dmar_rcu_dereference dereference_key_rcu rht_dereference rht_dereference_bucket wiphy_dereference link_conf_dereference_protected link_sta_dereference_protected tcf_chain_dereference tcf_proto_dereference dereference_key_locked
// Options: --no-includes

@initialize:python@
@@
import os, sys, re
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

RULE = "rcu-plain-access"

class Pos(object):
    """A position to report at: file, line, 0-based column, function."""
    def __init__(self, p, line=None, column=None):
        self.file = p.file
        self.line = p.line if line is None else line
        self.column = p.column if column is None else column
        self.current_element = p.current_element

def endkey(p):
    return (int(p.line_end), int(p.column_end))

def startkey(p):
    return (int(p.line), int(p.column))

def strip_outer(t):
    t = t.strip()
    changed = True
    while changed:
        changed = False
        if t.startswith("(") and t.endswith(")"):
            depth = 0
            ok = True
            for i, c in enumerate(t):
                if c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0 and i != len(t) - 1:
                        ok = False
                        break
            if ok:
                t = t[1:-1].strip()
                changed = True
        m = re.match(r"^\(\s*(const\s+)?(struct\s+)?\w+\s*\*+\s*\)\s*(.*)$", t)
        if m and m.group(3):
            t = m.group(3)
            changed = True
    return t

def loc_key(text):
    """Location key of an lvalue: "g", "g[]", "->f", "->f[]"; None for
    anything else (locals are filtered by the caller)."""
    t = strip_outer(norm(text))
    suffix = ""
    while t.endswith("]"):
        depth = 0
        for i in range(len(t) - 1, -1, -1):
            if t[i] == "]":
                depth += 1
            elif t[i] == "[":
                depth -= 1
                if depth == 0:
                    break
        else:
            return None
        t = strip_outer(t[:i])
        suffix += "[]"
    m = re.search(r"(->|\.)\s*(\w+)$", t)
    if m:
        return "->" + m.group(2) + suffix
    if re.match(r"^[A-Za-z_]\w*$", t) and not re.match(r"^[A-Z0-9_]+$", t):
        return t + suffix
    return None

def fresh():
    return {
        "file": None,
        "acc": {},        # key -> list of (accessor, pos, type)
        "accspan": set(), # end positions of accessor arguments
        "freed": {},      # key -> pos of call_rcu/kfree_rcu
        "freedby": {},    # key -> name of the function that frees it
        "cands": [],      # (pos, startpos, text, key, type, isglobal)
        "ctx": {},        # end position -> set of tags
        "types": {},      # end position -> struct type of the base
        "sec": [],        # (function, start, end) read-side sections
        "lk": [],         # (function, start, end) update-side lock regions
        "guard": [],      # (function, start) guard(rcu)() to end of function
        "fnflags": {},    # function -> set of tags
        "locals": set(),  # (function, name) of local variables
        "newobj": set(),  # (function, name) locals assigned an allocation
    }

S = fresh()

# Union over all files of the names the constrained rules below may match:
# only a pruning device (flush() checks the current file's own keys).
FIELDS = set()
ALLKEYS = set()
GLOBS = set()
_lines = {}

def note_key(k):
    if k is None:
        return
    ALLKEYS.add(k)
    m = re.match(r"^->(\w+)", k)
    if m:
        FIELDS.add(m.group(1))
    else:
        m = re.match(r"^(\w+)$", k)
        if m:
            GLOBS.add(m.group(1))

def arr_ok(a):
    k = loc_key(a)
    return k is not None and (k + "[]") in ALLKEYS

def src_text(fname, a, b):
    """Source text from start position a to end position b (line, column)."""
    if fname not in _lines:
        _lines.clear()
        try:
            _lines[fname] = open(fname, errors="replace").read().split("\n")
        except (IOError, OSError):
            _lines[fname] = []
    ls = _lines[fname]
    (l1, c1), (l2, c2) = a, b
    if l1 < 1 or l2 > len(ls):
        return ""
    if l1 == l2:
        return ls[l1 - 1][c1:c2]
    return " ".join([ls[l1 - 1][c1:]] + ls[l1:l2 - 1] + [ls[l2 - 1][:c2]])

def switch(p):
    global S
    if S["file"] is not None and S["file"] != p.file:
        flush()
        S = fresh()
    S["file"] = p.file

def tag(p, t):
    switch(p)
    S["ctx"].setdefault(endkey(p), set()).add(t)

def inside(regions, fn, pos):
    for (f, a, b) in regions:
        if f == fn and a < pos < b:
            return True
    return False

def in_section(fn, pos):
    if inside(S["sec"], fn, pos):
        return True
    for (f, a) in S["guard"]:
        if f == fn and a < pos:
            return True
    return False

PROTECTED = set("rcu_dereference_protected, rtnl_dereference, rht_dereference, rht_dereference_bucket, wiphy_dereference, link_conf_dereference_protected, link_sta_dereference_protected, tcf_chain_dereference, tcf_proto_dereference, dereference_key_locked".split(", "))

def protected_name(acc):
    """Update-side accessors: the caller holds the update lock."""
    return acc in PROTECTED

def flush():
    # types are known only once ty1/ty2 have run: resolve them now
    acc = {}
    for k, lst in S["acc"].items():
        acc[k] = [(a[0], a[1], S["types"].get(endkey(a[1]))) for a in lst]
    groups = {}
    order = []
    replaced = set()
    for (p, sp, text, key, typ, isglobal) in S["cands"]:
        tags = S["ctx"].get(endkey(p), set())
        if "store" in tags and "store_null" not in tags:
            replaced.add(key)
    for (p, sp, text, key, typ, isglobal) in S["cands"]:
        if key is None:
            continue
        ek = endkey(p)
        if ek in S["accspan"]:
            continue
        tags = S["ctx"].get(ek, set())
        if "addr" in tags or "sizeof" in tags:
            continue
        fn = p.current_element
        base = re.match(r"^\w+", key)
        if base and not key.startswith("->") and (fn, base.group(0)) in S["locals"]:
            continue
        sec = in_section(fn, startkey(p))
        accs = acc.get(key, [])
        via = None
        typed = None
        if accs:
            if key.startswith("->"):
                known = [a for a in accs if a[2]]
                if typ and known and all(a[2] != typ for a in known):
                    continue
                typed = bool(typ and any(a[2] == typ for a in known))
            via = accs[0]
        elif key in S["freed"]:
            # only a slot the file itself fills (devcache[i] = new in jbd2)
            # is a replaceable RCU pointer; a stable field that merely leads
            # to an RCU-freed object (prog->aux) is not
            if key not in replaced:
                continue
            if not sec and "store" not in tags:
                continue
        else:
            continue
        if "store" in tags:
            if "store_init" in tags:
                continue
            cat = "store"
        else:
            cat = "section" if sec else "load"
        g = (fn, norm(text), cat)
        if g not in groups:
            groups[g] = []
            order.append(g)
        groups[g].append((p, sp, tags, via, typed, sec))
    for g in order:
        fn, text, cat = g
        members = groups[g]
        benign = set(["nulltest", "compare", "teardown", "store_null"])
        real = [m for m in members if not (m[2] & benign)]
        first = real[0] if real else members[0]
        p, sp, tags, via, typed, sec = first
        ev = {}
        if via:
            ev["accessor"] = via[0]
            ev["at_rcu_access"] = at(via[1])
            if loc_key(text).startswith("->") and not typed:
                ev["type_unconfirmed"] = True
        else:
            fp = S["freed"][loc_key(text)]
            ev["rcu_freed"] = True
            ev["at_rcu_free"] = at(fp)
        ev["plain_accesses"] = len(members)
        if cat == "section":
            ev["in_read_section"] = True
        if cat != "store":
            locked = all(inside(S["lk"], fn, startkey(m[0])) for m in members)
            if locked:
                ev["update_lock_held"] = True
            elif S["fnflags"].get(fn, set()) & set(["asserts_lock", "protected_deref"]):
                ev["update_side_function"] = True
            if not real:
                if all("nulltest" in m[2] for m in members):
                    ev["null_test_only"] = True
                elif all(m[2] & set(["nulltest", "compare"]) for m in members):
                    ev["compare_only"] = True
                else:
                    ev["teardown"] = True
            elif all("argument" in m[2] for m in real):
                ev["passed_on"] = True
        else:
            if not real:
                ev["store_null"] = True
            elif "store_new" in tags:
                ev["publishes_new_object"] = True
        suggest = "rcu_dereference"
        if via and "dereference" in via[0] and not protected_name(via[0]):
            suggest = via[0]
        if cat == "store":
            what = "assigned here with a plain store, not rcu_assign_pointer()"
        else:
            what = "loaded here without %s()" % suggest
            if cat == "section":
                what += " inside an RCU read-side section"
        if via:
            msg = "%s is accessed with %s() elsewhere in this file but is %s" % (text, via[0], what)
        else:
            msg = "%s is RCU-protected (its objects are freed with %s()) but is %s" % (
                text, S["freedby"].get(loc_key(text), "call_rcu"), what)
        emit(RULE, Pos(p, sp[0], sp[1]), text, msg, **ev)

def add_acc(p, e, name):
    switch(p)
    k = loc_key(e)
    note_key(k)
    S["accspan"].add(endkey(p))
    if k is not None:
        S["acc"].setdefault(k, []).append((name, p, S["types"].get(endkey(p))))
    fn = p.current_element
    if protected_name(name):
        S["fnflags"].setdefault(fn, set()).add("protected_deref")

def add_cand(p, ps, isglobal=False):
    switch(p)
    text = norm(src_text(p.file, startkey(ps), endkey(p)))
    S["cands"].append((p, startkey(ps), text, loc_key(text), S["types"].get(endkey(p)), isglobal))

@finalize:python@
@@
if S["file"] is not None:
    flush()

// ---- facts: locals and parameters ----

@loc@
type T;
identifier L;
position p;
@@
T L@p;

@script:python@
L << loc.L;
p << loc.p;
@@
switch(p[0])
S["locals"].add((p[0].current_element, L))

@loci@
type T;
identifier L;
expression E;
position p;
@@
T L@p = E;

@script:python@
L << loci.L;
p << loci.p;
@@
switch(p[0])
S["locals"].add((p[0].current_element, L))

@prm@
identifier fn, L;
type T;
position p;
@@
fn(..., T L@p, ...) { ... }

@script:python@
L << prm.L;
p << prm.p;
@@
switch(p[0])
S["locals"].add((p[0].current_element, L))

// ---- facts: RCU accessors, frees, sections, locks ----

@acc@
identifier D = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw, rcu_dereference_raw_check, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check_fdtable, rcu_dereference_wiphy, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace, rht_dereference_rcu, rht_dereference_bucket_rcu, dmar_rcu_dereference, dereference_key_rcu, rcu_dereference_protected, rtnl_dereference, rht_dereference, rht_dereference_bucket, wiphy_dereference, link_conf_dereference_protected, link_sta_dereference_protected, tcf_chain_dereference, tcf_proto_dereference, dereference_key_locked};
identifier A = {rcu_access_pointer, rcu_assign_pointer, RCU_INIT_POINTER, rcu_replace_pointer, unrcu_pointer};
expression E;
position p;
@@
(
D(E@p, ...)
|
A(E@p, ...)
)

@script:python@
D << acc.D = "";
A << acc.A = "";
E << acc.E;
p << acc.p;
@@
add_acc(p[0], E, D or A)

@freed@
identifier F = {call_rcu, call_srcu, kfree_rcu, kvfree_rcu};
expression E, S1, CB;
identifier fld;
position p;
@@
(
F@p(&E->fld, CB)
|
F@p(S1, &E->fld, CB)
|
F@p(E, fld)
)

@script:python@
E << freed.E;
F << freed.F;
p << freed.p;
@@
switch(p[0])
k = loc_key(E)
if k is not None:
    note_key(k)
    S["freed"].setdefault(k, p[0])
    S["freedby"].setdefault(k, F)

@freed2 exists@
identifier F = {call_rcu, call_srcu, kfree_rcu, kvfree_rcu};
local idexpression L;
expression X, S1, CB, V;
identifier fld;
position p;
@@
L = X;
... when != L = V
(
F@p(&L->fld, CB)
|
F@p(S1, &L->fld, CB)
|
F@p(L, fld)
)

@script:python@
X << freed2.X;
F << freed2.F;
p << freed2.p;
@@
switch(p[0])
k = loc_key(X)
if k is not None and not (re.match(r"^\w+$", norm(X)) and (p[0].current_element, norm(X)) in S["locals"]):
    note_key(k)
    S["freed"].setdefault(k, p[0])
    S["freedby"].setdefault(k, F)

@sec exists@
position p1, p2;
expression I;
@@
(
rcu_read_lock@p1();
|
rcu_read_lock_bh@p1();
|
rcu_read_lock_sched@p1();
|
rcu_read_lock_sched_notrace@p1();
|
rcu_read_lock_trace@p1();
|
I = srcu_read_lock@p1(...);
|
I = srcu_read_lock_notrace@p1(...);
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != rcu_read_unlock_sched_notrace();
    when != rcu_read_unlock_trace();
    when != srcu_read_unlock(...);
    when != srcu_read_unlock_notrace(...);
(
rcu_read_unlock@p2();
|
rcu_read_unlock_bh@p2();
|
rcu_read_unlock_sched@p2();
|
rcu_read_unlock_sched_notrace@p2();
|
rcu_read_unlock_trace@p2();
|
srcu_read_unlock@p2(...);
|
srcu_read_unlock_notrace@p2(...);
)

@script:python@
p1 << sec.p1;
p2 << sec.p2;
@@
switch(p1[0])
S["sec"].append((p1[0].current_element, startkey(p1[0]), startkey(p2[0])))

@grd@
position p1;
@@
guard(rcu)@p1();

@script:python@
p1 << grd.p1;
@@
switch(p1[0])
S["guard"].append((p1[0].current_element, startkey(p1[0])))

@lk exists@
position p1, p2;
identifier LOCK = {spin_lock, spin_lock_bh, spin_lock_irq, spin_lock_irqsave, spin_lock_nested, raw_spin_lock, raw_spin_lock_bh, raw_spin_lock_irq, raw_spin_lock_irqsave, mutex_lock, mutex_lock_nested, write_lock, write_lock_bh, write_lock_irq, write_lock_irqsave, down_write, rtnl_lock, spin_lock_irqsave_nested};
identifier UNLOCK = {spin_unlock, spin_unlock_bh, spin_unlock_irq, spin_unlock_irqrestore, raw_spin_unlock, raw_spin_unlock_bh, raw_spin_unlock_irq, raw_spin_unlock_irqrestore, mutex_unlock, write_unlock, write_unlock_bh, write_unlock_irq, write_unlock_irqrestore, up_write, rtnl_unlock};
@@
LOCK@p1(...);
... when != UNLOCK(...);
UNLOCK@p2(...);

@script:python@
p1 << lk.p1;
p2 << lk.p2;
@@
switch(p1[0])
S["lk"].append((p1[0].current_element, startkey(p1[0]), startkey(p2[0])))

@asrt@
identifier ASSERT = {lockdep_assert_held, lockdep_assert_held_write, lockdep_assert_held_once, assert_spin_locked, ASSERT_RTNL, lockdep_is_held, mutex_is_locked, spin_is_locked, lockdep_rtnl_is_held};
position p;
@@
ASSERT@p(...)

@script:python@
p << asrt.p;
@@
switch(p[0])
S["fnflags"].setdefault(p[0].current_element, set()).add("asserts_lock")

@nobj@
local idexpression N;
identifier ALLOC =~ "alloc|^kmemdup|^kstrdup|^kzalloc|^kcalloc|^kvzalloc";
position p;
@@
N@p = ALLOC(...)

@script:python@
N << nobj.N;
p << nobj.p;
@@
switch(p[0])
S["newobj"].add((p[0].current_element, N))

// ---- struct types of the bases of RCU field names ----

@ty1@
type T;
T *X;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
X->fld@p

@script:python@
T << ty1.T;
p << ty1.p;
@@
switch(p[0])
S["types"][endkey(p[0])] = T

@ty2@
type T;
T X;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
X.fld@p

@script:python@
T << ty2.T;
p << ty2.p;
@@
switch(p[0])
S["types"][endkey(p[0])] = T

// ---- contexts of plain occurrences ----

@ctx_addr@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
(
 &X->fld@p
|
 &X.fld@p
|
 &X[I]@p
)

@script:python@
p << ctx_addr.p;
@@
tag(p[0], "addr")

@ctx_size@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
(
sizeof(X->fld@p)
|
sizeof(X[I]@p)
|
sizeof(X.fld@p)
|
sizeof(*X->fld@p)
|
sizeof(*X[I]@p)
)

@script:python@
p << ctx_size.p;
@@
tag(p[0], "sizeof")

@ctx_null@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p == NULL
|
X->fld@p != NULL
|
X.fld@p == NULL
|
X.fld@p != NULL
|
X[I]@p == NULL
|
X[I]@p != NULL
|
G@p == NULL
|
G@p != NULL
)

@script:python@
p << ctx_null.p;
@@
tag(p[0], "nulltest")

@ctx_cmp@
expression X, I, Y;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p == Y
|
X->fld@p != Y
|
Y == X->fld@p
|
Y != X->fld@p
|
X[I]@p == Y
|
X[I]@p != Y
|
Y == X[I]@p
|
Y != X[I]@p
|
G@p == Y
|
G@p != Y
|
Y == G@p
|
Y != G@p
)

@script:python@
p << ctx_cmp.p;
@@
tag(p[0], "compare")

@ctx_free@
identifier FREE =~ "^(kfree|kvfree|vfree|kfree_sensitive|kmem_cache_free|.*_free|.*_put|.*_destroy|.*_release)$";
expression X, I, C;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
FREE(X->fld@p)
|
FREE(X[I]@p)
|
FREE(G@p)
|
FREE(C, X->fld@p)
|
FREE(C, X[I]@p)
|
FREE(C, G@p)
)

@script:python@
p << ctx_free.p;
@@
tag(p[0], "teardown")

@ctx_store@
expression X, I, V;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p = V
|
X.fld@p = V
|
X[I]@p = V
|
G@p = V
)

@script:python@
X << ctx_store.X = "";
V << ctx_store.V;
p << ctx_store.p;
@@
tag(p[0], "store")
v = norm(V)
fn = p[0].current_element
if v in ("NULL", "0", "(void *)0"):
    tag(p[0], "store_null")
elif (fn, v) in S["newobj"]:
    tag(p[0], "store_new")
if X and re.match(r"^\w+$", norm(X)) and (fn, norm(X)) in S["newobj"]:
    tag(p[0], "store_init")

@ctx_arg@
identifier F;
expression X, I;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
F(..., X->fld@p, ...)
|
F(..., X.fld@p, ...)
|
F(..., X[I]@p, ...)
|
F(..., G@p, ...)
)

@script:python@
p << ctx_arg.p;
@@
tag(p[0], "argument")

// ---- the plain occurrences themselves ----

@cf@
expression X;
identifier fld : script:python() { fld in FIELDS };
position p, ps;
@@
X@ps->fld@p

@script:python@
p << cf.p;
ps << cf.ps;
@@
add_cand(p[0], ps[0])

@cd@
expression X;
identifier fld : script:python() { fld in FIELDS };
position p, ps;
@@
X@ps.fld@p

@script:python@
p << cd.p;
ps << cd.ps;
@@
add_cand(p[0], ps[0])

@ca@
expression A : script:python() { arr_ok(A) };
expression I;
position p, ps;
@@
A@ps[I]@p

@script:python@
p << ca.p;
ps << ca.ps;
@@
add_cand(p[0], ps[0])

@cg@
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
G@p

@script:python@
p << cg.p;
@@
add_cand(p[0], p[0], True)
