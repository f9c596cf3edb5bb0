"""rcu-publish-before-init: an object published to RCU readers before the
writes that initialise it."""
import re

from .cexpr import loc_key, startkey
from .rcu import S, in_section, start, switch
from .record import Pos, at, emit, norm
from .vocab import RCU_ACCESS, RCU_PUBLISH, RCU_REPLACE


RULE = "rcu-publish-before-init"


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
        "pubfns": set(),  # functions of the publications
        "locals": set(),  # (function, name) of locals and parameters
        "nullchk": [],    # (function, pos, field) fields tested against NULL
        "pubtargets": set(),  # texts of rcu_assign_pointer()/RCU_INIT_POINTER() targets
    }


def report():
    """Judge the publications of the file."""
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
                why = why or "%s() elsewhere" % RCU_PUBLISH[0]
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
        # writes that come before the publication in the text are reached
        # only through a loop's back edge (ip_set's mtype_resize(), nvmet-fc's
        # association id retry): usually the next pass's own new object
        later = [w for w in writes if w[0] > ps]
        if not later:
            ev["back_edge_only"] = True
        writes = later or writes
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
        elif how in RCU_PUBLISH + RCU_REPLACE:
            what = "%s(%s, %s)" % (how, pub["loc"], pub["new"])
        else:
            what = "%s()" % how
        after = "is written again on the loop's next pass" if "back_edge_only" in ev else "is written after"
        msg = "%s publishes %s to RCU readers before its fields are set (%s %s)" % (what, pub["new"], first, after)
        emit(RULE, p, norm(pub["loc"] or pub["new"]), msg, **ev)


def may_publish(E):
    """E can be reported as a publication site: an rcu_assign_pointer()/
    RCU_INIT_POINTER() target, or a location the file's readers, updaters
    or frees mark as RCU (what report() asks of a plain store). The rules that
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
    S["pubfns"].add(ps.current_element)


def any_pub():
    """The file has a publication for report() to judge: without one, the
    facts it judges them by are not needed."""
    return bool(S["pubs"])


def in_publisher(p):
    """p is in a function with a publication: report() asks only those of
    their locals and new objects. The answer is the same for every place of
    a function, so a position constrained with it keeps or drops whole
    functions."""
    return p.current_element in S["pubfns"]


def any_section():
    """The file has a read-side section (or guard(rcu)())."""
    return bool(S["sec"] or S["guard"])


def in_sectioned(p):
    """p is in a function with a read-side section: report() counts a read
    or a NULL test only inside one (in_section())."""
    fn = p.current_element
    return any(f == fn for (f, a, b) in S["sec"]) or any(f == fn for (f, a) in S["guard"])


def accessor(p, D, A, E):
    """E is read with dereference accessor D, or handled by A (access,
    assign, init, replace)."""
    switch(p)
    k = loc_key(E)
    if k is not None:
        if D or A in RCU_ACCESS:
            S["reader"].setdefault(k, (D or A, p))
        else:
            S["assigned"].setdefault(k, []).append(p)
    if A in RCU_PUBLISH:
        S["pubtargets"].add(norm(E))


def section_read(p, X, fld):
    """X->fld read at p (judged against the sections at the end)."""
    switch(p)
    S["secreads"].append((p.current_element, p, loc_key(X), fld))


def null_check(p, fld):
    """Field fld tested against NULL at p."""
    switch(p)
    S["nullchk"].append((p.current_element, p, fld))


start(fresh, report)
