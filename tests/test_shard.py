"""Sharded scans: check --shard K/N, lockers merge, a cache that travels, docs/ci.md."""
import json
import os
import re
import shutil
import signal
import subprocess
import time

import pytest
import yaml

from conftest import LOCKERS, ROOT, RULES_BUILT, run_lockers, cases_of
from test_cli import FAKE_SPATCH

# Three rule families; rcu-cross-pointer also reads the macro index.
CASES = ["loop-le-count", "rcu-cross-pointer", "seqcount-retry-ignored"]


@pytest.fixture(scope="module")
def work(tmp_path_factory, lockers_built):
    """A small tree and a snapshot of the rules (cocci/ may change while the tests run):
    of the three rules of CASES, as each of the many scans here would cost three
    times as much with every rule of the project."""
    base = tmp_path_factory.mktemp("shard")
    tree = base / "tree"
    for case in CASES:
        shutil.copytree(cases_of(case), tree / case)
    rules = base / "cocci"
    others = {p.name for p in RULES_BUILT.glob("*.cocci")} - {c + ".cocci" for c in CASES}
    shutil.copytree(RULES_BUILT, rules, ignore=lambda d, names: [
        n for n in names if n == "__pycache__" or (d == str(RULES_BUILT) and n in others)])
    assert sorted(p.stem for p in rules.glob("*.cocci")) == sorted(CASES)
    full = base / "full"
    check(base, tree, full, "--no-cache")
    return base, tree, rules, full


def check(base, tree, out, *extra, rc=0):
    rules = base / "cocci"
    proc = run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-j", "2",
                        "--rules-dir", rules, "-o", out] + list(extra) + [tree], check_rc=rc)
    return proc


def shards(base, tree, n, name, *extra):
    dirs = []
    for k in range(1, n + 1):
        out = base / ("%s-%d-of-%d" % (name, k, n))
        check(base, tree, out, "--shard", "%d/%d" % (k, n), *extra)
        dirs.append(out)
    return dirs


def merge(out, dirs, *extra, rc=0):
    return run_lockers(["merge", "-q", "--fail-on", "101", "-o", out] + list(extra) + list(dirs),
                       check_rc=rc)


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_shards_merge_to_the_unsharded_bytes(work, n):
    base, tree, _, full = work
    dirs = shards(base, tree, n, "n%d" % n, "--cache", base / ("cache-%d" % n))
    marks = [json.loads((d / "lockers.json").read_text())["shard"] for d in dirs]
    assert [(m["index"], m["count"]) for m in marks] == [(k, n) for k in range(1, n + 1)]
    assert len({(m["tree_identity"], m["rules_identity"]) for m in marks}) == 1
    assert json.loads((dirs[0] / "run.json").read_text())["shard"] == marks[0]
    # Every candidate file is in exactly one shard.
    per_shard = [json.loads((d / "lockers.json").read_text())["summary"]["candidates"] for d in dirs]
    whole = json.loads((full / "lockers.json").read_text())["summary"]["candidates"]
    assert sum(per_shard) == whole
    out = base / ("merged-%d" % n)
    merge(out, reversed(dirs))          # any order of directories
    assert (out / "lockers.json").read_bytes() == (full / "lockers.json").read_bytes()
    sarif = json.loads((out / "lockers.sarif").read_text())
    assert sarif["version"] == "2.1.0"
    assert len(sarif["runs"][0]["results"]) == len(json.loads((full / "lockers.json").read_text())["findings"])
    assert (out / "report.html").stat().st_size > 0
    assert len(json.loads((out / "run.json").read_text())["shards"]) == n


def test_the_split_is_the_same_whatever_the_learned_costs(work):
    base, tree, _, _ = work
    a = shards(base, tree, 3, "costs-a", "--no-cache")
    cache = base / "costs-cache"
    check(base, tree, base / "warm", "--cache", cache)          # learns rule costs
    (cache / "rule-costs").write_text("lockers-rule-costs 1\nloop-le-count 999.0 1.0\n")
    b = shards(base, tree, 3, "costs-b", "--cache", cache)
    for x, y in zip(a, b):
        jx = json.loads((x / "lockers.json").read_text())
        jy = json.loads((y / "lockers.json").read_text())
        assert jx["summary"]["rules"] == jy["summary"]["rules"]
        assert [f["id"] for f in jx["findings"]] == [f["id"] for f in jy["findings"]]


def expect_refusal(base, name, dirs, words, *extra):
    proc = merge(base / name, dirs, *extra, rc=2)
    for w in words:
        assert w in proc.stderr, proc.stderr
    assert not (base / name / "lockers.json").exists()
    return proc


