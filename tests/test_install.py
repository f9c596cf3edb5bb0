"""make install / uninstall: the installed binary finds its rules from anywhere, --version, lockers.1."""
import json
import os
import re
import shutil
import subprocess

from conftest import RULES_BUILT, ROOT, cases_of

TESTCASES = cases_of("loop-le-count")


def make(*args, env=None):
    proc = subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=1800, env=env)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def files_under(path):
    return sorted(str(p.relative_to(path)) for p in path.rglob("*") if not p.is_dir())


def run(binary, *args, cwd, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k != "LOCKERS_RULES_DIR"}
    env.update(env_extra or {})
    return subprocess.run([str(binary)] + [str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=600)


def findings(out):
    return [(f["rule"], f["path"], f["line"], f["id"]) for f in json.loads((out / "lockers.json").read_text())["findings"]]


def test_install_check_from_elsewhere_version_and_uninstall(tmp_path, lockers_built):
    prefix = tmp_path / "prefix"
    make("install", "PREFIX=%s" % prefix)
    files = files_under(prefix)
    rules = [p.relative_to(RULES_BUILT).as_posix() for p in RULES_BUILT.rglob("*")
             if p.is_file() and p.suffix != ".pyc"]
    assert "loop-le-count.cocci" in rules
    assert files == sorted(["bin/lockers", "share/man/man1/lockers.1"] + ["share/lockers/" + r for r in rules])
    binary = prefix / "bin" / "lockers"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    # The same findings as ./lockers on the testcases, every rule, from another directory.
    proc = run(binary, "check", "-q", "--any-tree", "--fail-on", "101", "-o", "out", TESTCASES, cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([str(ROOT / "lockers"), "check", "-q", "--any-tree", "--fail-on", "101", "-o", tmp_path / "ref",
                    TESTCASES], check=True, capture_output=True)
    assert findings(elsewhere / "out") == findings(tmp_path / "ref") != []

    version = run(binary, "--version", cwd=elsewhere).stdout
    assert version == run(ROOT / "lockers", "--version", cwd=elsewhere).stdout
    assert re.fullmatch(r"lockers %s\S*\n" % re.escape((ROOT / "VERSION").read_text().strip()), version)

    # It reads the installed rules, not the source tree's: a rule removed there is unknown to it.
    (prefix / "share/lockers/seqlock-unbalanced.cocci").unlink()
    proc = run(binary, "check", "-q", "--any-tree", "-r", "seqlock-unbalanced", "-o", "out2", TESTCASES, cwd=elsewhere)
    assert proc.returncode == 2 and "seqlock-unbalanced" in proc.stderr

    make("uninstall", "PREFIX=%s" % prefix)
    assert files_under(prefix) == []


def test_destdir_stages_for_prefix(tmp_path, lockers_built):
    stage = tmp_path / "stage"
    make("install", "PREFIX=/opt/lockers-test", "DESTDIR=%s" % stage)
    root = stage / "opt" / "lockers-test"
    assert "bin/lockers" in files_under(root) and "share/lockers/loop-le-count.cocci" in files_under(root)
    assert files_under(stage) == ["opt/lockers-test/" + f for f in files_under(root)]
    # The binary looks where it will be installed, not in the stage nor the source tree.
    proc = run(root / "bin" / "lockers", "rules", cwd=tmp_path)
    assert proc.returncode == 2 and "/opt/lockers-test/share/lockers" in proc.stderr
    proc = run(root / "bin" / "lockers", "rules", cwd=tmp_path,
               env_extra={"LOCKERS_RULES_DIR": str(root / "share" / "lockers")})
    assert proc.returncode == 0 and "loop-le-count" in proc.stdout
    assert r"/opt/lockers\-test/share/lockers" in (root / "share/man/man1/lockers.1").read_text()
    make("uninstall", "PREFIX=/opt/lockers-test", "DESTDIR=%s" % stage)
    assert files_under(stage) == []


def test_man_page_has_every_command_and_formats_cleanly(tmp_path, lockers_built):
    make("man", "PREFIX=%s" % tmp_path)
    page = next((ROOT / "build").glob("*/install/lockers.1"))
    text = page.read_text()
    commands = re.findall(r"^  ([a-z]+)  ", run(ROOT / "lockers", "--help", cwd=tmp_path).stdout, re.M)
    assert len(commands) >= 7
    for c in commands:
        assert ".SS lockers %s\n" % c in text
    assert r"\-\-patch FILE" in text
    if shutil.which("groff"):
        proc = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(page)], capture_output=True, text=True)
        assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_version_without_git_is_the_version_file(tmp_path):
    src = tmp_path / "src"
    (src / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "version-gen", src / "scripts")
    (src / "VERSION").write_text("9.8\n")
    subprocess.run([str(src / "scripts" / "version-gen"), str(tmp_path / "v.h")], check=True, cwd=tmp_path)
    assert (tmp_path / "v.h").read_text() == '#define LOCKERS_VERSION "9.8"\n'
    # Unchanged: not rewritten, so nothing is recompiled.
    before = (tmp_path / "v.h").stat().st_mtime_ns
    subprocess.run([str(src / "scripts" / "version-gen"), str(tmp_path / "v.h")], check=True, cwd=tmp_path)
    assert (tmp_path / "v.h").stat().st_mtime_ns == before
