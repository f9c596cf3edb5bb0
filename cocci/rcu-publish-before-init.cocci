/// Finds an object stored into a location that RCU readers reach (the store
/// is rcu_assign_pointer(), or the file reads the location with
/// rcu_dereference*(), frees what it points to with call_rcu()/kfree_rcu(),
/// or assigns it with rcu_assign_pointer() elsewhere) and whose fields are
/// written after that store, through the new pointer or through the
/// published location; also objects put on an RCU list (list_add_rcu() and
/// friends) and then written.
///
/// Why: publication must come last. Once the pointer is visible a reader
/// under rcu_read_lock() can follow it and see the fields before the writes
/// land (or, with a plain store, in any order): the object must be fully
/// initialised before rcu_assign_pointer() makes it reachable. The article's
/// exercise 4, jbd2_dev_to_name(), stores the new cache entry into the slot
/// and only then fills in its device number and name.
//
// Rule: rcu-publish-before-init
// Confidence: Moderate
// Requires: rcu_dereference rcu_dereference_bh rcu_dereference_sched rcu_dereference_check rcu_dereference_bh_check rcu_dereference_sched_check rcu_dereference_protected rcu_dereference_raw srcu_dereference srcu_dereference_check rcu_access_pointer rcu_assign_pointer RCU_INIT_POINTER rcu_replace_pointer rtnl_dereference call_rcu kfree_rcu kvfree_rcu call_srcu list_add_rcu list_add_tail_rcu hlist_add_head_rcu hlist_add_tail_rcu hlist_add_before_rcu hlist_add_behind_rcu hlist_nulls_add_head_rcu hlist_nulls_add_tail_rcu list_replace_rcu hlist_replace_rcu rcu_dereference_raw_check rcu_dereference_rtnl rcu_dereference_bh_rtnl rcu_dereference_check_fdtable rcu_dereference_wiphy srcu_dereference_notrace rht_dereference_rcu rht_dereference_bucket_rcu dmar_rcu_dereference dereference_key_rcu rht_dereference rht_dereference_bucket wiphy_dereference link_conf_dereference_protected link_sta_dereference_protected tcf_chain_dereference tcf_proto_dereference dereference_key_locked
// Options: --no-includes

@initialize:python@
@@
import os, sys, re
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

RULE = "rcu-publish-before-init"

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
        "reader": {},     # key -> (accessor, pos): read with a dereference accessor
        "assigned": {},   # key -> [pos]: rcu_assign_pointer()/RCU_INIT_POINTER() targets
        "freed": {},      # key -> pos of call_rcu/kfree_rcu
        "sec": [],        # (function, start, end) read-side sections
        "guard": [],      # (function, start)
        "secreads": [],   # (function, pos, key, field) plain field reads
        "newobj": set(),  # (function, name) locals assigned an allocation
        "pubs": {},       # publication start -> info
        "locals": set(),  # (function, name) of locals and parameters
        "nullchk": [],    # (function, pos, field) fields tested against NULL
        "pubtargets": set(),  # texts of rcu_assign_pointer()/RCU_INIT_POINTER() targets
    }

S = fresh()

def switch(p):
    global S
    if S["file"] is not None and S["file"] != p.file:
        flush()
        S = fresh()
    S["file"] = p.file

def in_section(fn, pos):
    for (f, a, b) in S["sec"]:
        if f == fn and a < pos < b:
            return True
    for (f, a) in S["guard"]:
        if f == fn and a < pos:
            return True
    return False

