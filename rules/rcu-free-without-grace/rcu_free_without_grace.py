"""rcu-free-without-grace's evidence: is an object that was just unlinked,
unpublished or erased, then freed with no grace period between, one that RCU
readers of this file can reach; and a module exit that leaves call_rcu()
callbacks of its file queued.

The SmPL finds the path (unlink ... free with no wait between); this module
reads the file's text for what makes the free matter or not: the readers of
the same list member or pointer (named in the message), the same struct type
freed after a grace period elsewhere, an rcu_head in the type, a helper of
the file that waits, a SLAB_TYPESAFE_BY_RCU cache, an RCU callback, a
comment. Findings are collected per file and reported once per free.
"""
import os
import re

from . import kbuild, macroindex, source
from .cexpr import loc_key, split_args, wsfree
from .rcu import in_rcu_callback, struct_rcu_head, typesafe_cache
from .record import FileFindings, Pos, at, norm
from .vocab import FAMILY, RCU_READ_LOCK, RCU_REPLACE, calls, names, pairs

RULE = "rcu-free-without-grace"

# The waits that end the danger (the SmPL's W set, for helpers of the file),
# each family whole (synchronize_rcu_tasks_rude(), call_rcu_tasks()).
WAITS = calls("grace-period-waits", "srcu-grace-period-waits", "rcu-barriers", "rcu-free",
              "grace-period-defers")
# A wait that ends every reader before the unlink: a teardown that has made
# the container unreachable first (dev_map_free(): synchronize_rcu() and
# rcu_barrier(), then the drain that frees each entry).
WAITED = calls("grace-period-waits", "srcu-grace-period-waits", "rcu-barriers")
# A module exit that calls a barrier itself (not one of its family), or a
# helper that names one, waits for the callbacks.
BARRIERS = re.compile(r"\b(%s)\s*\(" % "|".join(names("rcu-barriers")))
BARRIER_NAMED = re.compile(r"\b(?:%s)" % "|".join(names("rcu-barriers")))
# What queues a callback: a module exit must wait for those with rcu_barrier().
QUEUE_CALLBACK = re.compile(r"\b(?:%s)\s*\(([^;]*)\)\s*;" % "|".join(
    n for n in names("rcu-free", "grace-period-defers") if n.startswith("call_")))
# The families of rcu-free.list (call_rcu*, kfree_rcu*, kvfree_rcu*): their
# first argument is the object or its rcu_head (call_srcu()'s is the srcu_struct).
FREED_AFTER_GRACE = re.compile(r"\b(%s)\s*\(\s*&?\s*(\w+)" % "|".join(
    re.escape(n) + r"\w*" for n, v in pairs("rcu-free") if v == FAMILY))
LIST_READERS = calls("rcu-list-walks", "rcu-list-cursors")
HEADS = "|".join(names("rcu-heads"))
DEREFS = calls("rcu-dereference")
# Core unregister calls that run rcu_barrier() for their caller.
DRAINS = calls("rcu-barrier-drains")
FREES = names("immediate-frees", "slab-cache-frees")
PLAIN_FREES = calls("immediate-frees", "slab-cache-frees")
SLAB_FREES = names("slab-cache-frees")
RCU_UNLINK = set(names("rcu-list-del"))
ERASERS = set(names("id-erase"))
HOOK_UNREGISTERS = set(names("rcu-hook-unregisters"))
TUNNEL_PUBLISH = set(names("rcu-tunnel-publish"))
LOOKUPS = calls("id-lookups")
# A load that claims no protection is needed. Not rcu_dereference_protected(p, 1):
# written as often where a lock is held that the author did not name (tcp_ao).
SOLE_USER_READ = r"(?:%s)\(%%s\)" % "|".join(names("rcu-dereference-raw"))
READER_COMMENT = re.compile(r"(/\*|//)[^\n]*?\b(grace|readers?|rcu|never (been )?published|"
                            r"not (yet )?(visible|published)|no one|nobody)\b", re.I)

