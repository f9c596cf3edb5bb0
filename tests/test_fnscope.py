"""Function scope (// Scope: function, src/scan/fnscope.c) only proves absence:
spatch sees a copy of each file with the bodies that cannot match blanked,
lines and columns kept, and the findings are the same as on the whole files,
on the testcases and on a sample of the tree."""
import json
import re
import stat

import pytest

from conftest import ROOT, RULES_BUILT, run_lockers, scan_with_and_without, cases_of

SCOPED = sorted(p.stem for p in RULES_BUILT.glob("*.cocci")
                if re.search(r"^// Scope: function", p.read_text(), re.M))

# A spatch that copies what it is handed to $DUMP_DIR, then reports nothing.
DUMP_SPATCH = """#!/usr/bin/python3
import os, shutil, sys
if "--version" in sys.argv:
    print("spatch version 1.1.1 (dump)")
    sys.exit(0)
groups = sys.argv[sys.argv.index("--file-groups") + 1]
for name in (l.strip() for l in open(groups) if l.strip()):
    sys.stderr.write("HANDLING: %s\\n" % name)
    shutil.copy(name, os.path.join(os.environ["DUMP_DIR"], name))
"""

RULE = """/// Sees only the bodies that call rcu_read_lock(), or call_rcu() (a fact).
//
// Rule: scoped
// Confidence: High
// Needs: macro-index
// Requires : rcu_read_lock
// Scope: function
// Facts : call_rcu
@r@
@@
int
"""

FILE = """#include "acc.h"
static int g;

int reader(struct s *s)
{
	int v;

	rcu_read_lock();
	v = rcu_dereference(s->p)->v;	/* { a brace in a comment */
	rcu_read_unlock();
	return v;
}

int other(struct s *s)
{
	char *m = "} not the end";

	return s->q + m[0];
}

void freer(struct s *s)
{
	call_rcu(&s->rcu, free_s);
}

int accessor_user(struct dev *d)
{
	return acc_get_rcu(d)->v;
}

int counter(void) { return g; }
"""

HEADER = "#define acc_get_rcu(d) rcu_dereference((d)->acc)\n"


def handed(tmp_path, files, rule=RULE):
    """What spatch is handed for each file of a tree holding `files`."""
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "scoped.cocci").write_text(rule)
    tree = tmp_path / "tree"
    tree.mkdir()
    for name, text in files.items():
        (tree / name).write_text(text)
    spatch = tmp_path / "spatch"
    spatch.write_text(DUMP_SPATCH)
    spatch.chmod(spatch.stat().st_mode | stat.S_IXUSR)
    dump = tmp_path / "dump"
    dump.mkdir()
    out = tmp_path / "out"
    run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-o", out, "--rules-dir", rules,
                 "--spatch", spatch, "--no-cache", tree], env={"DUMP_DIR": str(dump)}, check_rc=0)
    got = {}
    for p in dump.iterdir():
        got[p.name] = p
    return got, out


def test_only_bodies_that_can_match_are_kept(tmp_path, lockers_built):
    got, out = handed(tmp_path, {"a.c": FILE, "acc.h": HEADER})
    (copy,) = [p for p in got.values() if p.suffix == ".c"]
    assert not copy.is_symlink()
    text = copy.read_text()
    lines, whole = text.split("\n"), FILE.split("\n")
    assert len(lines) == len(whole) and len(text) == len(FILE)
    for n, (a, b) in enumerate(zip(lines, whole)):    # bytes blanked, none moved
        assert all(x == y or x == " " for x, y in zip(a, b)), "line %d changed: %r" % (n + 1, a)
    assert "rcu_read_lock();" in text and "call_rcu(&s->rcu" in text   # a token, a fact
    assert "acc_get_rcu(d)->v" in text      # the index's RCU accessor counts as a token
    assert "s->q + m[0]" not in text and "return g;" not in text
    assert "int other(struct s *s)\n{" in text and "int counter(void) {" in text   # heads stay
    run = json.loads((out / "run.json").read_text())
    assert run["function_scope"] == {"bodies_kept": 3, "bodies_blanked": 2}


