"""scripts/compare-sparse: reading sparse's log and matching it with lockers.json."""
import importlib.machinery
import importlib.util
import json
import subprocess
import sys

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "compare-sparse"

# The shapes `make C=2 CHECK=sparse CF=-Wsparse-error` prints (taken from a
# 6.1 fs/file.c run, paths and lines changed): type lines under a
# diagnostic, a header diagnostic printed once per file including it, and
# diagnostics that do not concern __rcu.
LOG = """\
  CC      fs/a.o
  CHECK   fs/a.c
fs/a.c:10:17: error: incorrect type in assignment (different address spaces)
fs/a.c:10:17:    expected struct file **old_fds
fs/a.c:10:17:    got struct file [noderef] __rcu **fd
fs/a.c:20:17: error: incompatible types in comparison expression (different address spaces):
fs/a.c:20:17:    struct file [noderef] __rcu *
fs/a.c:20:17:    struct file *
fs/a.c:20:17: error: incorrect type in assignment (different address spaces)
fs/a.c:20:17:    expected struct file *volatile
fs/a.c:20:17:    got struct file [noderef] __rcu *
fs/a.c:30:28: error: incorrect type in initializer (different address spaces)
fs/a.c:30:28:    expected struct fdtable [noderef] __rcu *fdt
fs/a.c:30:28:    got struct fdtable *
fs/a.c:40:9: error: incorrect type in argument 1 (different address spaces)
fs/a.c:40:9:    expected void const volatile [noderef] __user *ptr
fs/a.c:40:9:    got int *
fs/a.c:50:5: error: symbol 'a_table' was not declared. Should it be static?
fs/a.c:60:21: error: dereference of noderef expression
include/linux/a.h:5:16: error: cast removes address space '__rcu' of expression
  CC      fs/b.o
  CHECK   fs/b.c
include/linux/a.h:5:16: error: cast removes address space '__rcu' of expression
fs/b.c:7:9: warning: context imbalance in 'b_lock' - wrong count at exit
make[2]: *** [scripts/Makefile.build:256: fs/a.o] Error 1
"""


def load():
    loader = importlib.machinery.SourceFileLoader("compare_sparse", str(SCRIPT))
    spec = importlib.util.spec_from_loader("compare_sparse", loader)
    module = importlib.util.module_from_spec(spec)
    keep, sys.dont_write_bytecode = sys.dont_write_bytecode, True    # no scripts/__pycache__
    try:
        loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = keep
    return module


def finding(rule, path, line, key="p", score=50):
    return {"rule": rule, "path": path, "line": line, "column": 2, "key": key, "score": score,
            "function": "f", "id": "%s%d" % (rule[:4], line)}


FINDINGS = [
    finding("rcu-plain-access", "fs/a.c", 11, "files->fdt->fd"),   # sparse 10, one line off
    finding("loop-le-count", "fs/a.c", 30, "n"),                  # any rule agrees
    finding("rcu-double-deref", "fs/a.c", 70, "files->fdt"),
    finding("rcu-plain-access", "fs/a.c", 80, "dev->ops"),
    finding("rcu-escape", "fs/b.c", 3, "b"),
    finding("rcu-plain-access", "fs/c.c", 3, "c"),                # not a compared file
]


def test_the_log_is_read_with_its_type_lines(tmp_path):
    cs = load()
    log = tmp_path / "sparse.log"
    log.write_text(LOG)
    diags, checked = cs.read_sparse(str(log))
    assert checked == ["fs/a.c", "fs/b.c"]
    assert [(d.path, d.line) for d in diags].count(("include/linux/a.h", 5)) == 1
    by_site = {(d.path, d.line, d.msg.split(" (")[0]): d for d in diags}
    first = by_site[("fs/a.c", 10, "incorrect type in assignment")]
    assert first.info == ["expected struct file **old_fds", "got struct file [noderef] __rcu **fd"]
    assert first.is_rcu() and first.kind() == "load"
    assert by_site[("fs/a.c", 30, "incorrect type in initializer")].kind() == "store"
    assert by_site[("fs/a.c", 20, "incompatible types in comparison expression")].kind() == "compare"
    user = by_site[("fs/a.c", 40, "incorrect type in argument 1")]
    assert not user.is_rcu()
    deref = next(d for d in diags if d.line == 60)
    assert deref.kind() == "deref" and not deref.is_rcu()
    assert not any(d.is_rcu() for d in diags if d.path == "fs/b.c")


