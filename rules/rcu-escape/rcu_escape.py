"""rcu-escape: a pointer read under RCU used after the read-side section
ends, with no reference taken."""
import re

from . import source
from .callctx import caller_section, callers_hold_update_lock
from .cexpr import split_top
from .macroindex import vocabulary
from .rcu import lock_held
from .source import func_head
from .record import PerFile, at, emit, norm
from .vocab import ASSERT_RE, LOCK_RE, RCU_DEREFERENCE_FAMILY, RCU_READ_LOCK, RCU_READ_UNLOCK, UNLOCK_RE
from .vocab import names, pairs


RULE = "rcu-escape"
RD_RE = r"(?:%s)" % "|".join(names("rcu-dereference", "rcu-dereference-rtnl"))
LOOKUP_RE = re.compile(r"^(?:\w+_rcu|\w+_rcu_notrace|%s)$" % "|".join(names("rcu-lookups", "rcu-reader-lookups")))
ITER_ARG = {name: int(arg) for name, arg in pairs("rcu-list-iterators")}


PROT = set()      # (file, function, variable): cursor or result of an RCU read
MANAGED = set()   # (file, text): pointer expressions freed/published with RCU
FOUND = {}        # (file, function, source line, col, var) -> finding
DROP = set()      # (file, source line, col, unlock line, col): reference taken / null branch


def n(e):
    return re.sub(r"\s+", "", str(e))


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
        return (RCU_DEREFERENCE_FAMILY, t)
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
    if kind in (RCU_DEREFERENCE_FAMILY, "lookup") or base.startswith("rcu_") or base.startswith("srcu_"):
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


CONTRACT_RE = re.compile(
    r"(caller\w*\s+(must|should|needs?\s+to|has\s+to|is\s+expected\s+to|is\s+responsible)[^.;]{0,40}?(hold|use|take|call|hav|be\s+in|be\s+under|be\s+holding)[^.;]{0,40}?rcu)"
    r"|((must|should|has\s+to|needs?\s+to)\s+be\s+(called|invoked|used|held|run)[^.;]{0,30}?(with|under|within|inside|in)[^.;]{0,20}?rcu)"
    r"|((called|invoked|call)\s+(with|under|within|inside)\s+(the\s+)?(an?\s+)?rcu)"
    r"|(%s\(?\)?\s*(must|should)\s+be\s+held)"
    r"|(requires?\s+(the\s+)?rcu(_read_lock|\s+read))" % RCU_READ_LOCK[0], re.I)


def contract(pos):
    """Reason the function is meant to be used inside a caller's section."""
    L = source.lines(pos.file)
    head = func_head(source.lines(pos.file), pos)
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


def other_lock(ps, pe):
    """Evidence that an update-side lock protects the object at the use."""
    L = source.lines(pe.file)
    h = func_head(source.lines(pe.file), pe)
    if h is None:
        return None
    body = L[h:int(pe.line)]
    if any(ASSERT_RE.search(l) for l in body):
        return "lock_asserted"
    return "other_lock_held" if lock_held(body, LOCK_RE, UNLOCK_RE) else None


# "x is protected by kvm->srcu": another protection than the section (not "by RCU").
LIFETIME_RE = re.compile(r"\b(is safe|are safe|safe because|never (?:be )?(?:freed|deleted|removed)|freed only|only freed|immutable|cannot change|can not change|won.t go away|will not go away|stays? alive|(?:a )?reference is (?:taken|held)|(?:takes?|holds?|grabs?) a reference|(?:is|are) protected by (?!(?:the )?rcu\b|rcu_read_lock)\S+)", re.I)


def lifetime_comment(pe):
    """A comment in the function, before the use, says why the object
    outlives the section (freed only after..., immutable, safe because...)."""
    L = source.lines(pe.file)
    h = func_head(source.lines(pe.file), pe)
    if h is None:
        return False
    text = "\n".join(L[h:int(pe.line)])
    for c in re.findall(r"/\*.*?\*/|//[^\n]*", text, re.S):
        if LIFETIME_RE.search(re.sub(r"\s*\n\s*\*?\s*", " ", c)):
            return True
    return False


