"""seqcount-unvalidated-load: a field of the object that holds a seqcount
read outside any section of it (before the begin, after the last retry)."""
import re

from .record import at, emit
from .seq import seq_norm as norm, strip_casts
from .vocab import names


RULE = "seqcount-unvalidated-load"


def member(c):
    """(object, field, arrow) of a seqcount written &object->field or
    &object.field; None when the seqcount is not a struct member."""
    t = strip_casts(norm(c))
    if not t.startswith("&"):
        return None
    t = t[1:].strip()
    if t.startswith("(") and t.endswith(")"):
        t = t[1:-1].strip()
    m = re.match(r"^(.*\S)\s*(->|\.)\s*(\w+)$", t)
    if not m or "(" in m.group(1) and not m.group(1).endswith(")"):
        return None
    return (norm(m.group(1)), m.group(3), m.group(2))


def pid(p):
    return (p[0].file, int(p[0].line), int(p[0].column))


LOADS = {}      # load position -> (position, object, field, arrow, copy kind, target)
PARAMS = {}     # (file, function) -> parameter names
INREG = {}      # (file, seqcount field, field) -> loads of it inside a read section
INWR = set()    # (file, seqcount field, field) assigned inside a write section
LOCKED = set()  # load positions under a lock or write-side section
FAILBR = set()  # (load, retry) where the load is in the failed-retry branch
IFNOT = set()   # retries whose fall-through is the failure path
IFNOTJUMP = set() # if (!retry) break; or goto: the jump is the success path
IFPOS = set()   # retries tested positively in an if
BEFORE = {}     # load -> list of (begin position, begin, seqcount text)
REASS = {}      # (load, begin) -> reassignment position
LOOP = set()    # (load, begin) where the begin reaches the load again
AFTER = {}      # load -> list of (retry position, retry, seqcount, sequence)
ESCAPES = set() # (file, function, sequence) handed on
SITES = {}      # (file, function) -> begins and retries seen, for messages


def copy_kind(fn, v, file):
    """Does the copy leave the function? out_param, field or None."""
    if v is None:
        return None
    t = norm(v)
    params = PARAMS.get((file, fn), set())
    m = re.match(r"^\*\s*(\w+)$", t) or re.match(r"^(\w+)\s*(->|\[)", t)
    if m and m.group(1) in params:
        return "out_param" if t.startswith("*") or "[" in t[:len(m.group(1)) + 2] else "param_field"
    return None


def fn_of(p):
    return (p[0].file, p[0].current_element)


def pair_ok(fnp, fnl, c, e, g):
    """Same function, seqcount a member of the loaded object, and the
    loaded field is not the seqcount itself."""
    if fnp != fnl:
        return False
    m = member(c)
    return bool(m) and m[0] == norm(e) and m[1] != g


VALUE_CALLS = set(names("value-reads"))


def value_load(r, e, g):
    """Is object->field used as a value in the right side r (not only its
    address, its size, an argument of a call, or a pointer called through)?"""
    r = norm(r)
    load = norm(e)
    pat = re.compile(r"(?<![\w>.])" + re.escape(load) + r"\s*(->|\.)\s*" + re.escape(str(g)) + r"(?!\w)")
    for m in pat.finditer(r):
        i, j = m.start(), m.end()
        # chains after the field: ->x, .x, [..]
        while True:
            mm = re.match(r"\s*(->|\.)\s*\w+", r[j:]) or re.match(r"\s*\[[^\]]*\]", r[j:])
            if not mm:
                break
            j += mm.end()
        if r[j:].lstrip().startswith("("):
            continue                    # called through
        before = r[:i].rstrip()
        if before.endswith("&") and not before.endswith("&&"):
            continue                    # address only
        depth, ok = 0, True
        for k in range(i - 1, -1, -1):
            ch = r[k]
            if ch == ")":
                depth += 1
            elif ch == "(":
                if depth:
                    depth -= 1
                    continue
                mm = re.search(r"(\w+)\s*$", r[:k])
                if mm and mm.group(1) == "sizeof":
                    ok = False
                    break
                if mm and mm.group(1) not in VALUE_CALLS and not re.match(r"^\((?:const |unsigned |signed |struct |volatile )*\w+\s*\**\)", r[k:]):
                    ok = False          # an argument of a call
                    break
        if ok:
            return True
    return False


def line_of(p):
    return int(p[0].line)


COPY = set()    # (load, object, field) used as a value in a copy
ADDRONLY = set()  # (load, object, field) whose address only is copied
MEMCPY = set()  # (load, object, field) that are memcpy() sources
TARGET = {}     # load -> text of what the copy is stored in, or "return"
LOADTXT = {}    # load -> (position, object, field, arrow)


def fact_copy(E, g, px, R):
    """object->g at px is copied into R: as a value, or only its address."""
    k = (pid(px), norm(E), str(g))
    if value_load(R, E, g):
        COPY.add(k)
    elif norm(R).startswith("&"):
        ADDRONLY.add(k)


def fact_memcpy(E, g, px, V):
    """object->g at px is the source of a memcpy() into V."""
    MEMCPY.add((pid(px), norm(E), str(g)))
    TARGET[pid(px)] = "*(" + str(V) + ")"


def fact_before(pb, px, BEGIN, E, f, g, C):
    """A load of E->g reached before the begin at pb on E->f."""
    if line_of(px) < line_of(pb) and str(g) != str(f):
        BEFORE.setdefault((pid(px), norm(E), str(g)), []).append((px, pb, str(BEGIN), str(f), C))


