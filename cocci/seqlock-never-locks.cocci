/// Finds seqlock "or_lock" readers whose seq can never become odd:
/// read_seqbegin_or_lock() only takes the lock when it is passed an odd
/// seq, and need_seqretry() only asks for a retry while seq is even, so
/// unless the retry path sets seq odd (seq = 1, seq++ after the lockless
/// pass, nextseq = 1 copied into seq), every pass is lockless and the
/// "or_lock" fallback is dead code. The loop is really a plain
/// read_seqbegin()/read_seqretry() loop that says otherwise; under a
/// steady writer it never makes progress.
///
/// The whole function is searched for writes that can make seq (or a
/// variable copied into it) odd; a write lockers cannot judge, or seq
/// being a parameter, a field or passed by address, keeps the rule quiet.
/// Evidence short_section: the read section has no loop, so the lock
/// fallback would buy little and a plain read_seqbegin() is probably
/// what was meant.
//
// Rule: seqlock-never-locks
// Confidence: High
// Requires: read_seqbegin_or_lock read_seqbegin_or_lock_irqsave
// Requires: need_seqretry
// Options: --no-includes
//
// Limits: seq must be a local variable (a parameter, a field or a global is
// left alone); wrappers are recognised when defined in the same file (a
// static function or a function-like macro whose body calls the API with one
// of its parameters as seq, the seq argument last or next to last); the
// search for odd writes covers the whole function, not only the retry path.

@initialize:python@
@@
import os, sys, re
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm, at

# The or_lock API (include/linux/seqlock.h): name -> variant.
API_BEGIN = {"read_seqbegin_or_lock": "plain", "read_seqbegin_or_lock_irqsave": "irq"}
API_NEED = {"need_seqretry": ""}
API_DONE = {"done_seqretry": "plain", "done_seqretry_irqrestore": "irq"}

class FileState(object):
    """What is known about one file: the or_lock calls it may use (the API
    plus wrappers defined in the file) and facts per function."""
    def __init__(self, name):
        self.file = name
        # name -> (variant, seq argument index or None for the API, wrapper?)
        self.begin = dict((k, (v, 1, False)) for k, v in API_BEGIN.items())
        self.need = dict((k, (v, 1, False)) for k, v in API_NEED.items())
        self.done = dict((k, (v, 1, False)) for k, v in API_DONE.items())
        self.funcs = {}
        self.text = None
        self.emitted = set()
    def fn(self, name):
        if name not in self.funcs:
            self.funcs[name] = {"begins": [], "needs": [], "dones": [],
                                "writes": [], "addr": [], "locals": {},
                                "loops": set(), "leaks": {}, "parity": set()}
        return self.funcs[name]
    def source(self):
        if self.text is None:
            try:
                with open(self.file, errors="replace") as fh:
                    self.text = fh.read().split("\n")
            except OSError:
                self.text = []
        return self.text

STATES = {}

class Union(object):
    """Names any file of the current spatch run may use: the match-time
    constraints see this superset; the scripts then keep only the calls
    that the file of each match really defines (STATES[file])."""
    def __init__(self):
        self.begin = set(API_BEGIN)
        self.need = set(API_NEED)
        self.done = set(API_DONE)

ST = Union()

def S(p):
    """The state of the file of position p."""
    if p.file not in STATES:
        STATES[p.file] = FileState(p.file)
        scan_macros(STATES[p.file])
    return STATES[p.file]

def split_args(text):
    """Top-level comma split of an argument or parameter list as spatch prints it."""
    out, depth, cur = [], 0, ""
    for ch in str(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out

def param_names(ps):
    names = []
    for prm in split_args(ps):
        m = re.search(r"(\w+)\s*(\[[^\]]*\]\s*)*$", prm)
        names.append(m.group(1) if m else "")
    return names

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

def call_args(text, open_at):
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:j]
    return text[open_at + 1:]

def lk(text):
    """norm(), and unary & written against its operand: "&f->lock"."""
    return re.sub(r"(^|[(,]\s*)&\s+", r"\1&", norm(text))

