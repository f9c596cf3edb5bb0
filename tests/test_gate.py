"""lockers gate on patches written against files of the 6.1 corpus."""
import difflib
import json
import os
import subprocess

import pytest

from conftest import CORPUS, run_lockers, scan, cases_of
from sarif_schema import validation_errors

SMBUS = "drivers/i2c/i2c-core-smbus.c"


def make_patch(tmp_path, name, changes):
    """A -p1 unified diff of {path: new text} against the corpus."""
    out = []
    for path, new in changes.items():
        old = (CORPUS / path).read_text().splitlines(keepends=True)
        out += difflib.unified_diff(old, new.splitlines(keepends=True), "a/" + path, "b/" + path)
    patch = tmp_path / name
    patch.write_text("".join(out))
    return patch


def gate(tmp_path, patch, *extra, kdir=CORPUS):
    out = tmp_path / "gate-out"
    proc = run_lockers(["gate", "--kdir", kdir, "--patch", patch, "-r", "loop-le-count", "-o", out,
                        "--triage", tmp_path / "no-triage.txt"] + list(extra))
    report = json.loads((out / "gate.json").read_text()) if (out / "gate.json").exists() else None
    return proc, report, out


def test_patch_introducing_a_le_count_loop_fails_the_gate(tmp_path, corpus, lockers_built):
    text = (CORPUS / SMBUS).read_text()
    assert "for (i = 0; i < count; i++)" in text
    patch = make_patch(tmp_path, "introduce.patch",
                       {SMBUS: text.replace("for (i = 0; i < count; i++)", "for (i = 0; i <= count; i++)", 1)})
    proc, report, out = gate(tmp_path, patch)
    assert proc.returncode == 1, proc.stderr
    assert [f["path"] for f in report["introduced"]] == [SMBUS]
    assert proc.stdout.startswith(">> %s:" % SMBUS)
    assert report["failed"] is True
    assert validation_errors(out / "gate.sarif") == []
    sarif = json.loads((out / "gate.sarif").read_text())
    res = sarif["runs"][0]["results"]
    assert [r["baselineState"] for r in res] == ["new"]
    assert res[0]["partialFingerprints"]["lockers/v1"] == report["introduced"][0]["id"]
    assert res[0]["rank"] == report["introduced"][0]["score"]


FORCEDETH = "drivers/net/ethernet/nvidia/forcedeth.c"


def test_patch_reverting_a_quotient_loop_fix_fails_the_gate(tmp_path, corpus, lockers_built):
    # forcedeth's off-by-one (fixed in 6.1.190, CVE-2026-89596), reverted:
    # nv_suspend() stores and nv_resume() loads register_size/sizeof(u32) + 1
    # words of saved_config_space. Both are one element past the end.
    fixed = "for (i = 0; i < np->register_size/sizeof(u32); i++)"
    text = (CORPUS / FORCEDETH).read_text()
    start = text.index("static int nv_suspend(")
    assert text.count(fixed, start) == 2
    patch = make_patch(tmp_path, "revert.patch",
                       {FORCEDETH: text[:start] + text[start:].replace(fixed, fixed.replace("<", "<="))})
    proc, report, out = gate(tmp_path, patch)
    assert proc.returncode == 1, proc.stderr
    got = {f["function"]: f for f in report["introduced"]}
    assert set(got) == {"nv_suspend", "nv_resume"}
    assert "quotient_store" in got["nv_suspend"]["evidence"]
    assert "quotient_load" in got["nv_resume"]["evidence"]


def first_corpus_finding(tmp_path):
    _, report = scan(str(CORPUS), str(tmp_path / "scan"), rules=["loop-le-count"],
                     paths=["drivers/i2c"], any_tree=False)
    return sorted(report["findings"], key=lambda f: (f["path"], f["line"]))[0]


def test_patch_fixing_one_passes_and_reports_the_removal(tmp_path, corpus, lockers_built):
    f = first_corpus_finding(tmp_path)
    lines = (CORPUS / f["path"]).read_text().splitlines(keepends=True)
    assert "<=" in lines[f["line"] - 1]
    lines[f["line"] - 1] = lines[f["line"] - 1].replace("<=", "<", 1)
    patch = make_patch(tmp_path, "fix.patch", {f["path"]: "".join(lines)})
    proc, report, out = gate(tmp_path, patch, "--show-removed")
    assert proc.returncode == 0, proc.stderr
    assert report["introduced"] == []
    assert [r["id"] for r in report["removed"]] == [f["id"]]
    assert "<< %s:%d:" % (f["path"], f["line"]) in proc.stdout
    assert validation_errors(out / "gate.sarif") == []
    states = [r["baselineState"] for r in json.loads((out / "gate.sarif").read_text())["runs"][0]["results"]]
    assert "absent" in states and "new" not in states


