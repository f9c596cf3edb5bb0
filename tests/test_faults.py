"""The fault suite: special files in the tree, a scan killed or starved of
disk, a read-only or shared output directory, a file that changes while it
is scanned, huge, binary and oddly named files. Each test fails on the code
before the fix it names; small trees of testcases keep the suite fast."""
import json
import os
import resource
import shutil
import signal
import subprocess
import time

import pytest

from conftest import LOCKERS, cases_of, run_lockers

CASES = cases_of("loop-le-count")
SCAN = ["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-j", "2", "-r", "loop-le-count"]


def loop_tree(root, names=("bound-set-minus1-nearby.c", "speed-table-setup.h", "bound-names.c",
                           "array-declared-count-overrun.c")):
    """A subsystem of loop-le-count testcases: root/drv/sub holds them, so the
    rule's nearby-file evidence walks root/drv."""
    sub = root / "drv" / "sub"
    sub.mkdir(parents=True)
    for n in names:
        shutil.copy(CASES / n, sub / n)
    return root


def timed_scan(tree, out, extra=()):
    t0 = time.monotonic()
    proc = run_lockers(SCAN + ["--timeout", "5", "-o", out] + list(extra) + [tree], timeout=300)
    elapsed = time.monotonic() - t0
    assert proc.returncode == 0, proc.stderr
    return elapsed, json.loads((out / "lockers.json").read_text()), proc


def test_fifo_named_like_source_costs_nothing(tmp_path, lockers_built):
    """Before: the rule's Python opened drv/other/fifo.c while looking for a
    nearby `count = max - 1` and blocked until the driver killed the batch
    (a timeout, its findings lost). After: never opened, counted."""
    tree = loop_tree(tmp_path / "tree")
    without, clean, _ = timed_scan(tree, tmp_path / "clean", ["--no-cache"])
    (tree / "drv" / "other").mkdir()
    os.mkfifo(tree / "drv" / "other" / "fifo.c")    # in the directory the rule walks
    os.mkfifo(tree / "drv" / "sub" / "fifo.c")      # in the scanned directory
    os.symlink("../other/fifo.c", tree / "drv" / "sub" / "link-to-fifo.h")
    with_fifo, report, proc = timed_scan(tree, tmp_path / "fifo", ["--no-cache"])
    assert report["summary"]["failures"] == []
    assert report["findings"] == clean["findings"]
    assert report["summary"]["skipped"]["special"] == 3
    assert "drv/sub/fifo.c: named pipe, not read" in report["summary"]["problems"]
    assert with_fifo < 1.5 * without + 3, "with FIFOs %.1f s, without %.1f s" % (with_fifo, without)


def test_fifo_named_on_the_command_line_is_skipped(tmp_path, lockers_built):
    tree = loop_tree(tmp_path / "tree")
    os.mkfifo(tree / "drv" / "sub" / "fifo.c")
    _, report, proc = timed_scan(tree, tmp_path / "out", ["-M", "drv/sub/fifo.c", "-M", "drv/sub/bound-names.c"])
    assert report["summary"]["skipped"]["special"] == 1
    assert {f["path"] for f in report["findings"]} == {"drv/sub/bound-names.c"}


# ---------------------------------------------------------------- faults mid-scan, with the fake spatch

from test_cli import FAKE_RULE, FAKE_SPATCH  # noqa: E402


