"""What lockers fix does for an rcu-escape finding (rules/rcu-escape/fix.cocci):
the plan, read from the C text of the function, that the transformation's
positions are aimed at, or the precondition that fails.

The finding names the pointer (LOCKERS_FIX_KEY), its first use after the
section (LOCKERS_FIX_AT) and the unlock that ends the section
(LOCKERS_FIX_AT_UNLOCK). The uses after the unlock are the statements that
follow it in its own block, up to the last one that mentions the pointer
before it is assigned again: that range is what a fix must cover.

The kinds, tried in this order (src/fix/fixkind.c), each on its own run:

  copy_scalars    the range only reads scalar fields of the object (their
                  types from the struct's definition in the file or the
                  tree's headers), at most three, and the pointer cannot be
                  NULL at the unlock: the fields are copied into locals
                  before it, and the reads become the locals.
  extend_section  the range sleeps nowhere (no call of data/might-sleep.list
                  or of a grace-period wait, no call through a pointer, no
                  assertion that a mutex is held, in it or in a callee
                  defined in the file or the other files of its directory),
                  takes no lock that the file holds while it waits for a
                  grace period: the unlock moves after the range's last
                  statement, and a copy of it goes before each return, goto,
                  break or continue in the range that leaves the block.
  take_reference  the object's struct has a reference pair (data/ref-put.list,
                  ref-tryget-put.list, or a *_put() of the file): the get
                  goes before the unlock (a get that can fail with a path
                  for the failure), the put after the range's last statement
                  and before each exit in the range but those of a NULL test.

None applies when the range holds a label or another section call, or
returns the pointer itself. A failed precondition is printed as
"lockers-fix: REASON" (src/fix/fixgen.c reads the last such line) and the
transformation matches nothing; what the human must still check, as
"lockers-fix-note: TEXT", goes below the mail's ---.
"""
import os
import re

from . import source
from .vocab import FAMILY, RCU_READ_LOCK, RCU_READ_UNLOCK, pairs


def _env(name):
    return os.environ.get(name, "")


def _words(*lists):
    """A regex matching a word of the lists (a FAMILY name: any word it begins)."""
    return re.compile(r"^(?:%s)$" % "|".join(re.escape(n) + (r"\w*" if v == FAMILY else "")
                                             for name in lists for n, v in pairs(name)))


SLEEPS = _words("might-sleep", "grace-period-waits", "srcu-grace-period-waits")
GRACE_WAITS = _words("grace-period-waits")
LOCKS = _words("exclusive-locks", "shared-locks", "rq-locks")
UNLOCKS = _words("exclusive-unlocks", "shared-unlocks", "rq-unlocks")
SECTION = set(RCU_READ_LOCK) | set(RCU_READ_UNLOCK)
# the flavours whose unlock takes no argument (SRCU's takes the srcu_struct and an index)
PLAIN_UNLOCK = set(n for n in RCU_READ_UNLOCK if not n.startswith("srcu"))
KEYWORDS = {"if", "else", "for", "while", "do", "switch", "case", "default", "return", "goto",
            "break", "continue", "sizeof", "typeof", "__typeof__", "struct", "union", "enum"}

# ---------------------------------------------------------------- tokens

TOKEN = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
                   r"|[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--|&&|\|\||<<=?|>>=?|[-+*/%&|^<>=!]=|\S", re.S)


class Tok:
    __slots__ = ("s", "line", "col")

    def __init__(self, s, line, col):
        self.s, self.line, self.col = s, line, col

    def ident(self):
        return re.match(r"^[A-Za-z_]\w*$", self.s) is not None and self.s not in KEYWORDS


def tokens(text):
    """The tokens of C text, comments and preprocessor lines left out; line
    1-based, column 0-based (spatch's)."""
    starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    out, line_i, pp_until = [], 0, -1
    for m in TOKEN.finditer(text):
        s = m.group(0)
        if s.startswith("/*") or s.startswith("//"):
            continue
        while line_i + 1 < len(starts) and starts[line_i + 1] <= m.start():
            line_i += 1
        if m.start() <= pp_until:
            continue
        if s == "#" and not text[starts[line_i]:m.start()].strip():
            # a directive runs to the first newline that is not escaped
            end = m.start()
            while True:
                nl = text.find("\n", end)
                if nl < 0 or not text[:nl].rstrip(" \t").endswith("\\"):
                    break
                end = nl + 1
            pp_until = nl if nl >= 0 else len(text)
            continue
        out.append(Tok(s, line_i + 1, m.start() - starts[line_i]))
    return out


# ---------------------------------------------------------------- statements


class Stmt:
    """A statement: its kind (compound, if, loop, switch, do, exit, label,
    simple, empty), its first and last token, the statements inside."""

    def __init__(self, kind, a, b, kids=()):
        self.kind, self.a, self.b, self.kids = kind, a, b, list(kids)


