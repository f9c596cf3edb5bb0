"""rcu-fence-free's evidence: is what a dma_fence release, or a kfree() of a
struct that embeds a GPU scheduler, frees at once an object that readers of
fences reach under RCU.

Fences are found under rcu_read_lock() (dma_fence_get_rcu(), dma_resv's
lockless readers, sync_file's and debugfs' timeline names), so the core
frees them with dma_fence_free() (kfree_rcu()). The SmPL finds a release of
a dma_fence_ops and its immediate frees, and every kfree() of a struct
pointer; this module relates the freed object to the fence (the fence
itself, or a container_of() of it) and reads the struct definitions, from
the file and the driver headers it includes ("x.h"), for an embedded
scheduler, one struct deep or through a wrapper.
"""
import os
import re

from . import source
from .macroindex import struct_name
from .rcu import in_rcu_callback, typesafe_cache
from .record import FileFindings, norm
from .vocab import calls, names

RULE = "rcu-fence-free"

TIMELINES = set(names("rcu-fence-timelines"))
TEARDOWN = calls("rcu-fence-timeline-teardowns")
# What frees after a grace period: a release that calls one defers its free.
DEFERS = calls("rcu-fence-frees", "rcu-free", "grace-period-defers")
SLAB_FREES = set(names("slab-cache-frees"))
# The object allocated in the function itself: a set-up's error path, before
# any fence of it exists.
_ALLOCATED = r"\b%s\s*=\s*(?:\([^()]*\)\s*)?\w*(?:alloc|zalloc|new|create|dup)\w*\s*\("
# Test code of the kernel: dma-buf's st-*.c, selftests/ and *_selftest.c.
_SELF_TEST = re.compile(r"(^|/)(selftests?|kunit|tests?)/|(^|/)st-[^/]*\.c$|selftest[^/]*\.c$|_test\.c$")
_NOT_CALLS = {"if", "while", "for", "switch", "return", "sizeof"}

_releases = {}      # release function -> (ops, line of the ops)

_life = FileFindings(RULE, _releases)
_found = _life.found


def flush():
    _life.flush()


def _text(path, span):
    return "\n".join(source.lines(path)[span[0]:span[1] + 1])


def _real(path):
    return os.path.realpath(source.whole_path(path))


def _self_test(path):
    return bool(_SELF_TEST.search(_real(path)))


# ------------------------------------------------------------ S5a: a release


def release_of(po, OPS, REL):
    """REL is the release of the fence ops OPS, defined at po."""
    _life.enter(po[0].file)
    _releases.setdefault(str(REL), (str(OPS), int(po[0].line)))


def _is_fence(x, f, body):
    """x is the fence f or its container: f itself, a call or container_of()
    of f, or a local the body sets from one."""
    x = norm(x)
    if x == f or re.fullmatch(r"&\s*%s" % re.escape(f), x):
        return True
    if re.fullmatch(r"\w+\s*\(\s*%s\s*(,.*)?\)" % re.escape(f), x):
        return True
    if not re.fullmatch(r"\w+", x):
        return False
    return bool(re.search(r"\b%s\s*=\s*(?:\([^()]*\)\s*)?\w+\s*\(\s*%s\s*[,)]" % (re.escape(x), re.escape(f)),
                          body))


def release_freed(pf, X, F, REL):
    """The release REL of a fence's ops frees X at pf: report it when X is
    the fence F or its container and the release defers nothing."""
    p = pf[0]
    _life.enter(p.file)
    path = p.file
    rel = _releases.get(str(REL))
    span = source.func_span(source.lines(path), p)
    if rel is None or span is None:
        return
    body = _text(path, span)
    if not _is_fence(str(X), str(F), body) or DEFERS.search(body):
        return
    k = (path, p.line, p.column)
    if k in _found:
        return
    line = source.line(path, int(p.line))
    fname = re.search(r"(\w+)\s*\(", line[int(p.column):])
    fname = fname.group(1) if fname else ""
    if fname in SLAB_FREES and typesafe_cache(path, int(p.line), int(p.column)):
        return      # readers of a typesafe cache revalidate what they find (dma_fence_get_rcu_safe())
    ev = {"fence_release": True, "at_ops": "%d:1" % rel[1]}
    if _self_test(path):
        ev["self_test"] = True
    x = norm(str(X))
    what = "%s, the fence," % x if x == str(F) else "%s, the fence's container," % x
    msg = ("%s is freed by %s() in %s(), the release of %s (line %d), with no grace period: a reader "
           "that found the fence under RCU (dma_fence_get_rcu(), dma_resv's lockless readers) may "
           "still hold it; the core's own free waits (dma_fence_free())" % (
               what, fname, REL, rel[0], rel[1]))
    _found[k] = (p, x, msg, ev)


