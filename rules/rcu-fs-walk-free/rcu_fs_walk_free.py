"""rcu-fs-walk-free's evidence: does RCU path walk read what a filesystem's
teardown method frees at once?

The SmPL finds the teardown methods (kill_sb, put_super, an fs_context's
free, destroy_inode: their ops tables) and every call in them with each
argument. This module keeps the frees (a plain free, or a helper of the file
that frees its argument) of what RCU walk reads: the object behind
sb->s_fs_info, a member of it the filesystem's walk methods load, the options
a remount swapped out of it, the inode itself or its i_link. It reads the
filesystem's other files (the Kbuild module of the directory, and its
headers) for the methods RCU walk calls (d_hash, d_compare, and d_revalidate,
permission, get_link unless they return -ECHILD first) and what they read;
no such reader, no finding. Findings are collected per file and reported
once per free.
"""
import os
import re

from . import kbuild, source
from .cexpr import balanced, call_args, split_args
from .rcu import in_rcu_callback, struct_rcu_head
from .record import FileFindings, Pos, norm
from .vocab import calls, names, pairs

RULE = "rcu-fs-walk-free"

# ops member -> the struct of the table that holds it
TEARDOWN = dict(pairs("fs-teardown-ops") + pairs("fs-context-teardown-ops"))
CONTEXT_FREE = set(names("fs-context-teardown-ops"))
DESTROY_INODE = names("fs-teardown-ops")[-1]       # the last line: the inode's
WALK_METHODS = pairs("fs-rcu-walk-methods")     # (method, always|bail), in order
DEFERRED_OPS = names("fs-deferred-free-ops")
SB_MEMBERS = names("fs-rcu-walk-sb-members")
INFO = SB_MEMBERS[0]
MAPS = dict(pairs("fs-rcu-walk-sb-maps"))       # struct type -> super_block member
INODE_MEMBERS = names("fs-rcu-walk-inode-members")
INODE_FREES = set(names("fs-inode-frees"))
PLAIN_FREES = set(names("immediate-frees"))
SLAB_FREES = set(names("slab-cache-frees"))
WAITS = calls("grace-period-waits", "srcu-grace-period-waits", "rcu-barriers", "rcu-free",
              "grace-period-defers", "fs-grace-period-waits")
_BAILS = pairs("fs-rcu-walk-bails")
BAIL_TESTS = "|".join(n for n, v in _BAILS if v == "test")
BAIL_ERROR = "|".join(n for n, v in _BAILS if v == "error")
# The test of RCU mode a method branches on: flags & LOOKUP_RCU, mask & MAY_NOT_BLOCK,
# get_link's !dentry; and the -ECHILD that refuses it.
RCU_TEST = re.compile(r"\b(?:%s)\b|!\s*\w*dentry\b" % BAIL_TESTS)
ECHILD = re.compile(r"^\s*return\s+(?:\w+\s*\(\s*)?-\s*(?:%s)\b" % BAIL_ERROR)
NOT_CALLS = {"if", "while", "for", "switch", "return", "sizeof", "typeof", "defined"}
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_HEAD = re.compile(r"^(?:[A-Za-z_][\w\s\*]*?\b)?(\w+)\s*\([^;]*$")

_teardowns = {}     # teardown method of the file -> its ops member

_life = FileFindings(RULE, _teardowns)
_found = _life.found


def flush():
    _life.flush()


def teardown_method(p, S, M, FN):
    """Is .M = FN in a struct S table one of the teardown methods?"""
    _life.enter(p[0].file)
    if TEARDOWN.get(str(M)) == str(S):
        _teardowns[str(FN)] = str(M)


# ------------------------------------------------------------ the filesystem


