"""What a finding becomes, and when a rule reports.

Inside lockers (the driver sets LOCKERS_COCCI_DIR for its spatch children)
every finding is one record line on stdout, described in rules/README.md
(Records), and so is each other file read to judge a file (emit_reads()):

  LOCKERS <TAB> 1 <TAB> rule <TAB> file <TAB> line <TAB> col <TAB> function
          <TAB> key <TAB> message { <TAB> name=value }

Run standalone (spatch -D report, make coccicheck MODE=report) a finding is
printed as the kernel's scripts/coccinelle rules print theirs:

  file:line:col-col: WARNING: message [rule]

and under -D org as an org-mode TODO line.
"""
import os
import re
import sys

from . import source


RECORD_VERSION = "1"


def clean(text):
    """One line, single spaces: fields are tab separated, records newline ended."""
    return " ".join(str(text).split())


_PUNCT_SPACE = re.compile(r"\s*(->|\.|\[|\]|\(|\)|,)\s*")


def norm(expr):
    """Canonical text of a C expression as spatch prints it ("pkt -> count"
    becomes "pkt->count"), so that keys and messages read like source code."""
    text = _PUNCT_SPACE.sub(lambda m: m.group(1) + (" " if m.group(1) == "," else ""), clean(expr))
    return text.strip()


def at(pos):
    """A position as "line:col" (1-based column, like compilers print it)."""
    return "%s:%d" % (pos.line, int(pos.column) + 1)


def spatch_args():
    """spatch's own command line (the rules run inside its process)."""
    try:
        with open("/proc/self/cmdline", "rb") as f:
            return f.read().decode("utf-8", "replace").split("\0")
    except OSError:
        return list(sys.argv)


def output_mode():
    """'lockers' under the driver, else 'org' for -D org, else 'report'."""
    if os.environ.get("LOCKERS_COCCI_DIR"):
        return "lockers"
    args = spatch_args()
    for i, a in enumerate(args):
        if (a == "-D" and i + 1 < len(args) and args[i + 1] == "org") or a == "-Dorg":
            return "org"
    return "report"


MODE = output_mode()


def emit(rule, pos, key, message, **evidence):
    """Print one finding at spatch position `pos` (one element of a position
    metavariable list). `key` is the normalised expression the finding is
    about; it feeds the fingerprint, so keep it free of line numbers."""
    if MODE != "lockers":
        col = int(pos.column)
        end = int(getattr(pos, "column_end", col))
        if MODE == "org":
            line = "* TODO [[view:%s::face=ovl-face1::linb=%s::colb=%d::cole=%d][%s [%s]]]" % (
                pos.file, pos.line, col, end, clean(message), rule)
        else:
            line = "%s:%s:%d-%d: WARNING: %s [%s]" % (pos.file, pos.line, col, end, clean(message), rule)
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        return
    evidence.setdefault("init_function", init_function(pos))
    fields = [
        "LOCKERS", RECORD_VERSION, rule, pos.file, str(pos.line),
        str(int(pos.column) + 1), clean(pos.current_element), clean(key),
        clean(message),
    ]
    for name in sorted(evidence):
        value = evidence[name]
        if value is None or value is False:
            continue
        if value is True:
            value = "1"
        fields.append("%s=%s" % (name, clean(value)))
    sys.stdout.write("\t".join(fields) + "\n")
    sys.stdout.flush()


def emit_reads(path):
    """Hand the driver the other files read for checked file `path` (one
    record each, LOCKERS-READ <TAB> file <TAB> read path <TAB> stamp, see
    source.stamp()), and forget them: its cached result is used again only
    while they are unchanged."""
    reads = source.take_reads()
    if MODE != "lockers" or path is None:
        return
    for p, st in sorted(reads.items()):
        if "\t" in p or "\n" in p:
            p, st = "-", "!"       # a path no record can carry: a stamp that never matches
        sys.stdout.write("LOCKERS-READ\t%s\t%s\t%s\n" % (path, p, st))
    sys.stdout.flush()


def init_function(pos):
    """__init or __net_init when pos's function is marked so: it runs at boot,
    or on a network namespace no one else sees yet (evidence for every rule;
    the RCU rules weigh it)."""
    ls = source.lines(pos.file)
    i = source.func_head(ls, pos)
    if i is None:
        return None
    head = ls[i]
    if i and not re.search(r"[;{}]|\*/|//|^\s*$|^#", ls[i - 1]):
        head = ls[i - 1] + " " + head      # static int __init\nfoo(void)
    m = re.search(r"\b(__init|__net_init)\b", head)
    return m.group(1) if m else None


class Pos(object):
    """A position to report at that spatch did not hand over as such: file,
    line, 0-based column and function, taken from position p unless given."""

    def __init__(self, p, line=None, column=None):
        self.file = p.file
        self.line = p.line if line is None else line
        self.column = p.column if column is None else column
        self.current_element = p.current_element


def _macro_files():
    """The files spatch reads macro definitions from: --macro-file and
    --macro-file-builtins on its command line, and its own standard.h."""
    argv = spatch_args()
    return set(os.path.abspath(argv[i + 1]) for i, a in enumerate(argv[:-1])
               if a in ("--macro-file", "--macro-file-builtins"))


_MACRO_FILES = _macro_files()


def is_macro_file(path):
    """A position in a macro definition spatch expanded (list_for_each_entry()
    from Coccinelle's standard.h), not in the file being analysed."""
    path = str(path)
    return (os.path.abspath(path) in _MACRO_FILES or
            (os.path.basename(path) == "standard.h" and "coccinelle" in path))


class PerFile(object):
    """The per-file record lifecycle every rule follows.

    spatch runs a rule over one file after another in the same process
    (the driver batches files; --file-groups). A rule collects facts about
    the current file from its @script:python@ blocks, and reports once the
    file is complete: flush() runs the rule's `report` on what was
    collected, then `reset` forgets it. enter(path) flushes when spatch
    has moved to another file; the rule's @finalize:python@ calls flush()
    for the last one. Reporting empty facts prints nothing, so a
    rule may call it at the start of every file too (a script rule with no
    metavariables runs once per file, before the rules that collect).
    """

    def __init__(self, report, reset=None):
        self.report = report
        self.reset = reset
        self.file = None

    def enter(self, path):
        if path == self.file:
            return
        if is_macro_file(path):
            return      # a match inside a macro's expansion: still the same file
        if self.file is not None:
            self.flush()
        self.file = path

    def flush(self):
        self.report()
        emit_reads(self.file)
        if self.reset:
            self.reset()
        self.file = None


class FileFindings(PerFile):
    """A rule's findings of the current file, by position, kept until the
    file is done and then reported in line order: found[(path, line,
    column)] = (pos, key, message, evidence). Later facts may add evidence
    to a finding before then. The tables are the rule's other per-file
    facts, forgotten with the findings."""

    def __init__(self, rule, *tables):
        PerFile.__init__(self, self._report, self._forget)
        self.rule = rule
        self.found = {}
        self.tables = tables

    def _report(self):
        for k in sorted(self.found, key=lambda k: (int(k[1]), int(k[2]))):
            pos, key, msg, ev = self.found[k]
            emit(self.rule, pos, key, msg, **ev)

    def _forget(self):
        self.found.clear()
        for t in self.tables:
            t.clear()
