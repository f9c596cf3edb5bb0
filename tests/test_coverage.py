"""Functions analysed and lost to parse errors (src/scan/cfunc.c, src/scan/coverage.c), and the
spatch macro file cocci/kernel-macros.h that makes fewer of them lost."""
import json
import shutil
import subprocess

from conftest import ROOT, RULES_BUILT, run_lockers, cases_of

CASES = cases_of("loop-le-count")


def check(tree, out, *extra):
    proc = run_lockers(["check", "--any-tree", "--no-notes", "--fail-on", "101", "-r", "loop-le-count",
                        "-o", out] + list(extra) + [tree], check_rc=0)
    return proc, json.loads((out / "lockers.json").read_text()), json.loads((out / "run.json").read_text())


def one_file_tree(tmp_path, name, sub="drivers"):
    tree = tmp_path / "tree"
    (tree / sub).mkdir(parents=True)
    shutil.copy(CASES / name, tree / sub / name)
    return tree


def counts(obj):
    return obj["total"], obj["analysed"], obj["lost"]


def test_a_function_spatch_cannot_parse_is_counted_lost(tmp_path, lockers_built):
    tree = one_file_tree(tmp_path, "parse-skip.c")
    proc, report, run = check(tree, tmp_path / "out")
    s = report["summary"]
    assert counts(s["functions"]) == (3, 2, 1)
    assert s["functions"]["share"] == 2 / 3
    assert counts(s["functions"]["dirs"]["drivers"]) == (3, 2, 1)
    assert counts(s["rules"]["loop-le-count"]["functions"]) == (3, 2, 1)
    assert counts(run["functions"]["rules"]["loop-le-count"]) == (3, 2, 1)
    assert counts(run["functions"]["dirs"]["drivers"]) == (3, 2, 1)
    [failure] = s["failures"]
    assert (failure["reason"], failure["functions"], failure["functions_lost"]) == ("parse-error", 3, 1)
    assert "functions analysed: 2 of 3 (66.7%)" in proc.stderr
    # The functions around the lost one are still analysed.
    assert [f["function"] for f in report["findings"]] == ["ring_clear"]


def test_a_cached_run_keeps_its_counts(tmp_path, lockers_built):
    tree = one_file_tree(tmp_path, "parse-skip.c")
    _, cold, _ = check(tree, tmp_path / "out")
    _, warm, run = check(tree, tmp_path / "out")
    assert run["cache"]["runs_reused"] == 1 and run["cache"]["runs_new"] == 0
    assert warm["summary"]["functions"] == cold["summary"]["functions"]
    assert warm["summary"]["failures"] == cold["summary"]["failures"]


def test_function_count_ignores_macro_bodies_and_initialisers(tmp_path, lockers_built):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "shapes.c").write_text(
        "#define MAKE_GETTER(name) static int name(void) { return 0; }\n"
        "struct dev { int count; int slot[4]; };\n"
        "static struct dev devs[] = { { 1 }, { 2 } };\n"
        "enum { A, B };\n"
        "static int fill(struct dev *d)\n"
        "#ifdef CONFIG_X\n"
        "\t__attribute__((cold))\n"
        "#endif\n"
        "{\n"
        "\tint i;\n"
        "\tfor (i = 0; i <= d->count; i++)\n"
        "\t\td->slot[i] = 0;\n"
        "\treturn 0;\n"
        "}\n")
    _, report, _ = check(tree, tmp_path / "out")
    assert counts(report["summary"]["functions"]) == (1, 1, 0)
    assert counts(report["summary"]["functions"]["dirs"]["."]) == (1, 1, 0)
    assert report["summary"]["failures"] == []


def test_macro_file_makes_a_bpf_helper_parse(tmp_path, lockers_built):
    case = CASES / "bpf-helper-macro.c"
    # spatch on its own skips the helper: its header has no return type ...
    plain = subprocess.run(["spatch", "--parse-c", str(case), "--no-includes", "--parse-error-msg"],
                           capture_output=True, text=True, timeout=300)
    assert "badcount:" in plain.stdout + plain.stderr
    # ... and with the macro file lockers gives it, it is analysed.
    tree = one_file_tree(tmp_path, "bpf-helper-macro.c")
    _, report, _ = check(tree, tmp_path / "out")
    assert counts(report["summary"]["functions"]) == (1, 1, 0)
    assert [f["function"] for f in report["findings"]] == ["bpf_table_clear"]


def test_macro_file_is_part_of_the_results_identity(tmp_path, lockers_built):
    rules = tmp_path / "cocci"
    shutil.copytree(RULES_BUILT, rules, ignore=shutil.ignore_patterns("__pycache__"))
    tree = one_file_tree(tmp_path, "bpf-helper-macro.c")
    out = tmp_path / "out"
    check(tree, out, "--rules-dir", rules)
    _, _, run = check(tree, out, "--rules-dir", rules)
    assert run["cache"]["runs_reused"] == 1
    with open(rules / "kernel-macros.h", "a") as f:
        f.write("/* edited */\n")
    _, _, run = check(tree, out, "--rules-dir", rules)
    assert run["cache"]["runs_reused"] == 0 and run["cache"]["runs_new"] == 1
    # Without a macro file the helper is lost again.
    (rules / "kernel-macros.h").unlink()
    _, report, _ = check(tree, out, "--rules-dir", rules)
    assert counts(report["summary"]["functions"]) == (1, 0, 1)
    assert report["findings"] == []
