"""The C unit tests of tests/unit/, each built and run by make unit (the build of make test: SAN=1 too)."""
import subprocess

import pytest

from conftest import ROOT

UNITS = sorted(p.stem for p in (ROOT / "tests" / "unit").glob("*.c"))


@pytest.mark.parametrize("unit", UNITS)
def test_c_unit(unit):
    # make unit runs every program; UNIT_SRC narrows it to this one, so each fails on its own.
    proc = subprocess.run(["make", "--no-print-directory", "unit", "UNIT_SRC=tests/unit/%s.c" % unit],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