def test_a_file_whose_braces_do_not_balance_is_handed_whole(tmp_path, lockers_built):
    odd = ("#ifdef A\nint f(int a) {\n#else\nint f(void) {\n#endif\n\treturn 0;\n}\n"
           "int g(void)\n{\n\trcu_read_lock();\n\treturn 1;\n}\n")
    got, _ = handed(tmp_path, {"odd.c": odd, "acc.h": HEADER})
    (copy,) = [p for p in got.values() if p.suffix == ".c"]
    assert copy.read_text() == odd


def test_directives_and_declarations_that_look_like_bodies_stay(tmp_path, lockers_built):
    text = ("typedef struct __attribute__((packed)) { int a; int *p; } packed_t;\n"
            "enum CAT2(req, _kind) { REQ_A, REQ_B };\n"
            "static int *tbl = (int[]){ 1, 2 };\n"
            "static void helper(void)\n{\n#define WALK(x, h) for (x = (h)->first; x; x = x->next)\n"
            "#define LONG(a) \\\n\tdo_it(a)\n\thelper2();\n}\n"
            "int reader(struct h *h)\n{\n\tstruct n *x;\n\n\trcu_read_lock();\n"
            "\tWALK(x, h) use(x);\n\trcu_read_unlock();\n\treturn 0;\n}\n"
            # a comment opened on a directive's line belongs to it (net/atm/lec.c)
            "static void assoc(void)\n{\n#if 0\t/*\n\t * Why keep them?\n\t */\n\tkeep_them();\n#endif\n}\n")
    got, _ = handed(tmp_path, {"d.c": text, "acc.h": HEADER})
    (copy,) = [p for p in got.values() if p.suffix == ".c"]
    kept = copy.read_text()
    for line in ("typedef struct __attribute__((packed)) { int a; int *p; } packed_t;",
                 "enum CAT2(req, _kind) { REQ_A, REQ_B };", "static int *tbl = (int[]){ 1, 2 };",
                 "#define WALK(x, h) for (x = (h)->first; x; x = x->next)", "#define LONG(a) \\",
                 "\tdo_it(a)"):
        assert line + "\n" in kept
    assert "helper2();" not in kept and "WALK(x, h) use(x);" in kept
    assert "#if 0\t/*\n\t * Why keep them?\n\t */\n" in kept and "keep_them();" not in kept


GUARDED = """/// Sees only the bodies that open an RCU section with guard(rcu)().
//
// Rule: scoped
// Confidence: High
// Requires : guard(rcu) rcu_read_unlock
// Scope: function
@r@
@@
int
"""

GUARDS_C = """int rcu_guarded(struct s *s)
{
	guard(rcu)();
	return rcu_dereference(s->p)->v;
}
int spaced(struct s *s)
{
	guard (rcu) ();
	return s->w;
}
int mutex_guarded(struct s *s)
{
	guard(mutex)(&s->lock);
	return s->v;
}
"""


def test_a_word_of_several_tokens_needs_them_in_a_row(tmp_path, lockers_built):
    """guard(rcu) in a header: of all the guards, only the RCU one counts,
    for the file (the prefilter) and for each body (function scope)."""
    only_mutex = GUARDS_C[GUARDS_C.index("int mutex_guarded"):]
    got, out = handed(tmp_path, {"g.c": GUARDS_C, "m.c": only_mutex, "acc.h": HEADER}, rule=GUARDED)
    (copy,) = [p.read_text() for p in got.values() if p.suffix == ".c"]   # m.c is no candidate
    assert "guard(rcu)();" in copy and "guard (rcu) ();" in copy
    assert "guard(mutex)(&s->lock);" not in copy
    run = json.loads((out / "run.json").read_text())
    assert run["function_scope"] == {"bodies_kept": 2, "bodies_blanked": 1}


