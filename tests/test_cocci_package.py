"""Unit tests of the rules' Python package, cocci/lockers/ (cocci/README.md)."""
import re
import os
import subprocess
import sys
import types

import pytest

from conftest import RULES_BUILT, cases_of

sys.dont_write_bytecode = True      # never write __pycache__ into cocci/
sys.path.insert(0, str(RULES_BUILT))

from lockers import callctx, cexpr, fixtarget, macroindex, record, source, seq  # noqa: E402


def pos(file="f.c", line=3, column=4, column_end=9, fn="main"):
    return types.SimpleNamespace(file=file, line=str(line), column=str(column),
                                 column_end=str(column_end), line_end=str(line),
                                 current_element=fn)


# ---------------------------------------------------------------- record

def test_norm_and_at():
    assert record.norm("pkt -> count") == "pkt->count"
    assert record.norm("f ( a , b ) [ i ]") == "f(a, b)[i]"
    assert record.at(pos(line=12, column=8)) == "12:9"


def test_emit_record_format(monkeypatch, capsys):
    monkeypatch.setattr(record, "MODE", "lockers")
    record.emit("r", pos(), "k ey", "a  message", b=True, a="x y", c=None, d=False)
    out = capsys.readouterr().out
    assert out == "LOCKERS\t1\tr\tf.c\t3\t5\tmain\tk ey\ta message\ta=x y\tb=1\n"


def test_emit_report_and_org(monkeypatch, capsys):
    monkeypatch.setattr(record, "MODE", "report")
    record.emit("r", pos(), "k", "msg", a=1)
    assert capsys.readouterr().out == "f.c:3:4-9: WARNING: msg [r]\n"
    monkeypatch.setattr(record, "MODE", "org")
    record.emit("r", pos(), "k", "msg")
    assert capsys.readouterr().out.startswith("* TODO [[view:f.c::face=ovl-face1::linb=3::colb=4::cole=9][msg [r]]]")


def test_output_mode(monkeypatch):
    monkeypatch.setenv("LOCKERS_COCCI_DIR", "/x")
    assert record.output_mode() == "lockers"
    monkeypatch.delenv("LOCKERS_COCCI_DIR")
    monkeypatch.setattr(record, "spatch_args", lambda: ["spatch", "-D", "org", "--sp-file", "x"])
    assert record.output_mode() == "org"
    monkeypatch.setattr(record, "spatch_args", lambda: ["spatch", "-D", "report"])
    assert record.output_mode() == "report"


def test_perfile_reports_each_file_once():
    seen, facts = [], []
    life = record.PerFile(lambda: seen.append(list(facts)), facts.clear)
    life.enter("a.c"); facts.append(1)
    life.enter("a.c"); facts.append(2)
    life.enter("b.c"); facts.append(3)
    life.flush()
    life.flush()                     # nothing collected: reports nothing new
    assert seen == [[1, 2], [3], []]


def test_perfile_stays_in_its_file_through_a_macro_expansion(monkeypatch):
    # for_nexthops() expands from Coccinelle's standard.h: a match inside it
    # carries that name, and must not report (and forget) a.c's facts.
    monkeypatch.setattr(record, "_MACRO_FILES", {"/src/cocci/kernel-macros.h"})
    seen, facts = [], []
    life = record.PerFile(lambda: seen.append(list(facts)), facts.clear)
    life.enter("a.c"); facts.append(1)
    life.enter("/usr/lib/coccinelle/standard.h"); facts.append(2)
    life.enter("/src/cocci/kernel-macros.h"); facts.append(3)
    life.enter("a.c"); facts.append(4)
    life.enter("b.c"); facts.append(5)
    life.flush()
    assert seen == [[1, 2, 3, 4], [5]]


# ---------------------------------------------------------------- source

def test_source_reader(tmp_path):
    p = tmp_path / "x.c"
    p.write_bytes(b"int a;\n/* caf\xe9 */\nint b;\n")
    assert source.lines(str(p))[1] == "/* caf\ufffd */"
    assert source.line(str(p), 3) == "int b;"
    assert source.line(str(p), 9) == ""
    assert source.span(str(p), (1, 4), (3, 3)) == "a; /* caf\ufffd */ int"
    assert source.lines(str(tmp_path / "missing.c")) == []
    assert source.text(str(tmp_path / "missing.c")) == ""


