"""The C expression toolkit the rules share.

spatch hands a script the text of a metavariable as it prints it
("pkt -> count", "( struct foo * ) p"); rules take such text apart here:
tokens, outer parentheses and casts, top-level splits, location keys.
"""
import re

from .record import norm

# ---------------------------------------------------------------- tokens


_TOKEN = re.compile(r"""
    [A-Za-z_]\w*                              # identifier or keyword
  | \d[\w.]*                                  # number
  | "(?:\\.|[^"\\])*" | '(?:\\.|[^'\\])*'      # string / char literal
  | ->|\+\+|--|<<=|>>=|<=|>=|==|!=|&&|\|\||<<|>>|[-+*/%&|^]=
  | [-+*/%&|^!~<>=?:,.;()\[\]{}\#]
""", re.X)

# Coarse tokens: identifiers (with $), numbers, the five operators that
# relate or chain pointers, and any other character on its own. The keys
# rcu-cross-pointer prints are built from these, so they stay as they are.
_COARSE = re.compile(r"->|==|!=|&&|\|\||[A-Za-z_$][\w$]*|\d[\w.]*|\S")


IDENT = re.compile(r"^[A-Za-z_]\w*$")
KEYWORDS = {"sizeof", "return", "case", "else", "do", "goto", "struct",
            "union", "enum", "if", "while", "for", "switch", "typeof"}


def tokenize(text, coarse=False):
    """C tokens of text: whole operators, literals as one token; with
    coarse=True only -> == != && || are kept whole (see _COARSE)."""
    return (_COARSE if coarse else _TOKEN).findall(text)


def wsfree(text):
    return "".join(text.split())


def matching(t, i):
    """Index of the bracket closing the one at t[i] (tokens), or -1."""
    d = 0
    for k in range(i, len(t)):
        if t[k] in "([{":
            d += 1
        elif t[k] in ")]}":
            d -= 1
            if d == 0:
                return k
    return -1


def strip_parens(t):
    """Token list without redundant outer parentheses: ( a + 1 ) -> a + 1."""
    while len(t) >= 2 and t[0] == "(" and t[-1] == ")":
        depth = 0
        for k, x in enumerate(t):
            depth += x == "("
            depth -= x == ")"
            if depth == 0 and k < len(t) - 1:
                return t
        t = t[1:-1]
    return t


def split_tokens(t, seps):
    """Split a token list at depth-0 tokens in seps: [(tokens, separator)],
    the last separator None."""
    out, cur, d = [], [], 0
    for x in t:
        if x in "([{":
            d += 1
        elif x in ")]}":
            d -= 1
        if d == 0 and x in seps:
            out.append((cur, x))
            cur = []
        else:
            cur.append(x)
    out.append((cur, None))
    return out

# ---------------------------------------------------------------- text


def balanced(text, k, limit=4000):
    """Text inside the brackets opening at text[k] ("(" or "["), or None
    when they do not close within `limit` characters (None: no limit)."""
    close = {"(": ")", "[": "]"}[text[k]]
    depth = 0
    end = len(text) if limit is None else min(len(text), k + limit)
    for j in range(k, end):
        if text[j] == text[k]:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return text[k + 1:j]
    return None


def call_args(text, open_at):
    """The argument text of the call whose "(" is at text[open_at]; the
    rest of the text when it does not close."""
    inner = balanced(text, open_at, None)
    return text[open_at + 1:] if inner is None else inner


def split_top(text, seps):
    """Split text at separators (strings) outside any brackets."""
    out, depth, cur, k = [], 0, [], 0
    while k < len(text):
        c = text[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        hit = next((s for s in seps if depth == 0 and text.startswith(s, k)), None)
        if hit:
            out.append("".join(cur))
            cur = []
            k += len(hit)
            continue
        cur.append(c)
        k += 1
    out.append("".join(cur))
    return out


def split_args(text):
    """An argument or parameter list split at its top-level commas, each
    argument stripped (an empty list for no arguments)."""
    out = [a.strip() for a in split_top(str(text), [","])]
    return out[:-1] if not out[-1] else out


def param_names(ps):
    """The names declared by a parameter list as spatch prints it."""
    names = []
    for prm in split_args(ps):
        m = re.search(r"(\w+)\s*(\[[^\]]*\]\s*)*$", prm)
        names.append(m.group(1) if m else "")
    return names


def strip_outer(t):
    """Text without outer parentheses and pointer casts: "((struct foo *)p)" -> "p"."""
    t = t.strip()
    changed = True
    while changed:
        changed = False
        if t.startswith("(") and t.endswith(")"):
            depth = 0
            ok = True
            for i, c in enumerate(t):
                if c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0 and i != len(t) - 1:
                        ok = False
                        break
            if ok:
                t = t[1:-1].strip()
                changed = True
        m = re.match(r"^\(\s*(const\s+)?(struct\s+)?\w+\s*\*+\s*\)\s*(.*)$", t)
        if m and m.group(3):
            t = m.group(3)
            changed = True
    return t


def loc_key(text):
    """Location key of an lvalue: "g", "g[]", "->f", "->f[]"; None for
    anything else (locals are filtered by the caller)."""
    t = strip_outer(norm(text))
    suffix = ""
    while t.endswith("]"):
        depth = 0
        for i in range(len(t) - 1, -1, -1):
            if t[i] == "]":
                depth += 1
            elif t[i] == "[":
                depth -= 1
                if depth == 0:
                    break
        else:
            return None
        t = strip_outer(t[:i])
        suffix += "[]"
    m = re.search(r"(->|\.)\s*(\w+)$", t)
    if m:
        return "->" + m.group(2) + suffix
    if re.match(r"^[A-Za-z_]\w*$", t) and not re.match(r"^[A-Z0-9_]+$", t):
        return t + suffix
    return None


INT_RE = re.compile(r"^\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$")


def int_value(text):
    """The value of an integer literal (hex, octal, decimal), or None."""
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

# ---------------------------------------------------------------- positions


def startkey(p):
    """(line, column) where position p starts."""
    return (int(p.line), int(p.column))


def endkey(p):
    """(line, column) where position p ends."""
    return (int(p.line_end), int(p.column_end))


def pos_id(p):
    """(file, line, column) of a position: identifies a match."""
    return (p.file, int(p.line), int(p.column))