TWICE = """/// Reports one pointer read twice in a body.
//
// Rule: scoped
// Confidence: High
// Needs: macro-index
// Requires : rcu_read_lock rcu_dereference rcu_assign_pointer call_rcu
// Scope: function
// Twice : rcu_dereference rcu_assign_pointer call_rcu
@r@
@@
int
"""

TWICE_C = """int pair(struct s *s)
{
	rcu_read_lock();
	if (rcu_dereference(s->p))
		v = rcu_dereference(s->p)->v;
	rcu_read_unlock();
	return v;
}
int once(struct s *s)
{
	int v = 0;

	rcu_read_lock();
	v = rcu_dereference(s->q)->v + other(s);
	rcu_read_unlock();
	return v;
}
void publish(struct s *s, struct p *n)
{
	n->v = 1;
	if (n->v)
		rcu_assign_pointer(s->p,
				   n)
	;
	call_rcu(&old->head, free_s);
}
int plain(struct s *s)
{
	rcu_read_lock();
	v = s->p->v;
	rcu_read_unlock();
	return s->p != NULL;
}
int accessors(struct dev *d)
{
	return acc_get_rcu(d)->v + acc_get_rcu(d)->w;
}
"""


def test_a_body_that_reads_no_pointer_twice_keeps_only_its_calls(tmp_path, lockers_built):
    """Twice: only the bodies that name one of the file's pointers twice are
    kept whole; the others keep their Twice calls, each a statement in its
    place, for what they teach about the other bodies' pointers."""
    got, out = handed(tmp_path, {"t.c": TWICE_C, "acc.h": HEADER}, rule=TWICE)
    (copy,) = [p.read_text() for p in got.values() if p.suffix == ".c"]
    lines, whole = copy.split("\n"), TWICE_C.split("\n")
    assert len(lines) == len(whole) and len(copy) == len(TWICE_C)
    assert "v = rcu_dereference(s->p)->v;" in copy            # s->p twice
    assert "v = s->p->v;" in copy and "return s->p != NULL;" in copy   # another body's pointer
    assert "acc_get_rcu(d)->v + acc_get_rcu(d)->w" in copy     # an accessor's load, twice
    assert "rcu_read_lock();" in copy.split("int once")[0]
    once = copy.split("int once")[1].split("void publish")[0]
    assert "rcu_dereference(s->q);" in once and "other(s)" not in once and "rcu_read_lock" not in once
    publish = copy.split("void publish")[1].split("int plain")[0]
    assert "rcu_assign_pointer(s->p,\n\t\t\t\t   n)\n;" in publish    # a ';' of its own after it
    assert "call_rcu(&old->head, free_s);" in publish and "n->v = 1" not in publish
    run = json.loads((out / "run.json").read_text())
    assert run["function_scope"] == {"bodies_kept": 3, "bodies_blanked": 2}
    budget = run["rule_budget"]["scoped"]
    assert (budget["files"], budget["files_with_findings"], budget["bodies_kept"],
            budget["bodies_blanked"]) == (2, 0, 3, 2)   # t.c and its header


SITES = """/// Reports reads the call-context index lists as sites.
//
// Rule: scoped
// Confidence: High
// Needs: macro-index call-context
// Requires : rcu_dereference
// Scope: function
// Sites: call-context
@r@
@@
int
"""

SITES_C = """struct s { struct p __rcu *p; };
int unlocked(struct s *s)
{
	return rcu_dereference(s->p)->v;
}
int locked(struct s *s)
{
	int v;

	rcu_read_lock();
	v = rcu_dereference(s->p)->v;
	rcu_read_unlock();
	return v;
}
"""