NOT_CALLS = {"if", "while", "for", "switch", "return", "sizeof"}
# Teardown calls that free nothing a reader could follow (lockdep's record of a mutex).
_NOT_FREEING = set(names("non-freeing-teardowns"))

# The functions of the file that unlink a parameter: (file, name) ->
# (parameter index, list member, unlink call, its line).
_unlinkers = {}
_life = FileFindings(RULE, _unlinkers)
_found = _life.found


def flush():
    _life.flush()

# ------------------------------------------------------------ the file's text


def _text(path, a, b):
    return "\n".join(source.lines(path)[a:b + 1])


def _struct_of(path, span, name):
    """The struct tag of local or parameter `name` in the function, or None."""
    if not re.match(r"^\w+$", name):
        return None
    m = re.search(r"\bstruct\s+(\w+)\s*(?:\*\s*\w+\s*(?:=[^,;]*)?,\s*)*\*\s*%s\b" % re.escape(name),
                  _text(path, span[0], span[1]))
    return m.group(1) if m else None


def _type_facts(path, tag):
    """What the file and the tree's headers say of struct `tag`: the name of
    the rcu_head member of its definition (here, else in the index); the
    line of a function of the file that frees one after a grace period."""
    text = source.text(path)
    defined, head = struct_rcu_head(text, tag)
    if not defined:
        head = macroindex.vocabulary()["heads"].get(tag)
    rcu_freed = None
    for m in FREED_AFTER_GRACE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        span = source.func_span(source.lines(path), _Line(path, line))
        if span and _struct_of(path, span, m.group(2)) == tag:
            rcu_freed = line
            break
    return head, rcu_freed


def _flat_body(p):
    """The text of p's function with all white space removed, or None."""
    span = source.func_span(source.lines(p.file), p)
    return wsfree(_text(p.file, span[0], span[1])) if span else None


class _Line(object):
    """A position given by line only, in the function that holds it."""

    def __init__(self, path, line):
        self.file = path
        self.line = line
        self.current_element = _enclosing(path, line)


def _enclosing(path, line):
    ls = source.lines(path)
    for i in range(line - 1, -1, -1):
        m = re.match(r"^(?:[A-Za-z_][\w\s\*]*\b)?(\w+)\s*\([^;]*$", ls[i])
        if m and not re.match(r"^\s", ls[i]) and m.group(1) not in ("if", "while", "for", "switch"):
            return m.group(1)
    return ""


def _readers(path, member, pkey):
    """The first line of the file that reads under RCU the list linked by
    `member`, or the pointer keyed `pkey`: (line, how) or None."""
    text = source.text(path)
    if member:
        for m in LIST_READERS.finditer(text):
            end = text.find(";", m.end())
            args = text[m.end():end if end > 0 else m.end() + 300]
            args = re.sub(r"\{.*", "", args, flags=re.S)
            if re.search(r",\s*%s\s*\)" % re.escape(member), args):
                return (text.count("\n", 0, m.start()) + 1, m.group(1) + "()")
    if pkey:
        for m in DEREFS.finditer(text):
            arg = text[m.end():m.end() + 200].split(")")[0]
            if re.search(r"(->|\.|\b)%s\b" % re.escape(pkey), arg):
                return (text.count("\n", 0, m.start()) + 1, m.group(1) + "()")
    return None


def _helper_match(paths, body, pattern):
    """A function called in body, defined in the first of paths that has it,
    whose body matches pattern (one level down): (its name, the match), or
    None."""
    for name in sorted(set(re.findall(r"\b(\w+)\s*\(", body)) - NOT_CALLS):
        for f in paths:
            span = source.func_named(source.lines(f), name)
            if span:
                m = pattern.search(_text(f, span[0] + 1, span[1]))
                if m:
                    return name, m
                break
    return None


def _helper_matching(paths, body, pattern):
    """_helper_match()'s function name, or None."""
    found = _helper_match(paths, body, pattern)
    return found[0] if found else None


def _waiting_helpers(path, between):
    """A function of the file called in `between` whose body waits for a
    grace period."""
    return _helper_matching([path], between, WAITS)


# ------------------------------------------------------------------ findings


