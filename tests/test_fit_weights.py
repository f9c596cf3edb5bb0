"""scripts/fit-weights on a made-up rule: the fit follows the labels."""
import json
import re
import subprocess

from conftest import ROOT

FIT = ROOT / "scripts" / "fit-weights"
HEADER = "rule\tpath\tline\tfunction\tkey\tverdict\treason\n"


def finding(rule, path, n, evidence):
    return {"rule": rule, "path": path, "line": n, "function": "f%d" % n, "key": "k%d" % n,
            "score": 50, "evidence": evidence}


def test_fit_moves_weights_towards_the_labels(tmp_path):
    # In loop-le-count, index_guarded findings are never bugs here and
    # array_size_is_bound ones always are: the fit must say so. Each of 14
    # subsystems holds both kinds; drivers/d13 hashes into the held-out fold
    # (the script's held_out()), so the fit is measured on labels it never
    # saw and the script exits 0 (1: no held-out AUC could be measured).
    findings, rows = [], []
    for n in range(56):
        path = "drivers/d%d/x.c" % (n % 14)
        guarded = (n // 14) % 2 == 0
        ev = {"index_guarded": "1"} if guarded else {"array_size_is_bound": "decl:a[E]"}
        findings.append(finding("loop-le-count", path, n, ev))
        rows.append("loop-le-count\t%s\t%d\tf%d\tk%d\t%s\tmade up\n" % (
            path, n, n, n, "intended" if guarded else "bug"))
    report = tmp_path / "lockers.json"
    report.write_text(json.dumps({"findings": findings}))
    labels = tmp_path / "labels"
    labels.mkdir()
    (labels / "made-up.tsv").write_text(HEADER + "".join(rows))
    proc = subprocess.run(["/usr/bin/python3", str(FIT), str(report), "--labels", str(labels)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "labels: 56, matched 56 (52 fitted on, 4 held out)" in proc.stdout, proc.stdout
    held = proc.stdout.split("fitted weights, held-out labels (never fitted on):\n", 1)[1]
    assert re.match(r" +loop-le-count +4 labels +2 bugs +AUC 1\.000\n", held), proc.stdout
    line = next(l for l in proc.stdout.splitlines() if l.strip().startswith("loop-le-count") and "prior" in l)
    changes = dict(c.strip().split(" ", 1) for c in line.split(";", 1)[1].split(",") if "->" in c)
    before, after = (int(x) for x in changes["index_guarded"].split("->"))
    assert after < before
    before, after = (int(x) for x in changes["array_size_is_bound"].split("->"))
    assert after > before
    assert "leave-one-directory-out" in proc.stdout