def test_bad_shard_sets_are_refused(work):
    base, tree, rules, _ = work
    good = shards(base, tree, 3, "good", "--no-cache")

    # A different tree: one file changed before shard 3 ran.
    other = base / "other-tree"
    shutil.copytree(tree, other)
    victim = sorted(other.rglob("*.c"))[0]
    victim.write_text(victim.read_text() + "\n/* changed */\n")
    odd = base / "other-3"
    check(base, other, odd, "--no-cache", "--shard", "3/3")
    expect_refusal(base, "m-tree", good[:2] + [odd], ["different trees", str(good[0]), str(odd)])

    # Different rules: one rule file edited in a copy of the rules.
    rules2 = base / "cocci2"
    shutil.copytree(rules, rules2)
    rf = rules2 / "loop-le-count.cocci"
    rf.write_text(rf.read_text() + "\n// edited\n")
    odd_rules = base / "rules-3"
    run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "--no-cache", "--rules-dir", rules2,
                 "-o", odd_rules, "--shard", "3/3", tree], check_rc=0)
    expect_refusal(base, "m-rules", good[:2] + [odd_rules], ["different rules", str(odd_rules)])

    # A missing shard, a duplicated shard, shards of another split.
    expect_refusal(base, "m-missing", [good[0], good[2]], ["missing shard 2/3"])
    dup = base / "dup-copy"
    shutil.copytree(good[1], dup)
    expect_refusal(base, "m-dup", good + [dup], ["duplicated shard 2/3", str(good[1]), str(dup)])
    two = shards(base, tree, 2, "split2", "--no-cache")
    expect_refusal(base, "m-split", [good[0], two[1], good[2]], ["different splits"])

    # A scan without --shard is not a shard.
    expect_refusal(base, "m-plain", [base / "full"], ["not the output of a shard"])


def test_a_partial_shard_needs_allow_partial(work):
    base, tree, _, full = work
    dirs = shards(base, tree, 2, "part", "--no-cache")
    # As an interrupted scan writes it (SIGINT mid-run is timing-dependent).
    j = dirs[1] / "lockers.json"
    doc = json.loads(j.read_text())
    doc["summary"]["partial"] = True
    j.write_text(json.dumps(doc, indent=1) + "\n")
    expect_refusal(base, "m-partial", dirs, ["partial shard 2/2", str(dirs[1]), "--allow-partial"])
    out = base / "m-partial-ok"
    merge(out, dirs, "--allow-partial")
    merged = json.loads((out / "lockers.json").read_text())
    assert merged["summary"]["partial"] is True
    assert json.loads((out / "run.json").read_text())["partial"] is True
    whole = json.loads((full / "lockers.json").read_text())
    assert merged["findings"] == whole["findings"]


