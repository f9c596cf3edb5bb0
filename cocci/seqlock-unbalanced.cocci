/// Finds seqlock "or_lock" readers that can leave the lock held or close
/// the wrong region: after a locking pass (seq odd, read_seqbegin_or_lock()
/// took the lock) only done_seqretry() releases it, so a return on a path
/// that skips done_seqretry() leaks the lock; and a done_seqretry() or
/// need_seqretry() given another seq, another lock, the other irq variant
/// or other flags than the region was begun with releases (or validates)
/// something else.
///
/// Exits are followed through the goto-restart, do-while and loop-break
/// forms; past a need_seqretry() that asked for a retry seq is even, so
/// nothing is held there. Evidence seq_never_odd: the region never locks
/// today (see seqlock-never-locks), so the exit leaks nothing yet but will
/// once the fallback is fixed. parity_tested: the path tests seq & 1, the
/// code may be handling the locking pass itself. same_lock_field: the two
/// lock expressions end in the same member and may well be the same lock.
//
// Rule: seqlock-unbalanced
// Confidence: High
// Requires: read_seqbegin_or_lock read_seqbegin_or_lock_irqsave
// Options: --no-includes
//
// Limits: seq must be a local variable; wrappers are recognised when defined
// in the same file (see seqlock-never-locks); when a wrapper is involved the
// lock expressions are not compared. The goto-restart form is recognised as
// "if (need_seqretry(...)) S" without else; other shapes go through the
// generic path from the check, on which the retrying branch must reach the
// begin again (so a return on that branch before the begin would be
// reported although seq is even there).

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
@initialize:python@
@@
def key_of(p):
    return (int(p.line), int(p.column))

def begin_at(F, p):
    for b in F["begins"]:
        if key_of(b["pos"]) == key_of(p):
            return b
    return None

def need_at(F, p):
    for n in F["needs"]:
        if key_of(n["pos"]) == key_of(p):
            return n
    return None

def record_leak(start, exitp, where, pathseq):
    """An exit reached from a begin (or from a need check) of this file."""
    st = S(start)
    F = st.fn(start.current_element)
    if where == "before_check":
        b = begin_at(F, start)
        if b is None:
            return
        seq, lock, origin = b["seq"], b["lock"], b
        if seq != pathseq:
            return                  # the path bound seq to another argument
    else:
        n = need_at(F, start)
        if n is None:
            return
        seq, lock = n["seq"], n["lock"]
        if seq != pathseq:
            return
        begins = [b for b in F["begins"] if b["seq"] == seq]
        if not begins:
            return                  # a wrapper body or a region begun elsewhere
        origin = begins[0]
    k = (key_of(exitp), seq, lock)
    old = F["leaks"].get(k)
    if old is None or (old[2] == "after_check" and where == "before_check"):
        F["leaks"][k] = (exitp, origin, where, start)

def record_parity(start, exitp, pathseq):
    F = S(start).fn(start.current_element)
    b = begin_at(F, start) or need_at(F, start)
    if b is None or b["seq"] != pathseq:
        return
    S(start).fn(start.current_element)["parity"].add((key_of(start), key_of(exitp)))

def last_member(lock):
    m = re.search(r"(\w+)\s*\)*\s*$", lock)
    return m.group(1) if m else lock

def report_function(p):
    st = S(p)
    F = st.fn(p.current_element)
    tag = (p.current_element,)
    if tag in st.emitted or not F["begins"]:
        return
    st.emitted.add(tag)
    src = st.source()
    # done/need calls that do not match the region they close
    findings, wrong_seq_locks = [], set()
    for call in F["dones"] + F["needs"]:
        f = check_call(F, call)
        if f:
            findings.append(f)
            if f[1]["kind"] == "wrong_seq" and call in F["dones"]:
                wrong_seq_locks.add(call["lock"])
    # leaking exits
    for k in sorted(F["leaks"], key=lambda k: (k[0], k[1], k[2])):
        exitp, b, where, start = F["leaks"][k]
        seq, lock = b["seq"], b["lock"]
        if lock in wrong_seq_locks:
            continue                # closed, with the wrong seq: reported there
        try:
            text = src[int(exitp.line) - 1][int(exitp.column):]
        except IndexError:
            text = ""
        what = "return" if text.startswith("return") else "the end of the function"
        done_name = "done_seqretry_irqrestore" if b["variant"] == "irq" else "done_seqretry"
        never_odd = parity_of_seq(F, seq) == "even"
        parity = (key_of(start), key_of(exitp)) in F["parity"]
        how = "before its retry check" if where == "before_check" else "after need_seqretry() accepted the pass"
        held = "the lock" if b["wrapper"] else lock
        emit("seqlock-unbalanced", exitp, lock,
             "%s leaves the region begun by %s(%s) at line %s %s, skipping %s(): "
             "on a locking pass (%s odd) %s stays held"
             % (what, b["name"], call_text(b), b["pos"].line, how, done_name, seq, held),
             kind="exit_skips_done", exit=where, at_begin=at(b["pos"]),
             variant=b["variant"], via_wrapper=b["wrapper"],
             seq_never_odd=never_odd, parity_tested=parity)
    for pos, ev, msg in findings:
        emit("seqlock-unbalanced", pos, ev.pop("key"), msg, **ev)

def call_text(c):
    return ", ".join(c["args"])