def test_a_rule_of_sites_sees_only_the_bodies_that_hold_one(tmp_path, lockers_built):
    """Sites: the call-context index lists the reads outside a section
    (site rows): only their bodies, and no file without one, reach spatch."""
    in_section = SITES_C[:SITES_C.index("int unlocked")] + SITES_C[SITES_C.index("int locked"):]
    got, out = handed(tmp_path, {"s.c": SITES_C, "t.c": in_section}, rule=SITES)
    index = (out / "callctx.tsv").read_text()
    assert "\nsite\ts.c\t4\t" in index and "\nsite\tt.c\t" not in index
    copies = sorted((p.read_text() for p in got.values() if p.suffix == ".c"), key=len)
    assert len(copies) == 2
    with_site = [c for c in copies if "unlocked" in c][0]
    assert "return rcu_dereference(s->p)->v;" in with_site and "rcu_read_lock();" not in with_site
    without = [c for c in copies if c is not with_site][0]
    assert without.strip() == "" and without.count("\n") == in_section.count("\n")


CALLERS = """/// Follows a helper that unlinks its argument into its callers.
//
// Rule: scoped
// Confidence: High
// Requires : list_del_rcu
// Requires : kfree
// Scope: function
// Facts : list_del_rcu
// Callers : list_del_rcu
@r@
@@
int
"""

CALLERS_C = """static void unlink_entry(struct e *e)
{
	list_del_rcu(&e->node);
}
BPF_CALL_1(bpf_unlink, struct e *, e)
{
	list_del_rcu(&e->node);
	return 0;
}
void drop(struct e *e)
{
	unlink_entry(e);
	entry_destroy(e);
}
void bpf_drop(struct e *e)
{
	bpf_unlink(e);
}
void unrelated(struct e *e)
{
	kfree(e->name);
}
"""


def test_callers_of_a_helper_are_kept(tmp_path, lockers_built):
    got, out = handed(tmp_path, {"c.c": CALLERS_C, "acc.h": HEADER}, rule=CALLERS)
    (copy,) = [p.read_text() for p in got.values() if p.suffix == ".c"]
    assert "list_del_rcu(&e->node);" in copy                # a fact
    assert "unlink_entry(e);" in copy and "entry_destroy(e);" in copy   # its caller
    assert "bpf_unlink(e);" in copy         # the name a macro header gives
    assert "kfree(e->name);" not in copy    # no unlink, no helper that does
    run = json.loads((out / "run.json").read_text())
    assert run["function_scope"] == {"bodies_kept": 4, "bodies_blanked": 1}


LOCATED = """/// Reports plain accesses to the file's RCU locations in any function.
//
// Rule: scoped
// Confidence: High
// Needs: macro-index
// Requires : rcu_dereference call_rcu
// Scope: function
// Locations : rcu_dereference
// Freed : call_rcu
@r@
@@
int
"""

LOCATED_H = "struct holder { struct entry __rcu *live; };\n"

LOCATED_C = """#include "holder.h"
static struct entry *table[16];

struct entry *reader(struct cache *c) { return rcu_dereference(c->slot); }
struct entry *g_reader(int i) { return rcu_dereference(table[i]); }
void slot_store(struct cache *c, struct entry *e) { c->slot = e; }
void global_store(int i, struct entry *e) { table[i] = e; }
void freer(struct cache *c)
{
	struct entry *old = c->head;

	call_rcu(&old->rcu, free_entry);
}
void head_store(struct cache *c) { c->head = NULL; }
void holder_store(struct holder *h, struct entry *e) { h->live = e; }
void unrelated(struct cache *c) { c->other = 0; }
void local_table(int i) { struct entry **table = get(); table[i] = 0; }
void param_table(struct entry **table) { table[0] = 0; }
"""

OTHER_C = """int r(struct thing *t) { return rcu_dereference(t->p)->v; }
void other_live(struct thing *t) { t->live = 0; }
"""


