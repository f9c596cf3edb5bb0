"""Whether an rcu-plain-access fix can be sparse-clean: an RCU accessor
(rcu_dereference(), rcu_assign_pointer(), RCU_INIT_POINTER(), ...) on a
pointer not declared __rcu adds sparse's "different address spaces"
warning. The real conversion marks the member __rcu and converts every
other access to it; lockers does not make that change, so it refuses with
the accesses a human would have to convert."""
import os
import re

from . import source


def _member(key):
    m = re.search(r"(?:->|\.)\s*(\w+)$", key) or re.match(r"^(\w+)$", key)
    return m.group(1) if m else None


def _declarations(path, member):
    """(line, text) of each pointer declaration of member in path."""
    decl = re.compile(r"^\s*(?:const\s+)?(?:struct\s+)?\w[\w\s]*\*\s*%s\s*(?:;|=|\[)" % re.escape(member))
    return [(i, l) for i, l in enumerate(source.read_regular(path).splitlines() if
                                         source.read_regular(path) else [], 1) if decl.search(l)]


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