def flush():
    # keys loaded inside a read-side section, fields read inside one
    seckeys = {}
    secfields = set()
    for (fn, p, key, fld) in S["secreads"]:
        if in_section(fn, startkey(p)):
            if key is not None:
                seckeys.setdefault(key, p)
            secfields.add(fld)
    nullfields = set(f for (fn, p, f) in S["nullchk"] if in_section(fn, startkey(p)))
    for ps in sorted(S["pubs"]):
        pub = S["pubs"][ps]
        p = pub["pos"]
        fn = p.current_element
        key = loc_key(pub["loc"]) if pub["loc"] else None
        if pub["loc"] and re.match(r"^\w+$", pub["loc"]) and (fn, pub["loc"]) in S["locals"]:
            continue
        ev = {}
        how = pub["how"]
        ev["published_by"] = how
        why = None
        if how != "plain store":
            why = how
        if key is not None:
            if key in S["reader"]:
                ev["at_rcu_reader"] = at(S["reader"][key][1])
                why = why or "readers use %s()" % S["reader"][key][0]
            others = [q for q in S["assigned"].get(key, []) if q.line != p.line]
            if others:
                ev["at_rcu_assign"] = at(others[0])
                why = why or "rcu_assign_pointer() elsewhere"
            if key in S["freed"]:
                ev["at_rcu_free"] = at(S["freed"][key])
                why = why or "its objects are freed with call_rcu"
            if key in seckeys:
                ev["at_read_under_rcu"] = at(seckeys[key])
        if why is None:
            continue
        if how == "plain store":
            ev["plain_publish"] = True
        if (fn, pub["new"]) in S["newobj"]:
            ev["new_object"] = True
        else:
            ev["object_not_new"] = True
        writes = sorted(pub["writes"])
        flds = []
        for (w, f, text, wp) in writes:
            if f not in flds:
                flds.append(f)
        ev["fields_written"] = ",".join(flds)
        ev["at_first_write"] = at(writes[0][3])
        if any(f in secfields for f in flds):
            ev["field_read_by_readers"] = True
        if any(f in nullfields for f in flds):
            ev["readers_test_field_for_null"] = True
        first = writes[0][2]
        if how == "plain store":
            what = "%s = %s" % (pub["loc"], pub["new"])
        elif how in ("rcu_assign_pointer", "RCU_INIT_POINTER", "rcu_replace_pointer"):
            what = "%s(%s, %s)" % (how, pub["loc"], pub["new"])
        else:
            what = "%s()" % how
        msg = "%s publishes %s to RCU readers before its fields are set (%s is written after)" % (what, pub["new"], first)
        emit(RULE, p, norm(pub["loc"] or pub["new"]), msg, **ev)

def may_publish(E):
    """E can be reported as a publication site: an rcu_assign_pointer()/
    RCU_INIT_POINTER() target, or a location the file's readers, updaters
    or frees mark as RCU (what flush() asks of a plain store). The rules that
    collect these run before pubn and pube, so the costly forward search
    for writes starts only from such stores."""
    t = norm(E)
    if t in S["pubtargets"]:
        return True
    k = loc_key(t)
    return k is not None and (k in S["reader"] or k in S["assigned"] or k in S["freed"])

def add_pub(ps, pw, loc, new, how, fld, wtext):
    switch(ps)
    k = startkey(ps)
    if k not in S["pubs"]:
        S["pubs"][k] = {"pos": ps, "loc": norm(loc) if loc else None, "new": norm(new), "how": how, "writes": set()}
    S["pubs"][k]["writes"].add((startkey(pw), fld, norm(wtext), Pos(pw)))

@finalize:python@
@@
if S["file"] is not None:
    flush()

@acc@
identifier D = {rcu_dereference, rcu_dereference_bh, rcu_dereference_sched, rcu_dereference_check, rcu_dereference_bh_check, rcu_dereference_sched_check, rcu_dereference_raw, rcu_dereference_raw_check, rcu_dereference_rtnl, rcu_dereference_bh_rtnl, rcu_dereference_check_fdtable, rcu_dereference_wiphy, srcu_dereference, srcu_dereference_check, srcu_dereference_notrace, rht_dereference_rcu, rht_dereference_bucket_rcu, dmar_rcu_dereference, dereference_key_rcu, rcu_dereference_protected, rtnl_dereference, rht_dereference, rht_dereference_bucket, wiphy_dereference, link_conf_dereference_protected, link_sta_dereference_protected, tcf_chain_dereference, tcf_proto_dereference, dereference_key_locked};
identifier A = {rcu_access_pointer, rcu_assign_pointer, RCU_INIT_POINTER, rcu_replace_pointer};
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
switch(p[0])
k = loc_key(E)
if k is not None:
    if D or A == "rcu_access_pointer":
        S["reader"].setdefault(k, (D or A, p[0]))
    else:
        S["assigned"].setdefault(k, []).append(p[0])