class _Fs(object):
    """The files of a filesystem: the .c files Kbuild links into the module
    of the checked file (the file alone when none) and the headers of its
    directory; their functions, the walk methods they set and what those
    read."""

    def __init__(self, files):
        self.lines = {}
        self.code = {}
        for f in files:
            text = source.read_regular(f)
            if text is not None:
                self.lines[f] = text.split("\n")
                self.code[f] = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
        self.funcs = {}
        for f, ls in self.lines.items():
            self._index(f, ls)
        alltext = "\n".join(self.code.values())
        self.accessors = self._accessors(alltext)
        self.reads = re.compile(r"->\s*(?:%s)\b%s" % (
            "|".join(SB_MEMBERS),
            "".join(r"|\b%s\s*\(" % re.escape(a) for a in sorted(self.accessors))))
        self.info_tags = set(re.findall(r"\bstruct\s+(\w+)\s*\*\s*\w+\s*=\s*(?:\([^()]*\)\s*)?[\w>.-]*->\s*%s\b"
                                        % INFO, alltext)) | set(self.accessors.values()) - {None}
        self.has_deferred_free = any(re.search(r"\.\s*%s\s*=" % m, alltext) for m in DEFERRED_OPS)
        self.swapped = set(re.findall(r"\bswap\s*\(\s*\w+\s*->\s*(\w+)\s*,\s*\w+\s*->\s*fs_private\s*\)", alltext))
        self.readers = []
        self.read_members = set()
        for method, kind in WALK_METHODS:
            for fn in sorted(set(re.findall(r"\.\s*%s\s*=\s*&?\s*(\w+)" % method, alltext))):
                r = self._reader(fn, kind == "bail", 0, set())
                if r:
                    self.readers.append(dict(method=method, fn=fn, always=kind != "bail", **r))
                    self._members(fn, 0, set())
        # the strongest reader first: always called in RCU mode, then read directly
        self.readers.sort(key=lambda r: (not r["always"], bool(r["via"])))

    def _index(self, f, ls):
        for i, l in enumerate(ls):
            m = _HEAD.match(l)
            if not m or re.match(r"^\s|^(?:return|if|while|for|else|do|switch)\b|^#", l):
                continue
            j = i
            while j < len(ls) and j < i + 12 and "{" not in ls[j] and ";" not in ls[j]:
                j += 1
            if j < len(ls) and "{" in ls[j] and ";" not in ls[j].split("{")[0]:
                self.funcs.setdefault(m.group(1), (f, i, source._body_end(ls, j)))

    def _accessors(self, text):
        """name -> struct tag (or None) of the macros and inline helpers that
        return sb->s_fs_info."""
        out = {}
        for m in re.finditer(r"#\s*define\s+(\w+)\s*\(\s*\w+\s*\)([^\n]*)", text):
            if re.search(r"->\s*%s\b" % INFO, m.group(2)):
                t = re.search(r"\bstruct\s+(\w+)\s*\*", m.group(2))
                out[m.group(1)] = t.group(1) if t else None
        for m in re.finditer(r"\bstruct\s+(\w+)\s*\*\s*(\w+)\s*\([^;{)]*\)\s*\{\s*return\s[^;]*->\s*%s\s*;\s*\}"
                             % INFO, text):
            out[m.group(2)] = m.group(1)
        return out

    def body(self, fn):
        """(file, first, last, code) of function fn, or None."""
        if fn not in self.funcs:
            return None
        f, a, b = self.funcs[fn]
        code = self.code[f].split("\n")[a:b + 1]
        return f, a, b, "\n".join(code)

    def _callees(self, code):
        body = code[code.find("{"):] if "{" in code else code
        body = re.sub(r"\b(?:%s)\s*\([^;]*" % "|".join(sorted(PLAIN_FREES | SLAB_FREES)), "", body)
        return [c for c in dict.fromkeys(re.findall(r"\b(\w+)\s*\(", body))
                if c not in NOT_CALLS and c in self.funcs]

    def _reader(self, fn, bails, depth, seen):
        """Where fn (or a function of the filesystem it calls, two levels
        down) reads the superblock's info: {file, line, via}, or None. Of a
        method that tests RCU mode only what that mode runs counts: not what
        follows a branch that returns -ECHILD (or an RCU variant's result),
        nor the else of the branch."""
        b = self.body(fn)
        if not b or fn in seen:
            return None
        seen.add(fn)
        f, a, _, code = b
        body = code[code.find("{"):]
        off = len(code) - len(body)
        if bails:
            body = _rcu_mode(body)
        m = self.reads.search(body)
        if m:
            return dict(file=f, line=a + 1 + code.count("\n", 0, off + m.start()), via="")
        if depth < 2:
            for c in self._callees(body):
                r = self._reader(c, False, depth + 1, seen)
                if r:
                    call = re.search(r"\b%s\s*\(" % re.escape(c), body)
                    return dict(file=f, line=a + 1 + code.count("\n", 0, off + call.start()),
                                via=r["via"] or c)
        return None

    def _members(self, fn, depth, seen):
        """The members of the info struct fn and its callees (two levels) load."""
        b = self.body(fn)
        if not b or fn in seen:
            return
        seen.add(fn)
        code = b[3]
        if self.info_tags:
            tags = "|".join(map(re.escape, sorted(self.info_tags)))
            for v in re.findall(r"\bstruct\s+(?:%s)\s*\*\s*(\w+)" % tags, code):
                self.read_members.update(re.findall(r"\b%s\s*->\s*(\w+)" % re.escape(v), code))
        for acc in self.accessors:
            self.read_members.update(re.findall(r"\b%s\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*->\s*(\w+)"
                                                % re.escape(acc), code))
        if depth < 2:
            for c in self._callees(code):
                self._members(c, depth + 1, seen)

    def struct_has_head(self, tag):
        for code in self.code.values():
            defined, head = struct_rcu_head(code, tag)
            if defined:
                return head is not None
        return False


