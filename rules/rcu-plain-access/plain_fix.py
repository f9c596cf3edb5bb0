"""Whether an rcu-plain-access fix can be sparse-clean: an RCU accessor
(rcu_dereference(), rcu_assign_pointer(), RCU_INIT_POINTER(), ...) on a
pointer not declared __rcu adds sparse's "different address spaces"
warning. The real conversion marks the member __rcu and converts every
other access to it; lockers does not make that change, so it refuses with
the accesses a human would have to convert."""
import os
import re

from . import source
from .cexpr import split_top
from .vocab import RCU_READ_LOCK, RCU_READ_UNLOCK, names


def _member(key):
    m = re.search(r"(?:->|\.)\s*(\w+)$", key) or re.match(r"^(\w+)$", key)
    return m.group(1) if m else None


def _declarations(path, member):
    """(line, text) of each pointer member declaration of member in path
    (outside function bodies: a local of the same name is not one)."""
    text = source.read_regular(path) or ""
    decl = re.compile(r"^[ \t]*(?:const\s+)?(?:struct\s+)?\w[\w \t]*\*\s*%s\s*(?:;|\[)" % re.escape(member),
                      re.M)
    bodies = _functions(text)
    return [(text.count("\n", 0, m.start()) + 1, m.group(0)) for m in decl.finditer(text)
            if not any(a <= m.start() < b for _, a, b in bodies)]


def not_rcu_reason(tree, path, key):
    """Why no accessor fix is sparse-clean for key in tree/path (its
    member is declared without __rcu in the file or a header of its
    directory, and nowhere with it), or None."""
    member = _member(key)
    if not tree or not path or not member:
        return None
    d = os.path.dirname(os.path.join(tree, path))
    try:
        names = sorted(n for n in os.listdir(d) if n.endswith((".c", ".h")))
    except OSError:
        return None
    plain, holders = [], set()
    for n in names:
        if n != os.path.basename(path) and not n.endswith(".h"):
            continue
        for line, text in _declarations(os.path.join(d, n), member):
            if re.search(r"\b__rcu\b", text):
                return None
            plain.append("%s:%d" % (n, line))
            holders.add(n)
    if not plain:
        return None
    # The accesses: in the files that declare the member or include a header that does.
    use = re.compile(r"(?:->|\.)\s*%s\b(?!\s*\()" % re.escape(member))
    includes = re.compile(r'^\s*#\s*include\s*"(?:\./)?(%s)"' % "|".join(re.escape(h) for h in holders), re.M)
    sites, count = [], 0
    for n in names:
        text = source.read_regular(os.path.join(d, n)) or ""
        if n not in holders and not includes.search(text):
            continue
        lines = [i for i, l in enumerate(text.splitlines(), 1)
                 if use.search(l) and "%s:%d" % (n, i) not in plain]
        if lines:
            count += len(lines)
            sites.append("%s:%s" % (n, ",".join(str(i) for i in lines)))
    rel = os.path.relpath(d, tree)
    where = "" if rel == "." else rel + "/"
    return ("%s is not declared __rcu (%s%s): an RCU accessor on it adds a sparse warning, and the "
            "conversion marks it __rcu and converts its %d accesses in %s (%s), which is not mechanical"
            % (member, where, plain[0], count, where or "its directory", "; ".join(sites)))


class Refuse(Exception):
    """A conversion precondition that fails, with the reason."""


# The accessors the conversion writes, from rules/data/.
PUBLISH, INIT_POINTER = names("rcu-publish")[:2]        # rcu_assign_pointer, RCU_INIT_POINTER
ACCESS = names("rcu-access")[0]                         # rcu_access_pointer
PROTECTED = names("rcu-dereference-protected")[0]       # rcu_dereference_protected
# The flavours whose section a load converts in: the lock, its unlock and
# its accessor share a suffix ("", _bh, _sched).
LOCK0, UNLOCK0, DEREF0 = RCU_READ_LOCK[0], RCU_READ_UNLOCK[0], names("rcu-dereference")[0]
SECTION_ACCESSOR = {LOCK0 + sfx: DEREF0 + sfx for sfx in (n[len(LOCK0):] for n in RCU_READ_LOCK
                                                          if n.startswith(LOCK0))
                    if DEREF0 + sfx in names("rcu-dereference") and UNLOCK0 + sfx in RCU_READ_UNLOCK}
