"""Labelled findings on the real 6.1 tree (kernel-corpus/expected/*.tsv)."""

import pytest

from conftest import ROOT, RULE_NAMES, RULES_BUILT, corpus_is_pinned, not_pinned, scan
from corpus_labels import match, precision_at, read_labels, roc_auc

EXPECTED = ROOT / "kernel-corpus" / "expected"
RULES = {p.stem for p in RULES_BUILT.glob("*.cocci")}


def test_every_rule_has_labelled_findings():
    """A rule of rules/LIST is measured on the corpus by its labels (needs no corpus itself)."""
    missing = [r for r in RULE_NAMES if not (EXPECTED / (r + ".tsv")).is_file()]
    assert not missing, ("no kernel-corpus/expected/<rule>.tsv for %s: read the rule's findings in some "
                         "directories of the corpus and label them all (kernel-corpus/expected/README.md)"
                         % ", ".join(missing))


def fmt(x):
    return "n/a" if x is None else "%.2f" % x


@pytest.mark.parametrize("tsv", sorted(EXPECTED.glob("*.tsv")), ids=lambda p: p.stem)
def test_labelled_findings(tsv, corpus, corpus_index, tmp_path, lockers_built, capsys):
    rule = tsv.stem
    assert rule in RULES, "%s labels a rule that does not exist" % tsv.name
    dirs, labels, options = read_labels(tsv)
    assert dirs, "%s has no '# dirs:' line" % tsv.name
    assert all(l.rule == rule for l in labels), "%s labels other rules" % tsv.name
    _, report = scan(str(corpus), str(tmp_path), rules=[rule], paths=dirs, any_tree=False,
                     extra=corpus_index)
    findings = report["findings"]
    pairs, missing, unlabelled = match(labels, findings)

    p10, p20, auc = precision_at(pairs, 10), precision_at(pairs, 20), roc_auc(pairs)
    counts = {v: sum(1 for l, _ in pairs if l.verdict == v)
              for v in ("bug", "harmless-bug", "intended", "false-positive")}
    with capsys.disabled():
        print("\n%-28s %3d labelled (%d bug, %d harmless, %d intended, %d false-positive): "
              "P@10 %s  P@20 %s  ROC AUC %s" % (rule, len(pairs), counts["bug"], counts["harmless-bug"],
                                               counts["intended"], counts["false-positive"],
                                               fmt(p10), fmt(p20), fmt(auc)))
    if not corpus_is_pinned():
        # Another linux-source-6.1 than the labels were read on: labels attach
        # by fingerprint (no line numbers); say how many, do not judge the drift.
        pytest.skip("%s: %d of %d labels attach, %d findings unlabelled" % (
            not_pinned(), len(pairs), len(labels), len(unlabelled)))
    assert not missing, "labelled findings not reported any more:\n" + "\n".join(map(repr, missing))
    assert not unlabelled, "findings nobody labelled (read the code, add them to %s):\n%s" % (
        tsv.name, "\n".join("%s\t%s\t%d\t%s\t%s\t?\t%s" % (f["rule"], f["path"], f["line"], f["function"],
                                                          f["key"], f["message"]) for f in unlabelled))
    if auc is not None:
        assert auc >= float(options.get("min-auc", "0.75")), "the score no longer ranks bugs above the rest"
    # Classes follow verdicts for the article's kinds: no bug may be ranked a false positive.
    for lab, f in pairs:
        if lab.verdict == "bug":
            assert f["score"] >= 30, "bug scored as false positive: %r (score %d)" % (lab, f["score"])
