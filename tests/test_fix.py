"""lockers fix on the fix cases, rules/<rule>/fixcases/: each case names its finding's rule
(check-rules) and what fix must do with it (check-fix: offered, or refused /
not applicable with the reason's words); an offered fix must write exactly
the diff of <case>.patch, and the tree with that patch applied must scan
clean for the rule. Run as a user runs it: from a directory holding the tree
and the output, with relative paths."""
import atexit
import functools
import json
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

from conftest import LOCKERS, RULES_SRC

# Each rule's fix cases, rules/<rule>/fixcases/, scanned as one tree.
CASE_DIRS = sorted(RULES_SRC.glob("*/fixcases"))
CASES = pathlib.Path(tempfile.mkdtemp(prefix="lockers-fixcases-"))
for d in CASE_DIRS:
    for f in d.iterdir():
        shutil.copy2(f, CASES / f.name)
atexit.register(shutil.rmtree, CASES, True)
RULES = tuple(d.parent.name for d in CASE_DIRS)


def expectation(case):
    text = case.read_text()
    rule = re.search(r"check-rules:\s*(\S+)", text).group(1)
    fix = re.search(r"check-fix:\s*(.+)", text).group(1).strip()
    return rule, fix


def lockers(cwd, *args):
    return subprocess.run([str(LOCKERS)] + [str(a) for a in args], cwd=cwd, capture_output=True,
                          text=True, timeout=1800)