def test_patch_that_only_moves_code_adds_nothing(tmp_path, corpus, lockers_built):
    f = first_corpus_finding(tmp_path)
    text = (CORPUS / f["path"]).read_text()
    lines = text.splitlines(keepends=True)
    # The function holding the finding, from its first line to its closing brace.
    start = max(i for i in range(f["line"]) if lines[i].startswith(tuple("abcdefghijklmnopqrstuvwxyz")))
    end = next(i for i in range(f["line"], len(lines)) if lines[i].startswith("}"))
    moved = lines[:start] + lines[end + 1:] + ["\n"] + lines[start:end + 1]
    patch = make_patch(tmp_path, "move.patch", {f["path"]: "".join(moved)})
    proc, report, _ = gate(tmp_path, patch, "--show-removed")
    assert proc.returncode == 0, proc.stderr
    assert report["introduced"] == [] and report["removed"] == []
    assert f["id"] in [u["id"] for u in report["unchanged"]]


def test_patch_that_does_not_apply_writes_nothing(tmp_path, corpus, lockers_built):
    patch = tmp_path / "stale.patch"
    patch.write_text("--- a/%s\n+++ b/%s\n@@ -50,3 +50,3 @@\n-no such line\n+for (i = 0; i <= count; i++)\n"
                     " context that is not there\n more context\n" % (SMBUS, SMBUS))
    before = (CORPUS / SMBUS).stat().st_mtime_ns
    proc, report, _ = gate(tmp_path, patch)
    assert proc.returncode == 2
    assert "hunk 1 (patch line 3" in proc.stderr and "does not apply" in proc.stderr
    assert "nothing was written to" in proc.stderr
    assert report is None
    assert (CORPUS / SMBUS).stat().st_mtime_ns == before


@pytest.mark.parametrize("path", ["../outside.c", "drivers/../../etc/passwd", "no/such/file.c"])
def test_patch_naming_files_outside_the_tree_is_refused(tmp_path, corpus, lockers_built, path):
    patch = tmp_path / "evil.patch"
    patch.write_text("--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-x\n+y\n" % (path, path))
    proc, _, _ = gate(tmp_path, patch)
    assert proc.returncode == 2
    assert ("leaves the tree" in proc.stderr) or ("is not a file in" in proc.stderr)


def test_git_range_in_a_repository(tmp_path, lockers_built):
    repo = tmp_path / "repo"
    repo.mkdir()
    src = "struct pkt { int count; };\nvoid use(int);\nvoid f(struct pkt *p)\n{\n\tint i;\n\n\tfor (i = 0; i < p->count; i++)\n\t\tuse(i);\n}\n"
    (repo / "a.c").write_text(src)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "base"], check=True)
    (repo / "a.c").write_text(src.replace("i < p->count", "i <= p->count"))
    subprocess.run(git + ["commit", "-qam", "off by one"], check=True)
    out = tmp_path / "o"
    proc = run_lockers(["gate", "--any-tree", "--kdir", repo, "--git", "HEAD~1..HEAD", "-r", "loop-le-count",
                        "-o", out, "--fail-on", "101"])
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "gate.json").read_text())
    assert [f["key"] for f in report["introduced"]] == ["p->count"]
    assert subprocess.run(["git", "-C", str(repo), "status", "--porcelain"], capture_output=True,
                          text=True).stdout == ""


def test_report_sarif_of_a_whole_scan_validates(tmp_path, lockers_built):
    from conftest import ROOT
    out = tmp_path / "o"
    scan(str(cases_of("loop-le-count")), str(out), rules=["loop-le-count"])
    proc = run_lockers(["report", "--sarif", tmp_path / "all.sarif", "-o", out])
    assert proc.returncode == 0, proc.stderr
    assert validation_errors(tmp_path / "all.sarif") == []
    results = json.loads((tmp_path / "all.sarif").read_text())["runs"][0]["results"]
    assert results and all("baselineState" not in r for r in results)


def test_hunk_header_far_past_the_end_fails_fast(tmp_path, lockers_built):
    # Regression (found by fuzz/fuzz-patch.c): the offset search ran to the header's line number.
    tree = tmp_path / "t"
    tree.mkdir()
    (tree / "a.c").write_text("int a;\n")
    patch = tmp_path / "far.patch"
    patch.write_text("--- a/a.c\n+++ b/a.c\n@@ -99999999,1 +99999999,1 @@\n-int b;\n+int c;\n")
    proc = run_lockers(["gate", "--any-tree", "--kdir", tree, "--patch", patch, "-o", tmp_path / "o"], timeout=20)
    assert proc.returncode == 2 and "does not apply" in proc.stderr


def test_headers_a_patch_touches_are_scanned_unless_no_headers(tmp_path, corpus, lockers_built):
    header = "include/linux/tpm_eventlog.h"     # a static inline loop over count
    text = (CORPUS / header).read_text()
    assert "for (i = 0; i < count; i++)" in text
    patch = make_patch(tmp_path, "header.patch",
                       {header: text.replace("for (i = 0; i < count; i++)", "for (i = 0; i <= count; i++)", 1)})
    # The bare count loop scores in the intended band: fail on it to see the
    # exit code follow the header's finding.
    proc, report, _ = gate(tmp_path, patch, "--fail-on", "30")
    assert proc.returncode == 1, proc.stderr
    assert [f["path"] for f in report["introduced"]] == [header]
    proc, report, _ = gate(tmp_path, patch, "--fail-on", "30", "--no-headers")
    assert proc.returncode == 0, proc.stderr
    assert report["introduced"] == []