@pytest.fixture
def fake_rules(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    (d / "fake.cocci").write_text(FAKE_RULE)
    return d


def fake_tree(tmp_path, names):
    tree = tmp_path / "tree"
    tree.mkdir()
    for n, name in enumerate(names):    # contents of their own: the cache keys on them
        (tree / name).write_text("int f%d(void) { return %d; }\n" % (n, n))
    return tree


def fake_args(fake_rules, out, tree, extra=()):
    return [str(LOCKERS), "check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "--timeout", "60",
            "--rules-dir", str(fake_rules), "--spatch", str(FAKE_SPATCH), "-o", str(out)] + \
        [str(a) for a in extra] + [str(tree)]


def fake_env(**kw):
    env = dict(os.environ)
    env.update({k: str(v) for k, v in kw.items()})
    return env


def spatch_children():
    """The fake spatch processes (not lockers, whose --spatch names the fake too)."""
    out = subprocess.run(["pgrep", "-f", "python3 " + str(FAKE_SPATCH)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def wait_for(cond, seconds=30):
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def cache_entries(cache):
    return [p for p in (cache / "results").rglob("*") if p.is_file()]


def assert_no_torn_entry(cache):
    """Every result file is whole: its header names its key, its last line
    "end N HASH" counts the bytes before it; no temporary file is left."""
    for p in (cache / "results").rglob("*"):
        if not p.is_file():
            continue
        assert ".tmp." not in p.name, "temporary file left in the cache: %s" % p
        data = p.read_bytes()
        assert data.startswith(b"lockers-result " + (p.parent.name + p.name).encode() + b"\n"), p
        body, _, last = data[:-1].rpartition(b"\n")
        n = last.split()
        assert data.endswith(b"\n") and n[0] == b"end" and int(n[1]) == len(body) + 1, p


def clean_cold(tmp_path, fake_rules, tree):
    out = tmp_path / "clean"
    proc = subprocess.run(fake_args(fake_rules, out, tree, ["--no-cache"]), capture_output=True, env=fake_env())
    assert proc.returncode == 0, proc.stderr
    return (out / "lockers.json").read_bytes()


def test_sigkill_of_lockers_mid_scan(tmp_path, fake_rules, lockers_built):
    """Before: the spatch children outlived a SIGKILLed lockers (here for the
    nap's 60 s; a real spatch for the rest of its batch). After: they die
    with it. Either way the rerun's lockers.json is the clean cold scan's and
    the cache holds no torn entry."""
    tree = fake_tree(tmp_path, ["a.c", "b.c", "c-nap.c", "d.c", "e.c"])
    clean = clean_cold(tmp_path, fake_rules, tree)
    out = tmp_path / "out"
    proc = subprocess.Popen(fake_args(fake_rules, out, tree, ["-j", "1"]), env=fake_env(FAKE_SPATCH_NAP=60),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: (out / "cache" / "results").is_dir() and len(cache_entries(out / "cache")) >= 2)
    assert spatch_children(), "the fake spatch is not napping"
    proc.kill()
    proc.wait()
    wait_for(lambda: not spatch_children(), 5)
    assert_no_torn_entry(out / "cache")
    rerun = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, env=fake_env())
    assert rerun.returncode == 0, rerun.stderr
    assert (out / "lockers.json").read_bytes() == clean
    assert_no_torn_entry(out / "cache")
    cache = json.loads((out / "run.json").read_text())["cache"]
    assert cache["corrupt_ignored"] == 0 and cache["runs_reused"] >= 2


def test_sigkill_of_one_spatch_child(tmp_path, fake_rules, lockers_built):
    """The killed child's file is a crash, never cached; the files after it
    in its batch run again; the rerun is the clean cold scan."""
    tree = fake_tree(tmp_path, ["a.c", "b.c", "c-nap.c", "d.c", "e.c"])
    clean = clean_cold(tmp_path, fake_rules, tree)
    out = tmp_path / "out"
    proc = subprocess.Popen(fake_args(fake_rules, out, tree, ["-j", "1"]), env=fake_env(FAKE_SPATCH_NAP=60),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(lambda: (out / "cache" / "results").is_dir() and len(cache_entries(out / "cache")) >= 2)
    for pid in spatch_children():
        os.kill(pid, signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    report = json.loads((out / "lockers.json").read_text())
    failures = [(f["path"], f["reason"]) for f in report["summary"]["failures"]]
    assert ("c-nap.c", "spatch-crash") in failures and {r for _, r in failures} == {"spatch-crash"}
    assert {"a.c", "b.c"} <= {f["path"] for f in report["findings"]}
    assert_no_torn_entry(out / "cache")
    rerun = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, env=fake_env())
    assert rerun.returncode == 0, rerun.stderr
    assert (out / "lockers.json").read_bytes() == clean


def limit_file_size(limit):
    def preexec():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return preexec


@pytest.mark.parametrize("limit", [150, 1500])
def test_file_size_limit_while_writing_the_cache_or_the_report(tmp_path, fake_rules, lockers_built, limit):
    """EFBIG (as ENOSPC) from `ulimit -f`: at 150 bytes the cache entries and
    the report fail, at 1500 the report. A clear error, exit 2, the findings
    on stdout, and a later scan reuses nothing torn: it is the clean scan."""
    tree = fake_tree(tmp_path, ["a.c", "b.c", "c.c", "d.c"])
    clean = clean_cold(tmp_path, fake_rules, tree)
    out = tmp_path / "out"
    proc = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, text=True, env=fake_env(),
                          preexec_fn=limit_file_size(limit))
    assert proc.returncode == 2, proc.stderr
    assert "cannot write the report to %s: File too large" % out in proc.stderr
    assert proc.stdout.count("fake finding [fake]") == 4
    assert not list(out.rglob("*.tmp.*")), "temporary files left behind"
    assert_no_torn_entry(out / "cache")
    rerun = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, env=fake_env())
    assert rerun.returncode == 0, rerun.stderr
    assert (out / "lockers.json").read_bytes() == clean
    assert json.loads((out / "run.json").read_text())["cache"]["corrupt_ignored"] == 0


@pytest.fixture
def read_only(tmp_path):
    """Make a directory read-only: a read-only bind mount as root (root
    writes through mode bits), mode 0555 otherwise."""
    mounted = []

    def make(d):
        d.mkdir(exist_ok=True)
        if os.geteuid() != 0:
            d.chmod(0o555)
            return
        for cmd in (["mount", "--bind", str(d), str(d)], ["mount", "-o", "remount,bind,ro", str(d)]):
            if subprocess.run(cmd, capture_output=True).returncode:
                pytest.skip("cannot make a read-only bind mount here")
            mounted.append(d)
    yield make
    for d in set(mounted):
        subprocess.run(["umount", str(d)])
    for d in tmp_path.rglob("*"):
        if d.is_dir():
            d.chmod(0o755)


@pytest.mark.parametrize("previous_scan", [False, True])
def test_read_only_output_directory(tmp_path, fake_rules, lockers_built, read_only, previous_scan):
    """Exit 2 with the reason, the findings still on stdout (README). Before:
    also a warning about rule-costs, a file of the cache that was never
    opened."""
    tree = fake_tree(tmp_path, ["a.c", "b.c"])
    out = tmp_path / "out"
    if previous_scan:
        subprocess.run(fake_args(fake_rules, out, tree), check=True, capture_output=True, env=fake_env())
    read_only(out)
    proc = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, text=True, env=fake_env())
    assert proc.returncode == 2, proc.stderr
    assert "cannot write the report to %s:" % out in proc.stderr
    assert "rule-costs" not in proc.stderr
    assert proc.stdout.count("fake finding [fake]") == 2


