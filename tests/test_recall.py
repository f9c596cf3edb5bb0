"""scripts/recall: matching labelled buggy lines with findings, and the labelled set itself."""
import collections
import json
import subprocess

from conftest import ROOT

RECALL = ROOT / "scripts" / "recall"
SETS = ROOT / "kernel-corpus" / "upstream-fixes"


def finding(rule, path, line, score):
    return {"rule": rule, "path": path, "line": line, "score": score}


def run(tmp_path, rows, findings, *extra):
    tsv = tmp_path / "fixes.tsv"
    tsv.write_text("".join("\t".join(r) + "\n" for r in rows))
    report = tmp_path / "lockers.json"
    report.write_text(json.dumps({"findings": findings}))
    proc = subprocess.run(["/usr/bin/python3", str(RECALL), "--fixes", str(tsv),
                           "--lockers-json", str(report), *extra],
                          capture_output=True, text=True, timeout=60)
    return proc


def row(fix, family, path, lines, shape="s"):
    return [fix, "6.12.108", "title " + fix, family, path, "fn", lines, shape, "why"]


def test_a_fix_is_found_within_three_lines_and_banded_by_score(tmp_path):
    rows = [row("A", "escape", "net/a.c", "100"),                 # found at +3, score 70: bug band
            row("B", "escape", "net/b.c", "100"),                 # a finding 4 lines away: missed
            row("C", "free-without-grace", "mm/c.c", "10,50"),    # second site found, score 40
            row("D", "list-api", "fs/d.c", "7"),                  # one fix, two files:
            row("D", "list-api", "fs/e.c", "9"),                  # found in the second
            row("E", "other", "fs/f.c", "5"),                     # not a family: not counted
            row("F", "le-loop", "lib/g.c", "-")]                  # not located: not counted
    findings = [finding("rcu-escape", "net/a.c", 103, 70),
                finding("rcu-escape", "net/b.c", 104, 90),
                finding("rcu-escape", "net/a.c", 100, 20),        # the best one counts
                finding("rcu-plain-access", "mm/c.c", 48, 40),
                finding("rcu-plain-access", "fs/e.c", 9, 61),
                finding("rcu-plain-access", "fs/f.c", 5, 99)]
    proc = run(tmp_path, rows, findings)
    assert proc.returncode == 0, proc.stderr
    got = json.loads((tmp_path / "recall.json").read_text())
    table = {r[0]: r[1:] for r in got["table"]}
    assert table == {"free-without-grace": [1, 1, 0], "list-api": [1, 1, 1],
                     "escape": [2, 1, 1], "total": [4, 3, 2]}
    best = {f["fix"]: f["best"] and (f["best"]["path"], f["best"]["line"]) for f in got["fixes"]}
    assert best == {"A": ("net/a.c", 103), "B": None, "C": ("mm/c.c", 48), "D": ("fs/e.c", 9)}
    assert "missed (s)" in proc.stdout


def test_bad_rows_are_refused_with_their_line(tmp_path):
    proc = run(tmp_path, [row("A", "escapes", "a.c", "1")], [])
    assert proc.returncode != 0 and "fixes.tsv:1: unknown family 'escapes'" in proc.stderr
    proc = run(tmp_path, [row("A", "escape", "a.c", "1;2")], [])
    assert proc.returncode != 0 and "lines must be numbers" in proc.stderr
    proc = run(tmp_path, [row("A", "escape", "a.c", "1")[:5]], [])
    assert proc.returncode != 0 and "5 columns, expected 9" in proc.stderr
    proc = subprocess.run(["/usr/bin/python3", str(RECALL), "--fixes", str(tmp_path / "fixes.tsv")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "go together" in proc.stderr


def test_the_labelled_sets_hold_a_hundred_located_fixes():
    located, families = set(), collections.Counter()
    lines = [line for tsv in sorted(SETS.glob("*/fixes.tsv"))
             for line in tsv.read_text().splitlines()[1:]]
    for line in lines:
        cells = line.split("\t")
        assert len(cells) == 9, line
        if cells[3] not in ("other", "data-race", "not-located", "not-in-base") and cells[6] != "-":
            if cells[0] not in located:
                families[cells[3]] += 1
            located.add(cells[0])
    assert len(located) >= 100, families
