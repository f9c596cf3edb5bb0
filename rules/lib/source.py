"""The one reader of the C file a rule is checking.

Rules look at the text around a match (the line of a position, a function
body, comments). spatch checks one file after another, so one file is kept:
reading another forgets the previous one. The text is decoded as UTF-8 with
undecodable bytes replaced (U+FFFD), so that a stray Latin-1 byte in a
comment neither fails the read nor moves a line; an unreadable file reads
as empty. Every file of the tree a rule opens goes through read_regular():
a FIFO, socket or device named like a source file is never read (opening a
FIFO would block spatch until the driver's timeout kills it).

spatch names a file by its place in the driver's work directory ("12.c").
For a rule with "Scope: function" it reads a copy with the bodies that
cannot match blanked (src/scan/fnscope.c); the text read here is always the
whole file, which LOCKERS_ORIGINALS, the directory of links to the files,
gives, so that a rule sees the same text with or without the copy.

A file other than the one checked that a rule reads (a header, the other
files of a module, a Makefile) decides its findings as much as the checked
file does: read_regular(), text() of an absolute path and listdir() note
each, which record.emit_reads() hands the driver with the file's findings;
the driver keeps the hash of each one's bytes with the cached result and
uses it again only while they hold the same (src/scan/reads.c). memo()
keeps a fact built from such files together with what it read, for every
file that uses it.
"""
import os
import re
import stat

_CACHE = {}
_ORIGINALS = os.environ.get("LOCKERS_ORIGINALS")


def whole_path(path):
    """Where the whole file that spatch calls `path` is."""
    return os.path.join(_ORIGINALS, path) if _ORIGINALS and not os.path.isabs(path) else path


