"""Adding a rule is one folder and one line of rules/LIST (rules/README.md):
a toy rule so added to a copy of the project builds with make and runs in
lockers check, lockers gate, the kernel's make coccicheck and the testcase
runner, with its weights scoring its findings and no other file touched."""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import CORPUS, ROOT

# Each test runs in a copy of the project built with make (make test-corpus).
pytestmark = pytest.mark.slow

RULE = "toy-unlock-global"

COCCI = """\
/// Finds a call of toy_unlock(), the unlock of the lockers test suite's toy
/// lock API: every call is a finding, weighed by what it unlocks.
//
// Rule: toy-unlock-global
// Confidence: High
// Options: --no-includes
// Requires : toy_unlock

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.toy_unlock_global import unlocked

@r@
expression L;
position p;
@@
toy_unlock@p(L)

@script:python@
p << r.p;
L << r.L;
@@
unlocked(p, L)
"""

JUDGE = '''"""toy-unlock-global's judge: a global lock is evidence against the finding."""
from .record import emit, norm


def unlocked(p, L):
    lock = norm(L)
    emit("toy-unlock-global", p[0], lock, "%s is unlocked here" % lock,
         global_lock="->" not in lock and "." not in lock)
'''

WEIGHTS = """\
/* toy-unlock-global's weights (tests/test_rule_folder.py). */
WEIGHT("toy-unlock-global", "global_lock", -25, "the lock is a global: the toy API allows that")
"""

CASE = """\
struct s { int *lock; };
int *g;
void toy_unlock(int *l);

void f(struct s *s)
{
	toy_unlock(s->lock);
}

void h(void)
{
	toy_unlock(g);
}
/*
 * check-name: a toy unlock of a member, and one of a global
 * check-output-start
7:2: warning: s->lock is unlocked here [toy-unlock-global] bug
12:2: warning: g is unlocked here [toy-unlock-global] intended
 * check-output-end
 */
"""

SKIP = {".git", "kernel-corpus", "lockers-out", "node_modules", ".pytest_cache", "__pycache__"}


@pytest.fixture(scope="module")
def project(tmp_path_factory, lockers_built):
    """A copy of the project (dates kept, so make rebuilds only what the
    rule changes) with the toy rule added as one folder and one LIST line."""
    root = tmp_path_factory.mktemp("project") / "lockers"
    shutil.copytree(ROOT, root, symlinks=True,
                    ignore=lambda d, names: [n for n in names if n in SKIP or
                                             (os.path.basename(d) == "build" and n in ("fuzz", "san"))])
    before = {p.relative_to(root) for p in root.rglob("*") if p.is_file() and "build" not in p.parts}
    folder = root / "rules" / RULE
    (folder / "testcases").mkdir(parents=True)
    (folder / (RULE + ".cocci")).write_text(COCCI)
    (folder / "toy_unlock_global.py").write_text(JUDGE)
    (folder / "weights.def").write_text(WEIGHTS)
    (folder / "testcases" / "toy.c").write_text(CASE)
    with open(root / "rules" / "LIST", "a") as f:
        f.write(RULE + "\n")
    after = {p.relative_to(root) for p in root.rglob("*") if p.is_file() and "build" not in p.parts}
    assert {str(p) for p in after - before} == {"rules/%s/%s" % (RULE, n) for n in (
        RULE + ".cocci", "toy_unlock_global.py", "weights.def", "testcases/toy.c")}
    make = subprocess.run(["make", "lockers"], cwd=root, capture_output=True, text=True, timeout=600)
    assert make.returncode == 0, make.stdout + make.stderr
    return root


def lockers(root, *args, cwd=None):
    return subprocess.run([str(root / "lockers")] + [str(a) for a in args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_make_builds_the_rule_and_its_weights(project):
    assert (project / "build" / "rules" / (RULE + ".cocci")).exists()
    assert (project / "build" / "rules" / "lockers" / "toy_unlock_global.py").exists()
    listed = lockers(project, "rules", "--weights")
    assert listed.returncode == 0, listed.stderr
    assert RULE in listed.stdout and "global_lock" in listed.stdout


def test_check_scores_the_findings_with_the_weights(project, tmp_path):
    proc = lockers(project, "check", "-q", "--any-tree", "--no-notes", "--fail-on", "101", "-r", RULE,
                   "-o", tmp_path / "out", project / "rules" / RULE / "testcases")
    assert proc.returncode == 0, proc.stderr
    found = json.loads((tmp_path / "out" / "lockers.json").read_text())["findings"]
    assert sorted((f["line"], f["score"]) for f in found) == [(7, 70), (12, 45)]


def test_gate_fails_a_patch_that_introduces_one(project, tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.c").write_text("struct s { int *lock; };\nvoid toy_unlock(int *l);\n\n"
                              "void f(struct s *s)\n{\n}\n")
    patch = tmp_path / "p.patch"
    patch.write_text("--- a/a.c\n+++ b/a.c\n@@ -4,3 +4,4 @@\n void f(struct s *s)\n {\n"
                     "+\ttoy_unlock(s->lock);\n }\n")
    proc = lockers(project, "gate", "--any-tree", "--kdir", tree, "--patch", patch, "-r", RULE,
                   "-o", tmp_path / "gate")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    introduced = json.loads((tmp_path / "gate" / "gate.json").read_text())["introduced"]
    assert [(f["rule"], f["line"]) for f in introduced] == [(RULE, 6)]


def test_the_testcase_runner_runs_its_testcases(project):
    proc = subprocess.run(["/usr/bin/python3", "-m", "pytest", "-q", "tests/test_testcases.py", "-k", RULE],
                          cwd=project, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and re.search(r"\b1 passed", proc.stdout), proc.stdout[-3000:]


def test_the_built_rule_runs_under_make_coccicheck(project, tmp_path, corpus):
    """The kernel's coccicheck, from a tree of links to the corpus (so that
    nothing is written into it), on the rule's testcases."""
    kdir = tmp_path / "kernel"
    kdir.mkdir()
    for entry in os.listdir(CORPUS):
        os.symlink(CORPUS / entry, kdir / entry)
    proc = subprocess.run(["make", "-C", kdir, "coccicheck", "MODE=report", "J=1",
                           "COCCI=%s" % (project / "build" / "rules" / (RULE + ".cocci")),
                           "M=%s" % (project / "rules" / RULE / "testcases")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    warnings = sorted(l.split(": WARNING: ")[1] for l in proc.stdout.splitlines() if ": WARNING: " in l)
    assert warnings == ["g is unlocked here [%s]" % RULE, "s->lock is unlocked here [%s]" % RULE]