# read-side section openers and closers by flavour; SRCU by its srcu_struct
SECTION_RE = re.compile(r"\b(%s)\s*\(([^;]*?)\)\s*;" % "|".join(RCU_READ_LOCK + RCU_READ_UNLOCK))


def section_step(m):
    """(flavour, +1 or -1) of a SECTION_RE match. SRCU sections pair in
    order: the struct is spelt differently at the lock and the unlock
    (ssp, &x->srcu)."""
    name = m.group(1)
    flavour = "srcu" if name.startswith("srcu") else name.replace("unlock", "lock")
    return flavour, -1 if "unlock" in name else 1


def outer_section(ps, pe, returned=False):
    """A read-side section open at the read stays open through the use
    (srcu_read_lock(&pmus_srcu) around perf_init_event()'s inner
    rcu_read_lock(); rcu_read_lock_trace() around a nested section; a guard()
    whose block holds the use, unless the use returns the object, which
    ends every guard): the object cannot be freed before it ends. A section
    closed and taken again in between does not count. Counted on the text,
    per flavour."""
    h = func_head(source.lines(pe.file), pe)
    read, use = (int(ps.line), int(ps.column)), (int(pe.line), int(pe.column))
    if h is None or use <= read:
        return False                        # a use before the read: reached around a loop
    depth = {}
    for m in SECTION_RE.finditer(source.span(ps.file, (h + 1, 0), read)):
        f, d = section_step(m)
        depth[f] = depth.get(f, 0) + d
    low = dict(depth)                       # the shallowest each flavour gets before the use
    for m in SECTION_RE.finditer(source.span(ps.file, read, use)):
        f, d = section_step(m)
        depth[f] = depth.get(f, 0) + d
        low[f] = min(low.get(f, 0), depth[f])
    return any(d > 0 for d in low.values()) or \
        not returned and guard_open(source.span(ps.file, (h + 1, 0), use))


# guard(srcu)(&pmus_srcu): a section that ends with its block (scoped_guard()
# is a block of its own: the read's section, not an outer one)
GUARD_RE = re.compile(r"\bguard\s*\(\s*(?:%s)\s*\)" % "|".join(map(re.escape, names("rcu-reader-guards"))))


def guard_open(text):
    """A guard() of a reader in text whose block is still open at its end
    (perf_init_event()'s guard(srcu) around the inner scoped_guard(rcu))."""
    depth, at = 0, []
    for i, c in enumerate(text):
        depth += (c == "{") - (c == "}")
        at.append(depth)
    return any(min(at[m.start():]) >= at[m.start()] for m in GUARD_RE.finditer(text))


def container_reference(ps, pu, R):
    """A reference helper called in the section on the object the pointer
    was loaded from (bnxt_ulp_get(ulp) for ops = rcu_dereference(ulp->ulp_ops)),
    a pin the updater may wait on before it frees: evidence, not an excuse."""
    m = re.match(r"^" + RD_RE + r"\((.*)\)$", n(R))
    base = head_ident(m.group(1)) if m else None
    if not base or base.startswith(("rcu_", "srcu_")):
        return False
    text = source.span(ps.file, (int(ps.line), int(ps.column)), (int(pu.line), int(pu.column)))
    return any(CONTAINER_REF.search(c.group(1)) or c.group(1) in REFS
               for c in re.finditer(REF_CALL % re.escape(base), text))


# a helper named for taking a reference (bnxt_ulp_get, dev_hold, kref_get,
# refcount_inc_not_zero): narrower than takes_reference(), whose lock/inc
# would take spin_lock(&base->lock) or u64_stats_inc() for a pin
CONTAINER_REF = re.compile(r"(?:_get|_hold|_grab|_pin|_ref)$|^(?:get|hold|grab|pin)_|^(?:%s)"
                           % "|".join(names("container-ref-prefixes")))


def pointer_read(R):
    """The RCU pointer source R reads: P of rcu_dereference(P) (a field of
    it, a container of it), or R itself when it is a plain read."""
    shape = src_shape(R) if R is not None else None
    if shape is None or shape[0] == "lookup":
        return None
    m = re.match(r"^" + RD_RE + r"\((.*)\)$", shape[1])
    return split_args(m.group(1))[0] if m else n(R)


