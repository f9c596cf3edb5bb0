"""rcu-double-deref: one RCU pointer read twice in one read-side section."""
import re

from . import source
from .callctx import callers_hold_update_lock
from .cexpr import split_args
from .macroindex import vocabulary, wrappers
from .rcu import lock_held
from .source import func_head
from .record import PerFile, at, emit, is_macro_file, norm
from .vocab import RCU_ACCESS, RCU_DEREFERENCE_FAMILY, RCU_DEREFERENCE_RAW, UPDATE_LOCK_RE, UPDATE_UNLOCK_RE, names


RULE = "rcu-double-deref"

# The tree's accessors whose result is an RCU load (the macro index's
# rcu-load rows), but for the dereference macros the rule names itself:
# name -> (params, loaded expression in terms of them, primitive).
# WRAPPERS load their first argument itself (rcu_dereference_ovsl(p)): a
# load of the argument, as rcu_dereference(); ACCESSORS load a member
# reached through their arguments (br_port_get_rcu(dev)): each call is a load.
RD_NAMES = set(names("rcu-dereference", "rcu-dereference-rtnl"))
LOADS = {k: v for k, v in vocabulary()["loads"].items() if k not in RD_NAMES}
WRAPPERS = wrappers(vocabulary()) - RD_NAMES
ACCESSORS = set(k for k, (params, loaded, prim) in LOADS.items()
                if k not in WRAPPERS and not prim.startswith(tuple(RCU_ACCESS))
                and re.search(r"->|\[", loaded))
CALLS = {}       # (file, line, col) of an accessor call -> (name, the load it makes)
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
READERS = set()  # functions with a MARKED or an INSEC read: the only ones a pair can be reported in
SHARED = [False] # a MARKED or INSEC read in a macro file's expansion, a place functions share


def rcu_text(E):
    t = n(E)
    return t in MARKED_TEXT or t in MANAGED_TEXT


def any_rcu_text():
    """Some expression of the file can be an rcu_text()."""
    return bool(MARKED_TEXT or MANAGED_TEXT)


def reader(p):
    """p is a MARKED or INSEC read: its function is in READERS."""
    READERS.add(p.current_element)
    if is_macro_file(p.file):
        SHARED[0] = True


def any_reader():
    """Some function of the file is one of in_reader()."""
    return bool(SHARED[0] or READERS)


def in_reader(p):
    """p is in a function where a pair of reads can pass may_report(): one
    with a MARKED or an INSEC read (SHARED: facts in a macro's expansion
    may belong to any function). The answer is the same for every place of
    a function, so a position constrained with it keeps or drops whole
    functions and changes no path search inside one."""
    return SHARED[0] or p.current_element in READERS


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
    pat = re.compile(r"^(?!return\b)[A-Za-z_][^(=;]*?\b%s\b\s*(\[[^\]]*\]\s*)*(=|;|__)" % re.escape(t))
    return any(pat.match(l) for l in source.lines(pos.file))


def parts_of(t):
    """Identifiers and prefixes whose change moves E to another pointer."""
    out = set(re.findall(r"(?<![\w.>])([A-Za-z_]\w*)", t))
    for m in re.finditer(r"->|\.|\[", t):
        if m.start() > 0:
            out.add(t[:m.start()])
    return out


def spaced_arrows(t):
    """A pattern for text t that allows spaces around its "->" (re.escape()
    writes "->" as "\\->" since Python 3.7, "\\-\\>" before)."""
    return re.sub(r"\\-\\?>", r"\\s*->\\s*", re.escape(t))