def site(st, table, name, args):
    """(seq name, lock text, variant, wrapper?) of a call, or None."""
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
    lines = S(p).source()
    try:
        text = lines[int(p.line) - 1][int(p.column):]
    except (IndexError, ValueError):
        return ""
    m = re.match(r"\w+", text)
    return m.group(0) if m else ""

INT_RE = re.compile(r"^\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$")

def int_value(text):
    m = INT_RE.match(str(text).strip())
    if not m:
        return None
    s = m.group(1)
    try:
        if s.lower().startswith("0x"):
            return int(s, 16)
        if len(s) > 1 and s.startswith("0"):
            return int(s, 8)
        return int(s)
    except ValueError:
        return None

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
// ---- one state per file: reset it, read the wrapper macros of the file ----
@fileinit@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python@
p << fileinit.p;
@@
S(p[0])

// ---- wrapper functions defined in this file ----
@wrap@
identifier fn, s;
identifier af : script:python() { af in ST.begin or af in ST.need or af in ST.done };
expression L;
parameter list ps;
position p;
@@
fn@p(ps) { <+... af(L, s, ...) ...+> }

@script:python@
fn << wrap.fn;
ps << wrap.ps;
p << wrap.p;
@@
st = S(p[0])
lines = st.source()
# the body: from the definition to its closing brace at column 0
body, i = "", int(p[0].line) - 1
while i < len(lines):
    body += lines[i] + "\n"
    if lines[i].startswith("}"):
        break
    i += 1
add_wrapper(st, fn, param_names(ps), body[body.find("{"):])

// ---- facts: calls of the or_lock API and of wrappers in the file ----
@fb@
identifier bfn : script:python() { bfn in ST.begin };
expression list es;
position p;
@@
bfn@p(es)

@script:python@
es << fb.es;
p << fb.p;
@@
st = S(p[0])
name = ident_at(p[0])
if name in st.begin:
    s = site(st, st.begin, name, es)
    if s and re.match(r"^&\s*\w+$", s[0]):
        F = st.fn(p[0].current_element)
        F["begins"].append({"seq": s[0].lstrip("&").strip(), "lock": s[1],
                            "variant": s[2], "wrapper": s[3], "pos": p[0],
                            "name": name, "flags": None,
                            "args": [lk(a) for a in s[4]]})

@fbf@
identifier bfn : script:python() { bfn in ST.begin };
expression F;
position p;
@@
F = bfn@p(...)

@script:python@
F << fbf.F;
p << fbf.p;
@@
for b in S(p[0]).fn(p[0].current_element)["begins"]:
    if b["pos"].line == p[0].line and b["pos"].column == p[0].column:
        b["flags"] = norm(F)

@fneed@
identifier nfn : script:python() { nfn in ST.need };
expression list es;
position p;
@@
nfn@p(es)

@script:python@
es << fneed.es;
p << fneed.p;
@@
st = S(p[0])
name = ident_at(p[0])
if name in st.need:
    s = site(st, st.need, name, es)
    if s:
        st.fn(p[0].current_element)["needs"].append(
            {"seq": s[0], "lock": s[1], "wrapper": s[3], "pos": p[0], "name": name,
             "args": [lk(a) for a in s[4]]})

@fdone@
identifier dfn : script:python() { dfn in ST.done };
expression list es;
position p;
@@
dfn@p(es)

@script:python@
es << fdone.es;
p << fdone.p;
@@
st = S(p[0])
name = ident_at(p[0])
if name in st.done:
    s = site(st, st.done, name, es)
    if s:
        flags = None
        if s[2] == "irq" and not s[3] and len(s[4]) > 2:
            flags = norm(s[4][2])
        st.fn(p[0].current_element)["dones"].append(
            {"seq": s[0], "lock": s[1], "variant": s[2], "wrapper": s[3],
             "pos": p[0], "name": name, "flags": flags,
             "args": [lk(a) for a in s[4]]})

// ---- facts: how the seq variables get their values ----
@fdecl@
type T;
identifier v;
position p;
@@
T v@p;

@script:python@
v << fdecl.v;
p << fdecl.p;
@@
F = S(p[0]).fn(p[0].current_element)
F["locals"].setdefault(v, None)

@fdecli@
type T;
identifier v;
expression E;
position p;
@@
T v@p = E;