def _judge(pu, pf, freed, how, member, pkey, ptext=None):
    """One finding at the free pf of `freed`, unlinked at pu by `how`."""
    p = pf[0]
    _life.enter(p.file)
    k = (p.file, p.line, p.column)
    if k in _found:
        return
    path = p.file
    span = source.func_span(source.lines(path), p)
    if span is None:
        return
    if in_rcu_callback(path, span):
        return      # freeing inside the RCU callback: the grace period is over
    ls = source.lines(path)
    ul = int(pu[0].line) if pu else int(p.line)
    if ul > int(p.line):
        return      # reached round a loop: the free is of the previous pass's object

    fline = ls[int(p.line) - 1] if int(p.line) <= len(ls) else ""
    ev = {}
    reader = _readers(path, member, pkey)
    if reader:
        ev["reader_in_file"] = True
        ev["at_reader"] = "%d:1" % reader[0]
    tag = _struct_of(path, span, norm(freed))
    if tag:
        head, rcu_freed = _type_facts(path, tag)
        if head:
            ev["has_rcu_head"] = True
            ev["rcu_head_field"] = head
        if rcu_freed:
            ev["type_freed_after_grace"] = True
            ev["at_grace_free"] = "%d:1" % rcu_freed
        routes = macroindex.vocabulary()["pointees"].get(tag)
        if routes:
            owner, field, where = routes[0]
            ev["reader_type"] = "struct %s is reached through the __rcu member %s.%s (%s)" % (
                tag, owner, field, where)
    before = "\n".join(ls[span[0]:ul - 1])
    waited = WAITED.search(before)
    if waited and pu:
        ev["after_grace_period"] = "%s() at line %d" % (
            waited.group(1), span[0] + 1 + before.count("\n", 0, waited.start()))
    helper = _waiting_helpers(path, "\n".join(ls[ul:int(p.line) - 1]))
    if helper:
        return      # the helper is the wait
    if typesafe_cache(path, int(p.line), int(p.column)):
        ev["typesafe_by_rcu"] = True
    if READER_COMMENT.search("\n".join(ls[max(span[0], ul - 4):int(p.line)])):
        ev["comment_explains"] = True
    fname = re.search(r"(\w+)\s*\(", fline[int(p.column):])
    fname = fname.group(1) if fname else FREES[0]
    if fname not in FREES:
        hspan = source.func_named(source.lines(path), fname)
        if hspan:
            hbody = _text(path, hspan[0] + 1, hspan[1])
            if WAITS.search(hbody) or how not in HOOK_UNREGISTERS and not PLAIN_FREES.search(hbody):
                return      # the helper defers (node_free(): kfree_rcu()), or frees through others
        ev["free_helper"] = fname
    if how in RCU_UNLINK:
        ev["rcu_unlink"] = True
    if how in ERASERS:
        ev["erased"] = how
        if LOOKUPS.search(source.text(path)) and RCU_READ_LOCK[0] in source.text(path):
            ev["rcu_lookup_in_file"] = True
    if how in HOOK_UNREGISTERS:
        ev["hook_unregistered"] = True
        who = "packets already in the hook may still run it and read its priv"
    elif how in TUNNEL_PUBLISH:
        ev["tunnel_user_data"] = True
        who = "packets already in the socket's receive path may still hold it"
    elif reader:
        who = "a reader of this file (%s at line %d) may still hold it" % (reader[1], reader[0])
    elif "reader_type" in ev:
        who = "readers reach it through %s.%s (%s) and may still hold it" % routes[0]
    elif how in ERASERS:
        who = "a lookup under rcu_read_lock() may still hold it"
    else:
        who = "a reader that found it before the unlink may still hold it"
    if pu and how in TUNNEL_PUBLISH:
        msg = "%s, the sk_user_data %s() published at line %s, is freed by %s() with no grace period: %s" % (
            norm(freed), how, pu[0].line, fname, who)
    elif pu:
        failed = " failed" if how in HOOK_UNREGISTERS and "unregister" not in how else ""
        msg = "%s is freed by %s() right after %s() at line %s%s with no grace period between: %s" % (
            norm(freed), fname, how, pu[0].line, failed, who)
    else:
        msg = "the object of %s is freed by %s() while %s still points at it (read with %s()), with no grace period: %s" % (
            ptext, fname, ptext, how, who)
    if pu:
        ev["at_unlink"] = at(pu[0])
    _found[k] = (p, norm(freed), msg, ev)


