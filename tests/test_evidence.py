"""Typed facts from libclang (src/facts/evidence.c) through `lockers check --clang-evidence`.

Each fact has a finding that carries it and one that does not. The tree is
written here; the loop-le-count rule finds the loops, clang adds the facts.
"""
import json

import pytest

from conftest import run_lockers, scan

RING_H = """\
#define NR_ENTRIES 16
struct ring {
	unsigned int idx;
	unsigned int count;
	int entries[NR_ENTRIES];
	char tag[4];
};
#define ring_count(r) ((r)->count)
"""

RING_C = """\
#include "ring.h"

void ring_clear(struct ring *p)
{
	int i;

	for (i = 0; i <= p->count; i++)
		p->entries[i] = 0;
}

void ring_clear_macro(struct ring *r)
{
	int i;

	for (i = 0; i <= ring_count(r); i++)
		r->entries[i] = 0;
}

int sum_plain(const int *a, int count)
{
	int i, s = 0;

	for (i = 0; i <= count; i++)
		s += a[i];
	return s;
}

#define NR_SLOTS 4
static int slots[NR_SLOTS];
static int big[NR_SLOTS + 1];

void slots_clear(void)
{
	int i;

	for (i = 0; i <= NR_SLOTS; i++)
		slots[i] = 0;
}

void big_clear(void)
{
	int i;

	for (i = 0; i <= NR_SLOTS; i++)
		big[i] = 0;
}
"""

# A header that is not there (like a generated one): the AST is partial, the run goes on.
BROKEN_C = """\
#include "missing-generated.h"

int broken_sum(const int *a, int count)
{
	int i, s = 0;

	for (i = 0; i <= count; i++)
		s += a[i];
	return s;
}
"""


@pytest.fixture(scope="module")
def facts(tmp_path_factory, lockers_built):
    base = tmp_path_factory.mktemp("evidence")
    drv = base / "tree" / "drv"
    drv.mkdir(parents=True)
    (drv / "ring.h").write_text(RING_H)
    (drv / "ring.c").write_text(RING_C)
    (drv / "broken.c").write_text(BROKEN_C)
    _, report = scan(base / "tree", base / "out", rules=["loop-le-count"],
                     extra=["--clang-evidence"])
    by_fn = {f["function"]: f["evidence"] for f in report["findings"]}
    assert set(by_fn) == {"ring_clear", "ring_clear_macro", "sum_plain", "slots_clear",
                          "big_clear", "broken_sum"}, sorted(by_fn)
    return by_fn


def test_function_extent(facts):
    assert facts["ring_clear"]["clang_function_extent"] == "3-9"
    assert facts["big_clear"]["clang_function_extent"] == "40-46"


def test_bound_struct_and_siblings(facts):
    ev = facts["ring_clear"]
    assert ev["clang_bound_struct"] == "struct ring"
    assert ev["clang_bound_struct_at"] == "drv/ring.h:2"
    assert ev["clang_bound_siblings"] == "idx,count,entries,tag"
    assert ev["clang_sibling_arrays"] == "entries[NR_ENTRIES=16],tag[4]"
    assert ev["clang_bound_decl"] == "field"
    # a parameter bound has no record
    for name in ("clang_bound_struct", "clang_bound_siblings", "clang_sibling_arrays"):
        assert name not in facts["sum_plain"]
    assert facts["sum_plain"]["clang_bound_decl"] == "parameter"


def test_bound_type_and_signedness(facts):
    assert facts["ring_clear"]["clang_bound_type"] == "unsigned int"
    assert facts["ring_clear"]["clang_bound_signed"] == "0"
    assert facts["sum_plain"]["clang_bound_type"] == "int"
    assert facts["sum_plain"]["clang_bound_signed"] == "1"
    assert facts["ring_clear"]["clang_index_type"] == "int"


