"""What the seqcount and seqlock rules share.

- seq_norm()/seqkey(): how the seqcount family prints keys (unary & and *
  written against their operand, casts off the seqcount);
- the seqlock "or_lock" facts both seqlock rules collect about a file: the
  begin/need/done calls (of the API and of wrappers defined in the file),
  the locals and writes of each function, and parity_of_seq(), which says
  whether anything can make seq odd (so that a pass takes the lock).
"""
import re

from . import source
from .cexpr import call_args, int_value, param_names, split_args
from .record import norm
from .vocab import OR_LOCK_BEGIN, OR_LOCK_DONE, OR_LOCK_NEED

# ---------------------------------------------------------------- keys


def seq_norm(e):
    """norm() plus unary & and * written against their operand."""
    t = norm(e)
    return re.sub(r"(^|[(\[!~]|, )([&*]) (?=[\w(])", r"\1\2", t)


def strip_casts(t):
    """seq_norm()ed text without leading pointer casts."""
    while True:
        m = re.match(r"^\((?:const |volatile |struct )*\w+(?: \*+|\*+)\)\s*(.*)$", t)
        if not m:
            return t
        t = re.sub(r"^([&*]) (?=[\w(])", r"\1", m.group(1).lstrip())


def seqkey(c):
    """The seqcount expression without leading casts."""
    return strip_casts(seq_norm(c))

# ---------------------------------------------------------------- seqlock: per file


class FileState(object):
    """What is known about one file: the or_lock calls it may use (the API
    plus wrappers defined in the file) and facts per function."""

    def __init__(self, name):
        self.file = name
        # name -> (variant, seq argument index, wrapper?)
        self.begin = dict((k, (v, 1, False)) for k, v in OR_LOCK_BEGIN.items())
        self.need = dict((k, (v, 1, False)) for k, v in OR_LOCK_NEED.items())
        self.done = dict((k, (v, 1, False)) for k, v in OR_LOCK_DONE.items())
        self.funcs = {}
        self.emitted = set()

    def fn(self, name):
        if name not in self.funcs:
            self.funcs[name] = {"begins": [], "needs": [], "dones": [],
                                "writes": [], "addr": [], "locals": {},
                                "loops": set(), "leaks": {}, "parity": set()}
        return self.funcs[name]

    def source(self):
        return source.lines(self.file)


STATES = {}


class Union(object):
    """Names any file of the current spatch run may use: the match-time
    constraints see this superset; the scripts then keep only the calls
    that the file of each match really defines (STATES[file])."""

    def __init__(self):
        self.begin = set(OR_LOCK_BEGIN)
        self.need = set(OR_LOCK_NEED)
        self.done = set(OR_LOCK_DONE)


ST = Union()


def S(p):
    """The state of the file of position p."""
    if p.file not in STATES:
        STATES[p.file] = FileState(p.file)
        scan_macros(STATES[p.file])
    return STATES[p.file]


def F(p):
    """The facts of the function of position p."""
    return S(p).fn(p.current_element)


BACKSLASH = chr(92)
MACRO_RE = re.compile(r"^\s*#\s*define\s+(\w+)\(([^)]*)\)(.*)$")


def scan_macros(st):
    """Function-like macros of the file that wrap the or_lock API."""
    lines = st.source()
    i = 0
    while i < len(lines):
        m = MACRO_RE.match(lines[i])
        body = ""
        if m:
            body = m.group(3)
            while body.rstrip().endswith(BACKSLASH) and i + 1 < len(lines):
                i += 1
                body = body.rstrip()[:-1] + " " + lines[i]
            add_wrapper(st, m.group(1), [p.strip() for p in m.group(2).split(",")], body)
        i += 1


def add_wrapper(st, name, params, body):
    """A wrapper: its body calls the API with one of its parameters as seq."""
    if name in st.begin or name in st.need or name in st.done:
        return
    for table, kind in ((st.begin, "begin"), (st.need, "need"), (st.done, "done")):
        for api, (variant, _, _) in list(table.items()):
            m = re.search(r"\b%s\s*\(" % re.escape(api), body)
            if not m:
                continue
            args = split_args(call_args(body, m.end() - 1))
            if len(args) < 2:
                continue
            seqarg = re.sub(r"[()\s*&]", "", args[1])
            if seqarg in params:
                table[name] = (variant, params.index(seqarg), True)
                getattr(ST, kind).add(name)
                return


def lk(text):
    """norm(), and unary & written against its operand: "&f->lock"."""
    return re.sub(r"(^|[(,]\s*)&\s+", r"\1&", norm(text))


def site(st, table, name, args):
    """(seq name, lock text, variant, wrapper?, args) of a call, or None."""
    variant, idx, wrapper = table[name]
    args = split_args(args)
    if idx >= len(args):
        return None
    seq = args[idx].strip()
    rest = [a for i, a in enumerate(args) if i != idx]
    if table is st.done and not wrapper and variant == "irq":
        rest = rest[:1]
    lock = lk(", ".join(rest)) if wrapper else lk(rest[0] if rest else "")
    return seq, lock, variant, wrapper, args


