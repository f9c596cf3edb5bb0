"""What the RCU rules share: the facts they collect about one file (RCU
locations, read-side sections, locals, new objects, frees) and their
lifecycle.

A rule module calls start(fresh, report) once: fresh() returns the empty
facts of a file (a dict, the rule's own layout), report() judges them. S
always holds the facts of the current file; switch(p) moves to p's file,
reporting the previous one first (record.PerFile); flush() at the end.
"""
import re

from . import source
from .cexpr import call_args, loc_key, split_args, startkey
from .record import PerFile, norm
from .vocab import RCU_ACCESS, RCU_DEREFERENCE, RCU_PUBLISH, RCU_REPLACE, names


S = {}
_life = [None]
_note = [None]


def start(fresh, report, note_key=None):
    """Set the rule's facts layout and report; note_key(k), if given, is
    told every RCU location key the facts name."""
    def reset():
        S.clear()
        S.update(fresh())
    reset()
    _life[0] = PerFile(report, reset)
    _note[0] = note_key


def switch(p):
    """The facts of p's file from now on."""
    _life[0].enter(p.file)


def flush():
    """Report the current file's facts (the rule's @finalize:python@)."""
    _life[0].flush()


def note(k):
    if _note[0]:
        _note[0](k)

# ---------------------------------------------------------------- facts


def local(p, name):
    """name is a local variable or parameter of p's function."""
    switch(p)
    S["locals"].add((p.current_element, name))


def is_local(p, text):
    t = norm(text)
    return bool(re.match(r"^\w+$", t)) and (p.current_element, t) in S["locals"]


def new_object(p, name):
    """Local `name` is assigned a fresh allocation in p's function."""
    switch(p)
    S["newobj"].add((p.current_element, name))


def section(p1, p2):
    """A read-side section from p1 (the lock) to p2 (the unlock)."""
    switch(p1)
    S["sec"].append((p1.current_element, startkey(p1), startkey(p2)))


def guard(p1):
    """guard(rcu)(): a section from p1 to the end of the function."""
    switch(p1)
    S["guard"].append((p1.current_element, startkey(p1)))


def freed(p, E, by=None, member=False):
    """E's objects are freed after a grace period (call_rcu, kfree_rcu) by
    `by`; member: E is the base of the freed member, skipped if a local."""
    switch(p)
    k = loc_key(E)
    if k is None or (member and is_local(p, E)):
        return
    note(k)
    S["freed"].setdefault(k, p)
    if "freedby" in S:
        S["freedby"].setdefault(k, by)
    if "freed_in" in S:
        S["freed_in"].setdefault(k, set()).add(p.current_element)

# ---------------------------------------------------------------- questions


def _lock_steps(body, lock_re, unlock_re):
    """(+1 or -1, line, match) for each lock and unlock call in the lines of
    body, in order; an unlock followed by return/goto is an error exit and
    counts for nothing."""
    for j, l in enumerate(body):
        for m in lock_re.finditer(l):
            yield 1, l, m
        us = list(unlock_re.finditer(l))
        if us and re.search(r"\b(return|goto)\b", " ".join(body[j:j + 3])):
            continue
        for m in us:
            yield -1, l, m


def lock_held(body, lock_re, unlock_re):
    """Counting the locks and unlocks in the lines of body, one is still
    held at its end (an unlock followed by return/goto is an error exit)."""
    return sum(step for step, _, _ in _lock_steps(body, lock_re, unlock_re)) > 0


def held_locks(body, lock_re, unlock_re):
    """The locks (their argument, `&` and spaces dropped) still held at the
    end of body, counted as lock_held() counts them."""
    depth = {}
    for step, l, m in _lock_steps(body, lock_re, unlock_re):
        a = _lock_arg(l, m)
        depth[a] = depth.get(a, 0) + step
    return {a for a, d in depth.items() if d > 0 and a}


def _lock_arg(line, m):
    args = split_args(call_args(line, m.end() - 1))
    return re.sub(r"[\s&()]", "", args[0]) if args else ""


def inside(regions, fn, pos):
    for (f, a, b) in regions:
        if f == fn and a < pos < b:
            return True
    return False


def in_section(fn, pos):
    """pos of function fn is inside a read-side section of the file."""
    if inside(S["sec"], fn, pos):
        return True
    for (f, a) in S["guard"]:
        if f == fn and a < pos:
            return True
    return False


