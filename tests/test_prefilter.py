"""The prefilter only proves absence: a named shape check (// Prefilter:)
may drop a file only when its rule cannot match there, so the findings with
and without it are the same, on the testcases and on a sample of the tree."""
import json
import re

import pytest

from conftest import ROOT, RULES_BUILT, run_lockers, scan_with_and_without, cases_of

FAKE_SPATCH = ROOT / "tests" / "fake_spatch.py"
SHAPED = sorted(p.stem for p in RULES_BUILT.glob("*.cocci")
                if re.search(r"^// Prefilter:", p.read_text(), re.M))

# le-count-loop: what each file holds, and whether loop-le-count may match it.
LE_COUNT_SHAPES = {
    "for-le.c": ("for (i = 0; i <= n; i++) a[i] = 0;", True),
    "for-ge-reversed.c": ("for (i = 0; n >= i; i++) a[i] = 0;", True),
    "for-parenthesised.c": ("for (i = 0; ((i) <= (n)); i++) a[i] = 0;", True),
    "for-decl-unsigned.c": ("for (unsigned int i = 0U; i <= n; i++) a[i] = 0;", True),
    "for-comma-init.c": ("for (j = 1, i = 0; i <= n; i++, j++) a[i] = j;", True),
    "for-empty-init.c": ("i = 0;\n\tfor (; i <= n; i++) a[i] = 0;", True),
    "for-split-header.c": ("for (i = 0x0;\n\t     i <=\n\t     n->count;\n\t     i++) a[i] = 0;", True),
    "while-le.c": ("i = 0;\n\twhile (i <= n) a[i++] = 0;", True),
    "for-lt.c": ("for (i = 0; i < n; i++) a[i] = 0;", False),
    "for-from-one.c": ("for (i = 1; i <= n; i++) a[i] = 0;", False),
    "for-le-and.c": ("for (i = 0; i <= n && a[i]; i++) a[i] = 0;", False),
    "for-member-counter.c": ("for (i = 0; s->i <= n; i++) a[i] = 0;", False),
    "for-sum-counter.c": ("for (i = 0; i + 1 <= n; i++) a[i] = 0;", False),
    "if-le.c": ("i = 0;\n\tif (i <= n) a[i] = 0;", False),
    "commented.c": ("i = 0; /* for (i = 0; i <= n; i++) */\n\tif (\"for (i = 0; i <= n; i++)\"[0]) j = 1;", False),
}

SHAPE_RULE = """/// Hands every file to the fake spatch that the le-count-loop prefilter keeps.
//
// Rule: fake
// Confidence: High
// Prefilter: le-count-loop
// Requires: for while
@r@
@@
int
"""


def test_le_count_loop_keeps_exactly_the_loop_shapes(tmp_path, lockers_built):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "fake.cocci").write_text(SHAPE_RULE)
    tree = tmp_path / "tree"
    tree.mkdir()
    for name, (body, _) in LE_COUNT_SHAPES.items():
        (tree / name).write_text("void f(int *a, int n, struct s *s)\n{\n\tint i, j;\n\n\t%s\n}\n" % body)
    out = tmp_path / "out"
    run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-o", out, "--rules-dir", rules,
                 "--spatch", FAKE_SPATCH, tree], check_rc=0)
    kept = {f["path"] for f in json.loads((out / "lockers.json").read_text())["findings"]}
    assert kept == {name for name, (_, match) in LE_COUNT_SHAPES.items() if match}


def compare(tmp_path, tree, rules, paths=(), any_tree=True, extra=()):
    """Findings and per-rule candidates, with and without the shape checks (Requires stay)."""
    shaped, unshaped = scan_with_and_without(tmp_path, "Prefilter", tree, rules, paths, any_tree, extra)
    return ({r: shaped["summary"]["rules"][r]["candidates"] for r in rules},
            {r: unshaped["summary"]["rules"][r]["candidates"] for r in rules}, shaped)


@pytest.mark.parametrize("rule", SHAPED)
def test_shapes_lose_no_testcase_finding(tmp_path, rule, lockers_built):
    kept, given, report = compare(tmp_path, cases_of(rule), [rule])
    assert report["findings"], "the testcases of %s found nothing: the comparison proves nothing" % rule
    assert kept[rule] < given[rule], "the shape check of %s dropped no testcase" % rule


def test_shapes_lose_no_finding_on_a_tree_sample(tmp_path, corpus, corpus_index, lockers_built):
    # Directories where le-count-loop drops files and loop-le-count finds bugs.
    paths = ["fs/unicode", "fs/ext2", "drivers/net/ethernet/intel/iavf", "arch/x86/net"]
    kept, given, report = compare(tmp_path, corpus, SHAPED, paths=paths, any_tree=False, extra=corpus_index)
    assert any(f["rule"] == "loop-le-count" for f in report["findings"])
    assert kept["loop-le-count"] < given["loop-le-count"]