def test_sites_are_matched_both_ways(tmp_path):
    cs = load()
    log = tmp_path / "sparse.log"
    log.write_text(LOG)
    diags, checked = cs.read_sparse(str(log))
    reasons = {("fs/a.c", 20): "rcu_dereference() of a pointer the struct does not mark __rcu",
               ("fs/a.c", 80): "field marked __rcu in a header lockers does not read"}
    res = cs.compare(diags, checked, FINDINGS, reasons=reasons)
    assert res["files"] == ["fs/a.c", "fs/b.c"]
    assert [(s["path"], s["line"]) for s in res["agree"]] == [("fs/a.c", 10), ("fs/a.c", 30)]
    assert res["agree"][0]["lockers"][0]["rule"] == "rcu-plain-access"
    # two diagnostics on line 20 are one site
    assert [(s["line"], s["kinds"]) for s in res["sparse_only"]] == [(20, ["compare", "load"])]
    assert res["sparse_only"][0]["reason"].startswith("rcu_dereference()")
    only = {(s["path"], s["line"]): s["reason"] for s in res["lockers_only"]}
    assert set(only) == {("fs/a.c", 70), ("fs/a.c", 80), ("fs/b.c", 3)}
    assert "not how many" in only[("fs/a.c", 70)]
    assert only[("fs/a.c", 80)] == reasons[("fs/a.c", 80)]
    assert res["rows"]["fs/a.c"] == {"sparse": 3, "both": 2, "sparse_only": 1, "lockers": 3,
                                     "lockers_agree": 1, "lockers_only": 2}
    assert res["elsewhere"] == {"include/linux/a.h": 1}
    assert [(s["line"], s["lockers"]) for s in res["noderef"]] == [(60, [])]
    # no slack: the finding one line below sparse's no longer agrees
    strict = cs.compare(diags, checked, FINDINGS, slack=0)
    assert [s["line"] for s in strict["agree"]] == [30]
    assert ("fs/a.c", 11) in {(s["path"], s["line"]) for s in strict["lockers_only"]}