# ---------------------------------------------------------------- RCU macros

# A call of the RCU API: any rcu_dereference*()/srcu_dereference*(), an
# access, a publication or a list primitive (list_*_rcu, hlist_*_rcu).
_RCU_CALL = re.compile(r"\b(?:(?:%s)\w*|%s|list_\w+_rcu|hlist_\w+_rcu)\s*\(" % (
    "|".join(RCU_DEREFERENCE), "|".join(RCU_ACCESS + RCU_PUBLISH + RCU_REPLACE)))
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", re.M)
_MACROS = {}


def rcu_macros(path):
    """Names of the function-like macros the file defines whose body goes
    through the RCU API (#define nh_res_dereference(p) rcu_dereference_raw(p)):
    an argument handed to one of them is an RCU access, not a plain one."""
    if path not in _MACROS:
        _MACROS.clear()
        _MACROS[path] = {m.group(1) for m in _DEFINE.finditer(source.text(path))
                         if _RCU_CALL.search(m.group(3))}
    return _MACROS[path]


def first_argument_of(path, line, col):
    """The name of the call whose first argument is the member access at
    (line, col), 0-based column of any part of it (ipvs->conn_tab): only
    blanks between its "(" and the access. None otherwise; looks back at
    most 5 lines."""
    lines = source.lines(path)
    for ln in range(line, max(0, line - 5), -1):
        text = lines[ln - 1] if ln - 1 < len(lines) else ""
        if ln == line:
            text = re.sub(r"(?:[A-Za-z_]\w*\s*(?:->|\.)\s*)*$", "", text[:col])
        stripped = text.rstrip()
        if not stripped:
            continue
        if not stripped.endswith("("):
            return None
        m = re.search(r"(\w+)\s*$", stripped[:-1])
        return m.group(1) if m else None
    return None


_CACHE_MADE = r"\b%s\s*=\s*(?:KMEM_CACHE\w*|kmem_cache_create\w*)\s*\([^;]*\bSLAB_TYPESAFE_BY_RCU\b"


def typesafe_cache(path, line, col):
    """The cache the slab free at (line, col), 0-based column, frees into
    when the file creates that cache SLAB_TYPESAFE_BY_RCU: a reader that
    finds a freed object there finds one of its type and revalidates it
    (dma_fence_get_rcu_safe()). None otherwise."""
    text = source.line(path, line)
    m = re.compile(r"\w+\s*\(").match(text, col)
    if not m:
        return None
    args = split_args(call_args(text, m.end() - 1))
    first = args[0] if args else ""
    if not re.fullmatch(r"\w+", first):
        return None
    return first if re.search(_CACHE_MADE % re.escape(first), source.text(path)) else None


def struct_rcu_head(text, tag):
    """Whether text defines struct `tag`, and the name of the rcu_head
    member of that definition (None when it has none)."""
    m = re.search(r"\bstruct\s+%s\s*\{" % re.escape(tag), text)
    if not m:
        return False, None
    end = text.find("\n};", m.end())
    f = re.search(r"\bstruct\s+(?:%s)\s+(\w+)\s*;" % "|".join(names("rcu-heads")),
                  text[m.end():end]) if end > 0 else None
    return True, f.group(1) if f else None


def in_rcu_callback(path, span):
    """The function at span (0-based first and last line) takes an
    rcu_head: an RCU callback, which runs after the grace period."""
    head = "\n".join(source.lines(path)[span[0]:min(span[0] + 3, span[1]) + 1])
    return bool(re.search(r"\bstruct\s+(?:%s)\s*\*" % "|".join(names("rcu-heads")), head.split("{")[0]))


def enclosing_call(path, line, col):
    """The name of the call whose argument list holds (line, col), 0-based
    column; looks back at most 5 lines. None outside any call."""
    lines = source.lines(path)
    depth = 0
    for ln in range(line, max(0, line - 5), -1):
        text = lines[ln - 1] if ln - 1 < len(lines) else ""
        end = col if ln == line else len(text)
        for k in range(end - 1, -1, -1):
            c = text[k]
            if c == ")":
                depth += 1
            elif c == "(":
                if depth == 0:
                    m = re.search(r"(\w+)\s*$", text[:k])
                    return m.group(1) if m else None
                depth -= 1
            elif c in ";{}" and depth == 0:
                return None
    return None
