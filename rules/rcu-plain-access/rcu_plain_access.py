"""rcu-plain-access: an RCU pointer loaded or stored without the RCU
accessors: one the file accesses with them elsewhere, or a member the tree
declares __rcu (the macro index's rcu-field rows)."""
import re

from . import source
from .callctx import callers_hold_update_lock
from .cexpr import endkey, loc_key, startkey
from .macroindex import struct_name, vocabulary, wrappers
from .rcu import S, enclosing_call, first_argument_of, inside, in_section, rcu_macros, start, switch
from .record import Pos, at, emit, norm
from .vocab import RCU_DEREFERENCE_FAMILY, RCU_FREE, RCU_PROTECTED


RULE = "rcu-plain-access"


def fresh():
    return {
        "file": None,
        "acc": {},        # key -> list of (accessor, pos, type)
        "accspan": set(), # end positions of accessor arguments
        "freed": {},      # key -> pos of call_rcu/kfree_rcu
        "freedby": {},    # key -> name of the function that frees it
        "freed_in": {},   # key -> the functions that free its objects
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

# Union over all files of the names the constrained rules below may match:
# only a pruning device (flush() checks the current file's own keys).
FIELDS = set()
ALLKEYS = set()
GLOBS = set()

# member -> {struct: "path:line"}: the members the tree declares __rcu
# ("member[]" when its elements are RCU pointers)
DECLARED = vocabulary()["fields"]
FIELDS.update(k.rstrip("[]") for k in DECLARED)
ALLKEYS.update("->" + k for k in DECLARED if k.endswith("[]"))
# the tree's accessors that load their first argument (rcu_str_deref(s))
WRAPPERS = wrappers(vocabulary())


def declared(key, typ):
    """(struct, "path:line") when key is ->member (or ->member[], an
    element) of a struct type the tree declares it __rcu in, else None."""
    m = re.match(r"^->(\w+(?:\[\])?)(?:\[\])*$", key or "")
    if not m or not typ or m.group(1) not in DECLARED:
        return None
    st = struct_name(typ)
    decl = DECLARED[m.group(1)].get(st)
    return (st, decl) if decl else None


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


def rcu_location(key, typ):
    """What report() needs to judge a candidate at all: its location is
    accessed with an RCU accessor or freed with RCU in the file, or declared
    __rcu in its base's struct type."""
    return key is not None and (key in S["acc"] or key in S["freed"] or bool(declared(key, typ)))


def may_have_candidates():
    """The file has facts rcu_location() can hold on: an accessor, an RCU
    free, or a struct type known for an RCU field name."""
    return bool(S["acc"] or S["freed"] or S["types"])


def any_candidate():
    """Some plain occurrence of the file may be reported."""
    return any(rcu_location(key, typ) for (p, sp, text, key, typ, isglobal) in S["cands"])


def tag(p, t):
    switch(p)
    S["ctx"].setdefault(endkey(p), set()).add(t)


_UNEVALUATED = re.compile(r"\b(?:typeof|__typeof__|__typeof|EXPORT_SYMBOL\w*)\s*\(")


def in_unevaluated(p):
    """The occurrence is an operand of typeof() or EXPORT_SYMBOL*(), which
    name the pointer without loading it (nf_conntrack_amanda.c's hook)."""
    text = source.line(p.file, int(p.line))[:int(p.column)]
    for m in _UNEVALUATED.finditer(text):
        rest = text[m.end():]
        if rest.count("(") >= rest.count(")"):
            return True
    return False


def report():
    """Judge the plain occurrences of the file."""
    # types are known only once ty1/ty2 have run: resolve them now
    acc = {}
    for k, lst in S["acc"].items():
        acc[k] = [(a[0], a[1], S["types"].get(endkey(a[1]))) for a in lst]
    groups = {}
    order = []
    # A slot is replaced where one function stores a new object and frees
    # the old one (blob_replace(): cur_blob = n; call_rcu(&old->rcu, ...)),
    # or where it is ever cleared. Filled in one place, never cleared and
    # freed only with its owner (dlm's othercon, set once when NULL), it
    # holds one object for the owner's life: a plain load cannot see it change.
    filled, replaced = set(), set()
    for (p, sp, text, key, typ, isglobal) in S["cands"]:
        tags = S["ctx"].get(endkey(p), set())
        if "store" in tags and "store_null" not in tags:
            filled.add(key)
            if p.current_element in S["freed_in"].get(key, ()):
                replaced.add(key)
        elif "store_null" in tags:
            replaced.add(key)   # cleared and freed, then filled again (fm10k's iov_data)
    for (p, sp, text, key, typ, isglobal) in S["cands"]:
        if not rcu_location(key, typ):
            continue                        # the rule's has_candidates gate relies on this
        ek = endkey(p)
        if ek in S["accspan"]:
            continue
        tags = S["ctx"].get(ek, set())
        if "addr" in tags or "sizeof" in tags:
            continue
        if p.current_element == "something_else" or in_unevaluated(p):
            continue                        # file scope, typeof(), EXPORT_SYMBOL(): no load
        if enclosing_call(p.file, int(p.line), int(p.column)) in rcu_macros(p.file):
            continue                        # handed to the file's own RCU accessor or iterator macro
        if first_argument_of(p.file, int(p.line), int(p.column)) in WRAPPERS:
            continue                        # the first argument of a tree's macro that loads it with
                                            # the RCU API (ip_vs_rht_for_each_table_rcu(ipvs->conn_tab, ...))
        fn = p.current_element
        base = re.match(r"^\w+", key)
        if base and not key.startswith("->") and (fn, base.group(0)) in S["locals"]:
            continue
        # A field of a struct that is itself a local (d.rd in
        # build_sched_domains()): the function's own storage, no reader
        # reaches it, whatever RCU pointer elsewhere has the same field name.
        obj = re.match(r"^(\w+)\s*(?:\[[^\]]*\]\s*)*\.", norm(text))
        if obj and (fn, obj.group(1)) in S["locals"]:
            continue
        sec = in_section(fn, startkey(p))
        accs = acc.get(key, [])
        via = None
        typed = None
        decl = declared(key, typ)
        if accs and key.startswith("->"):
            known = [a for a in accs if a[2]]
            if typ and known and all(a[2] != typ for a in known):
                if not decl:
                    continue
                accs = []                   # the accessors are of other structs
        if accs:
            if key.startswith("->"):
                typed = bool(typ and any(a[2] == typ for a in known)) or bool(decl)
            via = accs[0]
        elif decl:
            pass                            # the tree declares the member __rcu
        elif key in S["freed"]:
            # only a slot the file itself fills (devcache[i] = new in jbd2)
            # is an RCU pointer, and a load matters only where it is also
            # replaced (filled and freed in one function); a stable field that merely leads
            # to an RCU-freed object (prog->aux) is not
            if key not in (filled if "store" in tags else replaced):
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
        groups[g].append((p, sp, tags, via, typed, sec, decl))
    for g in order:
        fn, text, cat = g
        members = groups[g]
        benign = set(["nulltest", "compare", "teardown", "store_null"])
        real = [m for m in members if not (m[2] & benign)]
        first = real[0] if real else members[0]
        p, sp, tags, via, typed, sec, decl = first
        ev = {}
        if decl:
            ev["declared_rcu"] = decl[1]
            ev["rcu_struct"] = decl[0]
            if not via:
                ev["declared_only"] = True
        if via:
            ev["accessor"] = via[0]
            ev["at_rcu_access"] = at(via[1])
            if loc_key(text).startswith("->") and not typed:
                ev["type_unconfirmed"] = True
        elif not decl:
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
            else:
                ev["callers_hold_update_lock"] = callers_hold_update_lock(p, text)
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
        suggest = RCU_DEREFERENCE_FAMILY
        if via and "dereference" in via[0] and via[0] not in RCU_PROTECTED:
            suggest = via[0]
        if cat == "store":
            what = "assigned here with a plain store, not rcu_assign_pointer()"
        else:
            what = "loaded here without %s()" % suggest
            if cat == "section":
                what += " inside an RCU read-side section"
        if via:
            msg = "%s is accessed with %s() elsewhere in this file but is %s" % (text, via[0], what)
        elif decl:
            msg = "%s is declared __rcu (struct %s, %s) but is %s" % (text, decl[0], decl[1], what)
        else:
            msg = "%s is RCU-protected (its objects are freed with %s()) but is %s" % (
                text, S["freedby"].get(loc_key(text), RCU_FREE[0]), what)
        emit(RULE, Pos(p, sp[0], sp[1]), text, msg, **ev)


def add_acc(p, e, name):
    switch(p)
    k = loc_key(e)
    note_key(k)
    S["accspan"].add(endkey(p))
    if k is not None:
        S["acc"].setdefault(k, []).append((name, p, S["types"].get(endkey(p))))
    fn = p.current_element
    if name in RCU_PROTECTED:
        S["fnflags"].setdefault(fn, set()).add("protected_deref")


def add_cand(p, ps, isglobal=False):
    switch(p)
    text = norm(source.span(p.file, startkey(ps), endkey(p)))
    # an element a[i]: the struct type is that of the base of the member a
    typ = S["types"].get(endkey(p)) or S["types"].get(endkey(ps))
    S["cands"].append((p, startkey(ps), text, loc_key(text), typ, isglobal))


def store_context(p, X, V):
    """X = V at p, a plain store: of NULL, of a new object, or an
    initialisation of a new object's field."""
    tag(p, "store")
    v = norm(V)
    fn = p.current_element
    if v in ("NULL", "0", "(void *)0"):
        tag(p, "store_null")
    elif (fn, v) in S["newobj"]:
        tag(p, "store_new")
    if X and re.match(r"^\w+$", norm(X)) and (fn, norm(X)) in S["newobj"]:
        tag(p, "store_init")


def types(p, T):
    """The struct type of the base of the RCU field name at p."""
    switch(p)
    S["types"][endkey(p)] = T


def lock_region(p1, p2):
    """An update-side lock held from p1 to p2."""
    switch(p1)
    S["lk"].append((p1.current_element, startkey(p1), startkey(p2)))


def asserts_lock(p):
    """p's function asserts that it holds an update-side lock."""
    switch(p)
    S["fnflags"].setdefault(p.current_element, set()).add("asserts_lock")


start(fresh, report, note_key)