def test_array_sizes_of_the_indexed_arrays(facts):
    assert facts["ring_clear"]["clang_array_sizes"] == "p->entries:16"
    assert facts["ring_clear"]["clang_indexed_sibling"] == "entries"
    # a pointer has no declared size
    assert "clang_array_sizes" not in facts["sum_plain"]
    assert "clang_indexed_sibling" not in facts["sum_plain"]
    assert facts["sum_plain"]["clang_indexed_pointers"] == "a"


def test_function_like_macro_bound(facts):
    ev = facts["ring_clear_macro"]
    assert ev["clang_macro"] == "ring_count(r)=((r)->count)"
    # read through the macro: the field and its record
    assert ev["clang_bound_struct"] == "struct ring"
    assert ev["clang_array_sizes"] == "r->entries:16"
    assert "clang_macro" not in facts["ring_clear"]
    assert "clang_macro_const" not in facts["ring_clear"]


def test_constant_bound_against_array_size(facts):
    ev = facts["slots_clear"]
    assert ev["clang_bound_value"] == "4"
    assert ev["clang_macro_const"] == "NR_SLOTS=4"
    assert "clang_macro" not in ev          # object-like, not function-like
    assert ev["clang_array_overrun"] == "slots:4"
    assert "clang_array_fits" not in ev
    ev = facts["big_clear"]
    assert ev["clang_array_fits"] == "big:5"
    assert "clang_array_overrun" not in ev
    assert "clang_bound_value" not in facts["ring_clear"]


def test_a_file_that_does_not_parse_is_counted_not_fatal(facts):
    ev = facts["broken_sum"]
    assert int(ev["clang_parse_errors"]) >= 1
    assert ev["clang_function_extent"] == "3-10"
    assert ev["clang_bound_signed"] == "1"
    assert "clang_parse_errors" not in facts["ring_clear"]


def ring_tree(tmp_path):
    """tmp_path/tree/drv with ring.h and ring.c."""
    drv = tmp_path / "tree" / "drv"
    drv.mkdir(parents=True)
    (drv / "ring.h").write_text(RING_H)
    (drv / "ring.c").write_text(RING_C)
    return tmp_path / "tree"


def test_coverage_is_recorded_in_run_json(tmp_path, lockers_built):
    ring_tree(tmp_path)
    out = tmp_path / "out"
    scan(tmp_path / "tree", out, rules=["loop-le-count"], extra=["--clang-evidence"])
    run = json.loads((out / "run.json").read_text())
    c = run["clang_evidence"]
    assert c["files"] == 1 and c["files_parsed"] == 1
    assert c["findings"] == 5 and c["findings_with_facts"] == 5
    # without the flag there is no pass and no facts
    out2 = tmp_path / "out2"
    _, report = scan(tmp_path / "tree", out2, rules=["loop-le-count"])
    assert "clang_evidence" not in json.loads((out2 / "run.json").read_text())
    assert not any(k.startswith("clang_") for f in report["findings"] for k in f["evidence"])


def test_the_fingerprint_does_not_depend_on_the_flag(tmp_path, lockers_built):
    ring_tree(tmp_path)
    _, with_clang = scan(tmp_path / "tree", tmp_path / "a", rules=["loop-le-count"],
                         extra=["--clang-evidence"])
    _, without = scan(tmp_path / "tree", tmp_path / "b", rules=["loop-le-count"])
    assert sorted(f["id"] for f in with_clang["findings"]) == sorted(f["id"] for f in without["findings"])


def test_typed_facts_move_the_score(facts, tmp_path, lockers_built):
    ring_tree(tmp_path)
    _, report = scan(tmp_path / "tree", tmp_path / "out", rules=["loop-le-count"],
                     extra=["--clang-evidence"])
    why = {f["function"]: {r["why"] for r in f["reasons"]} for f in report["findings"]}
    assert any(w.startswith("clang: E is a constant") for w in why["slots_clear"])
    assert any(w.startswith("clang: every indexed array") for w in why["big_clear"])
    # shown as evidence, but it moves no score (src/facts/weights.def says why)
    assert not any(w.startswith("clang:") for w in why["ring_clear"])
    assert not any(w.startswith("clang:") for w in why["sum_plain"])
