#!/usr/bin/python3
"""make bench: lockers against what a kernel developer runs, on a sample of the 6.1 tree, in one run.

The sample is deterministic: 1 in BENCH_SAMPLE (default 10) of the .c files
that lockers' walk lists (of the whole tree, or under BENCH_M), chosen by a
hash of the path, so every machine and run takes the same files. Measures,
with all rules (or BENCH_RULES):
  - the floor: git grep of the article's regex over the sample (reading it once);
  - lockers cold (empty cache), warm (nothing changed), and after one file
    changed, with peak memory (lockers itself and the largest spatch child);
  - lockers cold on the same 1-in-N sample of the headers (scanned by
    default), the cost headers add;
  - two baselines, one spatch per rule over a git repository made of the
    sampled files: `make coccicheck MODE=report` semantics, spatch --dir with
    the tree's .cocciconfig (--timeout 200 --use-gitgrep: git grep skips the
    files without the rule's tokens) and coccicheck's flags (--very-quiet
    --no-show-diff --chunksize 1 --jobs J, the rule's Options); and the same
    without .cocciconfig (no --use-gitgrep, what bench measured before);
and prints each lockers figure as a ratio to both baselines and to the floor,
and the whole-tree cold time the sample predicts (N times the sample's).
The scans run on a hardlinked copy of the corpus outside any git work tree
(BENCH_TMP, default /var/tmp), so the change made for the one-file re-scan
never touches the corpus. Results go to lockers-out/bench.json.

Environment: BENCH_J (default: CPUs), BENCH_RULES (space separated),
BENCH_BASELINE=0 to skip the baselines (no ratios), BENCH_M (sample one
subdirectory; make bench M=fs), BENCH_SAMPLE (1 in N; 1 takes every file).
The gate figure is a 10-file patch over files of the whole tree (GATE_FILES)
in any case.
"""
import hashlib
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "kernel-corpus" / "linux-source-6.1"
OUT = ROOT / "lockers-out" / "bench"
REGEX = r"for.*(.*= *0.*;.*<=.*c[ou]*nt.*;.*)"


LOCKERS = ROOT / "lockers"


def lockers_scan(tree, out, jobs, rules, files):
    """lockers check on the sampled files of tree (named one by one)."""
    argv = [str(LOCKERS), "check", "-q", "--no-notes", "--fail-on", "101", "-j", str(jobs),
            "-o", str(out)]
    for r in rules:
        argv += ["-r", r]
    argv.append(str(tree))
    argv += files
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, ru = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    err = proc.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("bench: lockers failed (%s):\n%s" % (status, err))
    run = json.loads((out / "run.json").read_text())
    report = (out / "lockers.json").read_bytes()
    return {"seconds": seconds, "lockers_rss_kb": ru.ru_maxrss,
            "spatch_max_rss_kb": run.get("spatch_max_rss_kb", 0), "cache": run.get("cache"),
            "spatch_cpu_seconds": run.get("spatch_cpu_seconds", {}),
            "findings": len(json.loads(report)["findings"])}, report


def sample(tree, paths, every):
    """1 in every of the .c and of the .h files the walk lists under paths
    (hidden and symlinked directories and generated files left out, as
    src/scan/tree.c does), by the first bytes of the SHA-1 of the path."""
    generated = (".mod.c", ".tab.c", ".lex.c", ".spec.c")
    picked = {".c": [], ".h": []}
    for top in paths or ["."]:
        for d, dirs, files in os.walk(tree / top):
            dirs[:] = sorted(x for x in dirs if not x.startswith(".") and not os.path.islink(os.path.join(d, x)))
            for name in sorted(files):
                ext = name[-2:]
                if ext not in picked or name.endswith(generated) or os.path.islink(os.path.join(d, name)):
                    continue
                rel = os.path.relpath(os.path.join(d, name), tree)
                if int.from_bytes(hashlib.sha1(rel.encode()).digest()[:4], "big") % every == 0:
                    picked[ext].append(rel)
    return sorted(picked[".c"]), sorted(picked[".h"])


def sample_repo(tree, files, where):
    """A git repository of the sampled files (hard links) and the tree's
    .cocciconfig, as a developer's clone is: git grep sees tracked files."""
    repo = where / "sample-git"
    for rel in files:
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        os.link(tree / rel, repo / rel)
    shutil.copy2(tree / ".cocciconfig", repo / ".cocciconfig")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    return repo