@script:python@
v << fdecli.v;
E << fdecli.E;
p << fdecli.p;
@@
S(p[0]).fn(p[0].current_element)["locals"][v] = E

@fwrite@
identifier v;
expression E;
assignment operator aop;
position p;
@@
v@p aop E

@script:python@
v << fwrite.v;
E << fwrite.E;
aop << fwrite.aop;
p << fwrite.p;
@@
S(p[0]).fn(p[0].current_element)["writes"].append((v, str(aop).strip(), E, p[0]))

@finc@
identifier v;
position p;
@@
(
 v@p++
|
 v@p--
|
 ++v@p
|
 --v@p
)

@script:python@
v << finc.v;
p << finc.p;
@@
S(p[0]).fn(p[0].current_element)["writes"].append((v, "++", "", p[0]))

@faddrcall@
identifier g, v;
position p;
@@
g(..., &v@p, ...)

@script:python@
g << faddrcall.g;
v << faddrcall.v;
p << faddrcall.p;
@@
if g in S(p[0]).begin:
    S(p[0]).fn(p[0].current_element).setdefault("beginaddr", set()).add((p[0].line, p[0].column))

@faddr@
identifier v;
position p;
@@
 &v@p

@script:python@
v << faddr.v;
p << faddr.p;
@@
F = S(p[0]).fn(p[0].current_element)
if (p[0].line, p[0].column) not in F.get("beginaddr", set()):
    F["addr"].append((v, p[0]))

// ---- evidence: does the read section walk anything (a loop before the check)? ----
@sectloop exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier seq;
expression list es0, es1, es2;
expression E1, E9;
statement S;
iterator I;
position pb, pl;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
(
for@pl (...;...;...) S
|
while@pl (E1) S
|
I@pl(...) S
)

@script:python@
pb << sectloop.pb;
seq << sectloop.seq;
@@
F = S(pb[0]).fn(pb[0].current_element)
if any(b["seq"] == seq and (b["pos"].line, b["pos"].column) == (pb[0].line, pb[0].column) for b in F["begins"]):
    F["loops"].add((pb[0].line, pb[0].column))

// ---- report: a region whose seq can never be odd ----
@rep@
identifier bfn : script:python() { bfn in ST.begin };
position p;
@@
bfn@p(...)

@script:python@
p << rep.p;
@@
st = S(p[0])
F = st.fn(p[0].current_element)
for b in F["begins"]:
    if (b["pos"].line, b["pos"].column) != (p[0].line, p[0].column):
        continue
    seq = b["seq"]
    needs = [n for n in F["needs"] if n["seq"] == seq]
    if not needs:
        continue                    # no retry check: left to other rules
    if parity_of_seq(F, seq) != "even":
        continue
    tag = (p[0].line, p[0].column)
    if tag in st.emitted:
        continue
    st.emitted.add(tag)
    dones = [d for d in F["dones"] if d["seq"] == seq]
    copies = sorted(set(str(rhs).strip() for (w, op, rhs, _) in F["writes"]
                        if w == seq and op == "=" and re.match(r"^\w+$", str(rhs).strip())
                        and int_value(rhs) is None))
    form = "do_while"
    src = st.source()
    nline = src[int(needs[0]["pos"].line) - 1] if needs else ""
    if re.match(r"^\s*if\s*\(\s*need", nline) or re.search(r"\bif\s*\(\s*" + re.escape(needs[0]["name"]), nline):
        form = "goto_restart"
    elif re.search(r"\bif\s*\(\s*!\s*" + re.escape(needs[0]["name"]), nline):
        form = "loop_break"
    elif not re.search(r"\bwhile\s*\(", nline):
        form = "other"
    short = tag not in F["loops"]
    emit("seqlock-never-locks", p[0], b["lock"],
         "%s is never made odd after a failed pass: %s(%s, &%s) never takes the lock "
         "(a plain read_seqbegin() retry loop in disguise, which can starve under writers)"
         % (seq, b["name"], b["lock"], seq, ),
         form=form, variant=b["variant"], via_wrapper=b["wrapper"],
         copied_from=",".join(copies) if copies else None,
         has_done=bool(dones), short_section=short,
         at_retry=at(needs[0]["pos"]))