def test_two_scans_with_one_output_directory_take_turns(tmp_path, fake_rules, lockers_built):
    """Before: both wrote the directory at once. After: the second waits for
    the first (a flock on the directory), says so, then reuses its cache."""
    tree = fake_tree(tmp_path, ["a.c", "b-nap.c"])
    out = tmp_path / "out"
    first = subprocess.Popen(fake_args(fake_rules, out, tree), env=fake_env(FAKE_SPATCH_NAP=3),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(lambda: spatch_children())
    second = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, text=True,
                            env=fake_env(FAKE_SPATCH_NAP=3), timeout=60)
    assert first.wait(timeout=60) == 0
    assert second.returncode == 0, second.stderr
    assert "another lockers is writing %s: waiting for it to finish" % out in second.stderr
    assert json.loads((out / "run.json").read_text())["cache"]["runs_new"] == 0


def test_a_file_that_changes_while_it_is_scanned(tmp_path, fake_rules, lockers_built):
    """The prefilter hashes the file, spatch reads it later. Before: what
    spatch read of the new text was cached under the old text's hash, and
    replayed once the old text came back. After: the change is seen (stat
    data), reported, and the results are not cached."""
    tree = fake_tree(tmp_path, ["a.c", "morph.c"])
    old = "int old_text(void) { return 0; }\n"
    (tree / "morph.c").write_text(old)
    os.utime(tree / "morph.c", (1e9, 1e9))
    out = tmp_path / "out"
    proc = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, text=True,
                          env=fake_env(FAKE_SPATCH_MORPH="int new_text(void) { return 1; }\n"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "lockers.json").read_text())
    assert "morph.c: changed while it was scanned: its results are not cached" in report["summary"]["problems"]
    (tree / "morph.c").write_text(old)      # the old text is back
    clean = clean_cold(tmp_path, fake_rules, tree)
    rerun = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, env=fake_env())
    assert rerun.returncode == 0, rerun.stderr
    assert (out / "lockers.json").read_bytes() == clean
    assert b"fake finding: int old_text" in clean


