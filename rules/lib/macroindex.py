"""The tree's index of macros and static inline helpers, and its RCU
vocabulary.

The driver builds it from the kernel tree (src/index/macroindex.c) and names the
file in LOCKERS_MACRO_INDEX. One row per definition, five tab-separated
columns: name, kind, then by kind

    macro, inline   parameters (comma separated), body, relations (";"
                    separated, empty for most rows)
    rcu-field       struct (tag or typedef name), path:line of the
                    declaration, the tag of the struct it points to (or
                    empty): the member NAME is declared __rcu (NAME[] when
                    its elements are: T __rcu **x, T __rcu *x[N])
    rcu-head        struct, path:line, empty: the struct's member NAME is
                    a struct rcu_head (rules/data/rcu-heads.list)
    rcu-load        parameters, the loaded expression, the load primitive:
                    NAME's result is an RCU load (rcu_dereference(dev->x)),
                    or NAME hands a parameter straight to one (the loaded
                    expression is then that parameter)
    ref-get         parameters, path:line, the call that takes the
                    reference: NAME takes a reference

Without the variable a rule sees only what is written out in the code;
with it set, the file must be readable: a run that silently used an empty
index would lose findings unnoticed.
"""
import os
import re
import sys


def fail(path, reason):
    sys.stderr.write("lockers: cannot read the macro index %s: %s\n" % (path, reason))
    sys.stderr.flush()
    raise SystemExit(2)


def helpers(path=None):
    """name -> (params, [relations]) for the rows that carry a relation;
    {} when no index is named. The first row of a name wins."""
    if path is None:
        path = os.environ.get("LOCKERS_MACRO_INDEX")
    out = {}
    if not path:
        return out
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.endswith("\t\n") or "\t" not in line:
                    continue        # no relation: most rows
                cols = line.rstrip("\n").split("\t")
                if len(cols) != 5 or cols[1] not in ("macro", "inline") or not cols[4] \
                        or cols[0] in out:
                    continue
                params = cols[2].split(",") if cols[2] else []
                out[cols[0]] = (params, cols[4].split(";"))
    except OSError as e:
        fail(path, e.strerror or str(e))
    return out


_VOCAB = {}


def vocabulary(path=None):
    """The RCU vocabulary of the index, read once per path:
    {"fields": {member: {struct: "path:line"}},
     "loads": {accessor: (params, loaded expression, primitive)},
     "refs": {helper: (path:line, the call that takes the reference)},
     "pointees": {struct: [(owner struct, member, path:line)]}: the __rcu
     members that point to objects of that struct, through which RCU
     readers reach them,
     "heads": {struct: member}: the structs that carry an rcu_head};
    empty dicts when no index is named."""
    if path is None:
        path = os.environ.get("LOCKERS_MACRO_INDEX")
    if path in _VOCAB:
        return _VOCAB[path]
    v = {"fields": {}, "loads": {}, "refs": {}, "pointees": {}, "heads": {}}
    if path:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    if "\trcu-" not in line and "\tref-get\t" not in line:
                        continue
                    cols = line.rstrip("\n").split("\t")
                    if len(cols) != 5:
                        continue
                    name, kind = cols[0], cols[1]
                    if kind == "rcu-field":
                        v["fields"].setdefault(name, {}).setdefault(cols[2], cols[3])
                        if cols[4]:
                            v["pointees"].setdefault(cols[4], []).append((cols[2], name, cols[3]))
                    elif kind == "rcu-head":
                        v["heads"].setdefault(cols[2], name)
                    elif kind == "rcu-load" and name not in v["loads"]:
                        v["loads"][name] = (cols[2].split(",") if cols[2] else [], cols[3], cols[4])
                    elif kind == "ref-get" and name not in v["refs"]:
                        v["refs"][name] = (cols[3], cols[4])
        except OSError as e:
            fail(path, e.strerror or str(e))
    _VOCAB[path] = v
    return v


def wrappers(v):
    """The accessors of vocabulary v that load their first argument itself
    (rcu_dereference_ovsl(p), rcu_str_deref(s)), unlike those that load a
    member reached through it (br_port_get_rcu(dev))."""
    return set(k for k, (params, loaded, prim) in v["loads"].items()
               if params and re.sub(r"[()\s]", "", loaded) == params[0])


def struct_name(t):
    """The struct a spatch type names: "struct task_struct" and
    "const struct task_struct *" give task_struct, "foo_t" gives foo_t."""
    t = re.sub(r"\b(const|volatile|struct|union)\b|\*", " ", str(t or ""))
    t = t.split()
    return t[-1] if t else ""