# ---------------------------------------------------------------- cexpr

def test_tokenize():
    assert cexpr.tokenize("a->b <= n + 1") == ["a", "->", "b", "<=", "n", "+", "1"]
    assert cexpr.tokenize('f("a, b", x)') == ["f", "(", '"a, b"', ",", "x", ")"]
    assert cexpr.tokenize("a <= $b", coarse=True) == ["a", "<", "=", "$b"]


def test_parens_and_splits():
    t = cexpr.tokenize("((a + 1))")
    assert cexpr.strip_parens(t) == ["a", "+", "1"]
    assert cexpr.strip_parens(cexpr.tokenize("(a) + (b)")) == ["(", "a", ")", "+", "(", "b", ")"]
    assert cexpr.matching(cexpr.tokenize("f(a, (b))"), 1) == 7
    assert cexpr.split_top("f(a, b), c, d[1, 2]", [","]) == ["f(a, b)", " c", " d[1, 2]"]
    assert cexpr.split_args("a, f(b, c),") == ["a", "f(b, c)"]
    assert cexpr.split_args("") == []
    # a function-pointer parameter names nothing the rules look for
    assert cexpr.param_names("int a, char *b[4], void (*cb)(int)") == ["a", "b", ""]
    parts = cexpr.split_tokens(cexpr.tokenize("a == f(b == c)"), ("==",))
    assert [(p, s) for p, s in parts] == [(["a"], "=="), (["f", "(", "b", "==", "c", ")"], None)]


def test_balanced_and_call_args():
    assert cexpr.balanced("f(a(b), c) x", 1) == "a(b), c"
    assert cexpr.balanced("f(a", 1) is None
    assert cexpr.call_args("f(a", 1) == "a"
    assert cexpr.call_args("f()", 1) == ""


def test_strip_outer_and_loc_key():
    assert cexpr.strip_outer("((struct foo *)p)") == "p"
    assert cexpr.loc_key("dev -> ops") == "->ops"
    assert cexpr.loc_key("tbl[i][j]") == "tbl[][]"
    assert cexpr.loc_key("(gp)") == "gp"
    assert cexpr.loc_key("NR_CPUS") is None
    assert cexpr.loc_key("f(x)") is None


def test_int_value_and_positions():
    assert cexpr.int_value("0x11") == 17
    assert cexpr.int_value("010") == 8
    assert cexpr.int_value("(3UL)") == 3
    assert cexpr.int_value("n") is None
    p = pos(line=5, column=2, column_end=7)
    assert cexpr.startkey(p) == (5, 2) and cexpr.endkey(p) == (5, 7)
    assert cexpr.pos_id(p) == ("f.c", 5, 2)


# ---------------------------------------------------------------- seq

def test_seq_keys():
    assert seq.seq_norm("& f -> seq") == "&f->seq"
    assert seq.seqkey("(seqcount_t *) & f -> seq") == "&f->seq"
    assert seq.lk("& sl -> lock") == "&sl->lock"


def test_parity_of_seq():
    def fn(locals_, writes=(), addr=()):
        return {"locals": dict(locals_), "writes": list(writes), "addr": list(addr)}
    assert seq.parity_of_seq(fn({"seq": "0"}), "seq") == "even"
    assert seq.parity_of_seq(fn({"seq": "0"}, [("seq", "=", "1", None)]), "seq") == "odd"
    assert seq.parity_of_seq(fn({"seq": "0"}, [("seq", "++", "", None)]), "seq") == "odd"
    assert seq.parity_of_seq(fn({"seq": "0", "n": "1"}, [("seq", "=", "n", None)]), "seq") == "odd"
    assert seq.parity_of_seq(fn({"seq": "0"}, addr=[("seq", None)]), "seq") == "unknown"
    assert seq.parity_of_seq(fn({}), "seq") == "unknown"


# ---------------------------------------------------------------- rcu-list-api