def baseline(repo, jobs, rules, gitgrep):
    """One coccicheck-style spatch per rule over repo; its record lines are
    counted so that a baseline which silently matched nothing is visible.
    With gitgrep, spatch reads the repository's .cocciconfig (--timeout 200
    --use-gitgrep) as it does under make coccicheck; without, it is moved
    aside and --timeout 200 given."""
    per_rule, records = {}, {}
    python = os.environ.get("LOCKERS_PYTHON", "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else "")
    env = dict(os.environ, LOCKERS_COCCI_DIR=str(OUT / "build" / "rules"), PYTHONDONTWRITEBYTECODE="1")
    config, aside = repo / ".cocciconfig", repo.parent / "cocciconfig.aside"
    if not gitgrep:
        config.rename(aside)
    label = "coccicheck" if gitgrep else "no gitgrep"
    for r in rules:
        rule = OUT / "build" / "rules" / (r + ".cocci")
        options = []
        for line in rule.read_text().splitlines():
            if line.startswith("// Options:"):
                options += line.split(":", 1)[1].split()
        # The same interpreter lockers gives spatch (its default), so that the
        # ratio measures lockers' work, not which python3 PATH finds first.
        argv = (["spatch"] + (["--python", python] if python else []) +
                ["-D", "report", "--very-quiet", "--no-show-diff", "--cocci-file", str(rule), "--dir", str(repo),
                 "--jobs", str(jobs), "--chunksize", "1"] + ([] if gitgrep else ["--timeout", "200"]) + options)
        start = time.monotonic()
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=str(repo))
        per_rule[r] = time.monotonic() - start
        records[r] = sum(1 for line in proc.stdout.splitlines() if line.startswith(b"LOCKERS\t"))
        print("bench: baseline (%s) %-28s %8.1f s, %d records" % (label, r, per_rule[r], records[r]), flush=True)
    if not gitgrep:
        aside.rename(config)
    return per_rule, records


# Ten files a gate typically sees in one series: RCU, seqcount and loop code.
GATE_FILES = ["fs/namei.c", "fs/dcache.c", "fs/d_path.c", "fs/jbd2/journal.c", "kernel/cgroup/cgroup.c",
              "net/ipv4/route.c", "net/core/dev.c", "drivers/gpu/drm/radeon/r600_cs.c",
              "drivers/net/wireless/realtek/rtw88/rtw8822b.c", "kernel/pid.c"]
GATE_NEW_LOOP = """
static void lockers_bench_clear(int *slots, int count)
{
	int i;

	for (i = 0; i <= count; i++)
		slots[i] = 0;
}
"""


def gate_patch(tree):
    """A 10-file patch: a comment in each file, and a new <= count loop in one."""
    import difflib
    out = []
    for n, rel in enumerate(GATE_FILES):
        old = (tree / rel).read_text(errors="surrogateescape").splitlines(keepends=True)
        new = old + ["/* lockers bench: gate change %d */\n" % n]
        if n == len(GATE_FILES) - 1:
            new += GATE_NEW_LOOP.splitlines(keepends=True)
        out += difflib.unified_diff(old, new, "a/" + rel, "b/" + rel)
    return "".join(out)


def gate_timing(tree, jobs, rules):
    patch = OUT / "gate-10-files.patch"
    patch.write_text(gate_patch(tree), errors="surrogateescape")
    figures = {}
    gate_out = OUT / "gate"
    for run in ("cold", "warm"):
        argv = [str(LOCKERS), "gate", "-q", "--kdir", str(tree), "--patch", str(patch), "-j", str(jobs),
                "-o", str(gate_out), "--fail-on", "101"]
        for r in rules:
            argv += ["-r", r]
        start = time.monotonic()
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        seconds = time.monotonic() - start
        if proc.returncode != 0:
            sys.exit("bench: lockers gate failed (%d):\n%s" % (proc.returncode, proc.stderr))
        new = sum(1 for line in proc.stdout.splitlines() if line.startswith(">> "))
        figures[run] = {"seconds": seconds, "introduced": new}
        print("bench: gate on a 10-file patch (%s cache) %.1f s, %d introduced" % (run, seconds, new), flush=True)
    return figures


