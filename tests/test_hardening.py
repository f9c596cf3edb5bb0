"""Interruption, concurrent runs, a full disk, huge and hostile files."""
import json
import os
import signal
import subprocess
import threading
import time

import pytest

from conftest import LOCKERS, ROOT, run_lockers, cases_of
from test_cli import FAKE_RULE, FAKE_SPATCH, fake_scan, small_tree


@pytest.fixture
def fake_rules(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    (d / "fake.cocci").write_text(FAKE_RULE)
    return d


def spatch_children():
    out = subprocess.run(["pgrep", "-f", str(FAKE_SPATCH)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupt_kills_spatch_and_marks_the_report_partial(tmp_path, fake_rules, lockers_built, sig):
    tree = small_tree(tmp_path, ["a.c", "b.c", "c-hang.c", "d-hang.c"])
    out = tmp_path / "out"
    proc = subprocess.Popen([str(LOCKERS), "check", "--any-tree", "-q", "--fail-on", "101", "-j", "2",
                             "--timeout", "600", "--rules-dir", str(fake_rules), "--spatch", str(FAKE_SPATCH),
                             "-o", str(out), str(tree)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while not spatch_children() and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    assert spatch_children(), "the fake spatch never started"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    time.sleep(0.3)
    assert spatch_children() == [], "spatch processes were left behind"
    report = json.loads((out / "lockers.json").read_text())
    assert report["summary"]["partial"] is True
    assert json.loads((out / "run.json").read_text())["partial"] is True
    # The cache holds only finished files: a full re-run gives a complete, non-partial report.
    (tree / "c-hang.c").rename(tree / "c.c")
    (tree / "d-hang.c").rename(tree / "d.c")
    proc2, report2 = fake_scan(tmp_path, fake_rules, tree)
    assert proc2.returncode == 0, proc2.stderr
    assert report2["summary"]["partial"] is False
    assert sorted(f["path"] for f in report2["findings"]) == ["a.c", "b.c", "c.c", "d.c"]


def test_two_scans_writing_one_output_directory(tmp_path, lockers_built):
    out = tmp_path / "out"
    cases = cases_of("loop-le-count")
    args = [str(LOCKERS), "check", "--any-tree", "-q", "--fail-on", "101", "-j", "1", "-o", str(out),
            "-r", "loop-le-count", str(cases)]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    results = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], results
    assert results[0][0] == results[1][0], "both runs must print the same findings"
    first = (out / "lockers.json").read_bytes()
    json.loads(first)
    # The cache they shared is consistent: a third run reuses it and agrees.
    third = subprocess.run(args, capture_output=True)
    assert third.returncode == 0 and third.stdout == results[0][0]
    assert (out / "lockers.json").read_bytes() == first
    cache = json.loads((out / "run.json").read_text())["cache"]
    assert cache["corrupt_ignored"] == 0 and cache["runs_new"] == 0


@pytest.fixture
def tiny_fs(tmp_path):
    mnt = tmp_path / "tiny"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(mnt)],
                                           capture_output=True).returncode:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    yield mnt
    subprocess.run(["umount", str(mnt)])


def test_full_disk_for_the_output_directory(tmp_path, tiny_fs, lockers_built):
    cases = cases_of("loop-le-count")
    (tiny_fs / "filler").write_bytes(b"x" * 12 * 1024)
    proc = run_lockers(["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-o", tiny_fs / "out",
                        "-r", "loop-le-count", cases])
    assert proc.returncode == 2
    assert "No space left on device" in proc.stderr
    assert "[loop-le-count] score=" in proc.stdout, "findings must still reach stdout"
    leftovers = [p for p in (tiny_fs / "out").rglob("*.tmp.*")] if (tiny_fs / "out").exists() else []
    assert leftovers == [], "temporary files left on the full disk"


def test_huge_one_line_file_and_binary_c_file(tmp_path, lockers_built):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "huge.c").write_text("int x = 0" + " + 1" * (10 * 1024 * 1024 // 4) + ";")
    (tree / "blob.c").write_bytes(bytes(range(256)) * 64)
    (tree / "ok.c").write_text("struct p { int count; };\nvoid use(int);\n"
                               "void f(struct p *p)\n{\n\tint i;\n\n\tfor (i = 0; i <= p->count; i++)\n\t\tuse(i);\n}\n")
    out = tmp_path / "out"
    proc = run_lockers(["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-o", out,
                        "-r", "loop-le-count", tree], timeout=600)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "lockers.json").read_text())
    assert [f["path"] for f in report["findings"]] == ["ok.c"]
    assert any(p.startswith("blob.c: binary file") for p in report["summary"]["problems"])