# ----------------------------------------------- S5b: a scheduler's container

_defs = {}      # real path of a C file -> {struct tag: (member lines, where)}
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
_MEMBER = re.compile(r"^\s*struct\s+(\w+)\s+(\w+)\s*(?:\[[^\]]*\])?\s*(?:__\w+(?:\([^)]*\))?\s*)*;", re.M)
_MAX_HEADERS = 60


def _headers(path, real):
    """The file and the headers it includes with quotes, at any depth
    (resolved from the including file's directory), in reading order."""
    out, todo, seen = [], [real], set()
    while todo and len(out) < _MAX_HEADERS:
        f = todo.pop(0)
        if f in seen:
            continue
        seen.add(f)
        text = source.read_regular(f) if f != real else source.text(path)
        if text is None:
            continue
        out.append((f, text))
        for inc in _INCLUDE.findall(text):
            todo.append(os.path.normpath(os.path.join(os.path.dirname(f), inc)))
    return out


def _structs(path):
    """{tag: [(member type, member name, where)]} of every struct the file
    and its quoted headers define; where is "line N" in the file itself,
    else "header.h:N"."""
    real = _real(path)
    return source.memo(_defs, real, lambda: _read_structs(path, real))


def _read_structs(path, real):
    defs = {}
    for f, text in _headers(path, real):
        for m in re.finditer(r"^(?:typedef\s+)?struct\s+(\w+)\s*\{", text, re.M):
            if m.group(1) in defs:
                continue
            end = text.find("\n};", m.end())
            if end < 0:
                continue
            members = []
            for mm in _MEMBER.finditer(text, m.end(), end):
                line = text.count("\n", 0, mm.start(1)) + 1
                where = "line %d" % line if f == real else "%s:%d" % (
                    os.path.relpath(f, os.path.dirname(real)), line)
                members.append((mm.group(1), mm.group(2), where))
            defs[m.group(1)] = members
    return defs


def _embedded(defs, tag, depth=2):
    """(member path, timeline type, where) of a scheduler struct `tag`
    embeds, itself or through an embedded struct, or None."""
    for mtype, mname, where in defs.get(tag, ()):
        if mtype in TIMELINES:
            return mname, mtype, where
    if depth > 1:
        for mtype, mname, where in defs.get(tag, ()):
            if mtype != tag and mtype in defs:
                inner = _embedded(defs, mtype, depth - 1)
                if inner:
                    return "%s.%s" % (mname, inner[0]), inner[1], where
    return None


def _stops_scheduler(path, body):
    """The call in body that stops the scheduler: the teardown itself, or a
    function of the file whose body calls it (one level): its name, or None."""
    m = TEARDOWN.search(body)
    if m:
        return m.group(1)
    ls = source.lines(path)
    for name in sorted(set(re.findall(r"\b(\w+)\s*\(", body)) - _NOT_CALLS):
        span = source.func_named(ls, name)
        if span and TEARDOWN.search(_text(path, (span[0] + 1, span[1]))):
            return name
    return None


def container_freed(pf, X, T):
    """X, of type T, is freed at once at pf: report it when struct T embeds
    a scheduler its fences read under RCU."""
    p = pf[0]
    _life.enter(p.file)
    path = p.file
    tag = struct_name(T)
    x = norm(str(X))
    if not tag or "struct" not in str(T) or not re.fullmatch(r"[\w>.-]+", x):
        return
    k = (path, p.line, p.column)
    if k in _found:
        return
    emb = _embedded(_structs(path), tag)
    if not emb:
        return
    ls = source.lines(path)
    span = source.func_span(ls, p)
    if span is None or in_rcu_callback(path, span):
        return
    before = "\n".join(ls[span[0]:int(p.line) - 1])
    member, mtype, where = emb
    ev = {"scheduler_container": "struct %s embeds struct %s %s (%s)" % (tag, mtype, member, where)}
    if re.search(_ALLOCATED % re.escape(x), before):
        ev["allocated_here"] = True     # a set-up's error path: what it stops had no job yet
    else:
        stop = _stops_scheduler(path, before)
        if stop:
            ev["scheduler_stopped"] = stop
    if _self_test(path):
        ev["self_test"] = True
    line = ls[int(p.line) - 1]
    fname = re.search(r"(\w+)\s*\(", line[int(p.column):])
    fname = fname.group(1) if fname else ""
    msg = ("%s is freed by %s() with no grace period, but struct %s embeds the struct %s %s (%s), "
           "which its fences' ops read under RCU (the timeline name): a fence that outlives it and "
           "is read under rcu_read_lock() reaches freed memory" % (x, fname, tag, mtype, member, where))
    _found[k] = (p, "%s:%s" % (tag, member), msg, ev)
