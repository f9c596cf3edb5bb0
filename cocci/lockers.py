"""Record lines that lockers rules print from their @script:python@ blocks.

Every finding is one line on stdout (format described in cocci/README.md):

  LOCKERS <TAB> 1 <TAB> rule <TAB> file <TAB> line <TAB> col <TAB> function
          <TAB> key <TAB> message { <TAB> name=value }

Rules import this module from their @initialize:python@ block; the driver
points LOCKERS_COCCI_DIR at this directory.
"""
import re
import sys

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


def emit(rule, pos, key, message, **evidence):
    """Print one finding at spatch position `pos` (one element of a position
    metavariable list). `key` is the normalised expression the finding is
    about; it feeds the fingerprint, so keep it free of line numbers."""
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