def test_rcu_list_api_reads_the_list_api_from_data():
    """The op tables rcu-list-api builds from rules/data/: a plain op takes
    its _rcu twin's arguments, a move is a removal and an add."""
    from lockers import rcu_list_api as la
    assert la.PLAIN_OPS["list_add"] == la.RCU_OPS["list_add_rcu"] == ((0,), (1,))
    assert la.PLAIN_OPS["hlist_add_before"] == la.RCU_OPS["hlist_add_before_rcu"] == ((0, 1), ())
    assert la.PLAIN_OPS["list_del_init"] == ((0,), ()) and la.PLAIN_OPS["list_replace"] == ((0, 1), ())
    assert la.PLAIN_OPS["list_splice_tail"] == la.RCU_OPS["list_splice_tail_init_rcu"] == ((), (0, 1))
    assert la.PLAIN_OPS["list_move_tail"] == ((0,), (1,))
    assert la._use("list_move_tail") == "list_del_rcu() and list_add_tail_rcu()"
    assert la._use("hlist_del_init") == "hlist_del_init_rcu()" and la._use("list_splice") == "list_splice_init_rcu()"
    assert la.DELS == {"list_del", "list_del_init", "hlist_del", "hlist_del_init"}
    assert la.ADDS_ONTO_HEAD == {"list_add", "list_add_tail", "hlist_add_head"}
    assert la.SAFE_ITERS == ["hlist_for_each_entry_safe", "list_for_each_entry_safe"]
    assert la.WALK_HEAD["list_for_each_entry_srcu"] == 1
    assert la.READERS["list_next_or_null_rcu"] == (0, True) and la.READERS["list_entry_rcu"] == (None, True)
    assert la.READERS["seq_hlist_next_rcu"] == (1, False)
    assert la._GRACE.search("synchronize_rcu_expedited();") and la._GRACE.search("rcu_barrier();")
    assert la._RCU_SYNC.match("synchronize_net") and not la._RCU_SYNC.match("synchronize_srcu")
    assert la._DRAIN_LOOP.search("while (!hlist_empty(&h)) {")
    assert la._DRAIN_LOOP.search("while ((e = list_first_entry_or_null(&h, struct e, node))) {")
    assert not la._DRAIN_LOOP.search("while (list_empty(&h)) {")
    assert la._ITER_AT.search("list_for_each_entry_safe_reverse(a, b, &h, node)").group(1) == \
        "list_for_each_entry_safe_reverse"
    assert la._TAKE_AT.search("e = container_of(h->next, struct e, node);").group(3) == "h->next"
# ---------------------------------------------------------------- rcu-free-without-grace

def test_free_without_grace_facts(tmp_path):
    from lockers import rcu_free_without_grace as fg
    p = tmp_path / "x.c"
    p.write_text("struct sig {\n\tint k;\n\tstruct rcu_head rh;\n};\n"
                 "void drop(struct conn *c)\n{\n\tstruct sig *old;\n\n"
                 "\told = rcu_dereference_protected(c->sig, 1);\n"
                 "\tRCU_INIT_POINTER(c->sig, NULL);\n\tkfree(old);\n}\n"
                 "void later(struct sig *s)\n{\n\tkfree_rcu(s, rh);\n}\n")
    at = pos(file=str(p), line=11, column=1, fn="drop")
    assert source.func_span(source.lines(str(p)), at) == (4, 11)
    assert fg._struct_of(str(p), (4, 11), "old") == "sig"
    assert fg._type_facts(str(p), "sig") == ("rh", 15)
    # old was read from c->sig: the object the NULL store unpublished
    assert fg._related(at, "c->sig", "old")
    assert fg._related(at, "c -> sig", "c->sig")
    assert not fg._related(at, "c->sig", "other")
    assert fg._readers(str(p), None, "sig") is None
    # a list line marked family stands for every name that begins so
    assert fg.WAITS.search("synchronize_rcu_tasks_rude();") and fg.WAITS.search("call_rcu_tasks(&h, cb);")
    assert not fg.WAITS.search("synchronize_net_ns();") and not fg.BARRIERS.search("rcu_barrier_tasks();")