def test_non_utf8_file_names(tmp_path, fake_rules, lockers_built):
    """Before: jansson refused the name, and the finding was written without
    a path. After: bytes that are not UTF-8 are written as \\xHH (README),
    and the saved scan reads back to the name (lockers report)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    name = b"caf\xe9.c"
    with open(os.path.join(bytes(tree), name), "w") as f:
        f.write("int f(void) { return 0; }\n")
    (tree / "ok.c").write_text("int g(void) { return 1; }\n")
    out = tmp_path / "out"
    proc = subprocess.run(fake_args(fake_rules, out, tree), capture_output=True, env=fake_env())
    assert proc.returncode == 0, proc.stderr
    assert b"caf\xe9.c:1:1: warning: fake finding [fake]" in proc.stdout   # raw, as compilers print
    report = json.loads((out / "lockers.json").read_bytes().decode("utf-8"))
    assert sorted(f["path"] for f in report["findings"]) == ["caf\\xe9.c", "ok.c"]
    sarif = tmp_path / "x.sarif"
    proc = run_lockers(["report", "--sarif", sarif, "-o", out])
    assert proc.returncode == 0, proc.stderr
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(sarif.read_text())["runs"][0]["results"]]
    assert sorted(uris) == ["caf\\xe9.c", "ok.c"]


# ---------------------------------------------------------------- huge and hostile files, with spatch


def test_ten_megabyte_generated_file_and_a_file_of_nul_bytes(tmp_path, lockers_built):
    """A generated 10 MB file of small functions, one with a <= loop, and a
    file of NUL bytes named .c: the scan ends, the big file is analysed or
    reported (never a hang), the NUL file is skipped as binary, and the
    other files keep their findings."""
    tree = loop_tree(tmp_path / "tree", names=("bound-names.c",))
    sub = tree / "drv" / "sub"
    parts = ["struct p { int count; };\nvoid use(int);\n"]
    size = i = 0
    while size < 10 * 1024 * 1024:
        parts.append("int gen_%d(int x)\n{\n\treturn x + %d;\n}\n\n" % (i, i))
        size += len(parts[-1])
        i += 1
    parts.append("void f(struct p *p)\n{\n\tint i;\n\n\tfor (i = 0; i <= p->count; i++)\n\t\tuse(i);\n}\n")
    (sub / "generated.c").write_text("".join(parts))
    (sub / "zeros.c").write_bytes(b"\0" * 65536)
    t0 = time.monotonic()
    proc = run_lockers(SCAN + ["--timeout", "5", "-o", tmp_path / "out", tree], timeout=300)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "out" / "lockers.json").read_text())
    paths = {f["path"] for f in report["findings"]}
    assert "drv/sub/bound-names.c" in paths
    failed = {f["path"] for f in report["summary"]["failures"]}
    assert "drv/sub/generated.c" in paths | failed
    assert "drv/sub/zeros.c: binary file (contains NUL bytes), not scanned" in report["summary"]["problems"]
    assert time.monotonic() - t0 < 60