if A in ("rcu_assign_pointer", "RCU_INIT_POINTER"):
    S["pubtargets"].add(norm(E))

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
p << freed.p;
@@
switch(p[0])
k = loc_key(E)
if k is not None:
    S["freed"].setdefault(k, p[0])

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
p << freed2.p;
@@
switch(p[0])
k = loc_key(X)
if k is not None and not (re.match(r"^\w+$", norm(X)) and (p[0].current_element, norm(X)) in S["locals"]):
    S["freed"].setdefault(k, p[0])

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

@rd@
expression X;
identifier fld;
position p;
@@
X@p->fld

@script:python@
X << rd.X;
fld << rd.fld;
p << rd.p;
@@
switch(p[0])
S["secreads"].append((p[0].current_element, p[0], loc_key(X), fld))

@loc@
type T;
identifier L;
position p;
@@
(
T L@p;
|
T L@p = ...;
)

@script:python@
L << loc.L;
p << loc.p;
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

@nchk@
expression X;
identifier fld;
position p;
@@
(
X->fld@p == NULL
|
X->fld@p != NULL
)

@script:python@
fld << nchk.fld;
p << nchk.p;
@@
switch(p[0])
S["nullchk"].append((p[0].current_element, p[0], fld))

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

// ---- publication followed by writes to the new object ----

@pubn exists@
expression E : script:python() { may_publish(E) };
expression V, V2, V3;
local idexpression N;
identifier fld;
identifier COPY = {memcpy, memset, strcpy, strscpy, strlcpy, strncpy, sprintf, snprintf, scnprintf};
identifier PUB = {rcu_assign_pointer, RCU_INIT_POINTER};
position ps, pw;
@@
(
E@ps = N;
|
PUB@ps(E, N);
)
... when != N = V2
    when != E = V3
(
N->fld@pw = V;
|
COPY(N->fld@pw, ...);
|
COPY(&N->fld@pw, ...);
)

@script:python@
E << pubn.E;
N << pubn.N;
fld << pubn.fld;
PUB << pubn.PUB = "plain store";
ps << pubn.ps;
pw << pubn.pw;
@@
add_pub(ps[0], pw[0], E, N, PUB, fld, "%s->%s" % (N, fld))

@pube exists@
expression E : script:python() { may_publish(E) };
expression V, V2, V3;
local idexpression N;
identifier fld;
identifier COPY = {memcpy, memset, strcpy, strscpy, strlcpy, strncpy, sprintf, snprintf, scnprintf};
identifier PUB = {rcu_assign_pointer, RCU_INIT_POINTER};
position ps, pw;
@@
(
E@ps = N;
|
PUB@ps(E, N);
)
... when != N = V2
    when != E = V3
(
E->fld@pw = V;
|
COPY(E->fld@pw, ...);
|
COPY(&E->fld@pw, ...);
)

@script:python@
E << pube.E;
N << pube.N;
fld << pube.fld;
PUB << pube.PUB = "plain store";
ps << pube.ps;
pw << pube.pw;
@@
add_pub(ps[0], pw[0], E, N, PUB, fld, "%s->%s" % (E, fld))

@publ exists@
expression V, V2, O;
local idexpression N;
identifier lst, fld;
identifier COPY = {memcpy, memset, strcpy, strscpy, strlcpy, strncpy, sprintf, snprintf, scnprintf};
identifier LADD = {list_add_rcu, list_add_tail_rcu, hlist_add_head_rcu, hlist_add_tail_rcu, hlist_add_before_rcu, hlist_add_behind_rcu, hlist_nulls_add_head_rcu, hlist_nulls_add_tail_rcu};
identifier LREP = {list_replace_rcu, hlist_replace_rcu};
position ps, pw;
@@
(
LADD@ps(&N->lst, ...);
|
LREP@ps(O, &N->lst);
)
... when != N = V2
(
N->fld@pw = V;
|
COPY(N->fld@pw, ...);
|
COPY(&N->fld@pw, ...);
)

@script:python@
N << publ.N;
fld << publ.fld;
LADD << publ.LADD = "";
LREP << publ.LREP = "";
ps << publ.ps;
pw << publ.pw;
@@
add_pub(ps[0], pw[0], None, N, LADD or LREP, fld, "%s->%s" % (N, fld))