# ---------------------------------------------------------------- macroindex

def test_fs_walk_free_rcu_mode():
    """rcu-fs-walk-free reads of a walk method only what RCU mode runs: not
    the else of its test of RCU mode, not what follows a branch that
    returns; a conditional -ECHILD inside the branch ends nothing."""
    from lockers import rcu_fs_walk_free as fw
    kept = lambda body: " ".join(fw._rcu_mode(body).split())
    assert kept("{ if (flags & LOOKUP_RCU) return -ECHILD; return X_SB(sb)->gen; }") == \
        "{ if (flags & LOOKUP_RCU) return -ECHILD;"
    assert kept("{ if (flags & LOOKUP_RCU) return f_rcu(d); g(X_SB(sb)); }") == \
        "{ if (flags & LOOKUP_RCU) return f_rcu(d);"
    assert kept("{ if (!dentry) { p = get(i); if (!p) return ERR_PTR(-ECHILD); } else { p = r(i); } use(p); }") == \
        "{ if (!dentry) { p = get(i); if (!p) return ERR_PTR(-ECHILD); } else use(p); }"
    body = "{ if (flags & LOOKUP_RCU) { d = rcu(p); if (!d) return -ECHILD; } x = X_SB(d->sb); }"
    assert kept(body) == " ".join(body.split())
    assert kept("{ if (!(flags & LOOKUP_RCU)) return 0; x = X_SB(sb); }") == \
        "{ if (!(flags & LOOKUP_RCU)) return 0; x = X_SB(sb); }"


def test_macroindex(tmp_path, monkeypatch, capsys):
    idx = tmp_path / "macroindex.tsv"
    idx.write_text("a\tmacro\t\tbody\t\n"
                   "same_leader\tinline\tp\tbody\tp == p->group_leader\n"
                   "same_leader\tinline\tq\tbody\tq == q->x\n"
                   "two\tmacro\ta,b\tbody\ta->x == b->x;a == b\n")
    h = macroindex.helpers(str(idx))
    assert h == {"same_leader": (["p"], ["p == p->group_leader"]),
                 "two": (["a", "b"], ["a->x == b->x", "a == b"])}
    monkeypatch.delenv("LOCKERS_MACRO_INDEX", raising=False)
    assert macroindex.helpers() == {}
    monkeypatch.setenv("LOCKERS_MACRO_INDEX", str(tmp_path / "nope.tsv"))
    with pytest.raises(SystemExit) as e:
        macroindex.helpers()
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("lockers: cannot read the macro index %s: " % (tmp_path / "nope.tsv"))


# ---------------------------------------------------------------- fixtarget

def test_fixtarget_aims_at_the_finding(monkeypatch):
    monkeypatch.setenv("LOCKERS_FIX_AT", "12:9")
    monkeypatch.setenv("LOCKERS_FIX_AT_FIRST", "10:3")
    monkeypatch.setenv("LOCKERS_FIX_KEY", "interface->iov_data")
    monkeypatch.setenv("LOCKERS_FIX_FIELDS", "key,val")
    assert fixtarget.at([pos(line=12, column=8)]) and not fixtarget.at([pos(line=12, column=9)])
    assert fixtarget.at_first([pos(line=10, column=2)]) and not fixtarget.at_first([pos(line=12, column=8)])
    # spatch hands a constraint the comments in front of the expression
    assert fixtarget.is_key("/* assign iov_data */\n\t interface -> iov_data ")
    assert not fixtarget.is_key("interface")
    assert fixtarget.is_written_field("val") and not fixtarget.is_written_field("va")
    assert fixtarget.independent("key + 1") and not fixtarget.independent("interface -> iov_data->n")