def ident_at(p):
    """The identifier written at position p."""
    lines = S(p).source()
    try:
        text = lines[int(p.line) - 1][int(p.column):]
    except (IndexError, ValueError):
        return ""
    m = re.match(r"\w+", text)
    return m.group(0) if m else ""


def same_pos(a, b):
    return a.line == b.line and a.column == b.column

# ---------------------------------------------------------------- seqlock: facts


def fact_wrapper(fn, ps, p):
    """A function of the file whose body calls the or_lock API with one of
    its parameters: read its body (to its closing brace at column 0)."""
    st = S(p)
    lines = st.source()
    body, i = "", int(p.line) - 1
    while i < len(lines):
        body += lines[i] + "\n"
        if lines[i].startswith("}"):
            break
        i += 1
    add_wrapper(st, fn, param_names(ps), body[body.find("{"):])


def call_at(p, es, kind):
    """(function facts, name, site) of the or_lock call at p whose arguments
    are es, if the file knows its name as a `kind` call ("begin", "need",
    "done"), else None."""
    st = S(p)
    name = ident_at(p)
    table = getattr(st, kind)
    if name not in table:
        return None
    s = site(st, table, name, es)
    return (st.fn(p.current_element), name, s) if s else None


def fact_begin(es, p):
    c = call_at(p, es, "begin")
    if c and re.match(r"^&\s*\w+$", c[2][0]):
        f, name, s = c
        f["begins"].append({"seq": s[0].lstrip("&").strip(), "lock": s[1], "variant": s[2],
                            "wrapper": s[3], "pos": p, "name": name, "flags": None,
                            "args": [lk(a) for a in s[4]]})


def fact_begin_flags(flags, p):
    """flags = read_seqbegin_or_lock_irqsave(...): where the flags are saved."""
    for b in F(p)["begins"]:
        if same_pos(b["pos"], p):
            b["flags"] = norm(flags)


def fact_need(es, p):
    c = call_at(p, es, "need")
    if c:
        f, name, s = c
        f["needs"].append({"seq": s[0], "lock": s[1], "wrapper": s[3], "pos": p, "name": name,
                           "args": [lk(a) for a in s[4]]})


def fact_done(es, p):
    c = call_at(p, es, "done")
    if c:
        f, name, s = c
        flags = None
        if s[2] == "irq" and not s[3] and len(s[4]) > 2:
            flags = norm(s[4][2])
        f["dones"].append({"seq": s[0], "lock": s[1], "variant": s[2], "wrapper": s[3],
                           "pos": p, "name": name, "flags": flags,
                           "args": [lk(a) for a in s[4]]})


def fact_local(v, p, init=None):
    """A local variable v of the function, with its initialiser if any."""
    if init is None:
        F(p)["locals"].setdefault(v, None)
    else:
        F(p)["locals"][v] = init


def fact_write(v, op, rhs, p):
    """v written by `v op rhs` ("++" for increments and decrements)."""
    F(p)["writes"].append((v, str(op).strip(), rhs, p))


def fact_address(g, v, p):
    """&v at p, an argument of g: handed to something that may write it,
    unless g is a begin (which takes &seq by design)."""
    f = F(p)
    if g is not None:
        if g in S(p).begin:
            f.setdefault("beginaddr", set()).add((p.line, p.column))
    elif (p.line, p.column) not in f.get("beginaddr", set()):
        f["addr"].append((v, p))

# ---------------------------------------------------------------- seqlock: parity


EVEN_SOURCES = re.compile(r"^(raw_)?read_seq(count_)?(begin|latch)\w*\s*\(|^(raw_)?read_seqcount\w*begin\w*\s*\(|^(raw_)?seqprop_sequence\s*\(")


def parity_of_seq(F, seq):
    """'odd' if something in the function can make seq odd, 'unknown' if a
    write cannot be judged, else 'even' (every pass is lockless)."""
    family, todo, verdict = set(), [seq], "even"
    while todo:
        v = todo.pop()
        if v in family:
            continue
        family.add(v)
        if v not in F["locals"]:
            return "unknown"        # a parameter, a global, a field
        writes = [(w, o, r) for (w, o, r, _) in F["writes"] if w == v]
        if F["locals"][v] is not None:
            writes.append((v, "=", F["locals"][v]))
        if not writes:
            return "unknown"        # never given a value
        for (w, op, rhs) in writes:
            rhs = str(rhs).strip()
            val = int_value(rhs)
            if op in ("++", "--"):
                return "odd"
            if op == "=":
                if val is not None:
                    if val & 1:
                        return "odd"
                    continue
                if re.match(r"^\w+$", rhs):
                    todo.append(rhs)
                    continue
                if EVEN_SOURCES.match(rhs):
                    continue
                return "unknown"
            if op in ("+=", "-=", "|=", "^="):
                if val is None:
                    return "unknown"
                if val & 1:
                    return "odd"
                continue
            if op in ("&=", "<<=", "*="):
                continue            # cannot turn an even value odd
            return "unknown"
        for (w, pos) in F["addr"]:
            if w == v:
                return "unknown"    # handed to something that may write it
    return verdict


def never_odd(F, seq):
    return parity_of_seq(F, seq) == "even"
