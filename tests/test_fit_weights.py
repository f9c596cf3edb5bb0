"""scripts/fit-weights: the fit follows the labels (a made-up rule), and a PRIOR
row says "fitted to" only where a fit wrote it from labels."""
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


def fit_weights_module():
    """scripts/fit-weights as a module (its name has no .py)."""
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("fit_weights", str(FIT))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("fit_weights", loader))
    loader.exec_module(module)
    return module


def test_write_calls_a_prior_fitted_only_where_labels_fitted_it(tmp_path, monkeypatch):
    # --write once wrote "fitted" into the PRIOR row of every rule, labelled
    # or not (seqcount-retry-ignored, seqlock-unbalanced). Now only a rule the
    # fit had labels for gets a new row, naming the files and counts; the
    # others keep theirs byte for byte.
    import collections
    fw = fit_weights_module()
    fitted_def = tmp_path / "rules" / "loop-le-count" / "weights.def"
    hand_def = tmp_path / "rules" / "seqlock-unbalanced" / "weights.def"
    fitted_def.parent.mkdir(parents=True)
    hand_def.parent.mkdir(parents=True)
    fitted_def.write_text('PRIOR("loop-le-count", 43, "set by hand: before any label")\n'
                          'WEIGHT("loop-le-count", "index_guarded", -11, "guarded")\n')
    hand = 'PRIOR("seqlock-unbalanced", 70, "set by hand: the rule\'s Confidence")\n'
    hand_def.write_text(hand)
    monkeypatch.setattr(fw, "DEFS", [fitted_def, hand_def])
    model = fw.Model({"loop-le-count": 38, "seqlock-unbalanced": 70},
                     {"loop-le-count": {"index_guarded": -20}})
    sources = {"loop-le-count": collections.Counter({"kernel-corpus/expected/loop-le-count.tsv": 18,
                                                     "kernel-corpus/ranking/labels-6.1.tsv": 49})}
    fw.write(model, model, sources)
    assert fitted_def.read_text() == (
        'PRIOR("loop-le-count", 38, "fitted to 67 labels (kernel-corpus/expected/loop-le-count.tsv 18, '
        'kernel-corpus/ranking/labels-6.1.tsv 49) by scripts/fit-weights")\n'
        'WEIGHT("loop-le-count", "index_guarded", -20, "guarded")\n')
    assert hand_def.read_text() == hand


def test_every_prior_says_fitted_to_its_labels_or_set_by_hand():
    # What `grep "fitted to" rules/*/weights.def` lists must be rows a fit
    # wrote: each names label files that exist, with counts that add up.
    rows = []
    for path in sorted((ROOT / "rules").glob("*/weights.def")):
        rows += re.findall(r'^PRIOR\("([^"]+)",\s*\d+,\s*"((?:[^"\\]|\\.)*)"\)', path.read_text(), re.M)
    assert rows
    for rule, why in rows:
        if why.startswith("set by hand: "):
            continue
        m = re.fullmatch(r"fitted to (\d+) labels \((.+)\) by scripts/fit-weights", why)
        assert m, "%s: a prior's why starts 'fitted to N labels (files)' or 'set by hand: ': %r" % (rule, why)
        parts = [p.rsplit(" ", 1) for p in m.group(2).split(", ")]
        for name, _ in parts:
            assert (ROOT / name).is_file(), "%s: no label file %s" % (rule, name)
        assert sum(int(n) for _, n in parts) == int(m.group(1)), why