def unlinked(pu, pf, X, fld, how):
    """X, linked by member fld (or erased by `how`), is freed at pf."""
    _judge(pu, pf, str(X), str(how), str(fld), None)


def _array_base(text):
    """The variable an ops argument names: ops for &ops[--i], ops + 1 or ops."""
    m = re.match(r"^&?\s*\(?\s*(\w+)", norm(text))
    return m.group(1) if m else None


def hook_freed(pu, pf, O, X, how):
    """Hooks of the array O taken off the packet path at pu, then X freed at
    pf: X is the array, an element's priv, or what the function stores into
    a priv (ops[i].priv = table)."""
    base, x = _array_base(str(O)), wsfree(norm(str(X)))
    body = _flat_body(pf[0]) if base else None
    if not body:
        return
    priv = r"%s(?:\[[^\]]*\])?(?:\.|->)priv" % re.escape(base)
    if x == base or re.fullmatch(priv, x) or \
            re.search(r"%s=%s;" % (priv, re.escape(x)), body):
        _judge(pu, pf, str(X), str(how), None, None)


def tunnel_freed(pu, pf, CFG, X, how):
    """setup_udp_tunnel_sock(..., &CFG) at pu, X freed at pf: X is what the
    function stores into CFG's sk_user_data."""
    body = _flat_body(pf[0])
    if not body:
        return
    cfg, x = wsfree(norm(str(CFG))), wsfree(norm(str(X)))
    if re.search(r"%s\.sk_user_data=%s;" % (re.escape(cfg), re.escape(x)), body):
        _judge(pu, pf, str(X), str(how), None, None)


def _call_args(text):
    """The arguments of the call text starts with ("f(a, b);" -> [a, b])."""
    return split_args(text.split("(", 1)[-1].split(";")[0].rsplit(")", 1)[0])


def _param_names(head):
    """The parameter names of a function head "int f(struct a *x, int y)"."""
    params = split_args(head.split("(", 1)[-1].rsplit(")", 1)[0]) if "(" in head else []
    return [(re.findall(r"\w+", a) or [""])[-1] for a in params]


def unlinking_helper(p, P, fld, how):
    """The name of p's function when it unlinks its parameter P at p on
    every path (not inside a branch), else None."""
    q = p[0]
    _life.enter(q.file)
    ls = source.lines(q.file)
    span = source.func_span(ls, q)
    if span is None:
        return None
    head, _, body = _text(q.file, span[0], int(q.line) - 1).partition("{")
    names_ = _param_names(head)
    if str(P) not in names_:
        return None
    body += ls[int(q.line) - 1][:int(q.column)]
    if body.count("{") != body.count("}"):
        return None     # in a branch: an old entry replaced on some path (vxlan_fdb_nh_update())
    whole = _text(q.file, span[0] + 1, span[1])
    if WAITS.search(whole) or PLAIN_FREES.search(whole):
        return None     # it waits or frees itself
    _unlinkers[(q.file, q.current_element)] = (names_.index(str(P)), str(fld), str(how), int(q.line))
    return q.current_element


def unlinked_by_helper(pu, pf, X, helper):
    """X, handed to a function of the file that unlinks that argument with
    the _rcu list API (list_del_rcu(&param->fld)), is then freed at pf."""
    path = pf[0].file
    known = _unlinkers.get((path, str(helper)))
    x = norm(str(X))
    if known is None or not re.match(r"^\w+$", x):
        return
    index, fld, how, line = known
    call = source.lines(path)[int(pu[0].line) - 1][int(pu[0].column):]
    args = [norm(a) for a in _call_args(call)]
    if index >= len(args) or args[index] != x:
        return
    _judge(pu, pf, x, str(helper), fld, None)
    k = (pf[0].file, pf[0].line, pf[0].column)
    if k in _found:
        _found[k][3]["rcu_unlink"] = True
        _found[k][3]["unlink_helper"] = "%s() at line %d" % (how, line)