def written_between(p1, p2, t):
    """Source text between the two reads writes a part of E, or starts a
    list walk over it (the iterator's hidden assignment)."""
    a, b = sorted([(int(p1.line), int(p1.column)), (int(p2.line), int(p2.column))])
    text = whole = source.span(p1.file, a, b)
    cut = max(text.rfind(";"), text.rfind("{"), text.rfind("}"))
    text, tail = (text[:cut + 1], text[cut + 1:]) if cut >= 0 else ("", text)
    for part in parts_of(t):
        q = spaced_arrows(part)
        if re.search(r"(?<![\w.>])%s\s*(=(?!=)|\+\+|--|\+=|-=)|(\+\+|--)\s*%s(?!\w)" % (q, q), text):
            return True
        # in the second read's own statement, an assignment that && / || / ,
        # sequence before it: if ((dev = get(idx)) && (in = load(dev)))
        if re.search(r"\(\s*%s\s*=(?!=)[^;]*?\)\s*(?:&&|\|\||,)" % q, tail):
            return True
        if re.search(r"\w*for_each\w*\s*\([^;{]*(?<![\w.>])%s(?!\w)" % q, whole):
            return True
    # an atomic exchange on the pointer itself: cmpxchg(&gp, NULL, new),
    # cmpxchg((T **)pp, NULL, new) for E = *pp
    for target in set([t, t.lstrip("*")]):
        q = spaced_arrows(target)
        if re.search(r"\b(?:try_)?(?:cmpxchg|xchg)\w*\s*\(\s*(?:\([^()]*\)\s*)?&?\s*%s\s*," % q, text):
            return True
    return False


def lock_held_at(pos):
    """An update-side lock taken earlier in the function is still held at pos
    (textual count; an unlock followed by return/goto is an error exit)."""
    L = source.lines(pos.file)
    i = func_head(L, pos)
    if i is None:
        return False
    return lock_held(L[i:int(pos.line)], UPDATE_LOCK_RE, UPDATE_UNLOCK_RE)


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
    for d in (MARKED, ACCESS, EXCL, TESTED, COMPARED, LOCKCHK, PAIRS, SAME, MARKED_TEXT, MANAGED_TEXT, INSEC,
              CALLS, READERS):
        d.clear()
    SHARED[0] = False


def report():
    """Report the file's pairs of reads, the strongest pair a function."""
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
                return RCU_DEREFERENCE_FAMILY
            if x in ACCESS:
                return "access"
            return "plain"
        other = [kind(x) for x in (first, second) if kind(x) != RCU_DEREFERENCE_FAMILY]
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
        if raws and all(r in RCU_DEREFERENCE_RAW for r in raws) \
                and first not in INSEC and second not in INSEC:
            ev["raw_outside_section"] = True
        if lock_held_at(p2):
            ev["update_lock_held"] = True
        else:
            ev["callers_hold_update_lock"] = callers_hold_update_lock(p2, E)
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
        call = CALLS.get(k(later)) or CALLS.get(k(p1))
        if call:
            ev["accessor"] = call[0]
            ev["accessor_loads"] = call[1]
            msg = "%s is an RCU load of %s, made twice in one RCU read-side section: the two loads can see different objects" % (
                norm(E), call[1])
        else:
            msg = "%s is read twice in one RCU read-side section: the two loads can see different objects" % norm(E)
        emit(RULE, later, norm(E), msg, **ev)


LIFE = PerFile(report, reset)
flush = LIFE.flush


def marked(p, E, RD, EL):
    """E read with the dereference accessor RD(E, EL) at p."""
    MARKED[k(p)] = str(RD)
    MARKED_TEXT.add(n(E))
    reader(p)
    if re.search(r"rtnl_is_locked|_is_held|lockdep_\w*held", str(EL)) or str(RD).endswith("rtnl"):
        LOCKCHK.add(k(p))


def accessor_call(p, EL):
    """A call ACC(EL) at p of an accessor of the tree whose result is an RCU
    load: the call is that load, its text the pointer read."""
    ACC = source.ident_at(p)
    if ACC not in LOADS:
        return
    params, loaded, prim = LOADS[ACC]
    args = split_args(str(EL))
    if len(args) != len(params):
        return
    for prm, arg in zip(params, args):
        if not re.match(r"^[\w.>\-\[\]]+$", arg.replace(" ", "")):
            arg = "(%s)" % arg
        loaded = re.sub(r"(?<![\w.>])%s(?!\w)" % re.escape(prm), lambda m: arg, loaded)
    text = "%s(%s)" % (ACC, ", ".join(args))
    MARKED[k(p)] = str(ACC)
    MARKED_TEXT.add(n(text))
    reader(p)
    CALLS[k(p)] = (str(ACC), norm(re.sub(r"^\((.*)\)$", r"\1", loaded.strip())))


def in_section(p):
    """p is a read reachable from a visible rcu_read_lock*() without an unlock."""
    INSEC.add(k(p))
    reader(p)


def managed(B):
    """B is freed or published with RCU in the file: plain reads count."""
    MANAGED_TEXT.add(n(B))
