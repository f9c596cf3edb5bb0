"""The driver's contract: exit codes, clear errors, nothing lost on bad input."""
import json
import os
import pathlib
import shutil
import stat

import pytest

from conftest import ROOT, run_lockers, scan, cases_of

FAKE_SPATCH = ROOT / "tests" / "fake_spatch.py"
LOOP_CASES = cases_of("loop-le-count")

FAKE_RULE = """/// A rule for driver tests; the fake spatch ignores its body.
//
// Rule: fake
// Confidence: High
// Requires: int
@r@
@@
int
"""


@pytest.fixture
def fake_rules(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    (d / "fake.cocci").write_text(FAKE_RULE)
    return d


def small_tree(tmp_path, names):
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in names:
        (tree / name).write_text("int %s_fn(void) { int x = 0; return x; }\n" % "f")
    return tree


def fake_scan(tmp_path, fake_rules, tree, extra=()):
    out = tmp_path / "out"
    args = ["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out,
            "--rules-dir", fake_rules, "--spatch", FAKE_SPATCH, "--timeout", "1"] + list(extra) + [tree]
    proc = run_lockers(args)
    report = json.loads((out / "lockers.json").read_text()) if (out / "lockers.json").exists() else None
    return proc, report


def test_missing_tree_is_a_clear_error(tmp_path, lockers_built):
    proc = run_lockers(["check", tmp_path / "nope"])
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr


def test_not_a_kernel_tree(tmp_path, lockers_built):
    proc = run_lockers(["check", "-o", tmp_path / "out", tmp_path])
    assert proc.returncode == 2
    assert "is not a Linux kernel tree" in proc.stderr
    assert "--any-tree" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_unknown_rule(tmp_path, lockers_built):
    proc = run_lockers(["check", "--any-tree", "-r", "no-such-rule", tmp_path])
    assert proc.returncode == 2
    assert "no rule named 'no-such-rule'" in proc.stderr


def test_bad_option_value(tmp_path, lockers_built):
    proc = run_lockers(["check", "-j", "zero", tmp_path])
    assert proc.returncode == 2
    assert "--jobs must be a number" in proc.stderr


def test_path_outside_tree(tmp_path, lockers_built):
    (tmp_path / "a").mkdir()
    proc = run_lockers(["check", "--any-tree", tmp_path / "a", "/etc"])
    assert proc.returncode == 2
    assert "outside the tree" in proc.stderr


def test_spatch_missing(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    proc = run_lockers(["check", "--any-tree", "-o", tmp_path / "out", "--rules-dir", fake_rules,
                        "--spatch", "/nonexistent/spatch", tree])
    assert proc.returncode == 2
    assert "cannot run '/nonexistent/spatch'" in proc.stderr


def test_fail_on_sets_exit_code(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    base = ["check", "--any-tree", "-q", "-o", tmp_path / "out", "--rules-dir", fake_rules,
            "--spatch", FAKE_SPATCH, tree]
    assert run_lockers(base[:1] + ["--fail-on", "70"] + base[1:]).returncode == 1
    assert run_lockers(base[:1] + ["--fail-on", "71"] + base[1:]).returncode == 0


def test_crash_hang_and_exit_blame_one_file_each(tmp_path, fake_rules, lockers_built):
    names = ["a.c", "b-crash.c", "c.c", "d-hang.c", "e.c", "f-exit3.c", "g.c", "h-parsefail.c"]
    tree = small_tree(tmp_path, names)
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["-j", "1"])
    assert proc.returncode == 0, proc.stderr
    found = sorted(f["path"] for f in report["findings"])
    # Every file that did not fail keeps its finding; the failing ones are blamed alone.
    assert found == ["a.c", "c.c", "e.c", "g.c", "h-parsefail.c"]
    failures = {f["path"]: f["reason"] for f in report["summary"]["failures"]}
    assert failures == {"b-crash.c": "spatch-crash", "d-hang.c": "timeout",
                        "f-exit3.c": "spatch-crash", "h-parsefail.c": "parse-error"}
    detail = {f["path"]: f["detail"] for f in report["summary"]["failures"]}
    assert "signal 11" in detail["b-crash.c"]
    assert "status 3: Fatal error: fake failure" in detail["f-exit3.c"]


def test_a_file_spatch_gives_up_on_counts_as_lost(tmp_path, fake_rules, lockers_built):
    # "EXN: ..." ends spatch's work on a file before any rule ran: none of
    # its functions were analysed, though the process goes on to the next.
    tree = small_tree(tmp_path, ["a.c", "b-exn.c", "c.c"])
    (tree / "b-exn.c").write_text("int f(void) { return 0; }\nint g(void) { return 1; }\n")
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["-j", "1"])
    assert proc.returncode == 0, proc.stderr
    assert sorted(f["path"] for f in report["findings"]) == ["a.c", "c.c"]
    assert {f["path"]: f["reason"] for f in report["summary"]["failures"]} == {"b-exn.c": "parse-error"}
    lost = report["summary"]["functions"]["lost"]
    assert lost == 2 * len(report["summary"]["rules"])


def test_a_rule_script_that_raises_is_a_crash_not_a_parse_error(tmp_path, fake_rules, lockers_built):
    # spatch goes on after a rule's Python script raises on a file: the
    # file is blamed as a crash naming the exception (never cached), not as
    # code spatch could not parse; the files around it keep their findings.
    tree = small_tree(tmp_path, ["a.c", "b-pyfail.c", "c.c"])
    for n, name in enumerate(["a.c", "b-pyfail.c", "c.c"]):    # the cache keys on content
        (tree / name).write_text("int f%d(void) { return 0; }\n" % n)
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["-j", "1"])
    assert proc.returncode == 0, proc.stderr
    assert sorted(f["path"] for f in report["findings"]) == ["a.c", "c.c"]
    failures = {f["path"]: (f["reason"], f["detail"]) for f in report["summary"]["failures"]}
    assert set(failures) == {"b-pyfail.c"}
    assert failures["b-pyfail.c"][0] == "spatch-crash"
    assert "NameError: name 'helper' is not defined" in failures["b-pyfail.c"][1]
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["-j", "1"])
    assert {f["path"] for f in report["summary"]["failures"]} == {"b-pyfail.c"}, "a crash is never cached"


