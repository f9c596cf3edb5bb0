"""The tree's index of macros and static inline helpers.

The driver builds it from the kernel tree (src/macroindex.c) and names the
file in LOCKERS_MACRO_INDEX. One row per definition, five tab-separated
columns: name, kind, parameters (comma separated), body, relations (";"
separated, empty for most rows). Without the variable a rule sees only
what is written out in the code; with it set, the file must be readable:
a run that silently used an empty index would lose findings unnoticed.
"""
import os
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
                if len(cols) != 5 or not cols[4] or cols[0] in out:
                    continue
                params = cols[2].split(",") if cols[2] else []
                out[cols[0]] = (params, cols[4].split(";"))
    except OSError as e:
        fail(path, e.strerror or str(e))
    return out