def main():
    jobs = int(os.environ.get("BENCH_J", os.cpu_count() or 1))
    rules = os.environ.get("BENCH_RULES", "").split() or sorted(p.stem for p in (ROOT / "build" / "rules").glob("*.cocci"))
    paths = os.environ.get("BENCH_M", "").split()
    every = int(os.environ.get("BENCH_SAMPLE", "10"))
    do_baseline = os.environ.get("BENCH_BASELINE", "1") != "0"
    if not (CORPUS / ".lockers-corpus").exists():
        sys.exit("bench: run kernel-corpus/prepare first (make bench does)")

    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    # A private copy of the binary and rules: rebuilding during a long bench cannot disturb it.
    global LOCKERS
    shutil.copy2(ROOT / "lockers", OUT / "lockers")
    shutil.copytree(ROOT / "build" / "rules", OUT / "build" / "rules",   # where the binary looks
                    ignore=shutil.ignore_patterns("__pycache__"))
    LOCKERS = OUT / "lockers"
    # Outside any git repository: the tree is lockers', the baselines get a
    # repository of their own (sample_repo()).
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="lockers-bench-", dir=os.environ.get("BENCH_TMP", "/var/tmp")))
    tree = tmp / "tree"
    corpus = CORPUS.resolve()                 # a symlinked corpus: copy what it names
    if subprocess.run(["cp", "-al", str(corpus), str(tree)]).returncode != 0:
        shutil.rmtree(tree, ignore_errors=True)
        subprocess.run(["cp", "-a", str(corpus), str(tree)], check=True)    # another file system
    if subprocess.run(["git", "-C", str(tree), "rev-parse"], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        sys.exit("bench: %s is inside a git work tree; set BENCH_TMP elsewhere" % tree)
    c_files, h_files = sample(tree, paths, every)
    if not c_files:
        sys.exit("bench: the 1-in-%d sample of %s holds no .c file" % (every, " ".join(paths) or "the tree"))
    results = {"jobs": jobs, "rules": rules, "paths": paths, "sample_every": every,
               "sample_c_files": len(c_files), "sample_h_files": len(h_files)}
    (OUT / "sample.txt").write_text("".join(f + "\n" for f in c_files))
    print("bench: sample 1 in %d of %s: %d .c files (lockers-out/bench/sample.txt), %d .h files" % (
        every, " ".join(paths) or "the tree", len(c_files), len(h_files)), flush=True)

    start = time.monotonic()
    subprocess.run(["git", "grep", "--no-index", "-nE", REGEX, "--"] + c_files, cwd=str(tree),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results["git_grep_seconds"] = time.monotonic() - start
    print("bench: git grep floor %.2f s" % results["git_grep_seconds"], flush=True)

    scans = OUT / "scans"
    cold, cold_report = lockers_scan(tree, scans, jobs, rules, c_files)
    print("bench: lockers cold %.1f s, %d findings" % (cold["seconds"], cold["findings"]), flush=True)
    warm, warm_report = lockers_scan(tree, scans, jobs, rules, c_files)
    print("bench: lockers warm %.2f s" % warm["seconds"], flush=True)

    # Change one file that some rule reads (a new inode: the corpus stays
    # intact): the smallest with a finding, a typical edit rather than the
    # sample's largest file.
    found = sorted(set(f["path"] for f in json.loads(cold_report)["findings"]),
                   key=lambda p: ((tree / p).stat().st_size, p))
    victim = tree / (found[0] if found else c_files[0])
    text = victim.read_bytes()
    victim.unlink()
    victim.write_bytes(text + b"\n/* lockers bench: one changed file */\n")
    touched, touched_report = lockers_scan(tree, scans, jobs, rules, c_files)
    print("bench: lockers one changed file (%s) %.2f s" % (victim.relative_to(tree), touched["seconds"]), flush=True)
    victim.unlink()
    victim.write_bytes(text)
    again, again_report = lockers_scan(tree, scans, jobs, rules, c_files)

    headers = {"seconds": 0.0, "findings": 0}
    if h_files:
        headers, _ = lockers_scan(tree, OUT / "scans-headers", jobs, rules, h_files)
    print("bench: lockers cold on the sample's %d headers %.1f s, %d findings" % (
        len(h_files), headers["seconds"], headers["findings"]), flush=True)

    results.update(cold=cold, warm=warm, one_file=touched, headers=headers)
    results["warm_identical_to_cold"] = warm_report == cold_report
    results["restored_identical_to_cold"] = again_report == cold_report
    peak_kb = max(cold["lockers_rss_kb"], warm["lockers_rss_kb"]) + jobs * cold["spatch_max_rss_kb"]
    results["peak_memory_mib_bound"] = peak_kb / 1024.0
    results["whole_tree_cold_estimate_seconds"] = every * (cold["seconds"] + headers["seconds"])

    results["gate"] = gate_timing(tree, jobs, rules)

    bases = {}
    if do_baseline:
        repo = sample_repo(tree, c_files, tmp)
        per_rule_findings = {}
        for f in json.loads(cold_report)["findings"]:
            per_rule_findings[f["rule"]] = per_rule_findings.get(f["rule"], 0) + 1
        results["lockers_findings_per_rule"] = per_rule_findings
        for key, gitgrep in (("coccicheck", True), ("no_gitgrep", False)):
            per_rule, records = baseline(repo, jobs, rules, gitgrep)
            results["baseline_" + key] = {"seconds": per_rule, "records": records,
                                          "total_seconds": sum(per_rule.values())}
            bases[key] = sum(per_rule.values())
            for r in rules:
                if records[r] == 0 and per_rule_findings.get(r):
                    # Rules that emit at @finalize lose their output under --jobs:
                    # Coccinelle runs finalize apart from the children that matched.
                    why = (" (it emits at @finalize, which spatch --jobs does not run where the matches are)"
                           if "@finalize:python@" in (OUT / "build" / "rules" / (r + ".cocci")).read_text() else "")
                    print("bench: warning: the baseline (%s) of %s reported nothing, lockers %d findings%s"
                          % (key, r, per_rule_findings[r], why), flush=True)

        # Where the time goes: lockers' spatch CPU per rule (cold) beside the
        # baselines' wall time for the same rule with the same -j.
        print("\n%-28s %14s %14s %14s" % ("rule", "lockers CPU s", "coccicheck s", "no gitgrep s"))
        for r in rules:
            print("%-28s %14.1f %14.1f %14.1f" % (r, cold["spatch_cpu_seconds"].get(r, 0.0),
                                                  results["baseline_coccicheck"]["seconds"][r],
                                                  results["baseline_no_gitgrep"]["seconds"][r]))
    print("\n%-40s %10s %12s %12s %12s" % ("1 in %d sample, %d .c files" % (every, len(c_files)), "seconds",
                                           "/coccicheck", "/no gitgrep", "/ git grep"))

    def row(name, s):
        print("%-40s %10.2f %12s %12s %12.1f" % (
            name, s, "%.3f" % (s / bases["coccicheck"]) if bases else "n/a",
            "%.3f" % (s / bases["no_gitgrep"]) if bases else "n/a", s / results["git_grep_seconds"]))
    row("lockers cold, all rules", cold["seconds"])
    row("lockers warm re-scan", warm["seconds"])
    row("lockers after one changed file", touched["seconds"])
    row("lockers cold, the sample's headers", headers["seconds"])
    if bases:
        row("coccicheck (.cocciconfig, --use-gitgrep)", bases["coccicheck"])
        row("coccicheck flags, no --use-gitgrep", bases["no_gitgrep"])
    print("%-40s %10.2f" % ("git grep of the article's regex", results["git_grep_seconds"]))
    print("%-40s %10.2f   (warm cache %.2f s; %d introduced)" % (
        "lockers gate, 10-file patch", results["gate"]["cold"]["seconds"],
        results["gate"]["warm"]["seconds"], results["gate"]["cold"]["introduced"]))
    print("peak memory (lockers + %d x largest spatch): %.0f MiB" % (jobs, results["peak_memory_mib_bound"]))
    print("whole-tree cold, predicted from the sample (%d x (.c + .h)): %.0f s" % (
        every, results["whole_tree_cold_estimate_seconds"]))
    print("warm report byte-identical to cold: %s; after restoring the file: %s" % (
        results["warm_identical_to_cold"], results["restored_identical_to_cold"]))
    targets = {
        "cold <= coccicheck/10": (cold["seconds"] <= bases["coccicheck"] / 10) if bases else None,
        "whole tree predicted <= 10 min": (results["whole_tree_cold_estimate_seconds"] <= 600
                                           if not paths else None),
        "warm < 5 s": warm["seconds"] < 5,
        "one changed file < 3 s": touched["seconds"] < 3,
        "peak memory < 2 GiB": results["peak_memory_mib_bound"] < 2048,
        "identical reports": bool(results["warm_identical_to_cold"] and results["restored_identical_to_cold"]),
    }
    results["targets"] = {k: v for k, v in targets.items()}
    for k, v in targets.items():
        print("target %-32s %s" % (k, "met" if v else ("NOT met" if v is False else "not measured")))
    (ROOT / "lockers-out" / "bench.json").write_text(json.dumps(results, indent=1) + "\n")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