def array_field(R, fname):
    m = re.search(r"(?:->|\.)(\w+)$", n(R))
    if not m:
        return False
    return member_is_array(fname, m.group(1))


REF_NAME = re.compile(r"get|hold|grab|pin|ref|inc|lock|acquire|take|active")
# helper -> (path:line, the call that takes the reference): the tree's
# reference-taking helpers, found by what their body calls (dst_clone())
REFS = vocabulary()["refs"]


def takes_reference(name):
    """A call of name takes a reference: the name says so, or the macro
    index found a reference taken in its body."""
    return REF_NAME.search(str(name)) is not None or str(name) in REFS


REF_CALL = r"(?=\b(\w+)\s*\([^;]*?(?<![\w.>])%s(?!\w))"


def ref_in_block(pg, ps, x):
    """A reference call naming x between the source and the end of the
    scoped_guard block (the block's text, braces counted)."""
    L = source.lines(ps.file)
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
    return any(takes_reference(m.group(1)) for m in re.finditer(REF_CALL % re.escape(n(x)), text))


def unlock_name(pu):
    L = source.lines(pu.file)
    li = int(pu.line) - 1
    m = re.search(r"\b((?:%s)\w*)\s*\(" % "|".join(RCU_READ_UNLOCK), L[li]) if li < len(L) else None
    return m.group(1) if m else RCU_READ_UNLOCK[0]


def use_kind(pe, lhs):
    L = source.lines(pe.file)
    li = int(pe.line) - 1
    if li >= len(L):
        return "passed"
    line = L[li]
    col = int(pe.column)
    before = line[:col].rstrip()
    if lhs:
        return "stored"
    if re.search(r"\breturn[\s(&]*$", before):
        return "returned"
    return "passed"


def record(x, ps, pu, pe, kind, use, how=None, R=None):
    if use is None:
        return
    key = (ps.file, ps.current_element, ps.line, ps.column, str(x))
    rank = {"deref_after_unlock": 0, "stored": 1, "returned": 2, "passed": 3}
    old = FOUND.get(key)
    if old is not None and (rank[old[3]], int(old[2].line)) <= (rank[use], int(pe.line)):
        return
    FOUND[key] = (x, ps, pe, use, kind, pu, how, R)


# fput(file), dev_put(dev), kref_put(&x->ref, ...): drops a reference.
PUT_CALL = r"\b(\w*(?:put|unref|release)\w*)\s*\(\s*&?\s*%s\b(?!\s*(?:->|\.|\[))"


def put_after_use(x, pe):
    """The function hands x to a put after the use at pe, before x is
    assigned again: the lookup took a reference (task_lookup_fdget_rcu()
    then fput()), which ends the escape; the call's name, else None."""
    L = source.lines(pe.file)
    span = source.func_span(L, pe)
    if span is None or not re.match(r"^\w+$", norm(x)):
        return None
    name = re.escape(norm(x))
    for i in range(int(pe.line) - 1, span[1] + 1):
        m = re.search(PUT_CALL % name, L[i])
        if m:
            return m.group(1)
        if i > int(pe.line) - 1 and re.search(r"\b%s\s*=[^=]|for_each\w*\s*\(\s*%s\s*," % (name, name), L[i]):
            return None     # x holds another object from here (a list cursor: ksmbd's opinfo)
    return None


def report():
    """Report the escapes of the file that nothing excuses."""
    for key in sorted(FOUND, key=lambda k: (k[0], int(k[2]), int(k[3]))):
        x, ps, pe, use, kind, pu, how, R = FOUND[key]
        if (ps.file, ps.line, ps.column, None) in DROP or (ps.file, ps.line, ps.column, (pu.line, pu.column)) in DROP:
            continue
        why = contract(pe)
        verb = {"deref_after_unlock": "dereferenced", "returned": "returned",
                "stored": "stored", "passed": "passed on"}[use]
        what = {"address_of_field": "points into an object read", "plain_address_of_field": "points into an object read",
                "field": "was loaded from an object read", "plain_field": "was loaded from an object read",
                "list_cursor": "is the cursor of an RCU list walk",
                "lookup": "was looked up", "alias": "was read", "plain_alias": "was read",
                RCU_DEREFERENCE_FAMILY: "was read"}[kind]
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
        ev["put_after_use"] = put_after_use(x, pe)
        held = other_lock(ps, pe)
        if held:
            ev[held] = True
        if outer_section(ps, pe, use == "returned"):
            ev["outer_section"] = True
        if how is None and R is not None and container_reference(ps, pu, R):
            ev["container_reference"] = True
        # the callers (the call-context index): an outer section, the update lock
        ev["caller_section"] = caller_section(pe)
        ev["callers_hold_update_lock"] = callers_hold_update_lock(pe, pointer_read(R))
        emit(RULE, pe, norm(x), msg, **ev)