class Parser:
    def __init__(self, toks):
        self.t = toks

    def s(self, i):
        return self.t[i].s if i < len(self.t) else ""

    def close(self, i):
        """The index of the bracket closing the one at i."""
        pair = {"(": ")", "[": "]", "{": "}"}
        stack = []
        while i < len(self.t):
            s = self.t[i].s
            if s in pair:
                stack.append(pair[s])
            elif s in (")", "]", "}"):
                if not stack or stack.pop() != s:
                    raise ValueError("unbalanced %s at line %d" % (s, self.t[i].line))
                if not stack:
                    return i
            i += 1
        raise ValueError("unbalanced brackets")

    def to_semicolon(self, i):
        while i < len(self.t):
            s = self.t[i].s
            if s in ("(", "[", "{"):
                i = self.close(i)
            elif s == ";":
                return i
            elif s == "}":
                raise ValueError("no ; before line %d" % self.t[i].line)
            i += 1
        raise ValueError("no ;")

    def block(self, i):
        kids, j = [], i + 1
        while self.s(j) != "}":
            if j >= len(self.t):
                raise ValueError("unclosed block")
            st = self.stmt(j)
            kids.append(st)
            j = st.b + 1
        return Stmt("compound", i, j, kids)

    def stmt(self, i):
        s, t = self.s(i), self.t
        if s == "{":
            return self.block(i)
        if s == ";":
            return Stmt("empty", i, i)
        if s == "if":
            j = self.close(i + 1)
            body = self.stmt(j + 1)
            kids, end = [body], body.b
            if self.s(end + 1) == "else":
                other = self.stmt(end + 2)
                kids.append(other)
                end = other.b
            return Stmt("if", i, end, kids)
        if s in ("for", "while", "switch"):
            j = self.close(i + 1)
            body = self.stmt(j + 1)
            return Stmt("switch" if s == "switch" else s, i, body.b, [body])
        if s == "do":
            body = self.stmt(i + 1)
            return Stmt("do", i, self.to_semicolon(body.b + 1), [body])
        if s in ("return", "goto", "break", "continue"):
            return Stmt("exit", i, self.to_semicolon(i))
        if s in ("case", "default"):
            j = i
            while self.s(j) != ":":
                j += 1
            return Stmt("label", i, j)
        if t[i].ident() and self.s(i + 1) == ":":
            return Stmt("label", i, i + 1)
        if t[i].ident() and self.s(i + 1) == "(":
            j = self.close(i + 1)
            nxt = self.s(j + 1)
            if nxt == "{" or ("for_each" in s and nxt not in (";", ",", ")")):
                body = self.stmt(j + 1)
                return Stmt("iterator", i, body.b, [body])
        return Stmt("simple", i, self.to_semicolon(i))


def walk(st):
    yield st
    for k in st.kids:
        yield from walk(k)


# ---------------------------------------------------------------- the function


def functions(toks):
    """name -> (index of the body's '{', of its '}') of each function defined in the tokens."""
    out, i, p = {}, 0, Parser(toks)
    while i < len(toks):
        s = toks[i].s
        if s == "{":
            # a definition: name ( params ) [attributes] {
            j = i - 1
            while j > 0 and toks[j].s != ")" and toks[j].ident():
                j -= 1
            if toks[j].s == ")":
                k = j
                depth_p = 0
                while k >= 0:
                    if toks[k].s == ")":
                        depth_p += 1
                    elif toks[k].s == "(":
                        depth_p -= 1
                        if depth_p == 0:
                            break
                    k -= 1
                if k > 0 and toks[k - 1].ident():
                    try:
                        end = p.close(i)
                    except ValueError:
                        return out
                    out[toks[k - 1].s] = (i, end)
                    i = end + 1
                    continue
            try:
                i = p.close(i) + 1
            except ValueError:
                return out
            continue
        i += 1
    return out


def mentions(toks, a, b, x):
    """The indices of the tokens a..b that name the variable x (not a member called so)."""
    return [i for i in range(a, b + 1)
            if toks[i].s == x and (i == 0 or toks[i - 1].s not in (".", "->"))]


def assigns(toks, st, x):
    """The statement gives x a new value: x = ..., &x passed on, or x is a loop's cursor."""
    for i in range(st.a, st.b + 1):
        if toks[i].s != x or (i and toks[i - 1].s in (".", "->")):
            continue
        if i + 1 < len(toks) and toks[i + 1].s == "=":
            return True
        if i and toks[i - 1].s == "&" and (i + 1 >= len(toks) or toks[i + 1].s not in ("->", ".", "[")):
            return True
        if st.kind == "iterator" and i == st.a + 2:
            return True
    return False


def calls(toks, a, b):
    """(name, token index) of each call in tokens a..b."""
    return [(toks[i].s, i) for i in range(a, b) if toks[i].ident() and toks[i + 1].s == "("]


def lock_arg(toks, i):
    """The text of a lock call's first argument with its base left out
    (&hdev->lock -> ->lock): the lock, whichever object holds it."""
    j, depth, out = i + 2, 0, []
    while j < len(toks):
        s = toks[j].s
        if s in ("(", "[", "{"):
            depth += 1
        elif s in (")", "]", "}"):
            if depth == 0:
                break
            depth -= 1
        elif s == "," and depth == 0:
            break
        out.append(s)
        j += 1
    text = "".join(out).lstrip("&")
    m = re.match(r"^\(?[A-Za-z_]\w*\)?((?:->|\.).*)$", text)
    return m.group(1) if m else text


