"""kbuild: a directory's Makefile read for its composite objects, as the
driver's prefilter reads it (src/scan/kbuild.c)."""
import os
import re

from . import source

# name-y, name-m, name-objs, name-$(CONFIG_X): the parts of composite object name.o
_COMPOSITE = re.compile(r"^[ \t]*([A-Za-z0-9_-]+?)-(?:y|m|objs|\$\(CONFIG_\w+\))[ \t]*[:+?]?=([^\n]*)", re.M)
# Kbuild's own lists and flags, not composite objects.
_KBUILD_LISTS = {"obj", "lib", "subdir", "always", "extra", "targets", "hostprogs", "userprogs",
                 "ccflags", "asflags", "ldflags", "cflags", "subdir-ccflags", "clean-files", "head"}


def makefile(d):
    """d/Kbuild, else d/Makefile, continuation lines joined ("" when neither)."""
    for name in ("Kbuild", "Makefile"):
        text = source.read_regular(os.path.join(d, name))
        if text is not None:
            return text.replace("\\\n", " ")
    return ""


def _parts(rhs):
    return [w for w in rhs.split("#")[0].split() if w.endswith(".o") and "$" not in w]


def composite_of(path, text=None):
    """The composite objects ("ib_core") of the directory's Makefile (its
    text, when read already) that list path's object (.../device.c: device.o)."""
    obj = os.path.splitext(os.path.basename(path))[0] + ".o"
    if text is None:
        text = makefile(os.path.dirname(path))
    return sorted(set(m.group(1) for m in _COMPOSITE.finditer(text)
                      if m.group(1) not in _KBUILD_LISTS and obj in m.group(2).split("#")[0].split()))


def composite_parts(path):
    """The .c files Kbuild links with path into its composite object (path's
    own included), absolute; [] for a module of one file."""
    d = os.path.dirname(path)
    text = makefile(d)
    names = composite_of(path, text)
    out = []
    for m in _COMPOSITE.finditer(text):
        if m.group(1) in names:
            for w in _parts(m.group(2)):
                p = os.path.normpath(os.path.join(d, w[:-2] + ".c"))
                if p not in out:
                    out.append(p)
    return out
