"""lockers gate on patch series: an mbox of several patches, applied in order, each finding named by its patch."""
import json
import subprocess

from conftest import run_lockers
from sarif_schema import validation_errors

BASE = "struct pkt { int count; int buf[8]; };\nvoid use(int);\nvoid f(struct pkt *p)\n{\n\tint i;\n\n\tuse(0);\n}\n"
LOOP = BASE.replace("\tuse(0);\n", "\tfor (i = 0; i <= p->count; i++)\n\t\tuse(p->buf[i]);\n")
BODY_EDITED = LOOP.replace("use(p->buf[i]);", "use(p->buf[i] + 1);")
OLD_LOOP = ("void g(struct pkt *p)\n{\n\tint i;\n\n\tfor (i = 0; i <= p->count; i++)\n"
            "\t\tuse(p->buf[i]);\n}\n")


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"] + list(args),
                          check=True, capture_output=True, text=True).stdout


def series(tmp_path, base, commits, *format_patch_args):
    """A repository at base ({path: text}) and the mbox of commits [(subject, {path: text or None})]
    as git format-patch --stdout writes it; the work tree is left at base."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    for path, text in base.items():
        (repo / path).write_text(text)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    for subject, changes in commits:
        for path, text in changes.items():
            if text is None:
                git(repo, "rm", "-q", path)
            elif isinstance(text, tuple):      # ("renamed-from", text)
                git(repo, "mv", text[0], path)
                (repo / path).write_text(text[1])
            else:
                (repo / path).write_text(text)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", subject)
    mbox = tmp_path / "series.mbox"
    mbox.write_bytes(subprocess.run(["git", "-C", str(repo), "format-patch", "--stdout"] +
                                    list(format_patch_args) + ["HEAD~%d..HEAD" % len(commits)],
                                    check=True, capture_output=True).stdout)
    git(repo, "checkout", "-q", "HEAD~%d" % len(commits))
    return repo, mbox


def gate(tmp_path, repo, patch, *extra):
    out = tmp_path / "gate-out"
    proc = run_lockers(["gate", "--any-tree", "--kdir", repo, "--patch", patch, "-r", "loop-le-count",
                        "-o", out, "--triage", tmp_path / "no-triage.txt"] + list(extra))
    report = json.loads((out / "gate.json").read_text()) if (out / "gate.json").exists() else None
    return proc, report, out


def test_loop_added_then_edited_is_named_by_the_patch_that_added_it(tmp_path, lockers_built):
    # Before series support, the second patch's hunk did not apply to the tree's a.c.
    repo, mbox = series(tmp_path, {"a.c": BASE}, [("pkt: walk every buffer entry", {"a.c": LOOP}),
                                                  ("pkt: use the next value", {"a.c": BODY_EDITED})])
    # The bare count loop scores in the intended band: fail on it to see the exit code.
    proc, report, out = gate(tmp_path, repo, mbox, "--fail-on", "30")
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith(">> a.c:7:")
    assert proc.stdout.rstrip("\n").endswith(" (introduced by: [PATCH 1/2] pkt: walk every buffer entry)")
    assert report["patches"] == ["[PATCH 1/2] pkt: walk every buffer entry", "[PATCH 2/2] pkt: use the next value"]
    assert [(f["path"], f["introduced_by"]) for f in report["introduced"]] == \
        [("a.c", "[PATCH 1/2] pkt: walk every buffer entry")]
    assert report["files_in_patch"] == 1
    assert validation_errors(out / "gate.sarif") == []
    res = json.loads((out / "gate.sarif").read_text())["runs"][0]["results"]
    assert [r["properties"]["introducedBy"] for r in res] == ["[PATCH 1/2] pkt: walk every buffer entry"]
    assert res[0]["message"]["text"].endswith("(introduced by: [PATCH 1/2] pkt: walk every buffer entry)")
    assert git(repo, "status", "--porcelain") == ""


def test_series_whose_second_patch_does_not_apply_exits_2_naming_it(tmp_path, lockers_built):
    repo, mbox = series(tmp_path, {"a.c": BASE}, [("pkt: walk every buffer entry", {"a.c": LOOP}),
                                                  ("pkt: use the next value", {"a.c": BODY_EDITED})])
    lines = mbox.read_text().splitlines(keepends=True)
    second = max(i for i, l in enumerate(lines) if l.startswith("@@ "))
    assert lines[second + 1] == " \tint i;\n"
    lines[second + 1] = " \tint j;\n"      # context the first patch does not leave there
    mbox.write_text("".join(lines))
    proc, report, _ = gate(tmp_path, repo, mbox)
    assert proc.returncode == 2
    assert "patch 2/2 ([PATCH 2/2] pkt: use the next value): a.c: hunk 1 (patch line %d," % (second + 1) \
        in proc.stderr
    assert "nothing was written to" in proc.stderr
    assert report is None


def test_cover_letter_utf8_subject_and_a_later_patch(tmp_path, lockers_built):
    helper = BASE + "int helper(void)\n{\n\treturn 1;\n}\n"
    repo, mbox = series(tmp_path, {"a.c": BASE, "b.c": "int b;\n"},
                        [("pkt: add a helper", {"a.c": helper}),
                         ("pkt: parcourir les entrées", {"a.c": helper.replace(
                             "\tuse(0);\n", "\tfor (i = 0; i <= p->count; i++)\n\t\tuse(p->buf[i]);\n")}),
                         ("b: touch b", {"b.c": "int b2;\n"})],
                        "--cover-letter")
    text = mbox.read_text()
    assert "Subject: [PATCH 0/3]" in text and "=?UTF-8?q?" in text
    proc, report, _ = gate(tmp_path, repo, mbox, "--fail-on", "101")
    assert proc.returncode == 0, proc.stderr
    assert [f["introduced_by"] for f in report["introduced"]] == ["[PATCH 2/3] pkt: parcourir les entrées"]
    assert len(report["patches"]) == 3
    assert report["files_in_patch"] == 2


def test_rename_then_edit_keeps_old_findings_and_names_the_edit(tmp_path, lockers_built):
    base = BASE + OLD_LOOP
    repo, mbox = series(tmp_path, {"a.c": base},
                        [("pkt: move to b.c", {"b.c": ("a.c", base)}),
                         ("pkt: walk in f too", {"b.c": base.replace(
                             "\tuse(0);\n", "\tfor (i = 0; i <= p->count; i++)\n\t\tuse(p->buf[i]);\n")})])
    proc, report, _ = gate(tmp_path, repo, mbox, "--fail-on", "101")
    assert proc.returncode == 0, proc.stderr
    assert [(f["function"], f["introduced_by"]) for f in report["introduced"]] == \
        [("f", "[PATCH 2/2] pkt: walk in f too")]
    assert [(f["path"], f["function"]) for f in report["unchanged"]] == [("b.c", "g")]


def test_patch_to_a_file_an_earlier_patch_deleted_is_refused(tmp_path, lockers_built):
    repo, mbox = series(tmp_path, {"a.c": BASE, "b.c": "int b;\n"}, [("drop a.c", {"a.c": None})])
    stale = tmp_path / "stale.patch"
    second = mbox.read_text().replace("[PATCH] drop a.c", "[PATCH 2/2] drop a.c again")
    first = mbox.read_text().replace("[PATCH] drop a.c", "[PATCH 1/2] drop a.c")
    stale.write_text(first + "\n" + second)
    proc, _, _ = gate(tmp_path, repo, stale)
    assert proc.returncode == 2
    assert "patch 2/2 ([PATCH 2/2] drop a.c again): the patch names a.c, which an earlier patch of the series " \
        "deleted or renamed" in proc.stderr


def test_plain_diff_has_no_attribution(tmp_path, lockers_built):
    repo, _ = series(tmp_path, {"a.c": BASE}, [("loop", {"a.c": LOOP})])
    diff = tmp_path / "plain.patch"
    diff.write_text(git(repo, "diff", "HEAD..HEAD@{1}"))
    proc, report, out = gate(tmp_path, repo, diff, "--fail-on", "101")
    assert proc.returncode == 0, proc.stderr
    assert "introduced by" not in proc.stdout and proc.stdout.startswith(">> a.c:7:")
    assert "patches" not in report and "introduced_by" not in report["introduced"][0]
    assert "introducedBy" not in json.loads((out / "gate.sarif").read_text())["runs"][0]["results"][0]["properties"]


def test_git_range_names_the_commit_that_introduced_it(tmp_path, lockers_built):
    repo, _ = series(tmp_path, {"a.c": BASE, "b.c": "int b;\n"},
                     [("b: touch b", {"b.c": "int b2;\n"}),
                      ("pkt: walk every buffer entry", {"a.c": LOOP}),
                      ("pkt: use the next value", {"a.c": BODY_EDITED})])
    git(repo, "checkout", "-q", "HEAD@{1}")
    added = git(repo, "log", "-1", "--format=%h", "HEAD~1").strip()
    out = tmp_path / "o"
    proc = run_lockers(["gate", "--any-tree", "--kdir", repo, "--git", "HEAD~3..HEAD", "-r", "loop-le-count",
                        "-o", out, "--fail-on", "101"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip("\n").endswith("(introduced by: %s pkt: walk every buffer entry)" % added)
    report = json.loads((out / "gate.json").read_text())
    assert [f["introduced_by"] for f in report["introduced"]] == ["%s pkt: walk every buffer entry" % added]
    assert len(report["patches"]) == 3