class Refuse(Exception):
    pass


class Plan:
    """What extend_section changes: the unlock it removes, the statement it
    puts the unlock after, the exits it puts a copy before."""

    def __init__(self):
        self.function = None
        self.notes = []         # for the mail, below the ---: what the human must check
        self.unlock = None      # (line, col) of the unlock's name
        self.unlock_name = None
        self.after = None       # (line, col) of the last statement's first token
        self.exits = set()      # (line, col) of each exit's keyword
        # take_reference: the helpers and their arguments (x, x->member, &x->member), how
        # the get is written (plain, plain_if: if (x), try_if: x = NULL on failure,
        # try_cond: joined to the NULL test before the unlock, at cond, try_continue: the
        # RCU list walk goes on to the next entry)
        self.get = self.put = self.get_arg = self.put_arg = self.form = self.cond = None


ASSERTS = _words("lock-asserts")
# the kernel API the rules know (every list but might-sleep.list, whose calls are refused):
# a note does not ask the human to check spin_lock() or list_empty()
KNOWN = _words(*sorted(f[:-5] for f in os.listdir(os.path.join(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))), "data")) if f.endswith(".list")))
# an asserted lock whose name says it sleeps (mvm->mutex, ->lock_sem): the code is
# written to run where it may sleep
SLEEPING_LOCK = re.compile(r"mutex|sem\b|_sem|rwsem|rtnl", re.I)


class Callees:
    """Where the callees' bodies are: the file, then the other .c and .h files
    of its directory in the tree (LOCKERS_FIX_TREE, LOCKERS_FIX_FILE)."""

    def __init__(self, toks, funcs):
        self.files = [(toks, funcs)]
        self.pending = None

    def _load(self):
        tree, path = _env("LOCKERS_FIX_TREE"), _env("LOCKERS_FIX_FILE")
        self.pending = []
        d = os.path.join(tree, os.path.dirname(path)) if tree and path else ""
        if d and os.path.isdir(d):
            me = os.path.basename(path)
            self.pending = [os.path.join(d, f) for f in sorted(os.listdir(d))
                            if f.endswith((".c", ".h")) and f != me]

    def find(self, name):
        """(tokens, first, last) of name's body, or None."""
        for toks, funcs in self.files:
            if name in funcs:
                return toks, funcs[name][0], funcs[name][1]
        if self.pending is None:
            self._load()
        pat = re.compile(r"\b%s\s*\([^;{]*\)\s*\{" % re.escape(name))
        while self.pending:
            text = source.read_regular(self.pending.pop(0)) or ""
            if pat.search(text):
                toks = tokens(text)
                funcs = functions(toks)
                self.files.append((toks, funcs))
                if name in funcs:
                    return toks, funcs[name][0], funcs[name][1]
        return None


def _sleeps(toks, callees, a, b, seen, outside, depth=0):
    """(what, line, via) of the first thing in tokens a..b that sleeps or may:
    a call of the lists, a sleeping GFP flag, a call through a pointer (what
    it calls cannot be read), an assertion that a sleeping lock is held,
    looking into the callees of the file and of its directory (via: the chain
    of them); None. The callees found nowhere are added to outside: nobody
    looked into them."""
    for name, i in calls(toks, a, b):
        if SLEEPS.match(name):
            return "calls %s()" % name, toks[i].line, []
        if ASSERTS.match(name) and SLEEPING_LOCK.search(name + lock_arg(toks, i)):
            return "asserts that a sleeping lock is held (%s(%s))" % (name, lock_arg(toks, i)), \
                toks[i].line, []
        if i and toks[i - 1].s in ("->", "."):
            j = i - 1
            while j > 0 and toks[j].s in ("->", ".") and toks[j - 1].ident():
                j -= 2
            return "calls %s() through a pointer, which may sleep" % "".join(
                t.s for t in toks[j + 1:i + 1]), toks[i].line, []
    for i in range(a, b):
        if toks[i].ident() and SLEEPS.match(toks[i].s) and toks[i].s.isupper():
            return "makes a %s allocation" % toks[i].s, toks[i].line, []
    if depth >= 4:
        return None
    for name, i in calls(toks, a, b):
        if name in seen:
            continue
        seen.add(name)
        body = callees.find(name) if name not in SECTION else None
        if body is None:
            if not name.isupper() and name not in SECTION and not KNOWN.match(name):
                outside.append(name)
            continue
        hit = _sleeps(body[0], callees, body[1], body[2], seen, outside, depth + 1)
        if hit:
            return hit[0], toks[i].line, [name] + hit[2]
    return None