_fs = {}


def _blank(text, a, b):
    return text[:a] + re.sub(r"[^\n]", " ", text[a:b]) + text[b:]


def _statement_end(text, k):
    """Index just past the statement or block that starts at text[k]."""
    if text[k] == "{":
        depth = 0
        for j in range(k, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                return j + 1
        return len(text)
    j = k
    while j < len(text):
        if text[j] in "({":
            inner = balanced(text, j) if text[j] == "(" else None
            j += len(inner) + 2 if inner is not None else 1
            continue
        if text[j] == ";":
            return j + 1
        j += 1
    return len(text)


def _block_end(text, k):
    """Index of the "}" that closes the innermost block holding text[k], or
    len(text) when that block is the function's own (text[0] == "{")."""
    opens = []
    for j in range(k):
        if text[j] == "{":
            opens.append(j)
        elif text[j] == "}" and opens:
            opens.pop()
    if len(opens) <= 1:
        return len(text)
    return _statement_end(text, opens[-1]) - 1


_IF = re.compile(r"\bif\s*\(")


def _rcu_mode(body):
    """The body with what RCU mode never runs blanked, for a method that tests
    it: if (flags & LOOKUP_RCU) B1 else B2 runs B1, not B2; a B1 that returns
    (-ECHILD, or an RCU variant's result) ends the method there, or only the
    block that holds the test when it is nested (ext4_get_link()'s inline
    data): then the tests after that block count too."""
    m = _IF.search(body)
    while m:
        cond = balanced(body, m.end() - 1)
        if cond is None or not RCU_TEST.search(cond) or re.match(r"\s*!\s*\(", cond):
            m = _IF.search(body, m.end())
            continue
        k = m.end() + len(cond) + 1
        while k < len(body) and body[k].isspace():
            k += 1
        end = _statement_end(body, k)
        branch = body[k:end]
        inner = branch[1:-1] if branch.startswith("{") else branch
        top = re.sub(r"\{[^{}]*\}", "", inner)
        while re.search(r"\{[^{}]*\}", top):
            top = re.sub(r"\{[^{}]*\}", "", top)
        outer = _block_end(body, m.start())
        if ECHILD.match(inner) or re.search(r"(?:^|;|\})\s*return\b", top):
            body = _blank(body, end, outer)
        else:
            e = re.match(r"\s*else\b\s*", body[end:])
            if e:
                k2 = end + e.end()
                body = _blank(body, k2, _statement_end(body, k2))
        if outer == len(body):
            return body
        m = _IF.search(body, outer)
    return body


def _fs_of(path):
    """The checked file's real path, and its filesystem's facts (kept while
    spatch stays in the same module)."""
    real = os.path.realpath(source.whole_path(path))
    d = os.path.dirname(real)
    parts = kbuild.composite_parts(real)
    headers = sorted(e.path for e in source.listdir(d) if e.name.endswith(".h"))
    files = tuple((parts if real in parts else [real]) + headers)
    return real, source.memo(_fs, files, lambda: _Fs(files))


# ------------------------------------------------------------------ the free


def _args_at(p):
    """The arguments of the call at spatch position p."""
    ls = source.lines(p.file)
    text = "\n".join(ls[int(p.line) - 1:int(p.line) + 20])[int(p.column):]
    k = text.find("(")
    return split_args(call_args(text, k)) if k >= 0 else []


def _frees_arg(fname, args, x):
    """Does call fname(args) free x at once with the kernel's API?"""
    xs = [norm(a) for a in args]
    if fname in PLAIN_FREES or fname in INODE_FREES:
        return xs[:1] == [x]
    if fname in SLAB_FREES:
        return xs[1:2] == [x]
    return False


def _helper_free(fs, real, fname, args, x):
    """A function of the filesystem, fname, that frees its parameter at the
    place of x in args with no wait before: (file, line index, column) of
    that free, or None."""
    b = fs.body(fname)
    xs = [norm(a) for a in args]
    if not b or x not in xs:
        return None
    f, a, _, code = b
    head = code[:code.find("{")] if "{" in code else code
    params = re.findall(r"(\w+)\s*(?:,|\)\s*$)", re.sub(r"\s+", " ", head.strip()))
    i = xs.index(x)
    if i >= len(params):
        return None
    prm = params[i]
    m = re.search(r"\b(%s)\s*\(\s*(?:\w+\s*,\s*)?%s\s*\)" % ("|".join(sorted(PLAIN_FREES | SLAB_FREES)),
                                                        re.escape(prm)), code)
    if not m or WAITS.search(code[:m.start()]):
        return None
    line = a + code.count("\n", 0, m.start())
    col = m.start() - (code.rfind("\n", 0, m.start()) + 1)
    return f, line, col


def _func_text(p):
    ls = source.lines(p.file)
    span = source.func_span(ls, p)
    return ("\n".join(ls[span[0]:span[1] + 1]), span[0]) if span else ("", 0)


def _params(text):
    head = text[:text.find("{")] if "{" in text else text
    return dict((n, t) for t, n in re.findall(r"\bstruct\s+(\w+)\s*\*\s*(\w+)", head))


def _reader_evidence(fs, r, real):
    where = "%s:%d" % (os.path.relpath(r["file"], os.path.dirname(real)), r["line"])
    ev = {"reader": "%s %s" % (r["method"], r["fn"]), "reader_at": where}
    if r["always"]:
        ev["reader_always"] = r["method"]
    else:
        ev["reader_unbailed"] = r["method"]
    if r["via"]:
        ev["reader_via_helper"] = r["via"]
    return ev


def _reader_text(r, real):
    where = "%s:%d" % (os.path.relpath(r["file"], os.path.dirname(real)), r["line"])
    how = " through %s()" % r["via"] if r["via"] else ""
    cond = "" if r["always"] else " (it does not return -ECHILD in RCU mode first)"
    return "%s() (.%s) reads it%s at %s%s" % (r["fn"], r["method"], how, where, cond)


def _add(p, key, msg, ev, line=None, column=None, fn=None):
    pos = Pos(p, line=line, column=column)
    if fn:
        pos.current_element = fn
    k = (pos.file, str(pos.line), str(pos.column))
    if k not in _found:
        _found[k] = (pos, key, msg, ev)


def freed(pf, F):
    """A call F(...): in a teardown method, each argument may be freed."""
    p = pf[0]
    _life.enter(p.file)
    T = p.current_element
    if T not in _teardowns:
        return
    args = _args_at(p)
    for x in dict.fromkeys(norm(a) for a in args):
        _freed(p, T, _teardowns[T], str(F), args, x)


def _freed(p, T, method, fname, args, x):
    """A call fname(args) in teardown method T (.method) that may free x."""
    real, fs = _fs_of(p.file)
    text, first = _func_text(p)
    before = "\n".join(text.split("\n")[:int(p.line) - first])
    if WAITS.search(_COMMENT.sub("", before)):
        return      # a grace period (or a deferred free) comes first
    if method == DESTROY_INODE:
        return _inode_freed(p, fs, real, text, str(T), fname, args, x)
    params = _params(text)
    # what the method's argument leads to: sb->s_fs_info (or XX_SB(sb)), or fc->fs_private
    if method in CONTEXT_FREE:
        ctx = [n for n, t in params.items()]
        roots = [r"%s\s*->\s*fs_private" % re.escape(n) for n in ctx] if fs.swapped else []
    else:
        sbs = [n for n, t in params.items()]
        roots = [r"%s\s*->\s*%s" % (re.escape(n), INFO) for n in sbs]
        roots += [r"%s\s*\(\s*%s\s*\)" % (re.escape(a), re.escape(n)) for a in fs.accessors for n in sbs]
    if not roots:
        return
    root = "(?:%s)" % "|".join(roots)
    aliases = set(re.findall(r"\b(\w+)\s*=\s*(?:\([^()]*\)\s*)?%s\s*[;,]" % root, text))
    kind = member = None
    if re.fullmatch(root, x) or x in aliases:
        kind = "info" if method not in CONTEXT_FREE else "options"
    else:
        m = re.fullmatch(r"(\w+|%s)\s*->\s*(\w+)" % root, x)
        if m and (m.group(1) in aliases or re.fullmatch(root, m.group(1))) and method not in CONTEXT_FREE:
            kind, member = "member", m.group(2)
    if kind is None:
        return
    if kind == "options":
        member = next((s for s in sorted(fs.swapped) if s in fs.read_members), None)
        if member is None:
            return
    elif kind == "member" and member not in fs.read_members:
        return
    if not fs.readers:
        return
    at_line = at_col = in_fn = None
    helper = None
    if not _frees_arg(fname, args, x):
        h = _helper_free(fs, real, fname, args, x)
        if not h:
            return
        helper = fname
        if kind == "info" and h[0] == real:
            at_line, at_col, in_fn = str(h[1] + 1), str(h[2]), fname
    r = fs.readers[0]
    ev = _reader_evidence(fs, r, real)
    ev["teardown"] = method
    tag = _params(text).get(x) or next(iter(re.findall(r"\bstruct\s+(\w+)\s*\*\s*%s\b" % re.escape(x), text)), None)
    if kind == "info" and tag and fs.struct_has_head(tag):
        ev["has_rcu_head"] = tag
    if kind != "info":
        ev["part_of_info"] = member
    if helper:
        ev["free_helper"] = helper
    what = {"info": "%s, the superblock's %s," % (x, INFO),
            "member": "%s, which the superblock's %s points to," % (x, INFO),
            "options": "%s, the options a remount swapped out of ->%s," % (x, member)}[kind]
    via = " (in %s())" % helper if helper and at_line else (" through %s()" % helper if helper else "")
    when = "when the fs_context is freed" if kind == "options" else "at unmount"
    msg = ("%s() frees %s at once%s %s while RCU path walk may still read it with no reference on the "
           "superblock: %s; free it after a grace period (kfree_rcu(), call_rcu())"
           % (str(T), what, via, when, _reader_text(r, real)))
    _add(p, x, msg, ev, at_line, at_col, in_fn)


def _inode_freed(p, fs, real, text, T, fname, args, x):
    """A destroy_inode that frees the inode (or its container, or i_link) at once."""
    inodes = [n for n, t in _params(text).items() if t == "inode"]
    if not inodes:
        return
    n = re.escape(inodes[0])
    part = None
    if re.fullmatch(r"%s|\w+\s*\(\s*%s\s*\)|container_of\s*\(\s*%s\s*,.*\)" % (n, n, n), x):
        what = "the inode"
    else:
        m = re.fullmatch(r"%s\s*->\s*(%s)" % (n, "|".join(INODE_MEMBERS)), x)
        if not m:
            return
        part = m.group(1)
        what = "the inode's %s" % part
    if not _frees_arg(fname, args, x):
        return
    ev = {"inode_freed": part or "inode", "teardown": DESTROY_INODE}
    if fs.has_deferred_free:
        ev["has_free_inode"] = True
    if re.search(r"(^|/)tests?/|selftest", real) or re.search(r"_tests?_", T):
        ev["selftest"] = True
    msg = ("%s() frees %s (%s) at once as .%s while RCU path walk, which holds no reference on it, may "
           "still read it; free it from .%s, which runs after a grace period"
           % (T, what, x, DESTROY_INODE, DEFERRED_OPS[0]))
    _add(p, x, msg, ev)


def freed_map(pf, S, X, FREE):
    """kfree(map) of a struct the VFS's own walk methods read through a
    super_block member (the case-folding map behind sb->s_encoding)."""
    p = pf[0]
    _life.enter(p.file)
    tag = str(S)
    if tag not in MAPS:
        return
    x = norm(str(X))
    text, first = _func_text(p)
    if text and in_rcu_callback(p.file, (first, first + text.count("\n"))):
        return      # the RCU callback: freed after the grace period
    if re.search(r"\b%s\s*=\s*\w*alloc\w*\s*\(" % re.escape(x), text):
        return      # allocated here: freed on an error path before anyone saw it
    before = "\n".join(text.split("\n")[:int(p.line) - first])
    if WAITS.search(_COMMENT.sub("", before)):
        return
    ev = {"shared_map": "%s %s" % (MAPS[tag], tag)}
    msg = ("%s (struct %s) is freed at once while RCU path walk may still read it through the superblock's "
           "%s, with no reference: the VFS's case-folding d_hash and d_compare do; "
           "free it after a grace period (call_rcu())" % (x, tag, MAPS[tag]))
    _add(p, x, msg, ev)
