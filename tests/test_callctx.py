"""The call-context index (src/index/callctx.c): its summaries on the
rcu-missing-read-lock testcases, its reuse, and a scan of one subdirectory
that still sees the callers elsewhere in the tree."""
import json
import shutil

from conftest import cases_of, scan

CASES = cases_of("rcu-missing-read-lock")


def run_json(out):
    with open(out / "run.json") as f:
        return json.load(f)


def rows(path):
    out = {}
    for line in open(path):
        c = line.rstrip("\n").split("\t")
        if c[0] == "fn":
            out[("fn", c[1], c[2])] = c
        elif c[0] == "update":
            out.setdefault(("update", c[1]), set()).add(c[2])
    return out


def test_summaries(tmp_path):
    _, js = scan(CASES, tmp_path / "out", rules=["rcu-missing-read-lock"])
    r = rows(tmp_path / "out" / "callctx.tsv")
    # every caller in a reader: an outer rcu_read_lock, spin_lock_bh, guard(rcu)
    assert r[("fn", "callers-protected.c", "tbl_size")][4:7] == ["in-section", "3", "0"]
    # the update-side lock, from lockdep_is_held() in rcu_dereference_protected()
    assert r[("update", "tbl")] == {"tbl_lock"}
    # tbl_first's only caller holds it: no row (it needs no reader)
    assert ("fn", "callers-protected.c", "tbl_first") not in r
    assert ("fn", "callers-protected.c", "tbl_asserted") not in r
    assert r[("fn", "ops-table.c", "port_get")][4:8] == ["unknown", "0", "0", "address"]
    assert r[("fn", "ops-table.c", "port_sum")][7] == "exported"
    z = r[("fn", "unprotected-caller.c", "zone_limit")]
    assert z[4:7] == ["unprotected", "2", "1"]
    assert z[10].startswith("zone_report unprotected-caller.c:28 <- zone_work")
    # two callers in a reader: the helper's contract, ranked below one caller of two
    ev = {f["path"]: f["evidence"] for f in js["findings"]
          if f["function"] in ("queue_level", "zone_limit")}
    assert ev["protected-callers.c"]["protected_callers"] == "2 of 3"
    assert "protected_callers" not in ev["unprotected-caller.c"]
    assert run_json(tmp_path / "out")["call_context"]["reused"] is False
    scan(CASES, tmp_path / "out", rules=["rcu-missing-read-lock"])
    assert run_json(tmp_path / "out")["call_context"]["reused"] is True


def test_callers_outside_the_scanned_paths(tmp_path):
    """Scanning only the helper's directory still counts the callers of the
    rest of the tree: the index is built from the whole tree."""
    tree = tmp_path / "tree"
    (tree / "a").mkdir(parents=True)
    (tree / "b").mkdir()
    shutil.copy(CASES / "unprotected-caller.c", tree / "a" / "helper.c")
    (tree / "b" / "caller.c").write_text(
        "int zone_limit_twice(struct zone *z)\n{\n\treturn zone_check(z) + zone_check(z);\n}\n")
    _, js = scan(tree, tmp_path / "out", rules=["rcu-missing-read-lock"], paths=["a"])
    found = [f for f in js["findings"] if f["rule"] == "rcu-missing-read-lock"]
    assert [f["line"] for f in found] == [11]


def callers_rows(tmp_path, rule):
    """The callers rows of the index a scan of rule's testcases builds:
    {(path, function): [known, section, held, via, init]}."""
    scan(cases_of(rule), tmp_path / "out", rules=[rule])
    rows = {}
    for line in open(tmp_path / "out" / "callctx.tsv"):
        c = line.rstrip("\n").split("\t")
        if c[0] == "callers":
            rows[(c[1], c[2])] = c[4:]
    return rows


def test_callers_rows(tmp_path):
    """What every known caller gives a function (rcu-escape's evidence):
    an outer section, the update-side lock; a function with an unknown
    caller (an ops table, an export) gets no row."""
    rows = callers_rows(tmp_path, "rcu-escape")
    assert rows[("caller-section.c", "cs_mtu")] == ["2", "cs_port_mtu caller-section.c:26", "-", "-", "-"]
    assert rows[("callers-update-lock.c", "ul_size")] == [
        "1", "-", "tbl_lock", "ul_replace callers-update-lock.c:27", "-"]
    assert ("caller-section.c", "cs_mtu_op") not in rows
    assert ("caller-section.c", "cs_mtu_exported") not in rows
    assert ("callers-update-lock.c", "ul_size_exported") not in rows


def test_callers_rows_init(tmp_path):
    """A function only an __init one calls: the chain up to it; one that a
    syscall also reaches, or that is __init itself, gets no init chain."""
    rows = callers_rows(tmp_path, "rcu-list-api")
    assert rows[("init-callers.c", "add_rules")] == ["1", "-", "-", "-", "policy_init init-callers.c:38"]
    assert ("init-callers.c", "add_rule_late") not in rows
    assert ("init-callers.c", "policy_init") not in rows