def _waits_holding(toks, funcs, lock):
    """The function of the file that waits for a grace period while it holds
    `lock` (the same lock_arg()), or None."""
    for fname, (fa, fb) in funcs.items():
        held = 0
        for name, i in calls(toks, fa, fb):
            if LOCKS.match(name) and lock_arg(toks, i) == lock:
                held += 1
            elif UNLOCKS.match(name) and lock_arg(toks, i) == lock and held:
                held -= 1
            elif held and GRACE_WAITS.match(name):
                return fname, name
    return None


def _pos(line_col):
    try:
        line, col = line_col.split(":")
        return int(line), int(col)
    except ValueError:
        return None


def _range(toks, body, x):
    """The unlock statement, its block and the statements of the block from
    the one after it to the last that uses x before x changes."""
    at = _pos(_env("LOCKERS_FIX_AT_UNLOCK"))
    if at is None:
        raise Refuse("the finding does not say where the section ends")
    unl, block = None, None
    for st in walk(body):
        if st.kind != "compound":
            continue
        for k, kid in enumerate(st.kids):
            t = toks[kid.a]
            if kid.kind == "simple" and t.line == at[0] and t.s in RCU_READ_UNLOCK \
                    and toks[kid.a + 1].s == "(" and (unl is None or t.col <= at[1]):
                unl, block = (k, kid), st
    if unl is None:
        raise Refuse("the unlock at line %d is not a statement of its own" % at[0])
    k, stmt = unl
    if toks[stmt.a].s not in PLAIN_UNLOCK:
        raise Refuse("the section is %s()'s: an SRCU section may sleep, and its unlock needs "
                     "its index (not handled)" % toks[stmt.a].s)
    last = None
    for j in range(k + 1, len(block.kids)):
        kid = block.kids[j]
        if assigns(toks, kid, x):
            break
        if mentions(toks, kid.a, kid.b, x):
            last = j
    if last is None:
        raise Refuse("%s is not used in the statements after the unlock at line %d in its "
                     "own block: the use is outside it" % (x, at[0]))
    return stmt, block, block.kids[k + 1:last + 1]


class Scope:
    """The finding's function and the statements after its unlock that a fix must cover."""


def _scope(path):
    """The Scope of the finding in the file at path, or Refuse: what every
    kind needs (the pointer is a local, the uses are statements after the
    unlock in its block, no label and no other section call among them)."""
    sc = Scope()
    sc.path = path
    sc.x = x = _env("LOCKERS_FIX_KEY").strip()
    if not re.match(r"^[A-Za-z_]\w*$", x):
        raise Refuse("the pointer %s is not a local variable" % x)
    sc.toks = toks = tokens(source.text(path))
    try:
        sc.funcs = funcs = functions(toks)
        use = _pos(_env("LOCKERS_FIX_AT"))
        owner = [(n, ab) for n, ab in funcs.items()
                 if use and toks[ab[0]].line <= use[0] <= toks[ab[1]].line]
        if not owner:
            raise Refuse("the function of the use could not be parsed")
        sc.function, (sc.fa, sc.fb) = owner[0]
        sc.body = Parser(toks).block(sc.fa)
    except ValueError as e:
        raise Refuse("the function could not be parsed (%s)" % e)
    sc.stmt, sc.block, sc.rng = _range(toks, sc.body, x)
    first, last = sc.rng[0], sc.rng[-1]
    if not toks[first.a].line <= use[0] <= toks[last.b].line:
        raise Refuse("the use at line %d is not in the statements that follow the unlock "
                     "in its block" % use[0])
    sc.a, sc.b = first.a, last.b
    for st in sc.rng:
        for s in walk(st):
            if s.kind == "label":
                raise Refuse("a label at line %d, between the unlock and the last use: a goto "
                             "there would arrive with the section in another state"
                             % toks[s.a].line)
    for name, i in calls(toks, sc.a, sc.b):
        if name in SECTION:
            raise Refuse("%s() at line %d, between the unlock and the last use, already "
                         "changes the section" % (name, toks[i].line))
    for st in sc.rng:
        for e in walk(st):
            if e.kind == "exit" and [t.s for t in toks[e.a:e.b]] == ["return", x]:
                raise Refuse("%s is returned at line %d: the caller uses it after any unlock "
                             "here" % (x, toks[e.a].line))
    return sc


def _plan_of(sc, skip_null):
    """The places every kind edits: the unlock, the last use, the exits in between
    (but those taken when the pointer is NULL, if skip_null)."""
    toks = sc.toks
    plan = Plan()
    plan.function = sc.function
    plan.unlock = (toks[sc.stmt.a].line, toks[sc.stmt.a].col)
    plan.unlock_name = toks[sc.stmt.a].s
    for st in sc.rng:
        _exits(toks, st, sc.x, plan, False, False, skip_null)
    last = sc.rng[-1]
    if last.kind not in ("if", "for", "while", "iterator", "simple"):
        raise Refuse("the last use, at line %d, is a %s statement: nothing can be put after it"
                     % (toks[last.a].line, "return" if last.kind == "exit" else last.kind))
    plan.after = (toks[last.a].line, toks[last.a].col)
    # spatch puts a comment that ends a line it braces, or adds a line after, behind
    # the added code: the human should put it back
    lines = source.lines(sc.path)
    moved = sorted(set(line for line, _ in plan.exits | {(toks[last.b].line, 0)}
                       if re.search(r"(/\*|//)", source.line(sc.path, line))))
    if moved and lines:
        plan.notes.append("The comment%s at the end of line%s %s may have moved behind the "
                          "added code: put %s back." % ("s" if len(moved) > 1 else "",
                                                       "s" if len(moved) > 1 else "",
                                                       ", ".join(map(str, moved)),
                                                       "them" if len(moved) > 1 else "it"))
    return plan