def _related(p, P, X):
    """X is the object P pointed at: X is P, names the same location, or is
    a local assigned from an expression that names P."""
    x, pt = norm(X), norm(P)
    if x == pt:
        return True
    kx, kp = loc_key(x), loc_key(pt)
    if kx and kp and kx == kp:
        return True
    body = _flat_body(p) if re.match(r"^\w+$", x) else None
    if not body:
        return False
    flat = wsfree(pt)
    return re.search(r"\b%s=[^;]*%s" % (re.escape(x), re.escape(flat)), body) is not None or \
        re.search(r"%s=%s;" % (re.escape(flat), re.escape(x)), body) is not None


def _read_as_sole_user(p, P, X):
    """X = rcu_dereference_raw(P) in p's function: the author claims that no
    reader or updater runs any more (a teardown of the owner: exit_aio())."""
    body = _flat_body(p) if re.match(r"^\w+$", X) else None
    if not body:
        return False
    flat = re.escape(wsfree(P))
    return re.search(r"\b%s=%s" % (re.escape(X), SOLE_USER_READ % flat), body) is not None


def nulled(pu, pf, P, X, how):
    """rcu_assign_pointer(P, NULL) (or X = rcu_replace_pointer(P, ...)), then X freed."""
    p = pf[0]
    if str(how) not in RCU_REPLACE and not _related(p, str(P), str(X)):
        return
    _judge(pu, pf, str(X), str(how), None, loc_key(norm(str(P))))
    k = (p.file, p.line, p.column)
    if k in _found and _read_as_sole_user(p, norm(str(P)), norm(str(X))):
        _found[k][3]["read_as_sole_user"] = True


def deferred_first(pd, pu, P, X, how):
    """kfree_rcu(X) (or call_rcu(&X->head)) at pd, then P, which pointed at
    X, cleared at pu: readers can still find X after its grace period began."""
    p = pd[0]
    path = p.file
    if int(pu[0].line) <= int(p.line) or not _related(p, str(P), str(X)):
        return
    _life.enter(path)
    k = (p.file, p.line, p.column)
    if k in _found:
        return
    ev = {"freed_before_unpublish": True, "at_unpublish": at(pu[0])}
    reader = _readers(path, None, loc_key(norm(str(P))))
    if reader:
        ev["reader_in_file"] = True
        ev["at_reader"] = "%d:1" % reader[0]
    ls = source.lines(path)
    if READER_COMMENT.search("\n".join(ls[max(0, int(p.line) - 4):int(pu[0].line)])):
        ev["comment_explains"] = True
    msg = "%s is queued for freeing by %s() before %s stops pointing at it (line %s): the grace " \
          "period began while readers could still find it, and does not wait for those that do" % (
              norm(str(X)), how, norm(str(P)), pu[0].line)
    _found[k] = (p, norm(str(X)), msg, ev)


# The allocation of the object in the function itself: a set-up's error path,
# before any reader could find it.
_ALLOCATED = r"\b%s\s*=\s*(?:\([^()]*\)\s*)?\w*(?:alloc|zalloc|new|create|dup)\w*\s*\("
_READER = re.compile(r"\b(?:%s)\b" % "|".join(map(re.escape, names("rcu-read-lock", "rcu-dereference",
                                                                   "rcu-list-walks"))))


def _part_reader(path, fld):
    """The first line of a function of the file that reads ->fld (or .fld)
    and takes a reader or loads an RCU pointer, or None."""
    text = source.text(path)
    for m in re.finditer(r"(?:->|\.)%s\b" % re.escape(fld), text):
        line = text.count("\n", 0, m.start()) + 1
        span = source.func_span(source.lines(path), _Line(path, line))
        if span and _READER.search(_text(path, span[0], span[1])):
            return line
    return None


