#!/usr/bin/python3
"""make bench: lockers against the coccicheck way, on the full 6.1 tree, in one run.

Measures, with all rules (or BENCH_RULES):
  - the floor: git grep of the article's regex over the tree (reading it once);
  - lockers cold (empty cache), warm (nothing changed), and after one file
    changed, with peak memory (lockers itself and the largest spatch child);
  - the baseline: one `spatch --dir TREE --jobs J` per rule with coccicheck's
    flags (--very-quiet --no-show-diff --chunksize 1 --timeout 200 --no-includes);
and prints each lockers figure as a ratio to the baseline and to the floor.
The scans run on a hardlinked copy of the corpus outside any git work tree
(BENCH_TMP, default /var/tmp), so the change made for the one-file re-scan
never touches the corpus. Results go to lockers-out/bench.json.

Environment: BENCH_J (default: CPUs), BENCH_RULES (space separated),
BENCH_BASELINE=0 to skip the baseline (no ratios), BENCH_M (limit the scans
and the baseline to one subdirectory; make bench M=fs). The gate figure is a
10-file patch over files of the whole tree (GATE_FILES) in any case.
"""
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


def lockers_scan(tree, out, jobs, rules, paths):
    argv = [str(LOCKERS), "check", "-q", "--no-notes", "--fail-on", "101", "-j", str(jobs),
            "-o", str(out)]
    for r in rules:
        argv += ["-r", r]
    argv.append(str(tree))
    argv += paths
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