def plan_extend(path):
    """The Plan for extend_section on the file at path, or Refuse."""
    sc = _scope(path)
    toks, funcs, a, b = sc.toks, sc.funcs, sc.a, sc.b
    for name, i in calls(toks, a, b):
        if LOCKS.match(name):
            held = _waits_holding(toks, funcs, lock_arg(toks, i))
            if held:
                raise Refuse("line %d takes %s(%s), which %s() holds while it calls %s(): "
                             "taken inside the section, it would deadlock"
                             % (toks[i].line, name, lock_arg(toks, i), held[0], held[1]))
    outside = []
    hit = _sleeps(toks, Callees(toks, funcs), a, b, {sc.function}, outside)
    if hit:
        what, line, via = hit
        how = "".join("calls %s(), which " % v for v in via)
        raise Refuse("the code after the unlock may sleep (line %d %s%s), which a "
                     "read-side section must not" % (line, how, what))
    plan = _plan_of(sc, False)
    if outside:
        # for the mail: what the human still has to read
        listed = ", ".join("%s()" % n for n in outside[:6])
        more = " and %d more" % (len(outside) - 6) if len(outside) > 6 else ""
        plan.notes.insert(0, "Not looked into, defined outside the file and its directory: "
                          "%s%s; check that none of them sleeps." % (listed, more))
    return plan


def _exits(toks, st, x, plan, in_loop, in_switch, skip_null=False):
    """Mark the exits of st that leave the block (but a break or continue of
    a loop or switch inside it), and with skip_null not those of the branch
    a NULL test of x takes."""
    if skip_null and st.kind == "if" and null_test(toks, st.a + 2, Parser(toks).close(st.a + 1) - 1, x):
        for k in st.kids[1:]:
            _exits(toks, k, x, plan, in_loop, in_switch, skip_null)
        return
    if st.kind == "exit":
        kw = toks[st.a].s
        if (kw == "break" and (in_loop or in_switch)) or (kw == "continue" and in_loop):
            return
        if kw == "return" and mentions(toks, st.a, st.b, x):
            if [t.s for t in toks[st.a + 1:st.b]] == [x]:
                raise Refuse("%s is returned at line %d: the caller uses it after any unlock "
                             "here" % (x, toks[st.a].line))
            raise Refuse("the return at line %d reads through %s: the section would have to "
                         "end after the return" % (toks[st.a].line, x))
        plan.exits.add((toks[st.a].line, toks[st.a].col))
        return
    loop = st.kind in ("for", "while", "do", "iterator")
    for k in st.kids:
        _exits(toks, k, x, plan, in_loop or loop, in_switch or st.kind == "switch", skip_null)


# ---------------------------------------------------------------- take_reference

REF_PUT = dict(pairs("ref-put"))
REF_TRYPUT = dict(pairs("ref-tryget-put"))
REF_OBJECT = dict(pairs("ref-object"))
REF_MEMBER = dict(pairs("ref-member"))
TRYGET = dict(pairs("ref-tryget"))


def null_test(toks, a, b, x):
    """Tokens a..b (a condition) test x against NULL and nothing else."""
    t = [tok.s for tok in toks[a:b + 1]]
    while len(t) > 3 and t[1] == "(" and t[-1] == ")" and t[0] in ("unlikely", "likely"):
        t = t[2:-1]
    return t in (["!", x], [x, "==", "NULL"], ["NULL", "==", x])


def _struct_of(sc):
    """The struct tag x points to, from its declaration in the function."""
    toks, x = sc.toks, sc.x
    for i in range(max(sc.fa - 200, 0), sc.fb):
        if toks[i].s == "struct" and i + 3 < len(toks) and toks[i + 2].s == "*" \
                and toks[i + 3].s == x and toks[i + 4].s in (";", ",", "=", ")"):
            return toks[i + 1].s
    return None


def _params(toks, fa):
    """The (struct tag, name) of each `struct S *name` parameter of the function whose body opens at fa."""
    j = fa - 1
    while j > 0 and toks[j].s != ")":
        j -= 1
    k, depth = j, 0
    while k > 0:
        if toks[k].s == ")":
            depth += 1
        elif toks[k].s == "(":
            depth -= 1
            if not depth:
                break
        k -= 1
    out = []
    for i in range(k, j):
        if toks[i].s == "struct" and toks[i + 2].s == "*" and toks[i + 4].s in (",", ")"):
            out.append((toks[i + 1].s, toks[i + 3].s))
    return out


