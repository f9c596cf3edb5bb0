"""loop-le-count: a counting loop from 0 while i <= E, with E a count or
the size of the array the loop indexes; the evidence that E is (or is not)
how many elements there are."""
import heapq
import os
import re

from . import source
from .cexpr import IDENT, KEYWORDS, balanced, matching, split_args, split_top, strip_parens, tokenize, wsfree
from .record import emit, emit_reads, norm


RULE = "loop-le-count"

# ---------------------------------------------------------------- tokens


def top_level_ops(t):
    """Binary operators of E outside any parentheses or brackets."""
    ops, depth, prev = set(), 0, None
    for x in t:
        if x in "([":
            depth += 1
        elif x in ")]":
            depth -= 1
        elif depth == 0 and x in ("+", "-", "*", "/", "%", ">>", "<<") \
                and prev is not None and (IDENT.match(prev) or prev[0].isdigit()
                                          or prev in (")", "]")):
            ops.add(x)
        prev = x
    return ops

# ---------------------------------------------------------------- names

# Words that name a cardinal (how many), after splitting identifiers on _,
# digits and camelCase: state_count, subprog_cnt, NR_CPUS, nents, strlen.
CARDINAL = {
    "count", "counts", "cnt", "cnts", "num", "nums", "number", "nr",
    "len", "lens", "length", "lengths", "size", "sizes", "sz", "total",
    "nents", "nelem", "nelems", "nmemb", "nitems", "nbytes", "nregs",
    "npages", "nblocks", "nchan", "nchans", "nports", "nbufs", "nsegs",
    "nfrags", "nvecs", "nirqs", "ncpus", "nentries", "nlanes", "nrows",
    "ncols", "nslots", "nsge", "nsg", "nargs", "nfuncs", "strlen", "sizeof",
}
# Words that name an ordinal (a last valid index, not how many).
ORDINAL = {"max", "maximum", "last", "end", "final", "hi", "high", "top",
           "limit", "lim", "upper", "stop", "highest", "idx", "index",
           "order", "level"}
# Words that announce a count-minus-one encoding: cpb_cnt_minus1.
MINUS1 = {"minus", "minus1", "m1"}


def words(name):
    s = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    return [w.lower() for w in re.split(r"[_\d]+", s) if w]


def bound_names(t):
    """Identifiers that name the bound's value: variables, the last field of
    a member chain, called macros/functions and their arguments; not the
    base objects of member chains (pkt in pkt->count)."""
    out = []
    for k, x in enumerate(t):
        if not IDENT.match(x) or (x in KEYWORDS and x != "sizeof"):
            continue
        nxt = t[k + 1] if k + 1 < len(t) else ""
        if nxt in ("->", "."):
            continue
        out.append(x)
    return out


def classify(names):
    """(cardinal words, ordinal words, minus1 words) found in the names."""
    card, ordi, m1 = [], [], []
    for name in names:
        ws = words(name)
        if name.lower() == "n" or (ws and ws[0] == "n" and len(ws) > 1):
            card.append(name)          # n, n_items, nItems
        for w in ws:
            if w in CARDINAL:
                card.append(w)
            elif w in ORDINAL:
                ordi.append(w)
            elif w in MINUS1:
                m1.append(w)
    return card, ordi, m1

# ---------------------------------------------------------------- file text


_COMMENT = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|/{2}[^\n]*', re.S)
_FILES = {}