SECTION_END = {lock: UNLOCK0 + lock[len(LOCK0):] for lock in SECTION_ACCESSOR}
SECTION_CALL = re.compile(r"\b(%s)\s*\(\s*\)" % "|".join(sorted(set(SECTION_ACCESSOR) | set(SECTION_END.values()),
                                                                 key=len, reverse=True)))
MAX_ACCESSES = 40
# The opening of an RCU accessor call whose first argument is the pointer.
ACCESSOR_OPEN = re.compile(r"\b(?:%s|\w+_dereference\w*)\s*\(\s*$" % "|".join(
    names("rcu-dereference", "rcu-dereference-protected", "rcu-dereference-rtnl", "rcu-access", "rcu-publish")))


def _functions(text):
    """(name, body start, body end) of each function definition in text."""
    out = []
    for m in re.finditer(r"^\w[^;{}()=]*?\b(\w+)\s*\(([^;{}]*)\)\s*\{", text, re.M):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append((m.group(1), m.end(), i))
    return out


def _sections(text, a, b):
    """(start, end, flavour) of the read-side sections between a and b, paired in order."""
    out, open_ = [], []
    for m in SECTION_CALL.finditer(text[a:b]):
        name = m.group(1)
        if name in SECTION_ACCESSOR:
            open_.append((a + m.end(), name))
        elif open_ and SECTION_END[open_[-1][1]] == name:
            s, flavour = open_.pop()
            out.append((s, a + m.start(), flavour))
    return out


def _statement_end(text, i):
    """Where the statement that goes on at text[i] ends: its ";"."""
    end = i + len(split_top(text[i:], [";"])[0])
    if end >= len(text):
        raise Refuse("a statement does not end")
    return end


def _convert_text(name, text, member, notes):
    """text with each access to member through an RCU accessor, or Refuse."""
    edits = []
    access = re.compile(r"(?<![\w>.])([A-Za-z_]\w*(?:\s*(?:->|\.)\s*[A-Za-z_]\w*)*)\s*(->|\.)\s*%s\b(?!\s*\()"
                        % re.escape(member))
    funcs = _functions(text)
    for m in access.finditer(text):
        s, e = m.start(), m.end()
        line = text.count("\n", 0, s) + 1
        where = "%s:%d" % (name, line)
        f = next((fn for fn in funcs if fn[1] <= s < fn[2]), None)
        if f is None:
            if re.match(r"^\s*#", text[text.rfind("\n", 0, s) + 1:s]):
                raise Refuse("%s accesses %s in a macro" % (where, member))
            continue        # a declaration or an initialiser outside functions
        expr = text[s:e]
        before, after = text[:s].rstrip(), text[e:]
        if ACCESSOR_OPEN.search(before):
            continue        # already an accessor's argument: rcu_assign_pointer(E->m, v)
        if before.endswith("&") and not before.endswith("&&"):
            raise Refuse("%s takes the address of %s" % (where, expr))
        if re.match(r"\s*=(?!=)", after):
            if not re.search(r"(?:[;{}]|\*/|\belse|\))\s*$", before):
                raise Refuse("%s assigns %s inside an expression" % (where, expr))
            end = _statement_end(text, e)
            rhs = text[text.index("=", e) + 1:end].strip()
            new = ("%s(%s, NULL)" % (INIT_POINTER, expr) if rhs == "NULL"
                   else "%s(%s, %s)" % (PUBLISH, expr, rhs))
            edits.append((s, end, new))
            continue
        if re.search(r"\bWRITE_ONCE\s*\(\s*$", before):
            raise Refuse("%s writes %s with WRITE_ONCE()" % (where, expr))
        once = re.search(r"\bREAD_ONCE\s*\(\s*$", before)
        if once and re.match(r"\s*\)", after):
            edits.append((once.start(), e + after.index(")") + 1, "%s(%s)" % (ACCESS, expr)))
            continue
        test = (re.search(r"(?:\b(?:if|while)\s*\(|!|&&|\|\|)\s*$", before)
                and re.match(r"\s*(?:\)|&&|\|\||\?)", after)) or re.match(r"\s*[!=]=\s*NULL\b", after)
        if test:
            edits.append((s, e, "%s(%s)" % (ACCESS, expr)))
            continue
        sec = next((x for x in _sections(text, f[1], f[2]) if x[0] <= s < x[1]), None)
        if sec:
            edits.append((s, e, "%s(%s)" % (SECTION_ACCESSOR[sec[2]], expr)))
            continue
        edits.append((s, e, "%s(%s, 1)" % (PROTECTED, expr)))
        notes.append("%s %s()" % (where, f[0]))
    if len(edits) > MAX_ACCESSES:
        raise Refuse("%d accesses to %s in %s: too many to convert in one patch" % (len(edits), member, name))
    for s, e, new in sorted(edits, reverse=True):
        text = text[:s] + new + text[e:]
    return text, len(edits)