def reset():
    for d in (PROT, MANAGED, FOUND, DROP):
        d.clear()


LIFE = PerFile(report, reset)
flush = LIFE.flush


def split_args(s):
    return [a.strip() for a in split_top(s, [","])]

# ---------------------------------------------------------------- facts


def managed(p, B):
    """B is freed or published with RCU in the file."""
    MANAGED.add((p.file, n(B)))


def protected(p, x):
    """x holds the result of an RCU read in p's function."""
    PROT.add((p.file, p.current_element, str(x)))


def protected_iterator(p, I, EL):
    """The cursor of RCU list walk I(EL) is protected in p's function."""
    if re.search(r"s?rcu", str(I)):
        args = split_args(str(EL))
        k = ITER_ARG.get(str(I), 0)
        if k < len(args) and re.match(r"^[A-Za-z_]\w*$", args[k]):
            PROT.add((p.file, p.current_element, args[k]))


def took_reference(ps):
    """A reference is taken on the object read at ps: not an escape."""
    DROP.add((ps.file, ps.line, ps.column, None))


def null_branch(ps, pu):
    """The unlock at pu is on the path where the pointer is NULL or an error."""
    DROP.add((ps.file, ps.line, ps.column, (pu.line, pu.column)))

# ---------------------------------------------------------------- escapes


def member_is_array(fname, member):
    """The file declares a member of this name as an array (char data[];)."""
    pat = re.compile(r"(^|[;{])\s*[A-Za-z_][\w\s\*]*?\b%s\s*\[" % re.escape(member))
    return any(pat.search(l) for l in source.lines(fname) if "(" not in l)


# sizeof(*x), typeof(x->m), kzalloc_obj(*x): an operand never evaluated
_UNEVALUATED = r"\b(?:sizeof|typeof|__typeof__|%s)\s*\(?\s*" % "|".join(names("type-argument-macros"))


def address_only(line, col, x, fname):
    """How the use of x at col loads nothing from the object: "sizeof"
    (sizeof(*x), sizeof(x->m), kzalloc_obj(*x)), "address" (&x->m, &x->m.n, or x->m where m
    is an array member: its name is its address), or None: it loads."""
    before, after = line[:col].rstrip(), line[col:]
    if re.search(_UNEVALUATED + r"\*?$", before):
        return "sizeof"
    m = re.match(r"%s\s*->\s*(\w+)((?:\s*\.\s*\w+)*)\s*(.?)" % re.escape(x), after)
    if not m or m.group(3) in ("[", "(") or after[m.end(3) - 1:].startswith("->"):
        return None
    if before.endswith("&") and not before.endswith("&&"):
        return "address"
    if not m.group(2) and not before.endswith("*") and member_is_array(fname, m.group(1)):
        return "address"
    return None


def dereferenced_from(x, pe):
    """x is dereferenced at or after pe up to the end of its function or
    until x is assigned again (x = kzalloc(sizeof(*x), ...) holds another
    object), where the use is not an address_only() one."""
    L, li = source.lines(pe.file), int(pe.line) - 1
    depth, col = 0, int(pe.column)
    use = re.compile(r"(?<![\w.>])%s\s*(?:->|\[)|\*\s*%s\b" % (re.escape(x), re.escape(x)))
    assign = re.compile(r"(?<![\w.>*])%s\s*=(?!=)" % re.escape(x))
    # pe in the right-hand side of x = ...: what follows is the new object.
    reassigned = li < len(L) and assign.search(L[li][:col]) is not None
    while li < len(L) and depth >= 0:
        line = L[li]
        a = assign.search(line, col)
        end = a.start() if a and not reassigned else len(line)
        for m in use.finditer(line, col, end):
            if line[m.start()] == "*" and re.search(_UNEVALUATED + "$", line[:m.start()]):
                continue
            if line[m.start()] != "*" and address_only(line, m.start(), x, pe.file):
                continue
            return True
        if reassigned or a:
            return False
        depth += line[col:].count("{") - line[col:].count("}")
        li, col = li + 1, 0
    return False