def _file_pair(sc, tag):
    """(put, tryget, member) of a *_put() the file defines on struct tag whose
    body drops a reference on a member of it with a call of ref-tryget.list."""
    toks = sc.toks
    for name, (fa, fb) in sorted(sc.funcs.items()):
        if not re.search(r"_put$", name):
            continue
        ps = _params(toks, fa)
        if len(ps) != 1 or ps[0][0] != tag:
            continue
        arg = ps[0][1]
        for call, i in calls(toks, fa, fb):
            if call in TRYGET and [t.s for t in toks[i + 2:i + 5]] == ["&", arg, "->"]:
                return name, TRYGET[call], toks[i + 5].s
    return None


def plan_reference(path):
    """The Plan for take_reference on the file at path, or Refuse."""
    sc = _scope(path)
    toks, x = sc.toks, sc.x
    tag = _struct_of(sc)
    if tag is None:
        raise Refuse("the type of %s is not a struct pointer declared in the function" % x)
    plan = _plan_of(sc, True)

    def null_tests(sts):
        return [st for s0 in sts for st in walk(s0) if st.kind == "if"
                and null_test(toks, st.a + 2, Parser(toks).close(st.a + 1) - 1, x)]
    # a NULL test of x before the unlock, in the section (its exit is the missing object's path)
    before = [st for st in null_tests(sc.block.kids[:sc.block.kids.index(sc.stmt)])
              if st in sc.block.kids]
    after = null_tests(sc.rng)
    # the unlock is in the body of the RCU list walk whose cursor x is: a failure skips the entry
    cursor = any(st.kind == "iterator" and st.kids and st.kids[0] is sc.block
                 and toks[st.a + 2].s == x for st in walk(sc.body))
    gets = [g for g, t in REF_OBJECT.items() if t == tag and (g in REF_PUT or g in REF_TRYPUT)]
    if gets:
        g = gets[0]
        arg = "%s->%s" % (x, REF_MEMBER[g]) if g in REF_MEMBER else x
        plan.get, plan.get_arg, plan.put_arg = g, arg, arg
        if g in REF_PUT:
            plan.put = REF_PUT[g]
            plan.form = "plain_if" if after and not before else "plain"
            return plan
        plan.put = REF_TRYPUT[g]
        dying = "%s() fails on one on its way to be freed" % g
    else:
        pair = _file_pair(sc, tag)
        if pair is None:
            raise Refuse("struct %s has no reference pair lockers knows (data/ref-put.list, "
                         "ref-tryget-put.list, or a *_put() of the file that drops a counted "
                         "reference)" % tag)
        plan.put, plan.get, member = pair
        plan.get_arg, plan.put_arg = "&%s->%s" % (x, member), x
        dying = "%s() frees it at zero, so the reference is taken with %s(), which can fail" \
            % (plan.put, plan.get)
    if cursor:
        plan.form = "try_continue"
    elif before:
        plan.form = "try_cond"
        plan.cond = (toks[before[-1].a].line, toks[before[-1].a].col)
    elif after:
        plan.form = "try_if"
    else:
        raise Refuse("struct %s may be on its way to be freed (%s); and nothing tests %s for "
                     "NULL to give the failure a path" % (tag, dying, x))
    return plan


# ---------------------------------------------------------------- copy_scalars

# The C types whose value a local can hold: a copy of the field is the value itself.
SCALAR_WORDS = {"unsigned", "signed", "int", "long", "short", "char", "bool", "_Bool", "float",
                "double", "size_t", "ssize_t", "loff_t", "pid_t", "u8", "u16", "u32", "u64",
                "s8", "s16", "s32", "s64", "__u8", "__u16", "__u32", "__u64", "__s8", "__s16",
                "__s32", "__s64", "uint", "ulong", "ushort", "uchar", "uintptr_t"}
QUALIFIERS = {"const", "volatile"}
WRITES = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--"}


def _struct_members(text, tag):
    """{field: (type words, declarator tokens)} of `struct tag { ... }` in text, or None."""
    toks = tokens(text)
    p = Parser(toks)
    for i in range(len(toks) - 2):
        if toks[i].s == "struct" and toks[i + 1].s == tag and toks[i + 2].s == "{":
            try:
                end = p.close(i + 2)
            except ValueError:
                return None
            out, j = {}, i + 3
            while j < end:
                k, depth = j, 0
                while k < end and not (toks[k].s == ";" and depth == 0):
                    if toks[k].s in ("(", "[", "{"):
                        depth += 1
                    elif toks[k].s in (")", "]", "}"):
                        depth -= 1
                    k += 1
                decl = [t.s for t in toks[j:k]]
                j = k + 1
                if "{" in decl or "(" in decl:
                    continue        # a nested struct or union, a function pointer
                # T a, *b, c[4], d : 3: each declarator's name is its last identifier
                # before a [ or a :, the type the words in front of the first one
                parts, cur, depth = [], [], 0
                for w in decl:
                    depth += (w in ("[", "(")) - (w in ("]", ")"))
                    if w == "," and not depth:
                        parts.append(cur)
                        cur = []
                    else:
                        cur.append(w)
                parts.append(cur)
                words = None
                for dt in parts:
                    head = dt[:min([dt.index(t) for t in ("[", ":") if t in dt] or [len(dt)])]
                    idents = [k for k, w in enumerate(head) if re.match(r"^[A-Za-z_]\w*$", w)]
                    if not idents:
                        continue
                    k = idents[-1]
                    if words is None:
                        words = [w for w in head[:k] if w != "*"]
                    out[head[k]] = (words, dt)
            return out
    return None