def part_freed(pp, pd, X, fld, how):
    """X's member fld is freed (or put, destroyed) at pp while X itself is
    freed after a grace period at pd: the readers the grace period waits for
    may still hold X and use X->fld."""
    p = pp[0]
    path = p.file
    x = norm(str(X))
    if int(pd[0].line) <= int(p.line) or not re.match(r"^\w+$", x):
        return
    _life.enter(path)
    k = (p.file, p.line, p.column)
    if k in _found:
        return
    span = source.func_span(source.lines(path), p)
    if span is None:
        return
    ls = source.lines(path)
    before = "\n".join(ls[span[0]:int(p.line) - 1])
    if re.search(_ALLOCATED % re.escape(x), before):
        return      # allocated here: an error path before any reader could see it
    if WAITED.search(before):
        return      # the readers are gone before the part goes
    line = ls[int(p.line) - 1]
    fname = re.search(r"(\w+)\s*\(", line[int(p.column):])
    fname = fname.group(1) if fname else FREES[0]
    if fname in _NOT_FREEING:
        return
    hspan = source.func_named(ls, fname)
    if hspan and WAITS.search(_text(path, hspan[0] + 1, hspan[1])):
        return      # the helper defers the free itself
    ev = {"part_freed": True, "at_grace_free": at(pd[0])}
    reader = _part_reader(path, str(fld))
    if reader:
        ev["reader_in_file"] = True
        ev["at_reader"] = "%d:1" % reader
    if READER_COMMENT.search("\n".join(ls[max(span[0], int(p.line) - 4):int(pd[0].line)])):
        ev["comment_explains"] = True
    part = "%s->%s" % (x, fld)
    args = _call_args(line[int(p.column):])
    arg = next((norm(a) for a in args if part in norm(a)), part)
    msg = "%s() frees %s at once while %s waits for a grace period (%s() at line %s): a reader " \
          "that still holds %s may follow it to freed memory" % (fname, arg, x, how, pd[0].line, x)
    if reader:
        msg += " (the file reads ->%s under RCU at line %d)" % (fld, reader)
    _found[k] = (p, part, msg, ev)


def freed_published(pf, P, how):
    """kfree(rcu_dereference_protected(P, c)): P is not cleared first."""
    _judge(None, pf, norm(str(P)), str(how), None, loc_key(norm(str(P))), norm(str(P)))
    k = (pf[0].file, pf[0].line, pf[0].column)
    if k in _found:
        _found[k][3]["still_published"] = True


def _built_in_only(path):
    """The Kconfig symbol that builds the file, when Kbuild can only link it
    into the kernel (`bool`, not `tristate`): its module exit never runs.
    Read from the directory's Makefile (obj-$(CONFIG_X) += file.o, or the
    composite object the file is part of) and the Kconfig files of the
    directory and its two parents."""
    real = os.path.realpath(source.whole_path(path))
    d = os.path.dirname(real)
    objs = [os.path.splitext(os.path.basename(real))[0]] + kbuild.composite_of(real)
    m = re.search(r"^obj-\$\((CONFIG_\w+)\)\s*[:+]?=[^\n]*\b(?:%s)\.o\b" % "|".join(map(re.escape, objs)),
                  kbuild.makefile(d), re.M)
    if not m:
        return None
    sym = m.group(1)[len("CONFIG_"):]
    for k in range(3):
        kconfig = source.read_regular(os.path.join(d, "Kconfig")) or ""
        c = re.search(r"^\s*(?:menu)?config\s+%s\s*\n((?:[ \t]+[^\n]*\n|\s*\n)*)" % re.escape(sym),
                      kconfig, re.M)
        if c:
            return m.group(1) if re.search(r"^\s*(?:bool|def_bool)\b", c.group(1), re.M) else None
        d = os.path.dirname(d)
    return None


def _queued_callbacks(text):
    """(line, callback) of each call_rcu() of text whose callback text defines."""
    out = []
    for m in QUEUE_CALLBACK.finditer(text):
        cb = m.group(1).split(",")[-1].strip()
        if re.match(r"^\w+$", cb) and re.search(r"\b%s\s*\(\s*struct\s+(?:%s)\b" % (re.escape(cb), HEADS), text):
            out.append((text.count("\n", 0, m.start()) + 1, cb))
    return out