def test_macroindex_vocabulary(tmp_path):
    """The RCU vocabulary rows, and helpers() ignoring them."""
    idx = tmp_path / "macroindex.tsv"
    idx.write_text("get_rcu\tinline\td\trcu_dereference(d->cur)\t\n"
                   "get_rcu\trcu-load\td\td->cur\trcu_dereference\n"
                   "parent\trcu-field\ttask_struct\tinclude/linux/sched.h:934\t\n"
                   "parent\trcu-field\ttask_t\tinclude/linux/sched.h:934\ttask_struct\n"
                   "rcu\trcu-head\ttask_struct\tinclude/linux/sched.h:1500\t\n"
                   "obj_get\tref-get\to\tinclude/obj.h:3\tkref_get\n")
    assert macroindex.helpers(str(idx)) == {}
    v = macroindex.vocabulary(str(idx))
    assert v["fields"] == {"parent": {"task_struct": "include/linux/sched.h:934",
                                      "task_t": "include/linux/sched.h:934"}}
    assert v["loads"] == {"get_rcu": (["d"], "d->cur", "rcu_dereference")}
    assert v["refs"] == {"obj_get": ("include/obj.h:3", "kref_get")}
    assert v["pointees"] == {"task_struct": [("task_t", "parent", "include/linux/sched.h:934")]}
    assert v["heads"] == {"task_struct": "rcu"}
    assert macroindex.struct_name("const struct task_struct *") == "task_struct"
    assert macroindex.struct_name("task_t") == "task_t"


# ---------------------------------------------------------------- callctx

def test_callctx_evidence(tmp_path, monkeypatch):
    """The evidence any rule takes from the callers: the key of a location
    as callctx.c keys it, an outer section, the update-side lock."""
    assert [callctx.key(t) for t in ("d->tbl", "d->tbl[i]", "&d->tbl", "tbls[2]", "g", "f(x)")] == \
        ["tbl", "tbl", "tbl", "tbls", "g", None]
    idx = tmp_path / "callctx.tsv"
    idx.write_text("root\t%s\n"
                   "callers\tf.c\tinner\t3\t2\touter f.c:9\t-\t-\t-\n"
                   "callers\tf.c\tmain\t3\t1\t-\tq_lock,tbl_lock\tq f.c:20; replace f.c:30 <- top g.c:4\t-\n"
                   "callers\tf.c\tfill\t3\t1\t-\t-\t-\tsetup f.c:40\n"
                   "update\ttbl\ttbl_lock\n" % tmp_path)
    monkeypatch.setenv("LOCKERS_CALL_CONTEXT", str(idx))
    monkeypatch.setattr(callctx, "_INDEX", [])
    p = pos(file=str(tmp_path / "f.c"))
    assert callctx.caller_section(p) is None
    assert callctx.caller_section(pos(file=str(tmp_path / "f.c"), fn="inner")) == "outer f.c:9"
    assert callctx.callers_hold_update_lock(p, "d->tbl") == "tbl_lock (replace f.c:30 <- top g.c:4)"
    assert callctx.callers_hold_update_lock(p, "d->other") is None
    assert callctx.callers_hold_update_lock(pos(file=str(tmp_path / "g.c")), "d->tbl") is None
    assert callctx.callers_init(p) is None
    assert callctx.callers_init(pos(file=str(tmp_path / "f.c"), fn="fill")) == "setup f.c:40"
    monkeypatch.setattr(callctx, "_INDEX", [None])
    assert callctx.caller_section(p) is None


# ---------------------------------------------------------------- the rules, standalone

COCCI = RULES_BUILT
RULES = sorted(p.stem for p in COCCI.glob("*.cocci"))
SPATCH = ["spatch", "--python", "/usr/bin/python3"]


