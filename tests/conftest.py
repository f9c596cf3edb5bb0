"""Shared helpers for the lockers test suite (run with /usr/bin/python3 -m pytest)."""
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
LOCKERS = ROOT / "lockers"
CORPUS = ROOT / "kernel-corpus" / "linux-source-6.1"
# The rules' sources, one folder each (rules/README.md), and what make builds
# from them: the rules lockers and spatch run (scripts/build-rules).
RULES_SRC = ROOT / "rules"
RULES_BUILT = ROOT / "build" / "rules"
RULE_NAMES = [l.split("#")[0].strip() for l in (RULES_SRC / "LIST").read_text().splitlines()
              if l.split("#")[0].strip()]


def cases_of(rule):
    """rules/<rule>/testcases/, a rule's testcases (rules/TESTCASES.md)."""
    return RULES_SRC / rule / "testcases"


def run_lockers(args, check_rc=None, env=None, timeout=3600):
    """Run ./lockers with args; returns the CompletedProcess."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    proc = subprocess.run([str(LOCKERS)] + [str(a) for a in args], capture_output=True,
                          text=True, env=full_env, timeout=timeout)
    if check_rc is not None and proc.returncode not in (
            check_rc if isinstance(check_rc, tuple) else (check_rc,)):
        raise AssertionError("lockers %s exited %d\nstdout:\n%s\nstderr:\n%s" % (
            " ".join(map(str, args)), proc.returncode, proc.stdout[-4000:], proc.stderr[-4000:]))
    return proc


def scan(tree, outdir, rules=(), paths=(), any_tree=True, extra=()):
    """Scan and return (process, parsed lockers.json)."""
    args = ["check", "-q", "--no-notes", "--fail-on", "101", "-o", outdir]
    if any_tree:
        args.append("--any-tree")
    for r in rules:
        args += ["-r", r]
    args += list(extra)
    args.append(tree)
    args += list(paths)
    proc = run_lockers(args, check_rc=0)
    with open(os.path.join(outdir, "lockers.json")) as f:
        return proc, json.load(f)


def scan_with_and_without(tmp_path, header, tree, rules, paths=(), any_tree=True):
    """Scan with cocci/ and with a copy of it whose rules have no `// header:`
    line (a check that may only prove absence), assert the findings are the
    same, and return both lockers.json."""
    bare = tmp_path / ("cocci-without-" + header.lower())
    shutil.copytree(RULES_BUILT, bare, ignore=shutil.ignore_patterns("__pycache__"))
    for p in bare.glob("*.cocci"):
        p.write_text(re.sub(r"^// %s:.*\n" % header, "", p.read_text(), flags=re.M))
    _, with_it = scan(tree, tmp_path / "with", rules=rules, paths=paths, any_tree=any_tree)
    _, without = scan(tree, tmp_path / "without", rules=rules, paths=paths, any_tree=any_tree,
                      extra=["--rules-dir", bare])
    assert with_it["findings"] == without["findings"]
    return with_it, without


def class_of(score):
    """The score bands of src/facts/finding.c:score_class()."""
    return "bug" if score >= 60 else "intended" if score >= 30 else "false-positive"


@pytest.fixture(scope="session")
def lockers_built():
    assert LOCKERS.exists(), "build lockers first: make"
    return LOCKERS


def pytest_configure(config):
    config.addinivalue_line("markers", "corpus: scans the 6.1 corpus, building its whole-tree indexes "
                            "(minutes under ASan: CI's sanitizer pass keeps one such test)")


def pytest_collection_modifyitems(items):
    for item in items:
        if "corpus" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.corpus)


@pytest.fixture(scope="session")
def corpus():
    if not (CORPUS / ".lockers-corpus").exists():
        pytest.fail("the 6.1 corpus is not prepared: run kernel-corpus/prepare (make test does)")
    return CORPUS


# npm install --no-save removes what an earlier --no-save install put in
# node_modules/: the tests' npm packages are installed together, every time,
# with --prefix, since npm otherwise installs beside the nearest package.json above.
NPM_TEST_PACKAGES = ["@microsoft/sarif-multitool", "playwright-core"]