def _module_callbacks(real, others):
    """(file, line, callback) of the callbacks the other files of the exit
    file real's composite object queue: one module, one exit."""
    out = []
    for part in others:
        out += [(os.path.relpath(part, os.path.dirname(real)), line, cb)
                for line, cb in _queued_callbacks(source.read_regular(part) or "")]
    return out


def _code(line):
    """A source line without its comments."""
    return re.sub(r"//.*|/\*.*?(\*/|$)|^\s*\*.*", "", line)


def _drains_elsewhere(paths, exit_fn, also=()):
    """file:line of an rcu_barrier() in a function of the module other than
    its exit (and the helpers `also` it calls): the authors drain the
    callbacks on a teardown path (a device release, a table of exit
    functions) the rule does not follow."""
    for f in paths:
        for i, l in enumerate(source.lines(f)):
            if BARRIERS.search(_code(l)) and _enclosing(f, i + 1) not in ("", exit_fn) + tuple(also):
                return "%s:%d" % (os.path.basename(f), i + 1)
    return None


# What runs a module's pending work or deferred callbacks (destroy_workqueue()),
# which may queue more call_rcu() callbacks of the module.
RUNNERS = calls("exit-callback-runners")
QUEUES_OR_RUNS = re.compile("%s|%s" % (QUEUE_CALLBACK.pattern, RUNNERS.pattern))


def _called(paths, code, pattern):
    """(helper, what of pattern its body names) for a function of the module
    called in code whose body matches pattern (one level down), or None."""
    found = _helper_match(paths, code, pattern)
    return (found[0], re.match(r"\w+", found[1].group(0)).group(0)) if found else None


def _run_after_drain(paths, path, span):
    """A module exit (span in path) that waits for the callbacks (a barrier
    or a drain, in its body or in a helper of the module it calls), then
    calls what may queue more: a runner of the module's pending work
    (exit-callback-runners.list), or a helper of the module that queues with
    call_rcu() or calls a runner. (wait, its helper or None, line, runner,
    its helper or None, line), or None when the last wait comes after them."""
    ls = source.lines(path)
    last = None
    for i in range(span[0] + 1, span[1]):
        code = _code(ls[i])
        m = BARRIERS.search(code) or DRAINS.search(code)
        h = None if m else _called(paths, code, BARRIER_NAMED)
        if m:
            last = (m.group(1), None, i + 1)
        elif h:
            last = (h[1], h[0], i + 1)
    if last is None:
        return None
    for i in range(last[2], span[1]):
        code = _code(ls[i])
        m = RUNNERS.search(code)
        h = None if m else _called(paths, code, QUEUES_OR_RUNS)
        if m:
            return last + (m.group(1), None, i + 1)
        if h:
            return last + (h[1], h[0], i + 1)
    return None


# A global RCU pointer cleared: RCU_INIT_POINTER(hook, NULL).
GLOBAL_CLEARED = re.compile(r"\b(%s)\s*\(\s*(\w+)\s*,\s*NULL\s*\)\s*;" % "|".join(names("rcu-publish")))
# What a module exit tears down that a hook's functions may still use.
EXIT_TEARDOWNS = calls("rcu-barrier-drains", "module-teardowns", "rcu-hook-unregisters")


