"""lockers gate's patch evidence: a finding whose fingerprint the patch leaves alone, but whose
function loses (or gains) its RCU protection in the diff, is reported as introduced (or removed)."""
import difflib
import json

from conftest import run_lockers
from sarif_schema import validation_errors

# h->cur read twice in one section: rcu-double-deref, with or without the read lock around it,
# and with either free of the replaced object (the fingerprint does not change).
LOCKED = """#include <linux/rcupdate.h>
#include <linux/slab.h>

struct foo { int a; int b; struct rcu_head rcu; };
struct holder { struct foo __rcu *cur; };

int foo_swap(struct holder *h, struct foo *n)
{
	struct foo *old;
	int v;

	rcu_read_lock();
	v = rcu_dereference(h->cur)->a + rcu_dereference(h->cur)->b;
	rcu_read_unlock();
	old = rcu_replace_pointer(h->cur, n, 1);
	kfree_rcu(old, rcu);
	return v;
}
"""
UNLOCKED = LOCKED.replace("\trcu_read_lock();\n", "").replace("\trcu_read_unlock();\n", "")
PLAIN_FREE = LOCKED.replace("kfree_rcu(old, rcu);", "kfree(old);")


def gate(tmp_path, base, patched, *extra):
    """Gate the diff of base into patched (one file, foo.c) on a tree that holds base."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "foo.c").write_text(base)
    patch = tmp_path / "change.patch"
    patch.write_text("".join(difflib.unified_diff(base.splitlines(keepends=True), patched.splitlines(keepends=True),
                                                  "a/foo.c", "b/foo.c")))
    out = tmp_path / "gate-out"
    proc = run_lockers(["gate", "--any-tree", "--kdir", tree, "--patch", patch, "-r", "rcu-double-deref",
                        "-r", "rcu-free-without-grace", "-o", out, "--triage", tmp_path / "no-triage.txt",
                        "--show-removed"] + list(extra))
    report = json.loads((out / "gate.json").read_text())
    assert validation_errors(out / "gate.sarif") == []
    return proc, report


def double_deref(findings):
    got = [f for f in findings if f["rule"] == "rcu-double-deref"]
    assert len(got) == 1, findings
    return got[0]


def test_removing_rcu_read_lock_makes_an_unchanged_finding_introduced(tmp_path, lockers_built):
    proc, report = gate(tmp_path, LOCKED, UNLOCKED)
    assert proc.returncode == 1, proc.stderr
    f = double_deref(report["introduced"])
    assert report["unchanged"] == []
    assert f["evidence"]["patch_weakens"] == "rcu_read_lock, line 12: -rcu_read_lock();"
    assert any(r["points"] == 20 and "patch_weakens=rcu_read_lock" in r["why"] for r in f["reasons"])
    assert f["score"] >= 60
    assert ">> foo.c:12:" in proc.stdout and "(patch: rcu_read_lock, line 12: -rcu_read_lock();)" in proc.stdout


def test_kfree_rcu_turned_into_kfree_is_evidence_on_the_function_s_findings(tmp_path, lockers_built):
    proc, report = gate(tmp_path, LOCKED, PLAIN_FREE)
    assert proc.returncode == 1, proc.stderr
    evidence = "kfree_rcu, line 16: -kfree_rcu(old, rcu); +kfree(old);"
    # The unchanged finding is promoted; the finding the patch adds keeps its class and gains the points.
    assert double_deref(report["introduced"])["evidence"]["patch_weakens"] == evidence
    new = [f for f in report["introduced"] if f["rule"] == "rcu-free-without-grace"]
    assert [f["evidence"]["patch_weakens"] for f in new] == [evidence]
    assert report["unchanged"] == [] and report["removed"] == []


def test_adding_rcu_read_lock_reports_the_unchanged_finding_as_removed(tmp_path, lockers_built):
    proc, report = gate(tmp_path, UNLOCKED, LOCKED)
    assert proc.returncode == 0, proc.stderr
    assert report["introduced"] == [] and report["unchanged"] == []
    f = double_deref(report["removed"])
    assert f["evidence"]["patch_strengthens"] == "rcu_read_lock, line 12: +rcu_read_lock();"
    assert any(r["points"] == -20 for r in f["reasons"])
    assert "<< foo.c:" in proc.stdout and "(patch: rcu_read_lock, line 12: +rcu_read_lock();)" in proc.stdout


def test_kfree_turned_into_kfree_rcu_reports_the_unchanged_finding_as_removed(tmp_path, lockers_built):
    proc, report = gate(tmp_path, PLAIN_FREE, LOCKED)
    assert proc.returncode == 0, proc.stderr
    assert report["introduced"] == [] and report["unchanged"] == []
    assert double_deref(report["removed"])["evidence"]["patch_strengthens"] == \
        "kfree_rcu, line 16: -kfree(old); +kfree_rcu(old, rcu);"


def test_an_edit_that_changes_no_api_leaves_the_finding_unchanged(tmp_path, lockers_built):
    proc, report = gate(tmp_path, LOCKED, LOCKED.replace("\treturn v;\n", "\treturn v + 1;\n"))
    assert proc.returncode == 0, proc.stderr
    f = double_deref(report["unchanged"])
    assert "patch_weakens" not in f["evidence"] and "patch_strengthens" not in f["evidence"]
    assert report["introduced"] == [] and report["removed"] == []