def test_read_records_keep_a_result_only_while_what_it_read_holds(tmp_path, fake_rules, lockers_built):
    # A rule that read another file to judge b-reads.c prints a read record
    # for it: the cached result is replayed only while that file is the
    # same. Malformed read records are rule errors; nothing else is lost.
    tree = small_tree(tmp_path, ["a.c", "b-reads.c"])
    (tree / "b-reads.c").write_text("int g(void) { return 1; }\n")    # the cache keys on content
    dep = tmp_path / "dep.txt"
    dep.write_text("first\n")

    def scan():
        out = tmp_path / "out"
        run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out, "-j", "1",
                     "--rules-dir", fake_rules, "--spatch", FAKE_SPATCH, tree],
                    check_rc=0, env={"FAKE_SPATCH_READS": str(dep)})
        return json.loads((out / "lockers.json").read_text()), json.loads((out / "run.json").read_text())

    report, run = scan()
    msgs = {f["path"]: f["message"] for f in report["findings"]}
    assert msgs == {"a.c": "fake finding", "b-reads.c": "fake finding: first"}
    errors = report["summary"]["record_errors"]
    assert len(errors) == 2 and any("malformed read record" in e for e in errors) and \
        any("read record names a file spatch was not given" in e for e in errors)
    report, run = scan()
    assert run["cache"]["runs_new"] == 0 and run["cache"]["runs_stale"] == 0
    dep.write_text("second\n")
    report, run = scan()
    assert run["cache"]["runs_stale"] == 1 and run["cache"]["runs_new"] == 1
    assert {f["path"]: f["message"] for f in report["findings"]}["b-reads.c"] == "fake finding: second"


def test_files_before_a_failing_one_keep_their_late_records(tmp_path, fake_rules,
                                                               lockers_built):
    # Rules may report a file only when a later one starts, or at the end:
    # when a file kills or crashes the child, the files before it run again.
    names = ["a.c", "b-crash.c", "c.c", "d-hang.c", "e.c", "f-exit3.c", "g.c"]
    tree = small_tree(tmp_path, names)
    for n, name in enumerate(names):    # contents of their own: the cache keys on them
        (tree / name).write_text("int f%d(void) { return %d; }\n" % (n, n))
    out = tmp_path / "out"
    proc = run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out,
                        "--rules-dir", fake_rules, "--spatch", FAKE_SPATCH, "--timeout", "1", "-j", "1",
                        tree], env={"FAKE_SPATCH_DEFER": "1"})
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "lockers.json").read_text())
    assert sorted(f["path"] for f in report["findings"]) == ["a.c", "c.c", "e.c", "g.c"]
    assert report["summary"]["runs"] == len(names)
    # the cache keeps each file's records once
    again = run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out,
                         "--rules-dir", fake_rules, "--spatch", FAKE_SPATCH, "--timeout", "1", "-j", "1",
                         tree], env={"FAKE_SPATCH_DEFER": "1"})
    assert again.returncode == 0, again.stderr
    warm = json.loads((out / "lockers.json").read_text())
    assert warm["findings"] == report["findings"]
    assert warm["summary"]["failures"] == report["summary"]["failures"]