def test_bodies_that_name_a_location_are_kept(tmp_path, lockers_built):
    got, out = handed(tmp_path, {"a.c": LOCATED_C, "b.c": OTHER_C, "holder.h": LOCATED_H}, rule=LOCATED)
    texts = [p.read_text() for p in got.values() if p.suffix == ".c"]
    (a,) = [t for t in texts if "g_reader" in t]
    (b,) = [t for t in texts if "other_live" in t]
    for kept in ("c->slot = e;",        # ->slot: rcu_dereference(c->slot) in reader()
                 "table[i] = e;",       # table: rcu_dereference(table[i]), and no local of that name
                 "c->head = NULL;",     # ->head: old = c->head; call_rcu(&old->rcu, ...)
                 "h->live = e;"):       # ->live: declared __rcu in struct holder, which a.c names
        assert kept in a
    for blanked in ("c->other = 0;", "table[i] = 0;", "table[0] = 0;"):   # a local or parameter table
        assert blanked not in a
    assert "t->live = 0;" not in b      # b.c never names struct holder
    run = json.loads((out / "run.json").read_text())
    assert run["function_scope"] == {"bodies_kept": 8, "bodies_blanked": 4}


@pytest.mark.parametrize("rule", [r for r in SCOPED
                                  if re.search(r"^// Locations", (RULES_BUILT / (r + ".cocci")).read_text(), re.M)])
def test_locations_name_every_accessor_and_free_of_the_rule(rule):
    # A call the rule learns locations from but the header leaves out would
    # let the scope blank a body the rule reports in.
    text = (RULES_BUILT / (rule + ".cocci")).read_text()
    header = {k: set(v.split()) for k, v in re.findall(r"^// (Locations|Freed) :(.*)$", text, re.M)}
    acc = re.search(r"^@acc@\nidentifier D = \{([^}]*)\};\nidentifier A = \{([^}]*)\};", text, re.M)
    freed = re.search(r"^@freed@\nidentifier F = \{([^}]*)\};", text, re.M)
    names = lambda m: {x.strip() for x in m.split(",")}
    assert names(acc.group(1)) | names(acc.group(2)) <= header["Locations"]
    assert names(freed.group(1)) <= header["Freed"]


def compare(tmp_path, tree, rules, paths=(), any_tree=True, extra=()):
    """The findings, and function_scope of run.json, with and without the scope."""
    scoped, _ = scan_with_and_without(tmp_path, "Scope", tree, rules, paths, any_tree, extra)
    return scoped, json.loads((tmp_path / "with" / "run.json").read_text())["function_scope"]


@pytest.mark.parametrize("rule", SCOPED)
def test_scope_loses_no_testcase_finding(tmp_path, rule, lockers_built):
    report, _ = compare(tmp_path, cases_of(rule), [rule])
    assert report["findings"], "the testcases of %s found nothing: the comparison proves nothing" % rule


def test_scope_loses_no_finding_on_a_tree_sample(tmp_path, pinned_corpus, corpus_index, lockers_built):
    # Files where each scoped rule finds something on 6.1 (the whole-tree scan).
    # accept_from_sock() and slip_open() name no RCU call: they are kept for
    # the RCU locations their files read elsewhere (Locations, Freed); gw.c is
    # rcu-list-api's (hlist_del() on the list cgw_dump_jobs() walks); dlm's
    # main.c and gss_mech_switch.c rcu-free-without-grace's (a module exit,
    # its callbacks queued by another file of dlm.ko; a free through a helper).
    paths = ["drivers/infiniband/core/cache.c", "net/ipv4/af_inet.c", "kernel/sys.c",
             "fs/unicode", "net/caif/caif_dev.c", "block/badblocks.c", "fs/dlm/lowcomms.c",
             "drivers/net/slip/slip.c", "net/can/gw.c", "fs/dlm/main.c",
             "net/sunrpc/auth_gss/gss_mech_switch.c"]
    report, scope = compare(tmp_path, pinned_corpus, SCOPED, paths=paths, any_tree=False, extra=corpus_index)
    assert {f["rule"] for f in report["findings"]} == set(SCOPED)
    found = {(f["rule"], f["function"]) for f in report["findings"]}
    assert ("rcu-publish-before-init", "accept_from_sock") in found
    assert ("rcu-plain-access", "slip_open") in found
    assert scope["bodies_blanked"] > scope["bodies_kept"]