class Source:
    """One file's text: raw, with comments and strings blanked (offsets and
    newlines kept), its comments with line spans, its top-level blocks."""

    def __init__(self, path):
        self.raw = source.text(path)
        self.line_start = [0]
        for m in re.finditer("\n", self.raw):
            self.line_start.append(m.end())
        self.comments = []
        parts, last = [], 0
        for m in _COMMENT.finditer(self.raw):
            parts.append(self.raw[last:m.start()])
            body = m.group(0)
            if body.startswith("/"):
                self.comments.append((self.line_of(m.start()), self.line_of(m.end() - 1), body))
                parts.append(re.sub(r"[^\n]", " ", body))
            else:
                parts.append(body[0] + re.sub(r"[^\n]", " ", body[1:-1]) + body[-1])
            last = m.end()
        parts.append(self.raw[last:])
        self.text = "".join(parts)
        self.blocks = self._blocks()

    def line_of(self, off):
        lo, hi = 0, len(self.line_start) - 1
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if self.line_start[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def offset(self, line):
        return self.line_start[min(max(line, 1), len(self.line_start)) - 1]

    def _blocks(self):
        """(head, start, end) of every top-level { } region; head is where
        the declaration before it starts (the function's signature)."""
        out, depth, start, head = [], 0, 0, 0
        for m in re.finditer(r"[{};]", self.text):
            c = m.group(0)
            if c == "{":
                if depth == 0:
                    start = m.start()
                depth += 1
            elif c == "}":
                depth = max(depth - 1, 0)
                if depth == 0:
                    out.append((head, start, m.end()))
                    head = m.end()
            elif depth == 0:
                head = m.end()
        return out

    def function_text(self, line):
        off = self.offset(line)
        for head, start, end in self.blocks:
            if start <= off < end:
                return self.text[head:end]
        return self.text

    def header_end_line(self, line):
        """Line where the loop header that starts on `line` closes."""
        off = self.text.find("(", self.offset(line))
        depth = 0
        for k in range(off, min(len(self.text), off + 2000)):
            depth += self.text[k] == "("
            depth -= self.text[k] == ")"
            if depth == 0:
                return self.line_of(k)
        return line


def file_text(path):
    """The Source of path (one file kept: spatch works file by file)."""
    if path not in _FILES:
        _FILES.clear()        # spatch works file by file: keep one
        _FILES[path] = Source(path)
    return _FILES[path]


# ---------------------------------------------------------------- the subsystem

_NEARBY = {}


def sorted_walk(top, limit):
    """(directory, file names) under top in the order sorted(os.walk(top))
    gives, for the first `limit` directories only. A directory's path sorts
    before every path under it, so a heap of the directories met yields them
    in order without listing the rest of a large tree (the subsystem of a
    file at /tmp/x/f.c is all of /tmp). The directories are not noted as
    read (source.listdir()): they may hold the scan's own output, which
    changes every run; the files read are."""
    heap = [top]
    while heap and limit > 0:
        d = heapq.heappop(heap)
        try:
            entries = list(os.scandir(d))
        except OSError:
            continue
        limit -= 1
        files = []
        for e in entries:
            try:
                is_dir = e.is_dir()
            except OSError:
                is_dir = False
            if not is_dir:
                files.append(e.name)
            elif not e.is_symlink():
                heapq.heappush(heap, os.path.join(d, e.name))
        yield d, files


def set_minus1_nearby(path, e):
    """Where a file of the same subsystem (the directory above the file's own,
    .c and .h) assigns E's field from something minus one
    (pcie_speed_table.count = max_entry - 1 in hwmgr/ for a loop in smumgr/):
    E holds a last index there too. Member chains only, matched on their last
    two names, or on the last one when it is more than a count word."""
    names = re.findall(r"[A-Za-z_]\w*", re.sub(r"\[[^\]]*\]", "", e))
    if not _CHAIN.match(e) or len(names) < 2:
        return None
    tail = names[-2:] if len(names) > 2 else names[-1:]
    if len(tail) == 1 and set(words(tail[0])) <= CARDINAL:
        return None
    real = os.path.realpath(source.whole_path(path))
    top = os.path.dirname(os.path.dirname(real))
    if real.count("/") < 4 or not os.path.isdir(top):
        return None
    sep = r"\s*(?:->|\.)\s*"
    pat = (sep.join(map(re.escape, tail)) if len(tail) == 2 else re.escape(tail[0])) + \
        r"\s*=(?!=)[^;{}]*[\w)\]]\s*-\s*1(?![\w.])[^;{}]*;"
    key = (top, pat)
    return source.memo(_NEARBY, key, lambda: _first_minus1(top, real, pat))


def _first_minus1(top, real, pat):
    rx = re.compile(r"(?:->|\.)\s*" + pat)
    for d, files in sorted_walk(top, 400):
        for f in sorted(files):
            if not f.endswith((".c", ".h")):
                continue
            full = os.path.join(d, f)
            if full == real:
                continue
            body = source.read_regular(full)     # never a FIFO or a device
            m = body is not None and rx.search(body)
            if m:
                return "%s: %s" % (os.path.relpath(full, top), " ".join(m.group(0).split()))
    return None


# ---------------------------------------------------------------- bounds


_CHAIN = re.compile(r"^[A-Za-z_]\w*(?:\[[^\]]*\])*(?:(?:->|\.)[A-Za-z_]\w*(?:\[[^\]]*\])*)+$")


def same_bound(a, b):
    """Two whitespace-free expressions denote the same bound: equal text, or
    member chains ending in the same field (pkt->count, pkt.count)."""
    a, b = wsfree(a), wsfree(b)
    while a.startswith("(") and a.endswith(")") and balanced(a, 0) == a[1:-1]:
        a = a[1:-1]
    while b.startswith("(") and b.endswith(")") and balanced(b, 0) == b[1:-1]:
        b = b[1:-1]
    if a == b:
        return True
    if _CHAIN.match(a) and _CHAIN.match(b):
        return re.split(r"->|\.", a)[-1] == re.split(r"->|\.", b)[-1]
    return False


def plus_one(size, e):
    """size is e + 1 (or 1 + e)."""
    s = wsfree(size)
    for tail in ("+1", "+1U", "+1u"):
        if s.endswith(tail) and same_bound(s[:-len(tail)], e):
            return True
    return s.startswith("1+") and same_bound(s[2:], e)


def any_plus_one(size):
    """size is X + 1 for some X (frag[1 + MAX_SKB_FRAGS]: a head plus the
    fragments): room for one element more than a count."""
    s = wsfree(size)
    return bool(re.match(r"^(1\+.+|.+\+1[uU]?)$", s)) and "?" not in s


def bound_regex(e):
    """Regex (on source text, any spacing) for the bound: its tokens, or for
    a member chain any chain ending in the same field (s->n, p.n)."""
    t = strip_parens(tokenize(e))
    if _CHAIN.match("".join(t)):
        return (r"(?<![\w>.])[A-Za-z_]\w*(?:\s*(?:->|\.)\s*\w+|\s*\[[^\]]*\])*?\s*(?:->|\.)\s*"
                + re.escape(t[-1]) + r"(?!\w)")
    return r"(?<![\w>.])" + r"\s*".join(re.escape(x) for x in t) + r"(?!\w)"


# ---------------------------------------------------------------- body


STAR = "*"  # the dereference operator


def offset_pointers(t, i):
    # Pointers offset by i and then used as memory (dereferenced or cast to
    # a pointer type): the same access as p[i], written with arithmetic.
    out = []
    for k in range(1, len(t) - 4):
        if t[k] != "(" or t[k - 1] not in (STAR, ")"):
            continue
        a, op, b, close = t[k + 1], t[k + 2], t[k + 3], t[k + 4]
        if close != ")" or op != "+":
            continue
        if b == i and IDENT.match(a) and a not in KEYWORDS:
            out.append(a)
        elif a == i and IDENT.match(b) and b not in KEYWORDS:
            out.append(b)
    return out


def indexed_arrays(t, i):
    """Arrays indexed by i in the body tokens: [(array expr, name, offset)]
    where offset is "" for A[i] and e.g. "-1" for A[i - 1]."""
    out = []
    for k in range(1, len(t) - 2):
        if t[k] != "[" or t[k + 1] != i:
            continue
        if t[k + 2] == "]":
            off = ""
        elif t[k + 2] in ("-", "+") and k + 4 < len(t) and t[k + 4] == "]":
            off = t[k + 2] + t[k + 3]
        else:
            continue
        j, depth = k - 1, 0
        while j >= 0:                      # walk back over a postfix expression
            x = t[j]
            if x in ("]", ")"):
                depth, j0 = 0, j
                while j >= 0:
                    depth += t[j] in ("]", ")")
                    depth -= t[j] in ("[", "(")
                    if depth == 0:
                        break
                    j -= 1
                j -= 1
                continue
            if IDENT.match(x) and x not in KEYWORDS:
                if j > 0 and t[j - 1] in ("->", "."):
                    j -= 2
                    continue
                break
            j += 1
            break
        j = max(j, 0)
        expr = t[j:k]
        if not expr:
            continue
        name, depth = None, 0
        for x in expr:                     # rightmost identifier outside [] ()
            depth += x in ("[", "(")
            depth -= x in ("]", ")")
            if depth == 0 and IDENT.match(x):
                name = x
        if name:
            out.append((" ".join(expr), name, off))
    return out


_AFTER = {"-", "+", "*", "/", "%", "->", ".", "[", "(", "<<", ">>", "++", "--"}
_BEFORE = {"-", "+", "*", "/", "%", "->", ".", "&", "<<", ">>", "!", "~"}


def guards(t, i, e):
    """Comparisons of i with E in the body that single out the extra pass:
    i < E, i == E, i != E, i >= E, i > E (and the mirrored forms)."""
    out = []
    n = len(e)
    for k in range(len(t)):
        prev = t[k - 1] if k else ""
        if prev in _BEFORE:
            continue
        if t[k] == i and k + 1 < len(t) and t[k + 1] in ("<", "==", "!=", ">=", ">"):
            if t[k + 2:k + 2 + n] == e and (k + 2 + n >= len(t) or t[k + 2 + n] not in _AFTER):
                out.append("%s %s %s" % (i, t[k + 1], " ".join(e)))
        if t[k:k + n] == e and k + n + 1 < len(t) and t[k + n] in (">", "==", "!=", "<=", "<") \
                and t[k + n + 1] == i and (k + n + 2 >= len(t) or t[k + n + 2] not in _AFTER):
            out.append("%s %s %s" % (" ".join(e), t[k + n], i))
    return out


_EXITS = {"break", "return", "continue", "goto"}
_AT_BOUND = ("==", ">=", ">")       # i OP E true on the extra pass (E OP' i mirrored)
_MIRROR = {"==": "==", ">=": "<=", ">": "<", "<": ">", "<=": ">=", "!=": "!="}


def statement_end(t, k):
    """End (exclusive) of the statement starting at t[k]: a block or up to ';'
    (an if's own else branch included)."""
    if k < len(t) and t[k] == "{":
        end = matching(t, k)
        return len(t) if end < 0 else end + 1
    if k < len(t) and t[k] in ("if", "for", "while", "switch") and k + 1 < len(t) and t[k + 1] == "(":
        close = matching(t, k + 1)
        if close < 0:
            return len(t)
        end = statement_end(t, close + 1)
        if t[k] == "if" and end < len(t) and t[end] == "else":
            end = statement_end(t, end + 1)
        return end
    depth = 0
    for j in range(k, len(t)):
        depth += t[j] in "([{"
        depth -= t[j] in ")]}"
        if t[j] == ";" and depth <= 0:
            return j + 1
    return len(t)


def bound_test(cond, i, e):
    """How an if condition compares i with E: "at" when it holds on the extra
    pass (i == E, i >= E), "below" when it excludes it (i < E, i != E)."""
    for g in guards(cond, i, e):
        parts = g.split()
        op = parts[1] if parts[0] == i else _MIRROR[parts[-2]]
        if op in _AT_BOUND:
            return "at"
        if op in ("<", "!="):
            return "below"
    return None


def loop_condition(t, k, close):
    """The condition of the for or while loop whose '(' is t[k + 1] and ')'
    is t[close], as tokens; None for a do-while's tail, a for without one,
    or one that an || could make true on the extra pass."""
    if t[k] == "while":
        cond = t[k + 2:close]
        if k and t[k - 1] == "}":
            return None                     # } while (...); ends a do loop
    else:
        parts = split_top(" ".join(t[k + 2:close]), [";"])
        if len(parts) != 3:
            return None
        cond = tokenize(parts[1])
    return None if "||" in cond else cond


def index_guarded(t, i, e):
    """Whether the body never indexes with i on the extra pass: an
    if (i == E) that leaves (break/return/continue/goto) or branches away
    before the first a[i], or every a[i] inside if (i < E) branches or
    inner loops that test i < E before each pass (intel_th's
    for (; dst < num_thdevs; dst++) matching walk).
    Returns the guard as text, or None."""
    uses = [k for k in range(1, len(t)) if t[k] == i and t[k - 1] == "["]
    if not uses:
        return None
    below = []                              # (start, end, guard text) where i < E holds
    for k in range(len(t) - 1):
        if t[k] in ("for", "while") and t[k + 1] == "(":
            close = matching(t, k + 1)
            cond = loop_condition(t, k, close) if close > 0 else None
            if cond and bound_test(cond, i, e) == "below":
                below.append((close, statement_end(t, close + 1),
                              "%s (%s)" % (t[k], norm(" ".join(cond)))))
            continue
        if t[k] != "if" or t[k + 1] != "(":
            continue
        close = matching(t, k + 1)
        if close < 0:
            continue
        kind = bound_test(t[k + 2:close], i, e)
        if not kind:
            continue
        then_end = statement_end(t, close + 1)
        has_else = then_end < len(t) and t[then_end] == "else"
        else_end = statement_end(t, then_end + 1) if has_else else then_end
        cond = norm(" ".join(t[k + 2:close]))
        if kind == "at" and k < uses[0]:
            if _EXITS & set(t[close + 1:then_end]):
                return "if (%s) leaves the loop before %s indexes" % (cond, i)
            if has_else and all(then_end < u < else_end for u in uses):
                return "if (%s) takes another branch; %s indexes only in the else" % (cond, i)
        if kind == "below":
            below.append((close, then_end, "if (%s)" % cond))
    held = [next((g for a, b, g in below if a < u < b), None) for u in uses]
    if below and all(held):
        return "%s indexes only under %s" % (i, " and ".join(dict.fromkeys(held)))
    return None


_STORES = {"=", "|=", "&=", "^=", "+=", "-=", "<<=", ">>="}


def stores_at(t, i):
    """Names of the arrays the body writes at index i (a[i] = ..., a[i] |= ...)."""
    out = []
    for k in range(1, len(t) - 3):
        if t[k] == "[" and t[k + 1] == i and t[k + 2] == "]" and t[k + 3] in _STORES and IDENT.match(t[k - 1]):
            out.append(t[k - 1])
    return out


# The integer types of each width, as arrays of them are declared or cast.
_WIDTH_TYPES = {
    2: r"u16|s16|__u16|__s16|__le16|__be16|uint16_t|int16_t|short|unsigned\s+short",
    4: r"u32|s32|__u32|__s32|__le32|__be32|uint32_t|int32_t|int|unsigned\s+int|unsigned",
    8: r"u64|s64|__u64|__s64|__le64|__be64|uint64_t|int64_t|long\s+long|unsigned\s+long\s+long",
}


def type_width(t):
    """The size in bytes of integer type t, or None."""
    t = " ".join(t.split())
    return next((n for n, r in _WIDTH_TYPES.items() if re.fullmatch(r, t)), None)


def element_width(text, name):
    """The element size of array or pointer name as the text declares it
    (u32 regs[N], __le32 *dw) or casts it (dw = (u32 *)key), or None."""
    types = "|".join(_WIDTH_TYPES.values())
    n = re.escape(name)
    for m in re.finditer(r"\b(" + types + r")\s*(?:\*\s*)?(?:const\s+)?" + n + r"\s*[\[;,=)]"
                         r"|(?<![\w>.])" + n + r"\s*=\s*\(\s*(?:const\s+)?(" + types + r")\s*\*\s*\)",
                         text):
        w = type_width(m.group(1) or m.group(2))
        if w:
            return w
    return None


def divides_by_element(divisor, op, name, text):
    """E = X / D (or X >> k) where D is the size of the elements of the
    array the body indexes: X counts bytes, E elements, and a[E] is one
    past the last. sizeof(*a) and sizeof(a[0]) say so themselves; sizeof(T)
    and a constant must match how a is declared or cast."""
    d = wsfree(divisor)
    n = re.escape(name)
    if re.fullmatch(r"sizeof\(?(\*" + n + r"|" + n + r"\[0\])\)?", d):
        return True
    m = re.fullmatch(r"sizeof\s*\(\s*(.*?)\s*\)", " ".join(divisor.split()))
    if m:
        width = type_width(m.group(1))
    elif re.fullmatch(r"\d+", d):
        width = int(d) if op == "/" else 1 << int(d) if int(d) < 8 else None
    else:
        width = None
    return width is not None and element_width(text, name) == width


def remainder_handled(text, dividend):
    """The function deals with what a truncated division leaves: X % N,
    X & (N - 1), DIV_ROUND_UP/roundup, or a min() on the last chunk."""
    d = re.escape(wsfree(dividend))
    flat = wsfree(text)
    return bool(re.search(d + r"%|" + d + r"&|DIV_ROUND_UP|roundup|round_up|\bmin(_t)?\(", flat))


def increments(t, i):
    for k in range(len(t) - 1):
        if (t[k] == i and t[k + 1] in ("++", "+=")) or (t[k] == "++" and t[k + 1] == i):
            return True
        if t[k] == i and t[k + 1] == "=" and t[k + 2:k + 4] == [i, "+"]:
            return True
    return False

# ---------------------------------------------------------------- file facts


ALLOC_N_FIRST = {"kmalloc_array", "kcalloc", "kvmalloc_array", "kvcalloc",
                 "vcalloc", "kmalloc_array_node", "kcalloc_node", "array_size"}
ALLOC_N_SECOND = {"devm_kmalloc_array", "devm_kcalloc"}
ALLOC_BYTES_FIRST = {"kmalloc", "kzalloc", "kvmalloc", "kvzalloc", "vmalloc",
                     "vzalloc", "kmalloc_node", "kzalloc_node"}
ALLOC_BYTES_SECOND = {"devm_kzalloc", "devm_kmalloc"}


def alloc_elems(fn, args):
    """Element count of an allocation call, as text, or None."""
    if fn in ALLOC_N_FIRST and args:
        return args[0]
    if fn in ALLOC_N_SECOND and len(args) > 1:
        return args[1]
    size = None
    if fn in ALLOC_BYTES_FIRST and args:
        size = args[0]
    elif fn in ALLOC_BYTES_SECOND and len(args) > 1:
        size = args[1]
    if size is None:
        return None
    m = re.match(r"^\s*(?:array_size|size_mul)\s*\((.*)\)\s*$", size, re.S)
    if m:
        return split_top(m.group(1), [","])[0]
    factors = split_top(size, ["*"])
    if len(factors) == 2:
        a, b = (f.strip() for f in factors)
        if a.startswith("sizeof"):
            return b
        if b.startswith("sizeof"):
            return a
    return None


def closes_type_body(text, close):
    """The '}' at text[close] ends a struct, union or enum body, not a
    block ("} blks[depth] = ret;" after an if is a store, not a declaration)."""
    depth = 0
    for k in range(close, max(-1, close - 8000), -1):
        depth += text[k] == "}"
        depth -= text[k] == "{"
        if depth == 0:
            return bool(re.search(r"\b(?:struct|union|enum)(?:\s+\w+)?\s*$", text[max(0, k - 100):k]))
    return False


def declares(text, start):
    """The name[...] at text[start] is declared there (a type word comes
    before it: "u32 slots[N]"), not used ("x = slots[N]", "p->slots[N]")."""
    before = text[max(0, start - 200):start].rstrip()
    if before.endswith(("->", ".")):
        return False
    if before.endswith("}"):                # struct { ... } frag[1 + MAX_SKB_FRAGS];
        return closes_type_body(text, text.rindex("}", 0, start))
    w = re.search(r"(\w+)$", before.rstrip("*").rstrip())
    return bool(w) and w.group(1) not in KEYWORDS


_WORD_OR_MEMBER = re.compile(r"[\w>.]")
_WORD = re.compile(r"\w")


def subscripts(text, name, before):
    """The matches of "name[" in text not right after a character `before`
    matches. The name comes first in the pattern so that re searches for it
    as a literal: a leading lookbehind made it try every offset of the file."""
    for m in re.finditer(re.escape(name) + r"\s*\[", text):
        if m.start() and before.match(text, m.start() - 1):
            continue
        yield m


def array_size_facts(src, scope, name, e):
    """How the array called `name` is sized, compared with the bound e:
    ("decl"|"alloc", "E" | "E+1", size text) for each declaration or
    allocation found (declarations: whole file, struct fields included)."""
    facts = []
    for m in subscripts(src.text, name, _WORD_OR_MEMBER):
        size = balanced(src.text, m.end() - 1)
        if size is None:
            continue
        if not declares(src.text, m.start()):
            continue
        after = src.text[m.end() + len(size) + 1:m.end() + len(size) + 80].lstrip()
        while after.startswith("["):
            inner = balanced(after, 0)
            if inner is None:
                break
            after = after[len(inner) + 2:].lstrip()
        if not after or after[0] not in ";,=)" and not after.startswith("__"):
            continue
        if same_bound(size, e):
            facts.append(("decl", "E", size.strip()))
        elif plus_one(size, e):
            facts.append(("decl", "E+1", size.strip()))
        elif any_plus_one(size):
            facts.append(("decl", "X+1", size.strip()))
    # Uses of name[E] that are not declarations: the code itself treats
    # element E as valid (a sentinel, a fake last entry).
    for m in subscripts(scope, name, _WORD):
        idx = balanced(scope, m.end() - 1)
        if idx is None or not same_bound(idx, e):
            continue
        if not declares(scope, m.start()):
            facts.append(("use", "E", wsfree(idx)))
    pat = re.escape(name) + r"\s*=\s*(?:\([^()]*\)\s*)?(\w+)\s*\("
    for m in re.finditer(pat, scope):
        if m.start() and _WORD.match(scope, m.start() - 1):
            continue
        inner = balanced(scope, m.end() - 1)
        if inner is None:
            continue
        n = alloc_elems(m.group(1), split_top(inner, [","]))
        if n is None:
            continue
        if same_bound(n, e):
            facts.append(("alloc", "E", wsfree(n)))
        elif plus_one(n, e):
            facts.append(("alloc", "E+1", wsfree(n)))
    return facts


_LOOP_CONDITIONS = {}


def loop_conditions(text):
    """(offset, condition) of every for header in text whose init sets a
    variable to anything but 1 (0, 32, start_index): the loops comparable
    with this one, whose last pass also touches element E (a 1-based loop
    bounded by <= count is the normal idiom and says nothing). Kept for the
    last file: each of its loops asks for all the others."""
    if text not in _LOOP_CONDITIONS:
        _LOOP_CONDITIONS.clear()
        out = []
        for m in re.finditer(r"\bfor\s*\(", text):
            inner = balanced(text, m.end() - 1)
            if inner is None:
                continue
            parts = split_top(inner, [";"])
            if len(parts) != 3:
                continue
            if not any(re.match(r"^[^=]*\w\s*=(?!=)\s*(?!1[uUlL]*$)\S", x.strip())
                       for x in split_top(parts[0], [","])):
                continue
            out.append((m.start(), parts[1]))
        _LOOP_CONDITIONS[text] = out
    return _LOOP_CONDITIONS[text]


_LVALUE = re.compile(r"^[A-Za-z_]\w*(?:(?:->|\.)\w+|\[[^\]]*\])*$")


def bound_use(conj, e):
    """'<' or '<=' if the condition conjunct compares an lvalue with e."""
    c = wsfree(conj)
    while c.startswith("(") and c.endswith(")") and balanced(c, 0) == c[1:-1]:
        c = c[1:-1]
    for op in ("<=", "<"):
        k = c.rfind(op)
        if k > 0 and _LVALUE.match(c[:k]) and c[k + len(op):k + len(op) + 1] != "=" \
                and same_bound(c[k + len(op):], e) and not (op == "<" and c[k - 1] in "<"):
            return op
    for op, mirror in ((">=", "<="), (">", "<")):
        k = c.find(op)
        if k > 0 and _LVALUE.match(c[k + len(op):]) and same_bound(c[:k], e) \
                and not (op == ">" and c[k + 1:k + 2] in ("=", ">")) and c[k - 1] not in "->":
            return mirror
    return None


COMMENT_WORDS = re.compile(
    r"\+\s*1\b|\bplus\s+one\b|\bone\s+more\b|\bextra\b|\binclusive\b|\bdummy\b"
    r"|\bminus\s*(?:1|one)\b|\b\w+\s*-\s*1\b|\bterminat\w*|\bincluding\b|\bsentinel\b"
    r"|<=|\breserved\b|\bfake\b|\bincl\b|\blast\s+(?:one|entry|level|element|slot|byte|item|index|dword|word)\b", re.I)


def explaining_comment(src, line, hdr_end):
    """A comment ending within 4 lines above the loop, or on its header,
    that explains an extra iteration; returns the matched words."""
    for first, last, body in src.comments:
        if line - 4 <= last <= hdr_end and first <= hdr_end:
            m = COMMENT_WORDS.search(body)
            if m:
                return " ".join(m.group(0).split())
    return None

def length_parameter(func, e, arrays):
    """E is a parameter passed right beside the pointer or array parameter
    that the body indexes (f(u8 *buf, size_t count)): the kernel's buffer
    and length pair, so buf[count] is one past what the caller handed in.
    Returns "buf, count", or None (also when the function changes E)."""
    if len(e) != 1 or not IDENT.match(e[0]):
        return None
    brace = func.find("{")
    head = tokenize(func[:brace]) if brace > 0 else []
    if not head or head[-1] != ")":
        return None
    depth, k = 0, len(head) - 1
    while k >= 0:                           # back to the parameter list's '('
        depth += head[k] == ")"
        depth -= head[k] == "("
        if depth == 0:
            break
        k -= 1
    names = []
    for p in split_args(" ".join(head[k + 1:-1])):
        t = tokenize(p)
        ids = [x for x in t if IDENT.match(x) and x not in KEYWORDS]
        names.append((ids[-1] if ids else "", "*" in t or "[" in t))
    bound = e[0]
    body = func[brace:]
    if re.search(r"(?<![\w.>])" + re.escape(bound) + r"\s*(?:[-+*/|&]?=(?!=)|\+\+|--)|(?:\+\+|--)\s*" +
                 re.escape(bound) + r"\b", body):
        return None                         # E is changed: no longer the caller's length
    indexed = {a[0] for a in arrays if a[2] == ""}
    for k, (name, is_ptr) in enumerate(names):
        if name != bound or is_ptr:
            continue
        for j in (k - 1, k + 1):
            buf = names[j][0] if 0 <= j < len(names) and names[j][1] else None
            if buf in indexed and not re.search(r"(?<![\w>.])" + re.escape(buf) + r"\s*\[\s*" +
                                                re.escape(bound) + r"\s*\]", body):
                return "%s, %s" % (buf, bound)  # (buf[E] used: E is an index, not a length)
    return None


# ---------------------------------------------------------------- the check


_SEEN = set()


def check_loop(shape, p, i, e_text, body_text):
    pos = p[0]
    where = (pos.file, pos.line, pos.column)
    if where in _SEEN:
        return
    _SEEN.add(where)
    line = int(pos.line)
    e = strip_parens(tokenize(e_text))
    ews = "".join(e)
    body = tokenize(body_text)
    if shape.startswith("while") and not increments(body, i):
        return                              # not a counting loop
    src = file_text(pos.file)
    func = src.function_text(line)
    # Locals (plain lower-case names) are looked up in the function, macros
    # and member chains in the whole file.
    scope = func if re.match(r"^[a-z_]\w*$", ews) else src.text

    names = bound_names(e)
    card, ordi, m1 = classify(names)
    ev = {"shape": shape}

    # i indexes arrays in the body; are their sizes known?
    arrays = indexed_arrays(body, i)
    direct = [a for a in arrays if a[2] == ""]
    pointers = offset_pointers(body, i)
    if direct or pointers:
        ev["indexes_array"] = ",".join(sorted({norm(a[0]) for a in direct} | set(pointers)))
    elif arrays:
        ev["index_shifted"] = ",".join(sorted({norm(a[0]) + "[" + i + a[2] + "]" for a in arrays}))
    if i not in body:
        ev["counter_only"] = True
    pair = length_parameter(func, e, arrays)
    if pair:
        ev["bound_is_length_param"] = pair
    sized, sized1, sizedx = [], [], []
    ops = top_level_ops(e)
    m = re.match(r"^(?:ARRAY_SIZE\((.*)\)|sizeof\(?(.*?)\)?/sizeof\(?(?:\*(.*?)|(.*?)\[0\])\)?|sizeof\((.*)\))$", ews)
    if m:
        arr = next(g for g in m.groups() if g is not None)
        for a in direct:
            if wsfree(a[0]) == arr:
                sized.append("%s(%s)" % ("ARRAY_SIZE" if ews.startswith("ARRAY") else "sizeof", norm(arr)))
        ops.discard("/")
    used = []
    for expr, name, off in direct:
        for kind, rel, size in array_size_facts(src, scope, name, ews):
            if kind == "use":
                used.append("%s[%s]" % (name, norm(size)))
            else:
                {"E": sized, "E+1": sized1, "X+1": sizedx}[rel].append("%s:%s[%s]" % (kind, name, norm(size)))
    if sized:
        ev["array_size_is_bound"] = ",".join(sorted(set(sized)))
    if sized1 and not sized:
        ev["array_size_bound_plus1"] = ",".join(sorted(set(sized1)))
    elif sizedx and not sized:
        ev["array_sized_plus_one"] = ",".join(sorted(set(sizedx)))
    if used and not sized:
        ev["array_used_at_bound"] = ",".join(sorted(set(used)))
    elif not sized and not sized1:
        # Some other array indexed by exactly E in scope: E is treated as a
        # valid index there (weaker: it may be an alias of the same array).
        for m in re.finditer(r"(?<!\w)(\w+)\s*\[\s*(" + bound_regex(ews) + r")\s*\]", scope):
            if not declares(scope, m.start()):
                ev["bound_used_as_index"] = norm(m.group(1) + "[" + m.group(2) + "]")
                break
    if re.search(r"\[\s*" + bound_regex(ews) + r"\s*\+\+\s*\]", scope):
        ev["bound_filled_as_count"] = True

    if not card and not sized:
        return                              # E is not count-like
    if not any(IDENT.match(x) for x in e):
        return                              # a bare number names nothing

    g = guards(body, i, e)
    if g:
        ev["guard_in_body"] = ", ".join(dict.fromkeys(norm(x) for x in g))
    guarded = index_guarded(body, i, e)
    if guarded:
        ev["index_guarded"] = guarded
    if "-" in ops:
        ev["bound_minus"] = True
    if "/" in ops or ">>" in ops:
        # Rounding a division up only makes sense for a partial last chunk;
        # storing a whole element at a[E] with no remainder in sight is one
        # element past the end (a key of key_size / 4 words, written once
        # more), and refutes the rounding-up reading.
        parts = split_top(" ".join(e), ["/", ">>"])
        dividend = parts[0]
        op = "/" if "/" in ops else ">>"
        written = stores_at(body, i)
        # A load of a[i] is as far past the end as a store when E counts
        # a's elements (bytes / sizeof(u32) read through a u32 array):
        # looked for only when nothing else decided.
        remainder = remainder_handled(func, dividend)
        read = None
        if not remainder and not written and len(parts) == 2:
            read = next((a[1] for a in direct if divides_by_element(parts[1], op, a[1], src.text)), None)
        if remainder:
            ev["bound_div"] = True
        elif written:
            ev["quotient_store"] = "%s[%s] written on the pass i == %s; no remainder of %s handled" % (
                written[0], i, norm(" ".join(e)), norm(dividend))
        elif read:
            ev["quotient_load"] = "%s[%s] read on the pass i == %s: %s counts its elements" % (
                read, i, norm(" ".join(e)), norm(" ".join(e)))
        else:
            ev["bound_div"] = True
    if "+" in ops:
        ev["bound_plus"] = True
    # Naming only matters while the array's size is unknown: a[E] past an
    # array of E elements is an overrun whatever E is called.
    if ordi and not sized:
        ev["ordinal_name"] = ordi[0]
    if m1 and not sized:
        ev["bound_named_minus1"] = True
    if not sized and card and all(w in ("n", "N") for w in card):
        ev["bound_named_n"] = True

    hdr_end = src.header_end_line(line)
    # E + 1 used elsewhere as a length (pkt->count + 1 + idx >= length):
    # E holds count-1. The loop's own header does not count.
    rest = scope.replace(src.text[src.offset(line):src.offset(hdr_end + 1)], ";")
    if "array_size_bound_plus1" not in ev and \
            re.search(bound_regex(ews) + r"\s*\+\s*1(?![\w.])", rest):
        ev["bound_plus_one_elsewhere"] = True
    # E assigned from something minus one (nr = (window - 1) >> 5,
    # tbl.count = max_entry - 1): E holds a last index, not a count.
    if re.search(bound_regex(ews) + r"\s*=(?!=)[^;{}]*[\w)\]]\s*-\s*1(?![\w.])[^;{}]*;", scope):
        ev["bound_set_minus1"] = True
    elif not sized:
        nearby = set_minus1_nearby(pos.file, ews)
        emit_reads(pos.file)
        if nearby:
            ev["bound_set_minus1_nearby"] = nearby
    c = explaining_comment(src, line, hdr_end)
    if c:
        ev["comment_explains"] = c

    # Majority (Engler et al., "Bugs as Deviant Behavior"): how do the other
    # for loops of this file, but the 1-based, bound themselves by E, < or <=?
    lt = le = 0
    own = src.offset(line)
    for off, cond in loop_conditions(src.text):
        if own <= off < src.offset(line + 1):
            continue
        for conj in split_top(cond, ["&&", "||"]):
            op = bound_use(conj, ews)
            if op == "<":
                lt += 1
            elif op == "<=":
                le += 1
    # Deviating from the file's majority matters when the extra pass does
    # something with i; a pure repeat counter is a different idiom. One other
    # loop is an anecdote, not a majority (fitted on the 6.1 labels, a single
    # one was worth +4 against +14 for two or more).
    if lt >= 2 and lt >= le and not ev.get("counter_only"):
        ev["bound_lt_elsewhere"] = "%d other loops use <, %d use <=" % (lt, le)
    elif le and not lt:
        ev["bound_le_elsewhere"] = "%d other loops use <= too" % le

    if guarded:
        # The extra pass never reaches a[i]: neither what the arrays are
        # sized nor how surely E is a count says anything about an overrun,
        # only that the pass is deliberate. Shown, but weightless.
        for name in ("indexes_array", "array_size_is_bound", "bound_is_length_param",
                     "bound_filled_as_count", "bound_lt_elsewhere", "quotient_store",
                     "quotient_load"):
            if name in ev:
                ev["guarded_" + name] = ev.pop(name)

    key = norm(e_text)
    bound = norm(" ".join(e))
    times = ("(%s)" % bound) if top_level_ops(e) else bound
    what = "a count" if card else "the size of %s" % (ev.get("indexes_array") or ev.get("guarded_indexes_array"))
    emit(RULE, pos, key,
         "%s is %s but %s reaches it: the loop runs %s+1 times" % (bound, what, i, times),
         **ev)