def spatch(args, cwd, lockers_dir=None, extra_env=None):
    env = {k: v for k, v in os.environ.items()
           if k not in ("LOCKERS_COCCI_DIR", "LOCKERS_MACRO_INDEX", "LOCKERS_CALL_CONTEXT",
                        "PYTHONDONTWRITEBYTECODE")}
    if lockers_dir:
        env["LOCKERS_COCCI_DIR"] = str(lockers_dir)
    env.update(extra_env or {})
    proc = subprocess.run(SPATCH + ["--very-quiet"] + args, cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


@pytest.mark.parametrize("rule", RULES)
def test_rule_runs_standalone(rule, tmp_path):
    """spatch -D report on the rule's testcases, started from another
    directory with a relative --sp-file and no LOCKERS_COCCI_DIR, prints one
    coccicheck-style line for each record the rule prints under lockers."""
    rel = os.path.relpath(COCCI / (rule + ".cocci"), tmp_path)
    cases = str(cases_of(rule))
    report = spatch(["-D", "report", "--sp-file", rel, "--dir", cases], tmp_path)
    records = spatch(["--sp-file", str(COCCI / (rule + ".cocci")), "--dir", cases], tmp_path,
                     lockers_dir=COCCI)
    records = [r.split("\t") for r in records if r.startswith("LOCKERS\t")]
    assert records, "no findings on %s" % cases
    want = sorted("%s:%s:%d: %s [%s]" % (r[3], r[4], int(r[5]) - 1, r[8], rule) for r in records)
    got = sorted(re.sub(r"^([^:]*:\d+:\d+)-\d+: WARNING: ", r"\1: ", l) for l in report)
    assert got == want
    assert not list((COCCI / "lockers").glob("__pycache__")), "a standalone run wrote bytecode into cocci/"


def test_record_format_under_lockers(tmp_path):
    case = cases_of("seqlock-never-locks") / "do-while-never-odd.c"
    out = spatch(["--sp-file", str(COCCI / "seqlock-never-locks.cocci"), str(case)], tmp_path,
                 lockers_dir=COCCI)
    assert out and all(l.startswith("LOCKERS\t1\tseqlock-never-locks\t%s\t" % case) for l in out)


def test_org_mode(tmp_path):
    case = cases_of("seqlock-never-locks") / "do-while-never-odd.c"
    out = spatch(["-D", "org", "--sp-file", str(COCCI / "seqlock-never-locks.cocci"), str(case)], tmp_path)
    assert out and all(l.startswith("* TODO [[view:%s::face=ovl-face1::linb=" % case) for l in out)


@pytest.mark.parametrize("variable,index,rule,case", [
    ("LOCKERS_MACRO_INDEX", "macro index", "rcu-cross-pointer", "two-objects.c"),
    ("LOCKERS_CALL_CONTEXT", "call-context index", "rcu-missing-read-lock", "ops-table.c"),
])
def test_unreadable_index_fails_loudly(tmp_path, variable, index, rule, case):
    missing = tmp_path / "no-such-index.tsv"
    env = {k: v for k, v in os.environ.items()
           if k not in ("LOCKERS_COCCI_DIR", "LOCKERS_MACRO_INDEX", "LOCKERS_CALL_CONTEXT")}
    env[variable] = str(missing)
    proc = subprocess.run(SPATCH + ["--very-quiet", "--sp-file", str(COCCI / (rule + ".cocci")),
                                    str(cases_of(rule) / case)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "lockers: cannot read the %s %s: No such file or directory" % (index, missing) in proc.stderr


@pytest.mark.slow
def test_coccicheck_in_kernel_tree(pinned_corpus):
    """make coccicheck MODE=report COCCI=... M=fs/afs in the 6.1 tree (the lines
    of its findings are the pinned version's)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LOCKERS_COCCI_DIR", "LOCKERS_MACRO_INDEX")}
    proc = subprocess.run(["make", "-s", "-C", str(pinned_corpus), "coccicheck", "MODE=report",
                           "COCCI=%s" % (COCCI / "seqlock-never-locks.cocci"), "M=fs/afs"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    warnings = [l for l in proc.stdout.splitlines() if "WARNING" in l]
    assert warnings == [
        "fs/afs/inode.c:635:2-23: WARNING: seq is never made odd after a failed pass: "
        "read_seqbegin_or_lock(&vnode->cb_lock, &seq) never takes the lock (a plain read_seqbegin() "
        "retry loop in disguise, which can starve under writers) [seqlock-never-locks]",
        "fs/afs/inode.c:764:2-23: WARNING: seq is never made odd after a failed pass: "
        "read_seqbegin_or_lock(&vnode->cb_lock, &seq) never takes the lock (a plain read_seqbegin() "
        "retry loop in disguise, which can starve under writers) [seqlock-never-locks]",
    ]