def returned_as_is(pe):
    """The use at pe is part of a return statement's value and not an
    argument of a call in it (return (&e->list == &head) ? NULL : e;)."""
    L, li = source.lines(pe.file), int(pe.line) - 1
    text = L[li][:int(pe.column)]
    while li > 0 and not re.search(r"[;{}]", text) and len(text) < 400:
        li -= 1
        text = L[li] + "\n" + text
    stmt = re.split(r"[;{}]", text)[-1]
    if not re.match(r"\s*return\b", stmt):
        return False
    calls = []
    for m in re.finditer(r"(\w*)\s*\(|\)", stmt):
        if m.group(0) == ")":
            if calls:
                calls.pop()
        else:
            calls.append(m.group(1) not in ("", "return", "sizeof"))
    return not any(calls)


def first_use(x, ps, pu, kind, pd, pr, pst, pp, stored, how=None, R=None):
    """Record the first kind of use found after the section: a
    dereference, a return, a store (`stored` says which), a call. A use
    that only computes an address is a return when returned, and nothing
    in sizeof."""
    if pd and not dereferenced_from(str(x), pd[0]):
        # An address passed to a call is the object passed on: the callee loads.
        line = source.lines(pd[0].file)[int(pd[0].line) - 1]
        how_used = address_only(line, int(pd[0].column), str(x), pd[0].file)
        if how_used == "address" and returned_as_is(pd[0]):
            record(x, ps, pu, pd[0], kind, "returned", how, R)
        elif how_used != "sizeof":
            record(x, ps, pu, pd[0], kind, "deref_after_unlock", how, R)
    elif pd:
        record(x, ps, pu, pd[0], kind, "deref_after_unlock", how, R)
    elif pr:
        record(x, ps, pu, pr[0], kind, "returned", how, R)
    elif pst:
        record(x, ps, pu, pst[0], kind, stored(pst[0]), how, R)
    elif pp:
        record(x, ps, pu, pp[0], kind, "passed", how, R)


def escapes(x, R, ps, pu, pd, pr, pp, pst, E4):
    """x = R in the section at ps is used after the unlock at pu."""
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
        first_use(x, ps[0], pu[0], kind, pd, pr, pst, pp, lambda q: use_kind(q, E4 if E4 else ""), R=R)


def cursor_escapes(x, I, EL, ps, pu, pd, pr, pp, pst, E4):
    """The cursor x of RCU list walk I(EL) is used after the unlock at pu."""
    args = split_args(str(EL))
    k = ITER_ARG.get(str(I), 0)
    if re.search(r"s?rcu", str(I)) and k < len(args) and args[k] == str(x):
        first_use(x, ps[0], pu[0], "list_cursor", pd, pr, pst, pp, lambda q: use_kind(q, E4 if E4 else ""))


def guard_escapes(x, R, ps, pg, pr):
    """x = R under guard(rcu)() at pg is returned: the section ends after."""
    kind, base = src_shape(R)
    if kind in (RCU_DEREFERENCE_FAMILY, "lookup") or (ps[0].file, ps[0].current_element, base) in PROT:
        record(x, ps[0], pg[0], pr[0], kind, "returned", "guard", R)


def scoped_guard_escapes(x, R, ps, pg, pd, pr, pp, pst):
    """x = R inside scoped_guard(rcu) at pg is used after the block."""
    kind, base = src_shape(R)
    if (kind in (RCU_DEREFERENCE_FAMILY, "lookup") or (ps[0].file, ps[0].current_element, base) in PROT) \
            and not ref_in_block(pg[0], ps[0], x):
        first_use(x, ps[0], pg[0], kind, pd, pr, pst, pp, lambda q: "stored", "scoped_guard", R)