def test_a_child_that_dies_after_its_last_file_blames_that_file(tmp_path, fake_rules, lockers_built):
    names = ["a.c", "b.c", "z-finalcrash.c"]
    tree = small_tree(tmp_path, names)
    out = tmp_path / "out"
    proc = run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out,
                        "--rules-dir", fake_rules, "--spatch", FAKE_SPATCH, "-j", "1", "--no-cache",
                        tree], env={"FAKE_SPATCH_DEFER": "1"})
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "lockers.json").read_text())
    assert sorted(f["path"] for f in report["findings"]) == ["a.c", "b.c"]
    assert [(f["path"], f["reason"]) for f in report["summary"]["failures"]] == [("z-finalcrash.c", "spatch-crash")]


def test_binary_and_unreadable_files_are_reported_not_fatal(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c", "secret.c"])
    (tree / "bin.c").write_bytes(b"\x7fELF\x00\x01\x02int x;")
    os.chmod(tree / "secret.c", 0)
    try:
        proc, report = fake_scan(tmp_path, fake_rules, tree)
    finally:
        os.chmod(tree / "secret.c", stat.S_IRUSR | stat.S_IWUSR)
    assert proc.returncode == 0, proc.stderr
    problems = report["summary"]["problems"]
    assert any(p.startswith("bin.c: binary file") for p in problems)
    if os.geteuid() != 0:	# root reads mode-0 files
        assert any(p.startswith("secret.c: ") for p in problems)
    assert "a.c" in [f["path"] for f in report["findings"]]


def test_symlink_loop_and_hidden_dirs_are_skipped(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    (tree / "sub").mkdir()
    (tree / "sub" / "b.c").write_text("int b;\n")
    os.symlink("..", tree / "sub" / "loop")
    (tree / ".git").mkdir()
    (tree / ".git" / "c.c").write_text("int c;\n")
    os.symlink("a.c", tree / "alias.c")
    proc, report = fake_scan(tmp_path, fake_rules, tree)
    assert proc.returncode == 0, proc.stderr
    assert sorted(f["path"] for f in report["findings"]) == ["a.c", "sub/b.c"]
    assert report["summary"]["skipped"]["symlinked_dirs"] == 1
    assert report["summary"]["skipped"]["duplicates"] == 1


def test_walk_counts_files_it_does_not_scan_and_skips_lockers_outputs(tmp_path, fake_rules, lockers_built):
    # Regular files that are not C are counted from d_type without an lstat;
    # a lockers output directory inside the tree is skipped whole, uncounted.
    tree = small_tree(tmp_path, ["a.c"])
    (tree / "Makefile").write_text("obj-y += a.o\n")
    (tree / "a.h").write_text("int a;\n")
    os.symlink("Makefile", tree / "Kbuild")
    out_inside = tree / "lockers-out"
    out_inside.mkdir()
    (out_inside / ".lockers-output").write_text("")
    (out_inside / "x.c").write_text("int x;\n")
    (out_inside / "notes.txt").write_text("")
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["--no-headers"])
    assert proc.returncode == 0, proc.stderr
    assert [f["path"] for f in report["findings"]] == ["a.c"]
    summary = report["summary"]
    assert summary["files_seen"] == 4 and summary["c_files"] == 1
    assert summary["skipped"]["not_c"] == 3


def test_headers_are_scanned_by_default_each_once(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    (tree / "inc").mkdir()
    (tree / "inc" / "a.h").write_text("static inline int a_get(void) { int x = 0; return x; }\n")
    (tree / "notes.txt").write_text("")
    proc, report = fake_scan(tmp_path, fake_rules, tree)
    assert proc.returncode == 0, proc.stderr
    assert [f["path"] for f in report["findings"]] == ["a.c", "inc/a.h"]
    assert report["summary"]["c_files"] == 2 and report["summary"]["skipped"]["not_c"] == 1
    proc, report = fake_scan(tmp_path, fake_rules, tree, extra=["--no-headers"])
    assert [f["path"] for f in report["findings"]] == ["a.c"]


def test_odd_file_names_survive(tmp_path, fake_rules, lockers_built):
    names = ["with space.c", "quote'\"q.c", "<b>html&amp;<\\b>.c"]
    tree = small_tree(tmp_path, names + ["new\nline.c"])
    proc, report = fake_scan(tmp_path, fake_rules, tree)
    assert proc.returncode == 0, proc.stderr
    assert sorted(f["path"] for f in report["findings"]) == sorted(names)
    # spatch takes file lists one name a line: such a name is reported, not scanned.
    assert "new\nline.c: file name contains a newline or tab, not scanned" in report["summary"]["problems"]


def test_output_dir_unwritable_keeps_findings_on_stdout(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("")
    proc = run_lockers(["check", "--any-tree", "-q", "--no-notes", "--rules-dir", fake_rules,
                        "--spatch", FAKE_SPATCH, "-o", blocker / "out", tree])
    assert proc.returncode == 2
    assert "cannot write the report" in proc.stderr
    assert "a.c:1:1: warning: fake finding [fake]" in proc.stdout


def test_m_restricts_to_a_subdirectory_or_file(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c"])
    (tree / "sub").mkdir()
    (tree / "sub" / "b.c").write_text("int b;\n")
    (tree / "sub" / "c.c").write_text("int c;\n")
    _, report = fake_scan(tmp_path, fake_rules, tree, extra=["-M", "sub"])
    assert sorted(f["path"] for f in report["findings"]) == ["sub/b.c", "sub/c.c"]
    _, report = fake_scan(tmp_path, fake_rules, tree, extra=["-M", "sub/c.c"])
    assert [f["path"] for f in report["findings"]] == ["sub/c.c"]


def test_report_is_byte_identical_across_jobs(tmp_path, lockers_built):
    reports = []
    for j in ("1", "2", "2"):
        out = tmp_path / ("out" + str(len(reports)))
        run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-j", j, "-o", out,
                     "-r", "loop-le-count", LOOP_CASES], check_rc=0)
        reports.append((out / "lockers.json").read_bytes())
    assert reports[0] == reports[1] == reports[2]
    assert json.loads(reports[0])["findings"], "the determinism check needs findings"


def test_text_output_is_compiler_style(tmp_path, lockers_built):
    proc = run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-o", tmp_path / "o",
                        "-r", "loop-le-count", LOOP_CASES], check_rc=0)
    import re
    warn = [l for l in proc.stdout.splitlines() if ": warning: " in l]
    assert warn
    for line in warn:
        assert re.match(r"^[^:]+\.[ch]:\d+:\d+: warning: .+ \[loop-le-count\] score=\d+ id=[0-9a-f]{12}$", line), line