def convert_member(tree, path, key):
    """The conversion of key's member to __rcu: {file relative to the tree:
    new text} for the declaring file and every file of the directory that
    sees the declaration and accesses the member, and the update-side loads
    it gave rcu_dereference_protected(..., 1). Refuse when it cannot."""
    member = _member(key)
    d = os.path.dirname(os.path.join(tree, path))
    rel = os.path.relpath(d, tree)
    names = sorted(n for n in os.listdir(d) if n.endswith((".c", ".h")))
    decls = [(n, line, text) for n in names if n == os.path.basename(path) or n.endswith(".h")
             for line, text in _declarations(os.path.join(d, n), member)]
    if len(decls) != 1:
        raise Refuse("%s is declared %d times in %s/: which one readers use is not clear"
                     % (member, len(decls), rel))
    holder, dline, _ = decls[0]
    includes = re.compile(r'^\s*#\s*include\s*"(?:\./)?%s"' % re.escape(holder), re.M)
    out, notes, total = {}, [], 0
    for n in names:
        text = source.read_regular(os.path.join(d, n)) or ""
        if n != holder and not includes.search(text):
            continue
        new, count = _convert_text(n, text, member, notes)
        if n == holder:
            lines = new.split("\n")
            lines[dline - 1] = re.sub(r"\*\s*%s\b" % re.escape(member), "__rcu *" + member,
                                      lines[dline - 1], count=1)
            new = "\n".join(lines)
        if new != text:
            out[os.path.normpath(os.path.join(rel, n))] = new
            total += count
    return out, total, notes


def _sites(notes):
    """"a.c:1 f(), a.c:5 g(), b.c:9 h()" -> "a.c:1,5; b.c:9"."""
    by = {}
    for n in notes:
        f, line = n.split()[0].split(":")
        by.setdefault(f, []).append(line)
    return "; ".join("%s:%s" % (f, ",".join(ls)) for f, ls in by.items())


def write_conversion(tree, path, key, not_rcu):
    """The convert_member transformation, run in lockers fix's scratch
    directory: the finding's file into new.c, each other file into
    others/<path>, listed in others.list; or a "lockers-fix: " line saying
    why not."""
    if not not_rcu:
        print("lockers-fix: %s is declared __rcu (or its declaration is not in the file or "
              "the headers of its directory): there is nothing to convert" % _member(key))
        return
    try:
        files, total, notes = convert_member(tree, path, key)
        if any("\ufffd" in t for t in files.values()):
            raise Refuse("a file to convert is not UTF-8")
    except (Refuse, OSError) as e:
        print("lockers-fix: %s" % e)
        return
    others = []
    for rel, text in sorted(files.items()):
        dest = "new.c" if rel == os.path.normpath(path) else os.path.join("others", rel)
        if dest != "new.c":
            others.append(rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as f:
            f.write(text)
    # The other files the patch changes, for lockers fix to diff (src/fix/fixgen.c).
    with open("others.list", "w", encoding="utf-8") as f:
        f.write("".join(rel + "\n" for rel in others))
    if notes:
        print("lockers-fix-note: %d update-side load(s) became rcu_dereference_protected(..., 1) "
              "(%s): replace 1 with the lockdep condition of the lock that serializes them, "
              "or use rcu_dereference() where they are readers" % (len(notes), _sites(notes)))