def test_an_interrupted_shard_is_marked_partial(work, tmp_path):
    base, tree, rules, _ = work
    # The fake spatch never finishes a file named hang (tests/fake_spatch.py):
    # with every file so named, the signal always finds the shard scanning.
    hung = tmp_path / "tree"
    shutil.copytree(tree, hung)
    for f in [f for f in hung.rglob("*") if f.suffix in (".c", ".h")]:
        f.rename(f.with_name("hang-" + f.name))
    out = tmp_path / "interrupted"
    proc = subprocess.Popen([str(LOCKERS), "check", "--any-tree", "-q", "--fail-on", "101", "--no-cache",
                             "-j", "1", "--rules-dir", str(rules), "--spatch", str(FAKE_SPATCH), "-o", str(out),
                             "--shard", "1/2", str(hung)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    doc = json.loads((out / "lockers.json").read_text())
    assert doc["summary"]["partial"] is True and doc["shard"]["index"] == 1


def test_a_copied_cache_is_reused_in_full(work, tmp_path):
    base, tree, rules, full = work
    here = tmp_path / "one"
    shutil.copytree(tree, here / "tree")
    check(base, here / "tree", here / "out")
    cold = json.loads((here / "out" / "run.json").read_text())["cache"]
    assert cold["runs_new"] > 0
    there = tmp_path / "elsewhere" / "deeper"
    shutil.copytree(here, there)                   # tree and output, new inodes and path
    check(base, there / "tree", there / "out")
    warm = json.loads((there / "out" / "run.json").read_text())["cache"]
    assert warm["runs_new"] == 0 and warm["runs_reused"] == cold["runs_new"] + cold["runs_reused"]
    a = json.loads((here / "out" / "lockers.json").read_text())
    b = json.loads((there / "out" / "lockers.json").read_text())
    assert a["findings"] == b["findings"] and a["summary"] == b["summary"]


def test_concurrent_shards_share_one_cache(work):
    base, tree, rules, full = work
    cache = base / "shared"
    procs = []
    for k in (1, 2):
        procs.append(subprocess.Popen(
            [str(LOCKERS), "check", "--any-tree", "-q", "--fail-on", "101", "-j", "1", "--rules-dir",
             str(rules), "--cache", str(cache), "-o", str(base / ("conc-%d" % k)), "--shard", "%d/2" % k,
             str(tree)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    merge(base / "conc-merged", [base / "conc-1", base / "conc-2"])
    assert (base / "conc-merged" / "lockers.json").read_bytes() == (full / "lockers.json").read_bytes()
    # The shared cache then answers a whole scan with no spatch run.
    check(base, tree, base / "conc-after", "--cache", cache)
    c = json.loads((base / "conc-after" / "run.json").read_text())["cache"]
    assert c["runs_new"] == 0 and c["corrupt_ignored"] == 0
    assert (base / "conc-after" / "lockers.json").read_bytes() == (full / "lockers.json").read_bytes()


def test_shard_option_errors(work):
    base, tree, _, _ = work
    for bad in ("0/3", "4/3", "3", "a/b", "1/0", "1/3x"):
        proc = check(base, tree, base / "bad", "--shard", bad, rc=2)
        assert "--shard" in proc.stderr


# docs/ci.md: the workflows parse, their matrices have SHARDS entries, and
# their lockers commands run here.

def ci_blocks():
    text = (ROOT / "docs" / "ci.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    github = [yaml.safe_load(b) for b in blocks if "jobs" in yaml.safe_load(b)]
    gitlab = [yaml.safe_load(b) for b in blocks if "stages" in yaml.safe_load(b)]
    assert len(github) == 1 and len(gitlab) == 1
    return github[0], gitlab[0]


def lockers_lines(scripts):
    return [line for s in scripts for line in s.splitlines() if line.startswith("lockers/lockers ")]


def run_ci_commands(tmp_path, env, shard_cmds, shard_values, merge_cmds, work):
    base, tree, rules, full = work
    cwd = tmp_path / "ci"
    cwd.mkdir()
    os.symlink(ROOT, cwd / "lockers")
    shutil.copytree(tree, cwd / "linux")
    env = dict(os.environ, **{k: str(v) for k, v in env.items()})
    env["LOCKERS_OPTS"] = "--any-tree --rules-dir %s" % rules
    env["KDIR"] = "linux"
    env["SCAN_PATHS"] = ""
    for shard in shard_values:
        for cmd in shard_cmds:
            p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=dict(env, SHARD=str(shard)),
                               capture_output=True, text=True, timeout=600)
            assert p.returncode == 0, (cmd, p.stderr)
    for cmd in merge_cmds:
        p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, (cmd, p.stderr)
    # The same report as the unsharded scan, but of the tree at linux/.
    merged = (cwd / "merged" / "lockers.json").read_text()
    assert json.loads(merged)["tree"] == str(cwd / "linux")
    assert merged.replace(str(cwd / "linux"), str(tree)) == (full / "lockers.json").read_text()
    assert json.loads((cwd / "merged" / "lockers.sarif").read_text())["version"] == "2.1.0"


def test_github_workflow(work, tmp_path):
    gh, _ = ci_blocks()
    n = int(gh["env"]["SHARDS"])
    scan, merge_job = gh["jobs"]["scan"], gh["jobs"]["merge"]
    assert scan["strategy"]["matrix"]["shard"] == list(range(1, n + 1))
    assert merge_job["needs"] == "scan"
    uploads = [s for s in scan["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
    assert uploads and "matrix.shard" in uploads[0]["with"]["name"]
    sarif = [s for s in merge_job["steps"] if s.get("uses", "").startswith("github/codeql-action/upload-sarif")]
    assert sarif and sarif[0]["with"]["sarif_file"] == "merged/lockers.sarif"
    shard_cmds = lockers_lines(s["run"] for s in scan["steps"] if "run" in s)
    merge_cmds = lockers_lines(s["run"] for s in merge_job["steps"] if "run" in s)
    assert len(shard_cmds) == 1 and "--shard" in shard_cmds[0] and len(merge_cmds) == 1
    run_ci_commands(tmp_path, gh["env"], shard_cmds, range(1, n + 1), merge_cmds, work)


def test_gitlab_job(work, tmp_path):
    _, gl = ci_blocks()
    n = int(gl["variables"]["SHARDS"])
    scan, merge_job = gl["lockers-shard"], gl["lockers-merge"]
    values = scan["parallel"]["matrix"][0]["SHARD"]
    assert values == [str(k) for k in range(1, n + 1)]
    assert merge_job["needs"] == ["lockers-shard"] and merge_job["stage"] == "merge"
    assert "out/" in scan["artifacts"]["paths"]
    shard_cmds = lockers_lines(scan["script"])
    merge_cmds = lockers_lines(merge_job["script"])
    assert len(shard_cmds) == 1 and "--shard" in shard_cmds[0] and len(merge_cmds) == 1
    run_ci_commands(tmp_path, gl["variables"], shard_cmds, values, merge_cmds, work)
