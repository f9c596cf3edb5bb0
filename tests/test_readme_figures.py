"""README's figures say where they come from (issue 54).

The convention (README, Figures): a measured figure carries, in its
paragraph or list item (for a table, in the paragraph just above or below
it), a tag

    (KIND, COMMIT, `COMMAND`)

KIND is `in-sample` (labels or fixes the rules and weights were tuned on),
`held out` (labels no fit has seen) or `timed` (times, sizes, counts of a
run, no labels); COMMIT is the commit measured, in this history; COMMAND
what produced it. Older figures live in docs/history.md. This test finds
figure-like text (times, sizes, percentages, "N of M", counts of findings
or fixes, tables of them) and fails on one without a tag, on a tag whose
commit is not an ancestor of HEAD or whose command is not one of ours, and
on an in-sample figure tagged held out or called measured or held out.
"""
import functools
import re
import subprocess

import pytest

from conftest import ROOT

TAG = re.compile(r"\((in-sample|held out|timed), ([0-9a-f]{7,40}), `([^`]+)`\)")
# What runs a measurement here: the build's targets, the scripts, the binary.
COMMANDS = ("make ", "scripts/", "./lockers ", "lockers ", "/usr/bin/time ")
# Only these count labels no fit has seen: the calibration table's held-out
# column, and fit-weights' report on its held-out fold.
HELD_OUT_COMMANDS = ("scripts/calibration", "scripts/fit-weights")
# These count what the rules were tuned on: the recall sets, the labels of expected/.
IN_SAMPLE_COMMANDS = ("make recall", "scripts/recall", "make test-corpus")
FIGURE = [
    re.compile(r"\b\d[\d,.]*\s?(?:min|minutes|s|sec|seconds|ms|hours?)\b"),
    re.compile(r"\bCPU-s(?:econds)?\b"),
    re.compile(r"\b\d[\d,.]*\s?(?:[KMG]i?B|kB)\b"),
    re.compile(r"\b\d[\d.]*\s?%"),
    re.compile(r"\b\d+:\d\d\b"),
    re.compile(r"\b\d[\d,]*\s+of\s+(?:the\s+|its\s+|their\s+|these\s+)?\d[\d,]*\b"),
    re.compile(r"\b\d[\d,]*\s+(?:findings|fixes|labels|files|functions|bodies|headers|bugs)\b"),
    re.compile(r"\b(?:AUC|precision|recall)\b\D{0,20}\d"),
]
LABEL_WORDS = re.compile(r"\b(?:recall|precision|AUC|bugs?|false positives?|bug band|fixes)\b", re.I)
CALLED_MEASURED = re.compile(r"\b(?:measured|held[ -]out|unseen|never (?:fitted|tuned|seen))\b", re.I)
TABLE_OF_FIGURES = re.compile(r"\b(?:fixes|found|labels|bugs|share|recall|precision|AUC|seconds|time)\b", re.I)
# Sections left out of the check (none now).
UNCHECKED = set()


def blocks(text):
    """(section, text, is_table) for each paragraph, list item and table,
    outside code blocks."""
    out, cur, section, fence, table = [], [], "", False, False

    def flush():
        if cur:
            # one line: a tag or a figure may wrap
            text = "\n".join(cur) if table else re.sub(r"\s+", " ", " ".join(cur))
            out.append((section, text, table))
            cur.clear()

    for line in text.splitlines():
        if line.startswith("```"):
            flush()
            fence = not fence
            continue
        if fence or line.startswith("    ") and not cur:
            continue                            # code: commands and sample output, not figures
        if line.startswith("#"):
            flush()
            section = line.lstrip("#").strip()
            continue
        is_row = line.startswith("|")
        if not line.strip() or line.startswith("- ") or is_row != table:
            flush()
            table = is_row
        if line.strip():
            cur.append(line)
    flush()
    return out


@functools.lru_cache(maxsize=None)
def in_history(commit):
    """True when commit names a commit HEAD descends from."""
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "-q", commit + "^{commit}"],
                           capture_output=True, text=True)
    if found.returncode:
        return False
    return subprocess.run(["git", "-C", str(ROOT), "merge-base", "--is-ancestor", found.stdout.strip(), "HEAD"],
                          capture_output=True).returncode == 0


def figures(text):
    bare = re.sub(r"`[^`]*`", " ", TAG.sub(" ", text))
    return [m.group(0) for pattern in FIGURE for m in pattern.finditer(bare)]