def fact_after(pr, px, RETRY, E, f, S9, g, C):
    """A load of E->g reached after the retry at pr on E->f succeeded."""
    if line_of(px) >= line_of(pr) and str(g) != str(f):
        AFTER.setdefault((pid(px), norm(E), str(g)), []).append((px, pr, str(RETRY), str(f), S9, C))


def flush():
    """At the end of the run: judge every load, one finding a function and
    object field, in file and position order."""
    found = {}
    keys = sorted(set(BEFORE) | set(AFTER))
    for k in keys:
        px_id, obj, g = k
        if k not in COPY and k not in MEMCPY:
            continue
        if px_id in LOCKED:
            continue
        file, line, col = px_id
        ev = {}
        shape = None
        cand = BEFORE.get(k, []) + AFTER.get(k, [])
        px = cand[0][0]
        fn = px[0].current_element
        target = TARGET.get(px_id)
        if k in BEFORE:
            px, pb, begin, f, c = sorted(BEFORE[k], key=lambda t: (line_of(t[1]), int(t[1][0].column)))[0]
            m = member(c)
            key_load = obj + m[2] + g
            seqc = strip_casts(norm(c))
            reass = REASS.get((px_id, pid(pb)))
            loop = (px_id, pid(pb)) in LOOP
            ev["at_begin"] = at(pb[0])
            if reass is not None:
                ev["object_reassigned"] = at(reass[0])
            if reass is not None and loop:
                shape = "loop_top"
                msg = ("%s is read at the top of the loop, before %s(%s) later in "
                       "the body (line %s), and %s is reassigned (line %s) in "
                       "between: on the first pass no begin in %s() covers it, "
                       "only a sequence the caller took"
                       % (key_load, begin, seqc, pb[0].line, obj, reass[0].line, fn))
            elif reass is not None:
                shape = "before"
                msg = ("%s is read before %s is reassigned (line %s) and %s(%s) "
                       "(line %s) begins on the new object: no begin in %s() "
                       "covers the load, only a sequence the caller took"
                       % (key_load, obj, reass[0].line, begin, seqc, pb[0].line, fn))
            elif loop:
                shape = "loop_top"
                msg = ("%s is read before %s(%s) (line %s) on every pass of the "
                       "loop: the retry of that section validates only what is "
                       "read after the begin"
                       % (key_load, begin, seqc, pb[0].line))
            else:
                shape = "before"
                msg = ("%s is read before %s(%s) (line %s): the retry of that "
                       "section validates only what is read after the begin"
                       % (key_load, begin, seqc, pb[0].line))
            ev["in_loop"] = loop
        if shape is None and k in AFTER:
            cands = []
            for (px2, pr, retry, f, s9, c) in AFTER[k]:
                r = pid(pr)
                if r in IFNOT and r not in IFNOTJUMP and (px_id, r) not in FAILBR:
                    continue        # fall-through of if (!retry): the failure path
                if r not in IFNOT and r in IFPOS and (px_id, r) in FAILBR:
                    continue        # inside if (retry) { ... }: the failure path
                cands.append((px2, pr, retry, f, s9, c))
            if cands:
                px, pr, retry, f, s9, c = sorted(cands, key=lambda t: (-line_of(t[1]), int(t[1][0].column)))[0]
                m = member(c)
                key_load = obj + m[2] + g
                seqc = strip_casts(norm(c))
                shape = "after"
                ev["at_retry"] = at(pr[0])
                sq = norm(s9)
                handed = (not re.match(r"^\w+$", sq)) or \
                         sq in PARAMS.get((file, fn), set()) or \
                         (file, fn, sq) in ESCAPES
                if handed:
                    ev["seq_handed_on"] = sq
                msg = ("%s is read after %s(%s, %s) (line %s) said the section was "
                       "consistent, and no later retry validates it"
                       % (key_load, retry, seqc, sq, pr[0].line))
                if handed:
                    msg += " (%s lives on: a retry elsewhere must cover this load)" % sq
        if shape is None:
            continue
        ev["shape"] = shape
        if target == "return":
            ev["copied_to_caller"] = "return"
        else:
            kind = copy_kind(fn, target, file)
            if kind:
                ev["copied_to_caller"] = kind
        if "copied_to_caller" in ev:
            msg += "; the value goes to %s" % ("the caller" if target == "return" else norm(target))
        others = INREG.get((file, m[1], g), set()) - set([px_id])
        if others:
            o = sorted(others)[0]
            ev["field_read_in_region"] = "%d:%d" % (o[1], o[2] + 1)
        elif shape != "after" and (file, m[1], g) not in INWR:
            # nothing in the file reads g inside a section of this seqcount or
            # writes it inside a write section: g may be a field the seqcount
            # does not cover (a pointer fixed for the life of the object, bb->page,
            # neigh->dev), fetched once before the section that reads through it
            ev["field_not_covered"] = 1
            msg += ("; nothing in this file reads or writes %s inside a section "
                    "of %s: it may not be data that seqcount covers"
                    % (key_load, seqc[1:] if seqc.startswith("&") else seqc))
        dk = (file, fn, key_load)
        if dk in found:
            found[dk][2]["loads"] = found[dk][2].get("loads", 1) + 1
            continue
        found[dk] = (px, key_load, ev, msg)

    for dk in sorted(found, key=lambda d: (d[0], pid(found[d][0]))):
        px, key_load, ev, msg = found[dk]
        emit(RULE, px[0], key_load, msg, **ev)
