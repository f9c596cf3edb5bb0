"""lockers fix --compile on a kernel tree in miniature (tests/kbuild-mini: the
make targets Kbuild offers, gcc and sparse for real) holding three fix cases
of rules/<rule>/fixcases/: a patch that compiles clean is written with the
note, one that adds a gcc warning is refused with it, one whose file the
configuration does not build says so (a directory listed under an unset symbol
and a set one is built); and rcu-escape's offered cases, each
of whose patches builds with no new warning; the configured build directory is made
once and reused, and the tree is never written."""
import platform
import shutil
import subprocess

import pytest

from conftest import LOCKERS, ROOT, RULES_SRC

pytestmark = pytest.mark.skipif(not all(shutil.which(t) for t in ("gcc", "make", "sparse")),
                                reason="needs gcc, make and sparse (make deps-compile)")

CASES = ("rcu-double-deref-local", "rcu-plain-store-null", "rcu-plain-store")
# rcu-escape's offered kinds (copy_scalars, extend_section, take_reference with a
# pair of the data, with the tryget of the file's *_put() and in an RCU list walk):
# each patch must build.
ESCAPE = ("rcu-escape-copy", "rcu-escape-extend", "rcu-escape-dev-hold", "rcu-escape-tryget",
          "rcu-escape-list-walk")


def lockers(cwd, *args):
    return subprocess.run([str(LOCKERS)] + [str(a) for a in args], cwd=cwd, capture_output=True,
                          text=True, timeout=1800)


def line_of(stdout, case):
    return "\n".join(l for l in stdout.splitlines() if "drivers/demo/%s.c:" % case in l)


def compile_line(stdout, fid):
    return [l for l in stdout.splitlines() if l.startswith(fid + "   compile: ")]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory, lockers_built, checkpatch):
    work = tmp_path_factory.mktemp("fix-compile")
    tree = work / "tree"
    shutil.copytree(ROOT / "tests" / "kbuild-mini", tree)
    for case in CASES + ESCAPE:
        [src] = RULES_SRC.glob("*/fixcases/%s.c" % case)
        shutil.copy(src, tree / "drivers" / "demo")
    before = {p: p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    scan = lockers(work, "check", "-q", "--any-tree", "--fail-on", "101", "-o", "out",
                   "-r", "rcu-double-deref", "-r", "rcu-plain-access", "-r", "rcu-escape", "tree")
    assert scan.returncode == 0, scan.stderr
    first = lockers(work, "fix", "--compile", "-o", "out", "--checkpatch", checkpatch, "--min-score", "0")
    second = lockers(work, "fix", "--compile", "-o", "out", "--checkpatch", checkpatch, "--min-score", "0")
    after = {p: p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    assert before == after, "lockers fix --compile wrote the tree"
    return work, first, second


def test_clean_patch_is_written_with_its_compile_note(compiled):
    work, fix, _ = compiled
    assert fix.returncode == 0, fix.stderr
    line = line_of(fix.stdout, "rcu-double-deref-local")
    assert ": wrote out/fixes/" in line, fix.stdout
    fid = line.split()[0]
    # sparse asks whether gid_vlan() should be static, before and after: not a new warning.
    assert compile_line(fix.stdout, fid) == [
        fid + "   compile: compiled drivers/demo/rcu-double-deref-local.o (allmodconfig, %s) before and "
        "after: no new gcc or sparse warning (gcc 0 before, 0 after; sparse 1 before, 1 after)" % platform.machine()], fix.stdout
    note = (work / "out" / "fixes" / (fid + ".patch")).read_text().split("\n---\n", 1)[1]
    assert "\nCompiled drivers/demo/rcu-double-deref-local.o (allmodconfig, %s)" % platform.machine() in note


@pytest.mark.parametrize("case", ESCAPE)
def test_escape_patches_build_with_no_new_warning(compiled, case):
    work, fix, _ = compiled
    line = line_of(fix.stdout, case)
    assert ": wrote out/fixes/" in line, fix.stdout
    fid = line.split()[0]
    [note] = compile_line(fix.stdout, fid)
    assert note.startswith(fid + "   compile: compiled drivers/demo/%s.o (allmodconfig, %s) before and "
                           "after: no new gcc or sparse warning" % (case, platform.machine())), note


def test_patch_adding_a_warning_is_refused(compiled):
    work, fix, _ = compiled
    line = line_of(fix.stdout, "rcu-plain-store-null")
    assert ": refused: the patch adds a compiler warning: include/kernel.h: warning: " \
           "unused variable 'unused_by_the_fix' [-Wunused-variable]" in line, fix.stdout
    assert not (work / "out" / "fixes" / (line.split()[0] + ".patch")).exists()


def test_file_the_configuration_does_not_build_is_not_claimed_compiled(compiled):
    work, fix, _ = compiled
    line = line_of(fix.stdout, "rcu-plain-store")
    assert ": wrote out/fixes/" in line, fix.stdout
    fid = line.split()[0]
    assert compile_line(fix.stdout, fid) == [
        fid + "   compile: not compiled: CONFIG_LOCKERS_OFF not set in allmodconfig on " + platform.machine()]
    note = (work / "out" / "fixes" / (fid + ".patch")).read_text().split("\n---\n", 1)[1]
    assert "Not compiled: CONFIG_LOCKERS_OFF not set in allmodconfig" in note


def test_build_directory_is_configured_once_and_reused(compiled):
    work, first, second = compiled
    assert first.stderr.count("lockers fix: configuring ") == 1, first.stderr
    assert "configuring" not in second.stderr, second.stderr
    assert [l for l in second.stdout.splitlines() if " compile: " in l or "refused" in l] == \
           [l for l in first.stdout.splitlines() if " compile: " in l or "refused" in l]
    assert len(list((work / "out" / "kbuild").iterdir())) == 1


def test_conversion_to_rcu_patches_the_header_and_builds_each_file(compiled):
    """A member not declared __rcu (drivers/demo/convert.h), read under RCU
    in convert-read.c and loaded by the update side in convert-update.c:
    one patch marks it __rcu and converts every access, and both objects
    are built before and after."""
    work, fix, _ = compiled
    [line] = [l for l in line_of(fix.stdout, "convert-read").splitlines() if ": wrote " in l]
    assert "mark conf __rcu and access it through RCU" in line, fix.stdout
    fid = line.split()[0]
    [note] = compile_line(fix.stdout, fid)
    assert note.startswith(fid + "   compile: compiled drivers/demo/convert-read.o, drivers/demo/convert-update.o "
                           "(allmodconfig, %s) before and after: no new gcc or sparse warning" % platform.machine()), note
    mail = (work / "out" / "fixes" / (fid + ".patch")).read_text()
    assert [l for l in mail.splitlines() if l.startswith("diff --git ")] == [
        "diff --git a/drivers/demo/convert-read.c b/drivers/demo/convert-read.c",
        "diff --git a/drivers/demo/convert-update.c b/drivers/demo/convert-update.c",
        "diff --git a/drivers/demo/convert.h b/drivers/demo/convert.h"]
    for added in ("+\tstruct convert_conf __rcu *conf;", "+\tif (!rcu_access_pointer(d->conf))",
                  "+\tc = rcu_dereference(d->conf);",
                  "+\tstruct convert_conf *c = rcu_dereference_protected(d->conf, 1);"):
        assert added in mail.splitlines(), mail
    assert "\n-\trcu_assign_pointer(d->conf, c);" not in mail