def check_call(F, call):
    """A finding (pos, evidence, message) when a done/need call does not
    match the region its seq (or its lock) was begun with."""
    is_done = call in F["dones"]
    seq, lock = call["seq"], call["lock"]
    text = "%s(%s)" % (call["name"], call_text(call))
    same_seq = [b for b in F["begins"] if b["seq"] == seq]
    if not same_seq:
        other = [b for b in F["begins"] if b["lock"] == lock and not b["wrapper"] and not call["wrapper"]]
        if other and re.match(r"^\w+$", seq):
            b = other[0]
            return (call["pos"], dict(key=lock, kind="wrong_seq", at_begin=at(b["pos"]),
                                      seq_never_odd=parity_of_seq(F, b["seq"]) == "even"),
                    "%s is given %s but the %s region was begun with %s at line %s"
                    % (text, seq, lock, b["seq"], b["pos"].line))
        return None
    if call["wrapper"] or any(b["wrapper"] for b in same_seq):
        return None                 # a wrapper names the lock its own way
    if not any(b["lock"] == lock for b in same_seq):
        b = same_seq[0]
        return (call["pos"], dict(key=lock, kind="wrong_lock", at_begin=at(b["pos"]),
                                  same_lock_field=last_member(lock) == last_member(b["lock"]),
                                  seq_never_odd=parity_of_seq(F, seq) == "even"),
                "%s names another lock than the region it %s: %s was begun on %s at line %s"
                % (text, "closes" if is_done else "validates", seq, b["lock"], b["pos"].line))
    if not is_done:
        return None
    mine = [b for b in same_seq if b["lock"] == lock]
    if all(b["variant"] != call["variant"] for b in mine):
        b = mine[0]
        if call["variant"] == "plain":
            why = "after a locking pass interrupts stay disabled"
        else:
            why = "the flags it restores were never saved"
        return (call["pos"], dict(key=lock, kind="wrong_variant", at_begin=at(b["pos"]),
                                  seq_never_odd=parity_of_seq(F, seq) == "even"),
                "%s closes a region begun with %s at line %s: %s"
                % (text, b["name"], b["pos"].line, why))
    if call["variant"] == "irq" and call["flags"]:
        saved = [b["flags"] for b in mine if b["variant"] == "irq" and b["flags"]]
        if saved and call["flags"] not in saved and re.match(r"^\w+$", call["flags"]) \
           and all(re.match(r"^\w+$", f) for f in saved):
            b = mine[0]
            return (call["pos"], dict(key=lock, kind="wrong_flags", at_begin=at(b["pos"]),
                                      seq_never_odd=parity_of_seq(F, seq) == "even"),
                    "%s restores %s but the region begun at line %s saved its flags in %s"
                    % (text, call["flags"], b["pos"].line, saved[0]))
    return None
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

// ---- exits on a path that may still hold the lock ----
// The path rules below cut at done_seqretry*() and at any need_seqretry()
// on the same seq: past a need_seqretry() that asked for a retry seq is
// even (lockless), and the forms differ in which branch leaves the region.
// An exit on which the code tests the parity of seq is recorded apart.

// (a) from the begin: an exit reached before the retry check
@leakb exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
expression E9;
position pb, pr;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pb << leakb.pb;
pr << leakb.pr;
seq << leakb.seq;
@@
record_leak(pb[0], pr[0], "before_check", seq)

@leakbpar exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
expression E9;
position pb, pr;
@@
\(read_seqbegin_or_lock@pb(es0, &seq)\|read_seqbegin_or_lock_irqsave@pb(es0, &seq)\|bfn@pb(es0, &seq)\|bfn@pb(es0, &seq, E9)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pb << leakbpar.pb;
pr << leakbpar.pr;
seq << leakbpar.seq;
@@
record_parity(pb[0], pr[0], seq)

// (b) goto-restart form: from after "if (need_seqretry(...)) S"
@ifneed@
identifier nfn : script:python() { nfn in ST.need };
identifier seq;
expression list es0;
statement S;
position pn;
@@
if (nfn@pn(es0, seq, ...)) S

@leaki exists@
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
statement S;
position pn, pr;
@@
if (nfn@pn(es0, seq, ...)) S
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pn << leaki.pn;
pr << leaki.pr;
seq << leaki.seq;
@@
record_leak(pn[0], pr[0], "after_check", seq)

@leakipar exists@
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2;
statement S;
position pn, pr;
@@
if (nfn@pn(es0, seq, ...)) S
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
return@pr ...;

@script:python@
pn << leakipar.pn;
pr << leakipar.pr;
seq << leakipar.seq;
@@
record_parity(pn[0], pr[0], seq)

// (c) do-while and loop-break forms: from any other need_seqretry(); the
// branch that retries reaches the begin again, which cuts the path
@leakn exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2, es3;
position pn != ifneed.pn;
position pr;
@@
\(need_seqretry@pn(es0, seq)\|nfn@pn(es0, seq)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
return@pr ...;

@script:python@
pn << leakn.pn;
pr << leakn.pr;
seq << leakn.seq;
@@
record_leak(pn[0], pr[0], "after_check", seq)

@leaknpar exists@
identifier bfn : script:python() { bfn in ST.begin };
identifier nfn : script:python() { nfn in ST.need };
identifier dfn : script:python() { dfn in ST.done };
identifier ufn =~ "^read_sequnlock_excl";
identifier seq;
expression list es0, es1, es2, es3;
position pn != ifneed.pn;
position pr;
@@
\(need_seqretry@pn(es0, seq)\|nfn@pn(es0, seq)\)
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
seq & 1
... when != nfn(es1, seq, ...)
    when != dfn(es2, seq, ...)
    when != ufn(...)
    when != bfn(es3, &seq, ...)
return@pr ...;

@script:python@
pn << leaknpar.pn;
pr << leaknpar.pr;
seq << leaknpar.seq;
@@
record_parity(pn[0], pr[0], seq)

// ---- report, once per function: leaking exits and mismatched calls ----
@rep@
identifier bfn : script:python() { bfn in ST.begin };
position p;
@@
bfn@p(...)

@script:python@
p << rep.p;
@@
report_function(p[0])