def _hook_cleared(q, fn, others):
    """The module exit fn clears a global RCU pointer (a hook other code
    calls through under rcu_read_lock()) and waits for no grace period
    after: a reader that loaded it just before still runs the module's
    functions, on data the exit may already have torn down, or after the
    module's text is gone."""
    path = q.file
    ls = source.lines(path)
    span = source.func_named(ls, fn)
    if span is None:
        return
    body = _text(path, span[0] + 1, span[1])
    for m in GLOBAL_CLEARED.finditer(body):
        g = m.group(2)
        if re.search(r"[\w*]\s+\**\s*%s\s*[=;\[]" % re.escape(g), body):
            continue    # a local
        after = body[m.end():]
        if WAITED.search(after) or DRAINS.search(after) or \
                _helper_matching([path] + others, after, WAITED):
            continue
        line = span[0] + 2 + body.count("\n", 0, m.start())
        col = ls[line - 1].find(m.group(1))
        pos = Pos(q, line=str(line), column=str(max(col, 0)))
        pos.current_element = fn
        ev = {"exit_hook_cleared": True}
        torn = EXIT_TEARDOWNS.search(body[:m.start()])
        if torn:
            ev["exit_torn_down_first"] = torn.group(1)
            first = "after %s() tore down what it reaches, " % torn.group(1)
        else:
            first = ""
        msg = ("module exit %s() clears the RCU pointer %s with %s() %sand waits for no grace "
               "period after: a reader that loaded it under rcu_read_lock() just before may still "
               "run the module's functions, on freed data or after its code is gone" % (
                   fn, g, m.group(1), first))
        _found[(path, pos.line, pos.column)] = (pos, g, msg, ev)


def module_exit(p, fn):
    """A module exit: callbacks the file queues with call_rcu() must have run
    before the module's text goes, which takes rcu_barrier(); a global RCU
    hook it clears needs a grace period before it returns."""
    q = p[0]
    _life.enter(q.file)
    path = q.file
    if _built_in_only(path):
        return      # a bool option: the code is never a module, the exit never runs
    real = os.path.realpath(source.whole_path(path))
    others = [f for f in kbuild.composite_parts(real) if f != real]
    _hook_cleared(q, str(fn), others)
    callbacks = [(None, line, cb) for line, cb in _queued_callbacks(source.text(path))]
    if not callbacks:
        callbacks = _module_callbacks(real, others)
    if not callbacks:
        return
    span = source.func_named(source.lines(path), str(fn))
    if span is None:
        return
    body = _text(path, span[0], span[1])
    late = None
    if BARRIERS.search(body) or DRAINS.search(body) or \
            _helper_matching([path] + others, "\n".join(source.lines(path)[span[0] + 1:span[1]]),
                             BARRIER_NAMED):
        late = _run_after_drain([path] + others, path, span)
        if late is None:
            return      # the wait is the exit's last teardown that may queue a callback
    ls = source.lines(path)
    last = span[1]
    j = span[1] - 1
    while j > span[0] and not ls[j].strip().endswith(";"):
        j -= 1
    if j > span[0]:
        last = j
    col = len(ls[last]) - len(ls[last].lstrip())
    pos = Pos(q, line=str(last + 1), column=str(col))
    pos.current_element = str(fn)
    part, line, cb = callbacks[0]
    ev = {"module_callbacks": len(callbacks),
          "module_drains_elsewhere": _drains_elsewhere([real] + others, str(fn),
                                                       late[1:2] if late and late[1] else ())}
    if part is None:
        ev["at_call_rcu"] = "%d:1" % line
        where, whose = "line %d" % line, "this file queues"
    else:
        ev["module_part"] = "%s:%d" % (part, line)
        where, whose = "%s:%d" % (part, line), "its module queues"
    if late:
        wait, helper, wline, run, via, rline = late
        ev["exit_drain_not_last"] = "%s() at line %d" % (via or run, rline)
        ev["exit_drain"] = "%s() at line %d" % (helper or wait, wline)
        wait = "%s() in %s()" % (wait, helper) if helper else wait + "()"
        run = "%s() in %s()" % (run, via) if via else run + "()"
        msg = ("module exit %s() waits for pending callbacks (%s at line %d) before %s at line %d, "
               "which runs work of the module that may queue more of the callbacks %s with call_rcu() "
               "(%s at %s): they would run after the module's code is gone"
               % (fn, wait, wline, run, rline, whose, cb, where))
    else:
        msg = ("module exit %s() returns with no rcu_barrier() while callbacks %s with "
               "call_rcu() (%s at %s) may still be pending: they would run after the module's code is gone"
               % (fn, whose, cb, where))
    _found[(path, pos.line, pos.column)] = (pos, str(fn), msg, ev)
