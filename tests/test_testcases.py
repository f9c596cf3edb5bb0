"""Each testcases/<rule>/*.c carries its expected findings (testcases/README.md)."""
import difflib
import functools
import re
import tempfile

import pytest

from conftest import RULE_NAMES, RULES_BUILT, RULES_SRC, class_of, scan, cases_of

RULES = {p.stem for p in RULES_BUILT.glob("*.cocci")}


def rule_dir(path):
    """rules/<rule>/testcases/, which a case lies in at any depth (include/linux/x.h)."""
    return cases_of(path.relative_to(RULES_SRC).parts[0])


def parse_error_declared(path):
    """check-parse-error: N, the functions a case spatch cannot parse in part
    declares lost; None for a case it must parse."""
    m = re.search(r"^\s*\*\s*check-parse-error:\s*(\d+)\b", path.read_text(errors="replace"), re.M)
    return int(m.group(1)) if m else None


def parse_expectations(path):
    text = path.read_text(errors="replace")
    rules = [rule_dir(path).parent.name]
    m = re.search(r"^\s*\*\s*check-rules:\s*(.+)$", text, re.M)
    if m:
        rules = m.group(1).split()
    m = re.search(r"check-output-start[^\n]*\n(.*?)^[ \t]*\*?[ \t]*check-output-end", text, re.S | re.M)
    if not m:
        raise AssertionError("%s: no check-output-start/check-output-end block" % path)
    lines = [l.strip() for l in m.group(1).splitlines()]
    lines = [re.sub(r"^\*\s?", "", l) for l in lines]
    return rules, [l for l in lines if l]


def cases():
    """Every file lockers scans in a rule's directory: .c files and, as a scan
    takes headers too, .h files at any depth, each with its expectations."""
    return sorted(p for rule in RULE_NAMES for p in cases_of(rule).glob("**/*")
                  if p.suffix in (".c", ".h") and p.is_file())


@functools.lru_cache(maxsize=None)
def scan_dir(directory, rules):
    """One lockers run per testcase directory and rule set (headers included,
    as every scan takes them)."""
    with tempfile.TemporaryDirectory() as out:
        _, report = scan(directory, out, rules=rules)
    return report


@pytest.mark.parametrize("case", cases(), ids=lambda p: str(p.relative_to(RULES_SRC)))
def test_testcase(case, lockers_built):
    rules, expected = parse_expectations(case)
    missing = [r for r in rules if r not in RULES]
    assert not missing, "rules named by %s do not exist: %s" % (case.name, missing)
    # All files of the directory share one run; each file sees only its rules.
    directory = rule_dir(case)
    name = str(case.relative_to(directory))
    dir_rules = set()
    for other in cases():
        if rule_dir(other) == directory:
            dir_rules.update(r for r in parse_expectations(other)[0] if r in RULES)
    report = scan_dir(str(directory), tuple(sorted(dir_rules)))
    found = sorted((f for f in report["findings"] if f["path"] == name and f["rule"] in rules),
                   key=lambda f: (f["line"], f["column"], f["rule"], f["message"]))
    actual = ["%d:%d: warning: %s [%s] %s" % (f["line"], f["column"], f["message"], f["rule"],
                                             class_of(f["score"])) for f in found]
    failures = [x for x in report["summary"]["failures"] if x["path"] == name]
    crashes = [x for x in failures if x["reason"] != "parse-error"]
    assert not crashes, "spatch failed on %s: %s" % (case.name, crashes)
    # A case spatch cannot parse proves nothing of what it cannot see: it
    # fails, unless it is about that and says what it loses.
    lost = parse_error_declared(case)
    parse_errors = [x for x in failures if x["reason"] == "parse-error"]
    if lost is None:
        assert not parse_errors, ("spatch cannot parse %s (%s): fix the case, or declare the functions it "
                                  "loses with check-parse-error: N" % (case.name, parse_errors))
    else:
        assert parse_errors and all(x["functions_lost"] == lost for x in parse_errors), (
            "%s declares check-parse-error: %d, spatch reported %s" % (case.name, lost, parse_errors))
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "expected", "actual", lineterm=""))
        reasons = "\n".join("%d:%d %s: %s" % (f["line"], f["column"], f["rule"],
                                             "; ".join("%+d %s" % (r["points"], r["why"]) for r in f["reasons"]))
                            for f in found)
        pytest.fail("%s\n%s\nscores:\n%s" % (case, diff, reasons))