def _headers():
    """Texts to look for a struct in: the file's directory's headers, then the tree's include/."""
    tree, path = _env("LOCKERS_FIX_TREE"), _env("LOCKERS_FIX_FILE")
    if not tree or not path:
        return
    d = os.path.join(tree, os.path.dirname(path))
    for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if f.endswith(".h"):
            yield os.path.join(d, f)
    inc = os.path.join(tree, "include")
    if os.path.isdir(inc):
        for dirpath, dirs, files in os.walk(inc):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(".h"):
                    yield os.path.join(dirpath, f)


def _field_types(path, tag):
    """The members of struct tag, from the file or the headers, and where they were found."""
    m = _struct_members(source.text(path), tag)
    if m is not None:
        return m, "the file"
    pat = re.compile(r"\bstruct\s+%s\s*\{" % re.escape(tag))
    for h in _headers():
        text = source.read_regular(h) or ""
        if pat.search(text):
            m = _struct_members(text, tag)
            if m is not None:
                return m, os.path.relpath(h, _env("LOCKERS_FIX_TREE"))
    return None, None


def _scalar_type(words, decl):
    """The type of a local that holds the member, or the reason it cannot."""
    if any(t in ("*", "[") for t in decl):
        return None, "a pointer or an array"
    base = [w for w in words if w not in QUALIFIERS]
    if len(base) == 2 and base[0] == "enum":
        return " ".join(base), None
    if base and all(w in SCALAR_WORDS for w in base):
        return " ".join(base), None
    return None, "of type %s, which lockers does not know to be a scalar" % " ".join(base)


def plan_copy(path):
    """The Plan for copy_scalars on the file at path, or Refuse."""
    sc = _scope(path)
    toks, x = sc.toks, sc.x
    fields, uses = [], {}
    for i in mentions(toks, sc.a, sc.b, x):
        if toks[i + 1].s != "->" or not toks[i + 2].ident():
            raise Refuse("line %d uses %s itself, not a field of it" % (toks[i].line, x))
        f, nxt = toks[i + 2].s, toks[i + 3].s
        if toks[i - 1].s == "&" or nxt in WRITES or nxt in ("(", "->", ".", "["):
            raise Refuse("line %d does more than read the field %s->%s (its address, a write, "
                         "a call through it or an access through it)" % (toks[i].line, x, f))
        if f not in fields:
            fields.append(f)
        uses[(toks[i].line, toks[i].col)] = f
    if len(fields) > 3:
        raise Refuse("the code after the unlock reads %d fields of %s: more than three copies "
                     "is not a small change" % (len(fields), x))
    # x must not be NULL where the copies go: a NULL test before the unlock, a
    # dereference before it, or a first use after it that every path reaches
    kids = sc.block.kids
    before = kids[:kids.index(sc.stmt)]
    safe = any((st.kind == "if" and null_test(toks, st.a + 2, Parser(toks).close(st.a + 1) - 1, x))
               or (st.kind == "simple" and any(toks[i + 1].s == "->" for i in mentions(toks, st.a, st.b, x)))
               for st in before)
    for st in sc.rng:
        if st.kind == "exit":
            break
        if mentions(toks, st.a, st.b, x):
            cond_end = Parser(toks).close(st.a + 1) if st.kind in ("if", "while", "switch") else st.b
            safe = safe or st.kind == "simple" or bool(mentions(toks, st.a, cond_end, x))
            break
    if not safe:
        raise Refuse("%s may be NULL at the unlock: nothing shows that reading its fields "
                     "there is safe" % x)
    tag = _struct_of(sc)
    if tag is None:
        raise Refuse("the type of %s is not a struct pointer declared in the function" % x)
    members, where = _field_types(path, tag)
    used = set(t.s for i, t in enumerate(toks[sc.fa:sc.fb + 1], sc.fa)
               if t.ident() and toks[i - 1].s not in ("->", "."))
    plan = Plan()
    plan.function = sc.function
    plan.unlock = (toks[sc.stmt.a].line, toks[sc.stmt.a].col)
    plan.after = plan.unlock
    plan.copies, plan.decls, plan.locals = [], [], {}
    for f in fields:
        # a local the section already copied the field into, unchanged up to the last use
        for st in before:
            t = [tok.s for tok in toks[st.a:st.b + 1]]
            v = t[0]
            if t[1:] == ["=", x, "->", f, ";"] and not any(
                    toks[i + 1].s in WRITES or toks[i - 1].s == "&"
                    for i in mentions(toks, st.b + 1, sc.b, v)):
                plan.locals[f] = v
        if f in plan.locals:
            continue
        if members is None:
            raise Refuse("struct %s is not defined in the file or in the headers lockers read "
                         "(its directory's, include/): the type of %s->%s is unknown" % (tag, x, f))
        if f not in members:
            raise Refuse("struct %s (%s) has no plain member %s: the type of %s->%s is unknown"
                         % (tag, where, f, x, f))
        typ, why = _scalar_type(*members[f])
        if typ is None:
            raise Refuse("%s->%s is %s (struct %s, %s): only scalar fields are copied"
                         % (x, f, why, tag, where))
        name = next((n for n in (f, "%s_%s" % (x, f)) if n not in used), None)
        if name is None:
            raise Refuse("no free name for the copy of %s->%s" % (x, f))
        used.add(name)
        plan.locals[f] = name
        plan.copies.append("%s = %s->%s;" % (name, x, f))
        plan.decls.append("%s %s;" % (typ, name))
    plan.uses = uses
    return plan


