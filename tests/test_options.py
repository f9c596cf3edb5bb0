"""The command line: each command's option table, the usage generated from it, its errors."""
import re

import pytest

from conftest import run_lockers

COMMANDS = ["check", "gate", "fix", "merge", "report", "rules", "triage"]
# An option line of a usage: "  -j, --jobs N   help" or "      --all-scores   help"; the
# help starts in column 23, or on the next line after a longer option.
OPTION_LINE = re.compile(r"^  (?:-\w|    --)")
OPTION_SPEC = re.compile(r"^(?:-(\w))?(?:, )?(?:--([\w-]+))?(?: (\S+))?$")


def usage(command):
    proc = run_lockers([command, "--help"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: lockers %s" % command)
    return proc.stdout


def options(text):
    """[(short, long, argument name, line)] of the option lines of a usage text."""
    found = []
    for line in text.splitlines():
        if not OPTION_LINE.match(line):
            continue
        m = OPTION_SPEC.match(line[:23].strip())
        assert m, line
        found.append((m.group(1), m.group(2), m.group(3), line))
    return found


@pytest.mark.parametrize("command", COMMANDS)
def test_usage_lists_each_option_once(command, lockers_built):
    text = usage(command)
    opts = options(text)
    assert opts, text
    longs = [o[1] for o in opts if o[1]]
    shorts = [o[0] for o in opts if o[0]]
    assert len(longs) == len(set(longs)), text
    assert len(shorts) == len(set(shorts)), text
    assert max(len(line) for line in text.splitlines()) < 80, text
    # -h is the same as --help
    assert run_lockers([command, "-h"]).stdout == text


@pytest.mark.parametrize("command", COMMANDS)
def test_every_listed_option_is_parsed(command, lockers_built):
    """A listed flag is taken (the error names the next argument); a listed option wants its value."""
    for short, long, arg, line in options(usage(command)):
        name = "--" + long if long else "-" + short
        if arg:
            proc = run_lockers([command, name])
            assert proc.returncode == 2, line
            assert "option '%s' requires a value" % name in proc.stderr, (line, proc.stderr)
        else:
            proc = run_lockers([command, name, "--no-such-option"])
            assert proc.returncode == 2, line
            assert "unknown option '--no-such-option'" in proc.stderr, (line, proc.stderr)


def test_check_gate_and_fix_share_the_scan_options(lockers_built):
    """-j, --timeout, --spatch, --python, --rules-dir and -q come from one table: the same help in each."""
    shared = {"jobs", "timeout", "spatch", "python", "rules-dir", "quiet"}
    helps = {}
    for command in ("check", "gate", "fix"):
        text = usage(command)
        lines = text.splitlines()
        for short, long, arg, line in options(text):
            if long in shared:
                at = lines.index(line) + 1
                while at < len(lines) and lines[at].startswith(" " * 23):
                    line += lines[at]
                    at += 1
                helps.setdefault(long, set()).add(line)
    assert set(helps) == shared
    assert all(len(h) == 1 for h in helps.values()), helps


@pytest.mark.parametrize("command", COMMANDS)
def test_unknown_option_is_named(command, lockers_built):
    proc = run_lockers([command, "--frobnicate"])
    assert proc.returncode == 2
    assert "unknown option '--frobnicate'" in proc.stderr
    assert "usage: lockers %s" % command in proc.stderr
    assert proc.stdout == ""
    proc = run_lockers([command, "-Z"])
    assert proc.returncode == 2
    assert "unknown option '-Z'" in proc.stderr


@pytest.mark.parametrize("args,name", [
    (["check", "--timeout"], "--timeout"),
    (["check", "-j"], "-j"),
    (["check", "-o"], "-o"),
    (["gate", "--kdir"], "--kdir"),
    (["fix", "--min-score"], "--min-score"),
    (["merge", "-o"], "-o"),
    (["report", "--html"], "--html"),
    (["triage", "list", "--triage"], "--triage"),
])
def test_missing_argument(args, name, lockers_built):
    proc = run_lockers(args)
    assert proc.returncode == 2
    assert "option '%s' requires a value" % name in proc.stderr


def test_flag_given_a_value(lockers_built):
    proc = run_lockers(["check", "--quiet=yes"])
    assert proc.returncode == 2
    assert "option '--quiet' takes no value" in proc.stderr


def test_long_names_may_be_shortened_when_unique(tmp_path, lockers_built):
    # --fail-o is --fail-on; its range check proves it was taken as that option
    proc = run_lockers(["check", "--fail-o", "300", tmp_path])
    assert proc.returncode == 2
    assert "--fail-on must be a number from 0 to 101, not '300'" in proc.stderr
    # --al could be --all or --all-scores; --all itself is exact
    proc = run_lockers(["check", "--al", tmp_path])
    assert proc.returncode == 2
    assert "ambiguous option '--al'" in proc.stderr
    assert "--all-scores" in proc.stderr


def test_values_in_every_form(tmp_path, lockers_built):
    """-j4, -j 4, --jobs=4, --jobs 4, bundled -qj4: all parsed, all range-checked alike."""
    for form in (["-j0"], ["-j", "0"], ["--jobs=0"], ["--jobs", "0"], ["-qj0"]):
        proc = run_lockers(["check"] + form + [tmp_path])
        assert proc.returncode == 2, form
        assert "--jobs must be a number from 1 to 256, not '0'" in proc.stderr, form


def test_options_after_arguments_and_double_dash(tmp_path, lockers_built):
    # options may follow the tree (GNU getopt's order), and "--" ends them
    proc = run_lockers(["check", tmp_path, "--timeout", "0"])
    assert proc.returncode == 2 and "--timeout must be a number" in proc.stderr
    proc = run_lockers(["check", "--any-tree", "-o", tmp_path / "out", "--", "--timeout"])
    assert proc.returncode == 2
    assert "tree '--timeout'" in proc.stderr