def baseline(tree, jobs, rules, paths):
    """One coccicheck-style spatch per rule; its record lines are counted so
    that a baseline which silently matched nothing is visible."""
    per_rule, records = {}, {}
    python = os.environ.get("LOCKERS_PYTHON", "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else "")
    env = dict(os.environ, LOCKERS_COCCI_DIR=str(OUT / "cocci"), PYTHONDONTWRITEBYTECODE="1")
    for r in rules:
        # The same interpreter lockers gives spatch (its default), so that the
        # ratio measures lockers' work, not which python3 PATH finds first.
        argv = ["spatch"] + (["--python", python] if python else []) + ["--very-quiet", "--no-show-diff", "--sp-file", str(OUT / "cocci" / (r + ".cocci")),
                "--dir", str(tree / paths[0]) if paths else str(tree), "--jobs", str(jobs), "--chunksize", "1",
                "--timeout", "200", "--no-includes"]
        start = time.monotonic()
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                              cwd=str(tree))
        per_rule[r] = time.monotonic() - start
        records[r] = sum(1 for line in proc.stdout.splitlines() if line.startswith(b"LOCKERS\t"))
        print("bench: baseline %-28s %8.1f s, %d records" % (r, per_rule[r], records[r]), flush=True)
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
    rules = os.environ.get("BENCH_RULES", "").split() or sorted(p.stem for p in (ROOT / "cocci").glob("*.cocci"))
    paths = os.environ.get("BENCH_M", "").split()
    do_baseline = os.environ.get("BENCH_BASELINE", "1") != "0"
    if not (CORPUS / ".lockers-corpus").exists():
        sys.exit("bench: run kernel-corpus/prepare first (make bench does)")

    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    # A private copy of the binary and rules: rebuilding during a long bench cannot disturb it.
    global LOCKERS
    shutil.copy2(ROOT / "lockers", OUT / "lockers")
    shutil.copytree(ROOT / "cocci", OUT / "cocci")
    LOCKERS = OUT / "lockers"
    # Outside any git repository: spatch --dir in a git work tree selects files
    # with git grep, which sees no untracked tree ("0 files match").
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="lockers-bench-", dir=os.environ.get("BENCH_TMP", "/var/tmp")))
    tree = tmp / "tree"
    if subprocess.run(["cp", "-al", str(CORPUS), str(tree)]).returncode != 0:
        shutil.rmtree(tree, ignore_errors=True)
        subprocess.run(["cp", "-a", str(CORPUS), str(tree)], check=True)    # another file system
    if subprocess.run(["git", "-C", str(tree), "rev-parse"], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        sys.exit("bench: %s is inside a git work tree; set BENCH_TMP elsewhere" % tree)
    results = {"jobs": jobs, "rules": rules, "paths": paths}

    start = time.monotonic()
    subprocess.run(["git", "grep", "--no-index", "-nE", REGEX, "--"] + (paths or ["."]), cwd=str(tree),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results["git_grep_seconds"] = time.monotonic() - start
    print("bench: git grep floor %.2f s" % results["git_grep_seconds"], flush=True)

    scans = OUT / "scans"
    cold, cold_report = lockers_scan(tree, scans, jobs, rules, paths)
    print("bench: lockers cold %.1f s, %d findings" % (cold["seconds"], cold["findings"]), flush=True)
    warm, warm_report = lockers_scan(tree, scans, jobs, rules, paths)
    print("bench: lockers warm %.2f s" % warm["seconds"], flush=True)

    # Change one file that some rule reads (a new inode: the corpus stays intact).
    victim = tree / "fs" / "namei.c"
    text = victim.read_bytes()
    victim.unlink()
    victim.write_bytes(text + b"\n/* lockers bench: one changed file */\n")
    touched, touched_report = lockers_scan(tree, scans, jobs, rules, paths)
    print("bench: lockers one changed file %.2f s" % touched["seconds"], flush=True)
    victim.unlink()
    victim.write_bytes(text)
    again, again_report = lockers_scan(tree, scans, jobs, rules, paths)

    results.update(cold=cold, warm=warm, one_file=touched)
    results["warm_identical_to_cold"] = warm_report == cold_report
    results["restored_identical_to_cold"] = again_report == cold_report
    peak_kb = max(cold["lockers_rss_kb"], warm["lockers_rss_kb"]) + jobs * cold["spatch_max_rss_kb"]
    results["peak_memory_mib_bound"] = peak_kb / 1024.0

    results["gate"] = gate_timing(tree, jobs, rules)

    if do_baseline:
        per_rule, records = baseline(tree, jobs, rules, paths)
        results["baseline_seconds"] = per_rule
        results["baseline_records"] = records
        per_rule_findings = {}
        for f in json.loads(cold_report)["findings"]:
            per_rule_findings[f["rule"]] = per_rule_findings.get(f["rule"], 0) + 1
        results["lockers_findings_per_rule"] = per_rule_findings
        for r in rules:
            if records[r] == 0 and per_rule_findings.get(r):
                # Rules that emit at @finalize lose their output under --jobs:
                # Coccinelle runs finalize apart from the children that matched.
                why = (" (it emits at @finalize, which spatch --jobs does not run where the matches are)"
                       if "@finalize:python@" in (OUT / "cocci" / (r + ".cocci")).read_text() else "")
                print("bench: warning: the baseline of %s reported nothing, lockers %d findings%s"
                      % (r, per_rule_findings[r], why), flush=True)
        results["baseline_total_seconds"] = sum(per_rule.values())

    if do_baseline:
        # Where the time goes: lockers' spatch CPU per rule (cold) beside the
        # baseline's wall time for the same rule with the same -j.
        print("\n%-28s %14s %14s" % ("rule", "lockers CPU s", "baseline s"))
        for r in rules:
            print("%-28s %14.1f %14.1f" % (r, cold["spatch_cpu_seconds"].get(r, 0.0), results["baseline_seconds"][r]))
    print("\n%-34s %10s %12s %12s" % ("", "seconds", "/ baseline", "/ git grep"))
    base = results.get("baseline_total_seconds")
    for name, key in (("lockers cold, all rules", "cold"), ("lockers warm re-scan", "warm"),
                      ("lockers after one changed file", "one_file")):
        s = results[key]["seconds"]
        print("%-34s %10.2f %12s %12.1f" % (name, s, "%.3f" % (s / base) if base else "n/a",
                                           s / results["git_grep_seconds"]))
    if base:
        print("%-34s %10.2f %12s %12.1f" % ("coccicheck-style, one spatch/rule", base, "1.000",
                                           base / results["git_grep_seconds"]))
    print("%-34s %10.2f" % ("git grep of the article's regex", results["git_grep_seconds"]))
    if "gate" in results:
        print("%-34s %10.2f   (warm cache %.2f s; %d introduced)" % (
            "lockers gate, 10-file patch", results["gate"]["cold"]["seconds"],
            results["gate"]["warm"]["seconds"], results["gate"]["cold"]["introduced"]))
    print("peak memory (lockers + %d x largest spatch): %.0f MiB" % (jobs, results["peak_memory_mib_bound"]))
    print("warm report byte-identical to cold: %s; after restoring the file: %s" % (
        results["warm_identical_to_cold"], results["restored_identical_to_cold"]))
    targets = {
        "cold <= baseline/5": (results["cold"]["seconds"] <= base / 5) if base else None,
        "warm < 5 s": results["warm"]["seconds"] < 5,
        "one changed file < 3 s": results["one_file"]["seconds"] < 3,
        "peak memory < 2 GiB": results["peak_memory_mib_bound"] < 2048,
        "identical reports": bool(results["warm_identical_to_cold"] and results["restored_identical_to_cold"]),
    }
    results["targets"] = {k: bool(v) for k, v in targets.items()}
    for k, v in targets.items():
        print("target %-28s %s" % (k, "met" if v else ("NOT met" if v is False else "not measured")))
    (ROOT / "lockers-out" / "bench.json").write_text(json.dumps(results, indent=1) + "\n")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
