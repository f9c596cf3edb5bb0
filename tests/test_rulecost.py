"""Task order: the costliest spatch runs start first, from costs earlier scans
learned; the costs file orders work and never changes a report."""
import json
import os

from conftest import ROOT, run_lockers

FAKE_SPATCH = ROOT / "tests" / "fake_spatch.py"

RULE = """/// A rule for driver tests; the fake spatch ignores its body.
//
// Rule: %s
// Confidence: High
// Requires: int
@r@
@@
int
"""


def rules_and_tree(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in ("cheap", "dear"):
        (rules / (name + ".cocci")).write_text(RULE % name)
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.c").write_text("int a(void) { return 0; }\n")
    return rules, tree


def scan(tmp_path, rules, tree, touch):
    (tree / "a.c").write_text("int a(void) { return %d; }\n" % touch)   # a new run every time
    order = tmp_path / "order"
    if order.exists():
        order.unlink()
    out = tmp_path / "out"
    run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-j", "1", "-o", out,
                 "--rules-dir", rules, "--spatch", FAKE_SPATCH, tree],
                env=dict(os.environ, FAKE_SPATCH_ORDER=str(order)), check_rc=0)
    return order.read_text().split(), out


def test_a_scan_learns_each_rules_cost(tmp_path, lockers_built):
    rules, tree = rules_and_tree(tmp_path)
    _, out = scan(tmp_path, rules, tree, 1)
    lines = (out / "cache" / "rule-costs").read_text().splitlines()
    assert lines[0] == "lockers-rule-costs 1"
    learned = {l.split()[0]: float(l.split()[1]) for l in lines[1:]}
    assert set(learned) == {"cheap", "dear"} and all(v > 0 for v in learned.values())


def test_the_costliest_rule_runs_first(tmp_path, lockers_built):
    rules, tree = rules_and_tree(tmp_path)
    _, out = scan(tmp_path, rules, tree, 1)
    costs = out / "cache" / "rule-costs"
    for dear, cheap, want in (("dear", "cheap", ["dear", "cheap"]), ("cheap", "dear", ["cheap", "dear"])):
        costs.write_text("lockers-rule-costs 1\n%s 900 64\n%s 0.01 64\n" % (dear, cheap))
        order, _ = scan(tmp_path, rules, tree, len(want) + (dear == "cheap"))
        assert order == want


def test_a_damaged_costs_file_changes_no_report_and_is_rewritten(tmp_path, lockers_built):
    rules, tree = rules_and_tree(tmp_path)
    _, out = scan(tmp_path, rules, tree, 1)
    costs = out / "cache" / "rule-costs"
    costs.write_bytes(b"lockers-rule-costs 1\ndear nan 3\ncheap -5 1\n\x00\xff garbage\n")
    order, _ = scan(tmp_path, rules, tree, 2)
    assert sorted(order) == ["cheap", "dear"]
    plain = tmp_path / "plain"
    run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "--no-cache", "-o", plain,
                 "--rules-dir", rules, "--spatch", FAKE_SPATCH, tree], check_rc=0)
    assert (out / "lockers.json").read_bytes() == (plain / "lockers.json").read_bytes()
    lines = costs.read_text(errors="replace").splitlines()
    learned = {l.split()[0]: float(l.split()[1]) for l in lines[1:] if l.split()[0] in ("cheap", "dear")}
    assert set(learned) == {"cheap", "dear"} and all(v > 0 for v in learned.values())


def test_a_scan_of_some_rules_keeps_what_others_learned(tmp_path, lockers_built):
    rules, tree = rules_and_tree(tmp_path)
    _, out = scan(tmp_path, rules, tree, 1)
    costs = out / "cache" / "rule-costs"
    costs.write_text("lockers-rule-costs 1\ncheap 0.5 10\ndear 900 64\n")
    (tree / "a.c").write_text("int a(void) { return 7; }\n")
    run_lockers(["check", "--any-tree", "--no-notes", "-q", "--fail-on", "101", "-o", out, "-r", "cheap",
                 "--rules-dir", rules, "--spatch", FAKE_SPATCH, tree], check_rc=0)
    lines = costs.read_text().splitlines()
    assert "dear 900 64" in lines
    assert [l for l in lines if l.startswith("cheap ")] != ["cheap 0.5 10"]   # cheap learned anew