def run(tmp_path, *args):
    return subprocess.run(["/usr/bin/python3", str(SCRIPT), *map(str, args)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)


def test_the_command_prints_the_table_and_writes_json(tmp_path):
    (tmp_path / "sparse.log").write_text(LOG)
    (tmp_path / "lockers.json").write_text(json.dumps({"findings": FINDINGS}))
    (tmp_path / "reasons.tsv").write_text("# read by hand\nfs/a.c:20\tnot a bug\n")
    (tmp_path / "files.txt").write_text("fs/a.c\n")
    proc = run(tmp_path, "--reasons", "reasons.tsv", "--files", "files.txt", "--json", "out.json",
               "sparse.log", "lockers.json")
    assert proc.returncode == 0, proc.stderr
    assert "| fs/a.c | 3 | 2 | 1 | 0 | 3 | 2 |" in proc.stdout
    assert "fs/b.c" not in proc.stdout
    assert "- fs/a.c:20 [compare,load]" in proc.stdout and "-- not a bug" in proc.stdout
    saved = json.loads((tmp_path / "out.json").read_text())
    assert saved["files"] == ["fs/a.c"] and len(saved["lockers_only"]) == 2


def test_bad_input_is_an_error(tmp_path):
    (tmp_path / "sparse.log").write_text(LOG)
    (tmp_path / "bad.json").write_text("{\"findings\": [{\"rule\": \"x\"}]}")
    proc = run(tmp_path, "sparse.log", "bad.json")
    assert proc.returncode == 2 and "without rule, path and line" in proc.stderr
    proc = run(tmp_path, "sparse.log", "missing.json")
    assert proc.returncode == 2 and "missing.json" in proc.stderr
    (tmp_path / "lockers.json").write_text(json.dumps({"findings": FINDINGS}))
    (tmp_path / "reasons.tsv").write_text("fs/a.c 20 no tab\n")
    proc = run(tmp_path, "--reasons", "reasons.tsv", "sparse.log", "lockers.json")
    assert proc.returncode == 2 and "reasons.tsv:1" in proc.stderr
    (tmp_path / "plain.log").write_text("fs/a.c:1:1: warning: x\n")
    proc = run(tmp_path, "plain.log", "lockers.json")
    assert proc.returncode == 2 and "--files" in proc.stderr


def test_a_noderef_dereference_is_rcu_when_its_member_is_declared_rcu(tmp_path):
    cs = load()
    (tmp_path / "include" / "linux").mkdir(parents=True)
    (tmp_path / "include" / "linux" / "rq.h").write_text(
        "struct rq {\n\tstruct task_struct __rcu\t*curr;\n\tstruct mm_struct *mm;\n"
        "\tstruct ip_mc_list __rcu * __rcu *mc_hash;\n};\n")
    (tmp_path / "fs").mkdir()
    src = ["int a;"] * 70
    src[59] = "\tclass = rq->curr->sched_class;"
    src[64] = "\tclass = rq->mm->flags;"
    (tmp_path / "fs" / "a.c").write_text("\n".join(src) + "\n")
    log = tmp_path / "sparse.log"
    log.write_text(LOG + "fs/a.c:65:20: error: dereference of noderef expression\n")
    diags, checked = cs.read_sparse(str(log))
    assert cs.rcu_members(str(tmp_path), checked) == {"curr", "mc_hash"}
    cs.resolve_noderef(diags, str(tmp_path), checked)
    resolved = {d.line: d.is_rcu() for d in diags if d.kind() == "deref"}
    assert resolved == {60: True, 65: False}
    res = cs.compare(diags, checked, FINDINGS + [finding("rcu-plain-access", "fs/a.c", 60, "rq->curr")])
    assert ("fs/a.c", 60) in {(s["path"], s["line"]) for s in res["agree"]}
    assert [s["line"] for s in res["noderef"]] == [65]


def test_a_lockers_only_site_outside_the_preprocessed_file_was_not_compiled(tmp_path):
    cs = load()
    # fs/a.c lines 1-72 and 80; 73-79 are an #ifdef the configuration drops
    (tmp_path / "fs").mkdir()
    body = "".join("int a%d;\n" % n for n in range(1, 73))
    (tmp_path / "fs" / "a.i").write_text(
        '# 1 "fs/a.c"\n' + body + '# 1 "./include/linux/a.h" 1\nint h;\n# 80 "fs/a.c" 2\nint b;\n')
    lines = cs.compiled_lines(str(tmp_path / "fs" / "a.i"), "fs/a.c")
    assert 70 in lines and 72 in lines and 80 in lines and 76 not in lines and 1 in lines
    assert cs.compiled_lines(str(tmp_path / "fs" / "none.i"), "fs/none.c") is None
    log = tmp_path / "sparse.log"
    log.write_text(LOG)
    diags, checked = cs.read_sparse(str(log))
    found = FINDINGS + [finding("rcu-plain-access", "fs/a.c", 78, "q")]
    res = cs.compare(diags, checked, found, compiled={"fs/a.c": lines})
    only = {s["line"]: s["reason"] for s in res["lockers_only"] if s["path"] == "fs/a.c"}
    assert only[78] == cs.NOT_COMPILED
    assert only[80] == "" and "not how many" in only[70]
    # a call spread over lines is joined on its first; an #ifdef'd line is not
    src = ["int a;"] * 90
    src[71:75] = ["\trcu_assign_pointer(n->next,", "\t\t\tx);", "#ifdef CONFIG_X", "\tq = 1;"]
    assert cs.is_compiled(lines, 73, src) and not cs.is_compiled(lines, 75, src)
    assert not cs.is_compiled(lines, 74, src)


def test_a_sparse_site_counted_in_a_finding_of_the_same_function(tmp_path):
    cs = load()
    src = ["int x;"] * 30
    src[1:12] = ["static void reparent(struct task_struct *p,", "\t\t     int n)", "{",
                 "\tstruct task_struct *a = p->real_parent;", "", "", "", "",
                 "\tstruct task_struct *b = p->real_parent;", "}", "EXPORT_SYMBOL(reparent);"]
    at = cs.function_at(src)
    assert at(4) == "reparent" and at(9) == "reparent" and at(12) is None and at(1) is None
    log = tmp_path / "sparse.log"
    log.write_text("  CHECK   kernel/e.c\n"
                   "kernel/e.c:9:33: error: incorrect type in initializer (different address spaces)\n"
                   "kernel/e.c:9:33:    expected struct task_struct *b\n"
                   "kernel/e.c:9:33:    got struct task_struct [noderef] __rcu *real_parent\n")
    diags, checked = cs.read_sparse(str(log))
    found = [dict(finding("rcu-plain-access", "kernel/e.c", 4, "p->real_parent"), function="reparent")]
    res = cs.compare(diags, checked, found, functions={"kernel/e.c": at})
    assert res["sparse_only"][0]["reason"] == cs.GROUPED + " (p->real_parent at line 4)"
    read = {("kernel/e.c", 9): "read by hand for a scan without the finding at line 4"}
    res = cs.compare(diags, checked, found, reasons=read, functions={"kernel/e.c": at})
    assert res["sparse_only"][0]["reason"].startswith(cs.GROUPED)
    found[0]["function"] = "other"
    res = cs.compare(diags, checked, found, functions={"kernel/e.c": at})
    assert res["sparse_only"][0]["reason"] == ""


def test_an_unnamed_type_is_grouped_by_the_rcu_members_of_its_line(tmp_path):
    cs = load()
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "s.h").write_text("struct t { struct sighand_struct __rcu *sighand; };\n")
    (tmp_path / "kernel").mkdir()
    src = ["void f(struct t *t)", "{", "\tspin_lock(&t->sighand->siglock);", "\tg();",
           "\tspin_unlock(&t->sighand->siglock);", "}"]
    (tmp_path / "kernel" / "s.c").write_text("\n".join(src) + "\n")
    log = tmp_path / "sparse.log"
    log.write_text("  CHECK   kernel/s.c\n"
                   "kernel/s.c:5:27: error: incorrect type in argument 1 (different address spaces)\n"
                   "kernel/s.c:5:27:    expected struct spinlock [usertype] *lock\n"
                   "kernel/s.c:5:27:    got struct spinlock [noderef] __rcu *\n")
    diags, checked = cs.read_sparse(str(log))
    cs.resolve_noderef(diags, str(tmp_path), checked)
    assert diags[0].members == {"sighand"}
    found = [dict(finding("rcu-plain-access", "kernel/s.c", 3, "t->sighand"), function="f")]
    res = cs.compare(diags, checked, found, functions={"kernel/s.c": cs.function_at(src)})
    assert res["sparse_only"][0]["reason"] == cs.GROUPED + " (t->sighand at line 3)"
