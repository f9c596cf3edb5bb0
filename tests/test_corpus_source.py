"""kernel-corpus/prepare: the pinned corpus, and another version after a Debian update."""
import hashlib
import shutil
import subprocess
import tarfile

import pytest

from conftest import ROOT

PREPARE = ROOT / "kernel-corpus" / "prepare"


def installed_version(package):
    proc = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


@pytest.fixture
def fake_corpus(tmp_path):
    """A copy of prepare beside a SOURCE naming a small tarball of a one-file tree."""
    package = "linux-source-6.1"
    have = installed_version(package)
    if not have:
        pytest.skip("%s is not installed (make deps installs it)" % package)
    kc = tmp_path / "kc"
    kc.mkdir()
    shutil.copy(PREPARE, kc / "prepare")
    top = tmp_path / "src" / package
    top.mkdir(parents=True)
    (top / "Makefile").write_text("VERSION = 6\n")
    tarball = tmp_path / "linux.tar.xz"
    with tarfile.open(tarball, "w:xz") as tar:
        tar.add(top, arcname=package)
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()

    def write_source(version, sha256):
        (kc / "SOURCE").write_text("package=%s\nversion=%s\ntarball=%s\nsha256=%s\n" % (
            package, version, tarball, sha256))
        return kc

    return write_source, have, digest, kc / package


def run_prepare(kc):
    return subprocess.run(["sh", str(kc / "prepare")], capture_output=True, text=True, timeout=120)


def stamp_of(tree):
    return dict(l.split("=", 1) for l in (tree / ".lockers-corpus").read_text().split())


def test_pinned_version_extracts_without_warning(fake_corpus):
    write_source, have, digest, tree = fake_corpus
    proc = run_prepare(write_source(have, digest))
    assert proc.returncode == 0, proc.stderr
    assert "warning" not in proc.stderr
    assert (tree / "Makefile").read_text() == "VERSION = 6\n"
    assert stamp_of(tree)["exact"] == "yes"
    # Reused, not hashed or extracted again.
    again = run_prepare(tree.parent)
    assert again.returncode == 0 and "extracting" not in again.stdout


@pytest.mark.parametrize("what", ["version", "sha256"])
def test_other_version_or_sha_warns_and_extracts(fake_corpus, what):
    write_source, have, digest, tree = fake_corpus
    kc = write_source("0.0-old" if what == "version" else have,
                      "0" * 64 if what == "sha256" else digest)
    proc = run_prepare(kc)
    assert proc.returncode == 0, proc.stderr
    assert "warning" in proc.stderr and "labels" in proc.stderr
    assert (tree / "Makefile").exists()
    stamp = stamp_of(tree)
    assert stamp["exact"] == "no" and stamp["sha256"] == digest and stamp["version"] == have


def test_missing_tarball_is_an_error(fake_corpus, tmp_path):
    write_source, have, digest, tree = fake_corpus
    kc = write_source(have, digest)
    (tmp_path / "linux.tar.xz").unlink()
    proc = run_prepare(kc)
    assert proc.returncode == 2 and "make deps" in proc.stderr
    assert not tree.exists()
