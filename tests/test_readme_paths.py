"""Paths as users give them: relative to where they stand, never to where spatch runs."""
import json
import os
import subprocess

from conftest import LOCKERS, ROOT, RULES_BUILT, cases_of

CROSS = cases_of("rcu-cross-pointer")


def check(cwd, out, *extra, env=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run([str(LOCKERS), "check", "--any-tree", "-q", "--no-notes", "--fail-on", "101",
                           "-r", "rcu-cross-pointer", "-o", str(out), *extra, str(CROSS)],
                          cwd=cwd, capture_output=True, text=True, env=full_env, timeout=600)
    return proc


def findings(path):
    return sorted((f["path"], f["line"], f["id"]) for f in json.loads(path.read_text())["findings"])


def test_relative_output_dir_gives_the_macro_index_to_spatch(tmp_path, lockers_built):
    """-o rel-out: the index must reach the children (a helper macro in include/linux/sched.h)."""
    proc = check(tmp_path, "rel-out")
    assert proc.returncode == 0, proc.stderr
    proc = check(tmp_path, tmp_path / "abs-out")
    assert proc.returncode == 0, proc.stderr
    rel = findings(tmp_path / "rel-out" / "lockers.json")
    assert rel == findings(tmp_path / "abs-out" / "lockers.json")
    assert any(p == "attach-proc-macro.c" for p, _, _ in rel), rel


def test_relative_macro_index_rules_dir_and_tmpdir(tmp_path, lockers_built):
    first = check(tmp_path, "first")
    assert first.returncode == 0, first.stderr
    (tmp_path / "tmp").mkdir()
    rules = os.path.relpath(RULES_BUILT, tmp_path)
    proc = check(tmp_path, "second", "--no-cache", "--macro-index", "first/macroindex.tsv",
                 "--rules-dir", rules, env={"TMPDIR": "tmp"})
    assert proc.returncode == 0, proc.stderr
    assert findings(tmp_path / "second" / "lockers.json") == findings(tmp_path / "first" / "lockers.json")


def test_a_macro_index_that_cannot_be_read_fails_the_scan(tmp_path, lockers_built):
    proc = check(tmp_path, "out", "--macro-index", "no-such-index.tsv")
    assert proc.returncode == 2
    assert "macro index" in proc.stderr and "no-such-index.tsv" in proc.stderr
    assert not (tmp_path / "out" / "lockers.json").exists()