def check_tag(kind, commit, command, text):
    where = "(%s, %s, `%s`)" % (kind, commit, command)
    if not in_history(commit):
        yield "%s: %s is not a commit HEAD descends from" % (where, commit)
    if not command.startswith(COMMANDS) and command not in ("make",):
        yield "%s: the command is none of ours (%s)" % (where, ", ".join(c.strip() for c in COMMANDS))
    if kind == "held out" and not command.startswith(HELD_OUT_COMMANDS):
        yield "%s: only %s count labels no fit has seen" % (where, " and ".join(HELD_OUT_COMMANDS))
    if kind != "in-sample" and command.startswith(IN_SAMPLE_COMMANDS) and LABEL_WORDS.search(text):
        yield "%s: %s counts what the rules were tuned on: in-sample" % (where, command)
    body = re.sub(r"`[^`]*`", " ", TAG.sub(" ", text))
    if kind == "in-sample" and CALLED_MEASURED.search(body):
        yield "%s: an in-sample figure called %r" % (where, CALLED_MEASURED.search(body).group(0))
    if kind == "timed" and LABEL_WORDS.search(body) and figures(text):
        yield "%s: a figure of bugs, fixes or recall is in-sample or held out, not timed" % where


def problems(text):
    out = []
    bl = blocks(text)
    for i, (section, body, is_table) in enumerate(bl):
        if section in UNCHECKED:
            continue
        first = body.splitlines()[0][:70]
        if is_table:
            header = body.splitlines()[0]
            near = [bl[j][1] for j in (i - 1, i + 1) if 0 <= j < len(bl) and not bl[j][2]]
            if TABLE_OF_FIGURES.search(header) and not any(TAG.search(b) for b in near):
                out.append("[%s] a table of figures with no tag above or below it: %s" % (section, first))
            continue
        tags = TAG.findall(body)
        for kind, commit, command in tags:
            out += ["[%s] %s" % (section, p) for p in check_tag(kind, commit, command, body)]
        found = figures(body)
        if found and not tags:
            out.append("[%s] %s without (kind, commit, `command`): %s" % (section, ", ".join(found[:3]), first))
    return out


def test_the_readme_figures_say_where_they_come_from():
    found = problems((ROOT / "README.md").read_text())
    assert not found, "\n".join(found)


@pytest.mark.parametrize("text, wanted", [
    ("A cold scan took 9 min 1 s.\n", "without"),
    ("67 of 149 fixes found, measured (in-sample, HEAD0, `make recall`).\n", "in-sample figure called"),
    ("67 of 149 fixes found (held out, HEAD0, `make recall`).\n", "count labels no fit has seen"),
    ("67 of 149 fixes found (timed, HEAD0, `make recall`).\n", "in-sample"),
    ("21 of 42 bugs (held out, 0000000, `scripts/calibration`).\n", "not a commit"),
    ("It took 3 min (timed, HEAD0, `rm -rf /`).\n", "none of ours"),
    ("Recall:\n\n| family | fixes | found |\n|---|---:|---:|\n| free | 70 | 37 |\n", "a table of figures"),
])
def test_the_check_fails_on_what_it_forbids(text, wanted):
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    if not head:
        pytest.skip("not a git checkout: the tags' commits cannot be looked up")
    found = problems(text.replace("HEAD0", head))
    assert any(wanted in p for p in found), found


def test_the_check_passes_what_it_allows():
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    if not head:
        pytest.skip("not a git checkout: the tags' commits cannot be looked up")
    text = ("67 of 149 fixes at the line (in-sample, %s, `make recall`).\n\n"
            "21 of 42 bugs in the band on labels no fit has seen (held out, %s, `scripts/calibration`).\n\n"
            "A cold scan took 8 min 25 s (timed, %s, `lockers check -q -j2 TREE`).\n\n"
            "Scores run from 0 to 100; 60 starts the bug band.\n\n    took 9 min (in a code block)\n"
            % (head, head, head))
    assert problems(text) == []


def test_the_readme_before_the_tags_fails():
    # The README of b3991ed, before this convention: its recall and scan
    # times named no commit and command, and "measured on 149 real stable
    # fixes" called an in-sample figure measured.
    old = subprocess.run(["git", "-C", str(ROOT), "show", "b3991ed:README.md"], capture_output=True, text=True)
    if old.returncode:
        pytest.skip("b3991ed is not in this checkout's history")
    found = problems(old.stdout)
    sections = {p.split("]")[0].lstrip("[") for p in found}
    assert {"Tests", "What it finds", "Speed"} <= sections, found
