"""scripts/calibration: the table docs/scoring.md carries is the one the
labels and the current weights give, it is well formed, and it scores a
labelled finding's evidence with the weights, in the right column."""
import re
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "calibration"
ROWS = ["90-100", "80-89", "70-79", "60-69", "50-59", "40-49", "30-39", "20-29", "10-19", "0-9",
        "**60-100 (bug band)**", "**30-59 (intended)**", "**0-29 (false-positive)**", "**all**"]


def run(*args):
    proc = subprocess.run(["/usr/bin/python3", str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def parse(text):
    """{row title: ((labels, bugs, share, p), (labels, bugs, share, p))} and the coverage lines."""
    lines = text.splitlines()
    assert lines[0].startswith("| score | in-sample: labels |") and lines[1].startswith("|---|")
    rows = {}
    for line in lines[2:2 + len(ROWS)]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert len(cells) == 9, line
        rows[cells[0]] = (tuple(cells[1:5]), tuple(cells[5:9]))
    assert list(rows) == ROWS
    coverage = [l for l in lines[2 + len(ROWS):] if l.startswith("- ")]
    return rows, coverage


def test_the_doc_carries_the_table_the_script_prints():
    # A refit, a weight changed by hand or a new evidence file changes the
    # table: the doc's copy must follow (scripts/calibration --write).
    subprocess.run(["/usr/bin/python3", str(SCRIPT), "--check"], check=True, timeout=120)
    doc = (ROOT / "docs" / "scoring.md").read_text()
    assert run() in doc


def test_the_table_is_well_formed():
    rows, coverage = parse(run())
    for column in (0, 1):
        def n(title):
            return int(rows[title][column][0])
        bins = sum(n(t) for t in ROWS[:10])
        bands = n("**60-100 (bug band)**") + n("**30-59 (intended)**") + n("**0-29 (false-positive)**")
        assert bins == bands == n("**all**")
        assert n("**60-100 (bug band)**") == sum(n(t) for t in ROWS[:4])
        for title in ROWS:
            labels, bugs, share, p = rows[title][column]
            if labels == "0":
                assert (bugs, share, p) == ("", "", "")
                continue
            assert 0 <= int(bugs) <= int(labels)
            assert share == "%d%%" % round(100.0 * int(bugs) / int(labels)), rows[title]
            assert 0 <= int(p.rstrip("%")) <= 100
    # Every label counts once, scored or not: the coverage lines add up to the table.
    assert len(coverage) == 2
    for line, column in zip(coverage, (0, 1)):
        scored = sum(int(a) for a, _ in re.findall(r" (\d+) of (\d+)", line))
        assert scored == int(rows["**all**"][column][0]), line
    total = sum(int(b) for line in coverage for _, b in re.findall(r" (\d+) of (\d+)", line))
    files = list((ROOT / "kernel-corpus").glob("*/*.tsv"))
    labels = sum(1 for f in files if f.parent.name in ("expected", "ranking", "held-out")
                 for l in f.read_text().splitlines()
                 if l.strip() and not l.startswith("#") and not l.startswith("rule\t"))
    assert total == labels


def weights_of(rule):
    text = (ROOT / "rules" / rule / "weights.def").read_text()
    prior = int(re.search(r'^PRIOR\("%s",\s*(\d+),' % rule, text, re.M).group(1))
    weights = {n: int(p) for n, p in re.findall(r'^WEIGHT\("%s",\s*"([^"]+)",\s*([+-]?\d+),' % rule, text, re.M)}
    return prior, weights


def band_of(score):
    return next(t for t in ROWS[:10] if int(t.split("-")[0]) <= score <= int(t.split("-")[1]))


def test_evidence_is_scored_with_the_current_weights(tmp_path):
    # Three labelled loops: one bare and one with array_size_is_bound in a
    # fitted file (drivers/d0 is in fit-weights' fitted folds, drivers/d13 in
    # its held-out fold 0), one in a held-out/ file; a fourth label has no
    # evidence and must only be counted.
    prior, weights = weights_of("loop-le-count")
    header = "rule\tpath\tline\tfunction\tkey\tverdict\treason\n"
    fitted = tmp_path / "ranking" / "made-up.tsv"
    held = tmp_path / "held-out" / "made-up.tsv"
    fitted.parent.mkdir()
    held.parent.mkdir()
    fitted.write_text(header +
                      "loop-le-count\tdrivers/d0/a.c\t1\tf1\tn\tintended\tmade up\n"
                      "loop-le-count\tdrivers/d0/a.c\t2\tf2\tn\tbug\tmade up\n"
                      "loop-le-count\tdrivers/d0/a.c\t3\tf3\tn\tbug\tnot scanned\n")
    held.write_text(header + "loop-le-count\tdrivers/d13/b.c\t1\tg1\tn\tharmless-bug\tmade up\n")
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "scan.tsv").write_text(
        "# scan: made up\n# labels: %s\n# labels: %s\n" % (fitted, held) +
        "rule\tpath\tline\tfunction\tkey\tscore\tevidence\n"
        "loop-le-count\tdrivers/d0/a.c\t1\tf1\tn\t0\tshape\n"
        "loop-le-count\tdrivers/d0/a.c\t2\tf2\tn\t0\tarray_size_is_bound,shape\n"
        "loop-le-count\tdrivers/d13/b.c\t1\tg1\tn\t0\tarray_size_is_bound\n")
    rows, coverage = parse(run("--evidence", str(evidence), "--label-file", str(fitted), "--label-file", str(held)))
    bare, bound = prior, min(100, prior + weights["array_size_is_bound"])
    insample = {t: r[0] for t, r in rows.items() if r[0][0] != "0"}
    heldout = {t: r[1] for t, r in rows.items() if r[1][0] != "0"}
    if band_of(bare) != band_of(bound):
        assert insample[band_of(bare)][:3] == ("1", "0", "0%")
        assert insample[band_of(bound)][:3] == ("1", "1", "100%")
    assert insample["**all**"][:2] == ("2", "1")
    assert heldout["**all**"][:3] == ("1", "1", "100%")
    assert heldout[band_of(bound)][:3] == ("1", "1", "100%")
    assert "%s/ 2 of 3" % fitted.parent.resolve() in coverage[0]
    assert "%s 1 of 1" % held.resolve() in coverage[1]