@functools.lru_cache(maxsize=None)
def fixed_run(checkpatch):
    """One scan of a copy of the fix cases and one lockers fix over all its findings."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="lockers-fix-test-"))
    shutil.copytree(CASES, work / "tree")
    args = ["check", "-q", "--any-tree", "--fail-on", "101", "-o", "out"]
    for r in RULES:
        args += ["-r", r]
    scan = lockers(work, *args, "tree")
    assert scan.returncode == 0, scan.stderr
    fix = lockers(work, "fix", "-o", "out", "--checkpatch", checkpatch, "--min-score", "0")
    report = json.loads((work / "out" / "lockers.json").read_text())
    return work, report, fix


def finding_of(report, case, rule):
    found = [f for f in report["findings"] if f["path"] == case.name and f["rule"] == rule]
    assert len(found) == 1, "%s: expected one %s finding, got %s" % (case.name, rule, found)
    return found[0]


def diff_part(patch):
    return patch[patch.index("diff --git"):patch.rindex("-- \n")]


@pytest.mark.parametrize("case", sorted(CASES.glob("*.c")), ids=lambda p: p.name)
def test_fix_case(case, checkpatch, lockers_built, tmp_path):
    rule, want = expectation(case)
    work, report, fix = fixed_run(checkpatch)
    assert fix.returncode == 0, fix.stderr
    f = finding_of(report, case, rule)
    line = [l for l in fix.stdout.splitlines() if l.startswith(f["id"] + " ")][0]
    written = work / "out" / "fixes" / (f["id"] + ".patch")
    if want != "offered":
        kind, words = want.split(":", 1)
        assert ": %s: " % kind in line and words.strip() in line, line
        assert not written.exists()
        return
    assert ": wrote out/fixes/%s.patch" % f["id"] in line or written.exists(), line
    mail = written.read_text()
    assert mail.startswith("From 0000000000000000000000000000000000000000 ")
    assert re.search(r"^Subject: \[PATCH\] %s: " % re.escape(case.stem), mail, re.M)
    assert "Signed-off-by:" not in mail.split("\n---\n")[0] and "Fixes:" not in mail.split("\n---\n")[0]
    assert diff_part(mail) == case.with_suffix(".patch").read_text()
    # Kernel style: a subject of at most 72 characters, a body wrapped at 72 that says
    # what goes wrong and why this is the fix, with no evidence dump.
    subject = re.search(r"^Subject: \[PATCH\] (.*)$", mail, re.M).group(1)
    assert len(subject) <= 72, subject
    body = mail.split("\n\n", 1)[1].split("\n---\n")[0]
    assert all(len(l) <= 72 for l in body.splitlines()), body
    assert not re.search(r"^\s+\w+=", body, re.M), body
    assert len([p for p in body.split("\n\n") if p.strip()]) >= 3, body
    # Re-scan clean: the case with its patch applied has no finding of the rule.
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(case, tree / case.name)
    subprocess.run(["patch", "-p1", "-s", "-d", str(tree), "-i", str(written)], check=True)
    after = lockers(tmp_path, "check", "-q", "--any-tree", "--fail-on", "101", "-o", "out2", "-r", rule,
                    "tree")
    assert after.returncode == 0, after.stderr
    left = json.loads((tmp_path / "out2" / "lockers.json").read_text())["findings"]
    assert not left, "%s still has %s findings after its fix: %s" % (case.name, rule, left)


# What lockers fix says of each finding on stdout, and its table per rule on stderr.
OUTCOME = re.compile(r"^([0-9a-f]{12}) \S+ \[\S+\]: (wrote|refused|not applicable)\b", re.M)
TABLE_ROW = re.compile(r"^lockers fix: (\S+) +(\d+) +(\d+) +(\d+)$", re.M)
KINDS = ("offered", "refused", "not applicable")


def test_fix_counts_per_rule(checkpatch, lockers_built):
    """The table counts each finding once, under its rule: a fix case's own
    finding as the case expects, the other findings of the cases (a case
    may hold another rule's too) as lockers fix's line for it says."""
    work, report, fix = fixed_run(checkpatch)
    said = {}
    for fid, outcome in OUTCOME.findall(fix.stdout):
        assert fid not in said, "two lines for %s:\n%s" % (fid, fix.stdout)
        said[fid] = "offered" if outcome == "wrote" else outcome
    assert set(said) == {f["id"] for f in report["findings"]}, fix.stdout
    expected = {}
    for case in CASES.glob("*.c"):
        rule, want = expectation(case)
        expected[finding_of(report, case, rule)["id"]] = want.split(":")[0]
    counts = {}
    for f in report["findings"]:
        kind = expected.get(f["id"], said[f["id"]])
        counts.setdefault(f["rule"], dict.fromkeys(KINDS, 0))[kind] += 1
    assert re.search(r"^lockers fix: rule +offered +refused +not applicable$", fix.stderr, re.M), fix.stderr
    table = {rule: tuple(map(int, n)) for rule, *n in TABLE_ROW.findall(fix.stderr)}
    assert table == {rule: tuple(c[k] for k in KINDS) for rule, c in counts.items()}, fix.stderr
    offered = sum(c["offered"] for c in counts.values())
    assert "lockers fix: %d patch(es) in out/fixes" % offered in fix.stderr, fix.stderr
    assert len(list((work / "out" / "fixes").glob("*.patch"))) == offered


def test_report_offers_the_patches(checkpatch, lockers_built):
    work, report, fix = fixed_run(checkpatch)
    html = (work / "out" / "report.html").read_text()
    for p in (work / "out" / "fixes").glob("*.patch"):
        assert "fixes/%s.patch" % p.stem in html
    assert "patch offered by lockers fix" in html


def test_unknown_id_is_an_input_error_and_the_others_still_run(checkpatch, lockers_built):
    work, report, fix = fixed_run(checkpatch)
    f = finding_of(report, CASES / "loop-no-size.c", "loop-le-count")
    proc = lockers(work, "fix", "-o", "out", "--checkpatch", checkpatch, "000000000000", f["id"])
    assert proc.returncode == 2
    assert "no finding 000000000000 in out/lockers.json" in proc.stderr
    assert f["id"] + " " in proc.stdout and "not applicable" in proc.stdout


def test_no_scan_is_an_input_error(tmp_path, lockers_built):
    proc = lockers(tmp_path, "fix", "0123456789ab")
    assert proc.returncode == 2
    assert "run lockers check first" in proc.stderr


def test_missing_checkpatch_refuses_every_patch(checkpatch, lockers_built):
    work, report, fix = fixed_run(checkpatch)
    f = finding_of(report, CASES / "loop-array-size.c", "loop-le-count")
    proc = lockers(work, "fix", "-o", "out", "--checkpatch", "no-such-checkpatch.pl", f["id"])
    assert proc.returncode == 0
    assert "refused: checkpatch.pl fails" in proc.stdout, proc.stdout
    assert not (work / "out" / "fixes" / (f["id"] + ".patch")).exists()
