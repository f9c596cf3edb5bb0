"""Read kernel-corpus/expected/<rule>.tsv and measure a ranking against it."""
import pathlib

VERDICTS = ("bug", "harmless-bug", "intended", "false-positive")


class Label:
    def __init__(self, rule, path, line, function, key, verdict, reason):
        self.rule, self.path, self.function, self.key = rule, path, function, key
        self.line, self.verdict, self.reason = int(line), verdict, reason

    def __repr__(self):
        return "%s:%d %s() %s [%s] %s" % (self.path, self.line, self.function, self.key,
                                          self.rule, self.verdict)


def read_labels(path):
    """Returns (dirs, labels, options) of one TSV file; raises on a malformed line."""
    dirs, labels, options = [], [], {}
    for n, raw in enumerate(pathlib.Path(path).read_text().splitlines(), 1):
        if not raw.strip():
            continue
        if raw.startswith("#"):
            body = raw[1:].strip()
            if ":" in body:
                k, v = body.split(":", 1)
                if k.strip() == "dirs":
                    dirs += v.split()
                elif k.strip() in ("min-auc",):
                    options[k.strip()] = v.strip()
            continue
        fields = raw.split("\t")
        if fields[0] == "rule":
            continue
        if len(fields) != 7:
            raise ValueError("%s:%d: expected 7 tab-separated fields, got %d" % (path, n, len(fields)))
        if fields[5] not in VERDICTS:
            raise ValueError("%s:%d: verdict must be one of %s" % (path, n, VERDICTS))
        labels.append(Label(*fields))
    return dirs, labels, options


def match(labels, findings):
    """Pair labels with findings on (rule, path, function, key), nearest line first.
    Returns (pairs, unmatched labels, unlabelled findings)."""
    free = list(findings)
    pairs, missing = [], []
    for lab in sorted(labels, key=lambda l: (l.path, l.line)):
        cands = [f for f in free if (f["rule"], f["path"], f["function"], f["key"].replace(" ", "")) ==
                 (lab.rule, lab.path, lab.function, lab.key.replace(" ", ""))]
        if not cands:
            missing.append(lab)
            continue
        best = min(cands, key=lambda f: abs(f["line"] - lab.line))
        free.remove(best)
        pairs.append((lab, best))
    return pairs, missing, free


# What the ranking metrics count as a bug: a harmless bug is one too (the
# pattern is really wrong; issue 21's "bugs, harmless ones included"), here and
# in scripts/fit-weights alike.
POSITIVE = ("bug", "harmless-bug")


def precision_at(pairs, k):
    ranked = sorted(pairs, key=lambda p: (-p[1]["score"], p[1]["path"], p[1]["line"]))[:k]
    if not ranked:
        return None
    return sum(1 for lab, _ in ranked if lab.verdict in POSITIVE) / len(ranked)


def roc_auc(pairs):
    """Probability that a random bug outscores a random non-bug (ties count half)."""
    bugs = [f["score"] for lab, f in pairs if lab.verdict in POSITIVE]
    rest = [f["score"] for lab, f in pairs if lab.verdict not in POSITIVE]
    if not bugs or not rest:
        return None
    wins = sum(1.0 if b > r else 0.5 if b == r else 0.0 for b in bugs for r in rest)
    return wins / (len(bugs) * len(rest))
