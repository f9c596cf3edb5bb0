"""The kernel API vocabulary lives in rules/data/*.list only (rules/README.md):
no name of it is a string literal of the C or Python source, and each list
reaches the three readers (the Python, the macro index in src/index/, the generated SmPL)."""
import ast
import io
import pathlib
import re
import subprocess
import sys
import tokenize

from conftest import ROOT, RULES_BUILT, RULES_SRC

DATA = RULES_SRC / "data"


def vocabulary():
    """Every name of every list, and the values that are names (a retry's,
    not a variant or an argument index). A name that is also an English
    word (min, likely) is left out: the check would find it in prose."""
    out = set()
    for path in DATA.glob("*.list"):
        for line in path.read_text().splitlines():
            words = line.split("#", 1)[0].split()
            out.update(words[:1])
            out.update(w for w in words[1:] if "_" in w)
    return {w for w in out if not re.fullmatch(r"[a-z]+", w)}


VOCAB = vocabulary()
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def prose(text):
    """A message or a comment-like text: two ordinary words in a row, neither
    a name of the vocabulary ("is discarded", "the unlock"). A list of
    names, a regex or a key never has that."""
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*|\S", text)
    return any(re.fullmatch(r"[a-z]{2,}", a) and re.fullmatch(r"[a-z]{2,}", b)
               and a not in VOCAB and b not in VOCAB for a, b in zip(words, words[1:]))


def named(text):
    return sorted(set(WORD.findall(text)) & VOCAB)


def python_literals(path):
    """(line, text) of each string literal of a Python file but docstrings."""
    toks = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    prev = tokenize.NEWLINE
    for tok in toks:
        if tok.type == tokenize.STRING and prev not in (tokenize.NEWLINE, tokenize.INDENT,
                                                        tokenize.DEDENT, tokenize.NL):
            yield tok.start[0], str(ast.literal_eval(tok.string))
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            prev = tok.type


C_TOKEN = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def c_literals(path):
    text = path.read_text()
    for m in C_TOKEN.finditer(text):
        if m.group(0).startswith('"'):
            yield text.count("\n", 0, m.start()) + 1, m.group(0)[1:-1]


def sources():
    py = sorted(p for p in RULES_SRC.rglob("*.py") if "testcases" not in p.parts)
    py += [p for p in sorted((ROOT / "scripts").iterdir())
           if p.is_file() and p.read_text(errors="replace").startswith("#!/usr/bin/python3")]
    c = sorted(p for d in ("src", "driver") for p in (ROOT / d).rglob("*.[ch]"))
    return [(p, python_literals) for p in py] + [(p, c_literals) for p in c]


def test_no_name_of_the_vocabulary_is_a_literal_of_the_source():
    assert len(VOCAB) > 150, "the vocabulary lists were not read"
    found = []
    for path, literals in sources():
        for line, text in literals(path):
            if not prose(text) and named(text):
                found.append("%s:%d: %s" % (path.relative_to(ROOT), line, " ".join(named(text))))
    assert not found, "names of rules/data/*.list spelt in the source:\n" + "\n".join(found)


def test_the_check_finds_a_spelt_name(tmp_path):
    """The check itself: a list in a regex, a name alone and a split string
    are found; a message naming a call is not."""
    p = tmp_path / "x.py"
    p.write_text('import re\nX = re.compile(r"\\b(spin_lock|mutex_lock)\\s*\\(")\nY = "kref_get"\n'
                 'Z = """READ_ONCE data_race""".split()\n'
                 'M = "the pointer escapes past rcu_read_unlock() here"\n')
    hits = [named(t) for _, t in python_literals(p) if not prose(t)]
    assert hits == [["mutex_lock", "spin_lock"], ["kref_get"], ["READ_ONCE", "data_race"]]


def test_every_list_reaches_its_readers():
    """The Python reads each list, and the C header and the built rules
    were made from the same files (make runs scripts/build-rules)."""
    sys.path.insert(0, str(RULES_BUILT))
    from lockers import vocab
    header = (ROOT / "build" / "gen" / "vocab.h").read_text()
    for path in DATA.glob("*.list"):
        want = vocab.names(path.stem)
        assert want, "%s is empty" % path
        macro = "VOCAB_%s " % path.stem.upper().replace("-", "_")
        line = next(l for l in header.splitlines() if l.startswith("#define " + macro))
        assert re.findall(r'"([^"]*)"', line) == want
        assert (RULES_BUILT / "data" / path.name).read_text() == path.read_text()


def test_a_bad_list_line_is_an_error(tmp_path):
    """A list line that is not a name (and a value) stops the build, saying where."""
    src = tmp_path / "rules"
    subprocess.run(["cp", "-r", str(RULES_SRC), str(src)], check=True)
    (src / "data" / "rcu-free.list").write_text("call_rcu\nkfree rcu(x)\n")
    proc = subprocess.run([str(ROOT / "scripts" / "build-rules"), str(src), str(tmp_path / "out"),
                           str(tmp_path / "gen")], capture_output=True, text=True)
    assert proc.returncode != 0
    assert "rcu-free.list:2:" in proc.stderr