def copy_unlock(p, n=None):
    """p is the unlock the copies go before (n of them, if given)."""
    plan = _plan(p, plan_copy)
    return bool(plan) and _here(p, plan) == plan.unlock and n in (None, len(plan.copies))


def copy_local(p):
    """The local that holds the field read at p."""
    plan = _PLANS.get(plan_copy.__name__)
    return plan.locals[plan.uses[_here(p, plan)]]


def copy_stmts(kind, k):
    """The k-th copy (kind "copy") or declaration ("decl") the plan adds, "" past the last."""
    plan = _PLANS.get(plan_copy.__name__)
    got = (plan.copies if kind == "copy" else plan.decls) if plan else []
    return got[k] if k < len(got) else ";"


def copy_decls(p, n):
    """p is the function the n declarations go to."""
    plan = _PLANS.get(plan_copy.__name__)
    return bool(plan) and len(plan.decls) == n and p[0].current_element == plan.function


# ---------------------------------------------------------------- SmPL hooks

_PLANS = {}
_BODIES = {}


def _body_line(path, function):
    """The line of the '{' that opens function's body in the file at path."""
    key = (path, function)
    if key not in _BODIES:
        text = source.read_regular(source.whole_path(path)) or ""
        ab = functions(tokens(text)).get(function)
        _BODIES[key] = tokens(text)[ab[0]].line if ab else None
    return _BODIES[key]


def _plan(p, make):
    """The plan of the finding (made once, on the file lockers fix copied;
    a refusal printed once). Its places are lines counted from the body's
    '{', columns as they are: spatch gives the rules after one that changed
    the code a copy of the changed function alone, and the edits go bottom
    up, so what a later rule aims at has not moved within the function."""
    key = make.__name__
    if key not in _PLANS:
        try:
            plan = make(p[0].file)
            base = _body_line(p[0].file, plan.function)
            plan.unlock = (plan.unlock[0] - base, plan.unlock[1])
            plan.after = (plan.after[0] - base, plan.after[1])
            plan.exits = set((l - base, c) for l, c in plan.exits)
            if getattr(plan, "uses", None):
                plan.uses = dict(((l - base, c), f) for (l, c), f in plan.uses.items())
            if plan.cond:
                plan.cond = (plan.cond[0] - base, plan.cond[1])
            _PLANS[key] = plan
            if plan.notes:
                print("lockers-fix-note: %s" % " ".join(plan.notes))
        except Refuse as e:
            print("lockers-fix: %s" % e)
            _PLANS[key] = None
    return _PLANS[key]


def _here(p, plan):
    """p's place as the plan counts it, or None outside the plan's function."""
    if plan is None or p[0].current_element != plan.function:
        return None
    base = _body_line(p[0].file, p[0].current_element)
    return (int(p[0].line) - base, int(p[0].column)) if base is not None else None


def at_place(p, kind, place):
    """p is at the place of the plan of kind (extend, reference, copy) that a
    rule of fix.cocci edits: "unlock", "after" (the last use's first token),
    "exits", "cond" (the NULL test a tryget joins) or "uses" (a field read)."""
    plan = _plan(p, {"extend": plan_extend, "reference": plan_reference, "copy": plan_copy}[kind])
    if not plan:
        return False
    here, want = _here(p, plan), getattr(plan, place)
    return here in want if isinstance(want, (set, dict)) else here == want


def ref_unlock(p, form=None):
    """p is the unlock that ends the section take_reference takes its
    reference in (written in the given form, if one is given)."""
    plan = _plan(p, plan_reference)
    return bool(plan) and _here(p, plan) == plan.unlock and form in (None, plan.form)


def ref_names():
    """(pointer, get, put, the get's argument, the put's) of the plan take_reference follows."""
    plan = _PLANS.get(plan_reference.__name__)
    return (_env("LOCKERS_FIX_KEY").strip(), plan.get, plan.put, plan.get_arg, plan.put_arg) \
        if plan else ("x", "get", "put", "x", "x")