def test_a_rule_that_fails_on_every_file_is_given_up(tmp_path, lockers_built):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "broken.cocci").write_text(FAKE_RULE.replace("Rule: fake", "Rule: broken"))
    names = ["f%d.c" % i for i in range(8)]
    tree = small_tree(tmp_path, names)
    proc, report = fake_scan(tmp_path, rules, tree, extra=["-j", "1"])
    assert proc.returncode == 0, proc.stderr
    failures = report["summary"]["failures"]
    assert sorted(f["path"] for f in failures) == names
    assert all(f["reason"] == "spatch-crash" for f in failures)
    given_up = [f for f in failures if "rule failed on 3 files in a row" in f["detail"]]
    assert len(given_up) == 5, failures


def test_scoring_doc_lists_every_weight(lockers_built):
    import subprocess
    proc = subprocess.run([str(ROOT / "scripts" / "weights-doc"), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_timeout_is_cached_under_its_limit(tmp_path, fake_rules, lockers_built):
    tree = small_tree(tmp_path, ["a.c", "b-slow.c"])
    (tree / "b-slow.c").write_text("int slow_fn(void) { return 1; }\n")   # its own cache key
    log = tmp_path / "spatch-runs.log"
    out = tmp_path / "out"

    def scan_with(timeout):
        args = ["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out, "--rules-dir",
                fake_rules, "--spatch", FAKE_SPATCH, "--timeout", timeout, tree]
        proc = run_lockers(args, env=dict(os.environ, FAKE_SPATCH_LOG=str(log)))
        assert proc.returncode == 0, proc.stderr
        text = (out / "lockers.json").read_text()
        report = json.loads(text)
        return {f["path"]: f["reason"] for f in report["summary"]["failures"]}, text

    first, cold = scan_with("5")
    assert first == {"b-slow.c": "timeout"}
    again, warm = scan_with("5")
    # the same limit: reported again, from the cache, without running spatch,
    # in the live run's words (a warm report is the cold one, byte for byte)
    assert again == first and warm == cold
    assert log.read_text().splitlines() == ["b-slow.c"]
    # a longer limit is a new question
    longer, _ = scan_with("6")
    assert longer == first
    assert log.read_text().splitlines() == ["b-slow.c", "b-slow.c"]
