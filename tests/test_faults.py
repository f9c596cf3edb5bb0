"""The fault suite: special files in the tree, a scan killed or starved of
disk, a read-only or shared output directory, a file that changes while it
is scanned, huge, binary and oddly named files. Each test fails on the code
before the fix it names; small trees of testcases keep the suite fast."""
import json
import os
import resource
import shutil
import signal
import subprocess
import time

import pytest

from conftest import LOCKERS, ROOT, run_lockers

CASES = ROOT / "testcases" / "loop-le-count"
SCAN = ["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-j", "2", "-r", "loop-le-count"]


def loop_tree(root, names=("bound-set-minus1-nearby.c", "speed-table-setup.h", "bound-names.c",
                           "array-declared-count-overrun.c")):
    """A subsystem of loop-le-count testcases: root/drv/sub holds them, so the
    rule's nearby-file evidence walks root/drv."""
    sub = root / "drv" / "sub"
    sub.mkdir(parents=True)
    for n in names:
        shutil.copy(CASES / n, sub / n)
    return root


def timed_scan(tree, out, extra=()):
    t0 = time.monotonic()
    proc = run_lockers(SCAN + ["--timeout", "5", "-o", out] + list(extra) + [tree], timeout=300)
    elapsed = time.monotonic() - t0
    assert proc.returncode == 0, proc.stderr
    return elapsed, json.loads((out / "lockers.json").read_text()), proc


def test_fifo_named_like_source_costs_nothing(tmp_path, lockers_built):
    """Before: the rule's Python opened drv/other/fifo.c while looking for a
    nearby `count = max - 1` and blocked until the driver killed the batch
    (a timeout, its findings lost). After: never opened, counted."""
    tree = loop_tree(tmp_path / "tree")
    without, clean, _ = timed_scan(tree, tmp_path / "clean", ["--no-cache"])
    (tree / "drv" / "other").mkdir()
    os.mkfifo(tree / "drv" / "other" / "fifo.c")    # in the directory the rule walks
    os.mkfifo(tree / "drv" / "sub" / "fifo.c")      # in the scanned directory
    os.symlink("../other/fifo.c", tree / "drv" / "sub" / "link-to-fifo.h")
    with_fifo, report, proc = timed_scan(tree, tmp_path / "fifo", ["--no-cache"])
    assert report["summary"]["failures"] == []
    assert report["findings"] == clean["findings"]
    assert report["summary"]["skipped"]["special"] == 3
    assert "drv/sub/fifo.c: named pipe, not read" in report["summary"]["problems"]
    assert with_fifo < 1.5 * without + 3, "with FIFOs %.1f s, without %.1f s" % (with_fifo, without)


def test_fifo_named_on_the_command_line_is_skipped(tmp_path, lockers_built):
    tree = loop_tree(tmp_path / "tree")
    os.mkfifo(tree / "drv" / "sub" / "fifo.c")
    _, report, proc = timed_scan(tree, tmp_path / "out", ["-M", "drv/sub/fifo.c", "-M", "drv/sub/bound-names.c"])
    assert report["summary"]["skipped"]["special"] == 1
    assert {f["path"] for f in report["findings"]} == {"drv/sub/bound-names.c"}
