"""Verdicts persist in a plain-text triage file and teach the ranking."""
import json

from conftest import run_lockers

LOOP = """struct pkt { int count; int idx; };
void out(int idx);
void %s(struct pkt *pkt)
{
	int i;

	for (i = 0; i <= pkt->count; i++)
		out(pkt->idx + i);
}
"""


def make_tree(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.c").write_text(LOOP % "emit_a")
    (tree / "b.c").write_text(LOOP % "emit_b")
    return tree


def check(tmp_path, tree, *extra):
    out = tmp_path / "out"
    proc = run_lockers(["check", "--any-tree", "-q", "--no-notes", "--all-scores", "--fail-on", "101", "-o", out,
                        "-r", "loop-le-count", "--triage", tmp_path / "triage.txt"] + list(extra) + [tree])
    report = json.loads((out / "lockers.json").read_text()) if proc.returncode == 0 else None
    return proc, report


def triage(tmp_path, *args):
    return run_lockers(["triage"] + list(args) + ["-o", tmp_path / "out", "--triage", tmp_path / "triage.txt"])


def by_path(report):
    return {f["path"]: f for f in report["findings"]}


def test_mark_hides_and_teaches_the_family(tmp_path, lockers_built):
    tree = make_tree(tmp_path)
    proc, report = check(tmp_path, tree)
    assert proc.returncode == 0, proc.stderr
    before = by_path(report)
    a_id = before["a.c"]["id"]
    assert a_id in proc.stdout

    marked = triage(tmp_path, "mark", a_id[:8], "intended", "--why", "count is encoded as N-1")
    assert marked.returncode == 0, marked.stderr
    lines = (tmp_path / "triage.txt").read_text().splitlines()
    assert lines[1].split("\t") == [a_id, "intended", "loop-le-count", "a.c", "emit_a", "pkt->count",
                                    "count is encoded as N-1"]

    proc, report = check(tmp_path, tree)
    after = by_path(report)
    assert after["a.c"]["verdict"] == "intended"
    assert a_id not in proc.stdout, "an intended finding is hidden unless --all"
    # b.c has the same key: demoted, with the reason shown.
    assert after["b.c"]["score"] < before["b.c"]["score"]
    assert any("triaged as intended" in r["why"] for r in after["b.c"]["reasons"])
    proc, _ = check(tmp_path, tree, "--all")
    assert a_id in proc.stdout


def test_verdicts_follow_line_shifts_and_stale_ones_are_listed(tmp_path, lockers_built):
    tree = make_tree(tmp_path)
    _, report = check(tmp_path, tree)
    a_id = by_path(report)["a.c"]["id"]
    assert triage(tmp_path, "mark", a_id, "bug", "--why", "overruns").returncode == 0
    # Unrelated edits above the loop move it down: same fingerprint.
    (tree / "a.c").write_text("/* a new comment */\nint unrelated;\n\n" + LOOP % "emit_a")
    _, report = check(tmp_path, tree)
    assert by_path(report)["a.c"]["id"] == a_id
    assert by_path(report)["a.c"]["verdict"] == "bug"
    # The loop is fixed: its verdict is listed as stale.
    (tree / "a.c").write_text((LOOP % "emit_a").replace("<=", "<"))
    proc, report = check(tmp_path, tree)
    assert report["summary"]["stale_verdicts"] == [
        "%s bug [loop-le-count] a.c emit_a(): pkt->count" % a_id]
    proc = run_lockers(["check", "--any-tree", "--fail-on", "101", "-o", tmp_path / "out",
                        "-r", "loop-le-count", "--triage", tmp_path / "triage.txt", tree])
    assert "verdict without a finding any more: %s" % a_id in proc.stderr


def test_corrupt_triage_file_is_an_error_with_its_line_and_left_alone(tmp_path, lockers_built):
    tree = make_tree(tmp_path)
    bad = "# comment\n%s\tintended\tloop-le-count\ta.c\tf\tk\twhy\nnot a verdict\n" % ("0" * 12)
    (tmp_path / "triage.txt").write_text(bad)
    proc, _ = check(tmp_path, tree)
    assert proc.returncode == 2
    assert "triage.txt:3: expected 7 tab-separated fields" in proc.stderr
    assert (tmp_path / "triage.txt").read_text() == bad
    (tmp_path / "triage.txt").write_text(bad.replace("not a verdict\n", "%s\tmaybe\tr\tp\tf\tk\tw\n" % ("1" * 12)))
    proc, _ = check(tmp_path, tree)
    assert proc.returncode == 2
    assert "triage.txt:3: verdict 'maybe' is not bug, intended or false-positive" in proc.stderr


def test_import_merges_sorted(tmp_path, lockers_built):
    tree = make_tree(tmp_path)
    _, report = check(tmp_path, tree)
    ids = sorted(f["id"] for f in report["findings"])
    exported = tmp_path / "export.txt"
    exported.write_text("# from the HTML report\n" + "".join(
        "%s\tfalse-positive\tloop-le-count\tp.c\tfn\tkey\tread it\n" % i for i in reversed(ids)))
    proc = triage(tmp_path, "import", exported)
    assert proc.returncode == 0, proc.stderr
    body = [l for l in (tmp_path / "triage.txt").read_text().splitlines() if not l.startswith("#")]
    assert [l.split("\t")[0] for l in body] == ids
    # A bad import leaves the triage file as it was.
    before = (tmp_path / "triage.txt").read_text()
    exported.write_text("zz\n")
    proc = triage(tmp_path, "import", exported)
    assert proc.returncode == 2 and "export.txt:1:" in proc.stderr
    assert (tmp_path / "triage.txt").read_text() == before


def test_mark_rejects_unknown_ids_and_verdicts(tmp_path, lockers_built):
    tree = make_tree(tmp_path)
    check(tmp_path, tree)
    proc = triage(tmp_path, "mark", "abcdef", "bug", "--why", "x")
    assert proc.returncode == 2 and "no finding with id 'abcdef'" in proc.stderr
    proc = triage(tmp_path, "mark", "abcdef", "maybe", "--why", "x")
    assert proc.returncode == 2 and "verdict 'maybe'" in proc.stderr
    assert not (tmp_path / "triage.txt").exists()


def test_importing_an_empty_file_writes_an_empty_triage(tmp_path, lockers_built):
    # Regression (found by fuzz/fuzz-triage.c): writing a triage with no verdicts.
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing yet\n")
    proc = run_lockers(["triage", "import", empty, "--triage", tmp_path / "triage.txt"])
    assert proc.returncode == 0, proc.stderr
    assert [l for l in (tmp_path / "triage.txt").read_text().splitlines() if not l.startswith("#")] == []