def stamp(path):
    """What says path changed since the rule read it, as src/scan/reads.c's
    read_stamp() writes it (the driver caches nothing read by a file that
    changed before it stored the result): a regular file
    "f<size>:<mtime_ns>:<ctime_ns>:<inode>", a directory (its entries)
    "d<mtime_ns>:<ctime_ns>:<inode>", anything else "o", none "-"."""
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    if stat.S_ISREG(st.st_mode):
        return "f%d:%d:%d:%d" % (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    if stat.S_ISDIR(st.st_mode):
        return "d%d:%d:%d" % (st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    return "o"


_READS = {}     # path -> stamp: the other files read for the file being checked


def note_read(path):
    """path (a file, or a directory whose entries were listed) decides the
    findings of the file being checked."""
    path = os.path.abspath(path)
    if path not in _READS:
        _READS[path] = stamp(path)


def take_reads():
    """The files noted since the last call, {path: stamp}; forgotten."""
    out = dict(_READS)
    _READS.clear()
    return out


def memo(cache, key, build):
    """cache[key], built with build() the first time: a fact built from other
    files, kept while spatch checks the files it concerns one after another
    (the cache holds the last key's only). The files build() read count as
    read by every file that uses the fact."""
    if key not in cache:
        cache.clear()
        before = take_reads()
        value = build()
        cache[key] = (value, take_reads())
        _READS.update(before)
    value, reads = cache[key]
    _READS.update(reads)
    return value


def listdir(d):
    """The entries of directory d (os.scandir), noted as read; [] if it
    cannot be listed."""
    note_read(d)
    try:
        return list(os.scandir(d))
    except OSError:
        return []


def read_regular(path):
    """The text of path (UTF-8, undecodable bytes replaced) if it is a
    regular file, after symlinks; None if it is not one or cannot be read.
    Noted as read (note_read()): the checked file itself is read by text().
    Opened with O_NONBLOCK and checked with fstat, as the driver's
    open_regular() (src/lib/util.c) does, so that nothing blocks."""
    note_read(path)
    return _read(path)


def _read(path):
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.set_blocking(fd, True)
        with os.fdopen(fd, encoding="utf-8", errors="replace", closefd=False) as f:
            return f.read()
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def text(path):
    """The whole file, newlines as "\\n". spatch names the files it checks
    relative to the driver's work directory: an absolute path is another
    file of the tree, noted as read."""
    if os.path.isabs(path):
        note_read(path)
    if path not in _CACHE:
        _CACHE.clear()
        body = _read(whole_path(path))
        _CACHE[path] = (body, body.split("\n")) if body is not None else ("", [])
    return _CACHE[path][0]


def lines(path):
    """The file as a list of lines (index 0 is line 1); [] if unreadable."""
    text(path)
    return _CACHE[path][1]


def line(path, number):
    """Line `number` (1-based) of the file, or "" past its end."""
    ls = lines(path)
    return ls[number - 1] if 0 < number <= len(ls) else ""


def span(path, a, b):
    """Source text from start position a to end position b, each a
    (line, column) pair as spatch gives them; lines joined by a space."""
    ls = lines(path)
    (l1, c1), (l2, c2) = a, b
    if l1 < 1 or l2 > len(ls):
        return ""
    if l1 == l2:
        return ls[l1 - 1][c1:c2]
    return " ".join([ls[l1 - 1][c1:]] + ls[l1:l2 - 1] + [ls[l2 - 1][:c2]])


def ident_at(p):
    """The identifier at spatch position p (spatch 1.1.1 does not hand a
    script an identifier whose constraint is a script)."""
    m = re.match(r"\w+", line(p.file, int(p.line))[int(p.column):])
    return m.group(0) if m else ""


def func_head(lines, pos):
    """Index in lines of the line that starts the definition of pos's
    function (its name at a line start, or after a return type), or None."""
    fn = pos.current_element
    i = min(int(pos.line), len(lines)) - 1      # an unreadable file has no lines
    while i >= 0:
        if re.match(r"^([A-Za-z_].*\b)?%s\s*\(" % re.escape(fn), lines[i]):
            return i
        i -= 1
    return None


_NOT_CODE = re.compile(r"//.*|/\*.*?\*/|\"(\\.|[^\"])*\"|'(\\.|[^'])*'")


def _body_end(lines, i):
    """Index of the line whose brace closes the body that opens at or after
    line i (braces in comments and literals do not count), or the last line."""
    depth, seen = 0, False
    for j in range(i, len(lines)):
        code = _NOT_CODE.sub("", lines[j])
        depth += code.count("{") - code.count("}")
        seen = seen or "{" in code
        if seen and depth <= 0:
            return j
    return len(lines) - 1


def func_span(lines, pos):
    """(first, last) indexes in lines of pos's function: from its head to
    the line of the brace that closes its body; None if no head is found."""
    i = func_head(lines, pos)
    return None if i is None else (i, _body_end(lines, i))


def func_named(lines, name):
    """(first, last) indexes in lines of the definition of function `name`
    (its body opens before any ';'), or None."""
    for i, l in enumerate(lines):
        if re.match(r"^([A-Za-z_].*\b)?%s\s*\([^;]*$" % re.escape(name), l) and \
                not re.match(r"^\s*(return|if|while|for|else)\b", l):
            j = i
            while j < len(lines) and "{" not in lines[j] and ";" not in lines[j]:
                j += 1
            if j < len(lines) and "{" in lines[j]:
                return (i, _body_end(lines, j))
    return None


def calls_in_file(lines, name):
    """The calls of function `name` in lines, outside its own definition:
    (head, call) line indexes of each, head being the line that starts the
    calling function's definition."""
    own = func_named(lines, name)
    call = re.compile(r"\b%s\s*\(" % re.escape(name))
    head = re.compile(r"^[A-Za-z_][^;]*\(")
    out = []
    for i, l in enumerate(lines):
        if not call.search(_NOT_CODE.sub("", l)) or (own and own[0] <= i <= own[1]) or \
                l.lstrip().startswith(("*", "/*", "//")):
            continue
        h = i
        while h >= 0 and not (head.match(lines[h]) and not lines[h].rstrip().endswith(";")):
            h -= 1
        if h >= 0 and h < i and _body_end(lines, h) >= i:
            out.append((h, i))
    return out
