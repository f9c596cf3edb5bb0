"""The finding a fix transformation (cocci/fix/*.cocci) is aimed at.

`lockers fix` runs spatch in patch mode on one file for one finding and
names it in the environment: LOCKERS_FIX_AT ("line:col" of the finding),
LOCKERS_FIX_KEY (its normalised key expression) and, for the fixes that
need more, LOCKERS_FIX_AT_FIRST (the first of two places) and
LOCKERS_FIX_FIELDS (the fields written after a publication). A fix rule constrains
its position metavariables with at()/at_first() and its matched text with
is_key(), so it rewrites that one place and nothing else in the file.
"""
import os
import re

from .record import at as _at, norm


def _env(name):
    return os.environ.get(name, "")


def _uncomment(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", str(text), flags=re.S)


def at(p):
    """The position is the finding's (first element of the binding)."""
    return _at(p[0]) == _env("LOCKERS_FIX_AT")


def at_first(p):
    """The position is the evidence's first place (at_first_read, ...)."""
    return _at(p[0]) == _env("LOCKERS_FIX_AT_FIRST")


def is_key(text):
    """The matched expression is the finding's key, whatever its spacing
    (spatch hands a constraint the comments in front of it too)."""
    return norm(_uncomment(text)).replace(" ", "") == _env("LOCKERS_FIX_KEY").replace(" ", "")


def is_written_field(name):
    """A field the finding says is written after the publication."""
    return str(name) in _env("LOCKERS_FIX_FIELDS").split(",")


def independent(value):
    """A stored value that does not read the published location: moving the
    store above the publication cannot change what it stores."""
    key = _env("LOCKERS_FIX_KEY").replace(" ", "")
    return key not in _uncomment(value).replace(" ", "")
