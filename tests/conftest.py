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


def scan_with_and_without(tmp_path, header, tree, rules, paths=(), any_tree=True, extra=()):
    """Scan with cocci/ and with a copy of it whose rules have no `// header:`
    line (a check that may only prove absence), assert the findings are the
    same, and return both lockers.json. extra: options of both scans."""
    bare = tmp_path / ("cocci-without-" + header.lower())
    shutil.copytree(RULES_BUILT, bare, ignore=shutil.ignore_patterns("__pycache__"))
    for p in bare.glob("*.cocci"):
        p.write_text(re.sub(r"^// %s:.*\n" % header, "", p.read_text(), flags=re.M))
    _, with_it = scan(tree, tmp_path / "with", rules=rules, paths=paths, any_tree=any_tree, extra=extra)
    _, without = scan(tree, tmp_path / "without", rules=rules, paths=paths, any_tree=any_tree,
                      extra=list(extra) + ["--rules-dir", bare])
    assert with_it["findings"] == without["findings"]
    return with_it, without


def class_of(score):
    """The score bands of src/facts/finding.c:score_class()."""
    return "bug" if score >= 60 else "intended" if score >= 30 else "false-positive"


@pytest.fixture(scope="session")
def lockers_built():
    assert LOCKERS.exists(), "build lockers first: make"
    return LOCKERS


# The tiers (README, Tests): a marker says what a test needs. make test runs
# the tests that need neither the corpus nor a copy of the project;
# make test-corpus the others. `corpus` and `checkpatch` follow the fixtures
# of those names (pytest_collection_modifyitems), `slow` is set by hand.
MARKERS = {
    "corpus": "scans or reads the extracted 6.1 tree (kernel-corpus/): make test-corpus",
    "checkpatch": "runs the 6.1 tree's scripts/checkpatch.pl and reads nothing else of it: make test",
    "slow": "copies the repository and runs make, or runs the kernel's make coccicheck: make test-corpus",
}


def pytest_configure(config):
    for name, what in MARKERS.items():
        config.addinivalue_line("markers", "%s: %s" % (name, what))


def pytest_collection_modifyitems(items):
    for item in items:
        for name in ("corpus", "checkpatch"):
            if name in getattr(item, "fixturenames", ()):
                item.add_marker(getattr(pytest.mark, name))


def key_values(text):
    """The key=value lines of kernel-corpus/SOURCE or of the corpus's stamp."""
    return dict(l.split("=", 1) for l in text.splitlines() if "=" in l and not l.startswith("#"))


def corpus_stamp():
    """kernel-corpus/prepare's stamp of the extracted corpus, None before it ran."""
    stamp = CORPUS / ".lockers-corpus"
    return stamp.read_text() if stamp.exists() else None


def corpus_is_pinned():
    """True when the extracted corpus is the version kernel-corpus/SOURCE pins,
    on which the labels and the lines the corpus tests name were read."""
    text, source = corpus_stamp(), key_values((ROOT / "kernel-corpus" / "SOURCE").read_text())
    if "=" not in text:     # a stamp of before kernel-corpus/prepare kept versions: the pinned sha256
        return text.strip() == source["sha256"]
    return key_values(text).get("exact") == "yes"


def not_pinned():
    """Why a test of the pinned version skips on this corpus."""
    return "the corpus is linux-source-6.1 %s, not %s, which kernel-corpus/SOURCE pins" % (
        key_values(corpus_stamp()).get("version", "(unknown)"),
        key_values((ROOT / "kernel-corpus" / "SOURCE").read_text())["version"])


@pytest.fixture(scope="session")
def corpus():
    if corpus_stamp() is None:
        pytest.fail("the 6.1 corpus is not prepared: run kernel-corpus/prepare (make test does)")
    return CORPUS


@pytest.fixture(scope="session")
def pinned_corpus(corpus):
    """The corpus, for a test whose expectations (labels, lines, findings) were
    read on the version SOURCE pins: skipped on another one."""
    if not corpus_is_pinned():
        pytest.skip(not_pinned())
    return corpus


@pytest.fixture(scope="session")
def corpus_index(corpus, tmp_path_factory, lockers_built):
    """Scan options that give a scan of the corpus the whole tree's macro and
    call-context indexes, built once a session (a scan of one file by a rule
    that needs both: a file it has to judge, since a scan of a few files
    builds the call graph only for those); scan.c reads callctx.tsv beside
    the --macro-index."""
    out = tmp_path_factory.mktemp("corpus-index")
    run_lockers(["check", "-q", "--fail-on", "101", "-o", out, "-r", "rcu-missing-read-lock",
                 corpus, "kernel/tsacct.c"], check_rc=0)
    for name in ("macroindex.tsv", "callctx.tsv"):
        assert (out / name).stat().st_size > 0, "no %s in %s" % (name, out)
    return ["--macro-index", out / "macroindex.tsv"]


@pytest.fixture(scope="session")
def checkpatch():
    """The corpus's scripts/checkpatch.pl, which lockers fix runs; the only
    file of the corpus a `checkpatch` test reads."""
    path = CORPUS / "scripts" / "checkpatch.pl"
    if not path.exists():
        pytest.fail("no %s: run kernel-corpus/prepare (make test does)" % path)
    return path


# npm install --no-save removes what an earlier --no-save install put in
# node_modules/: the tests' npm packages are installed together, every time,
# with --prefix, since npm otherwise installs beside the nearest package.json above.
NPM_TEST_PACKAGES = ["@microsoft/sarif-multitool", "playwright-core"]
