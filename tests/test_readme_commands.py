"""The README's commands, run the way it says: from the repository root, with
their defaults (relative lockers-out, make check KDIR= M=, make gate,
lockers report --html), on a small tree made from the default corpus."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import ROOT

# Each test copies the repository and runs make in it (make test-corpus).
pytestmark = pytest.mark.slow

# One expected finding of every rule family, from kernel-corpus/expected/
# (rule, path, function, key); the cross-pointer one sees same_thread_group()
# only through include/linux/sched/signal.h of the small tree.
EXPECTED = [
    ("loop-le-count", "drivers/gpu/drm/radeon/r100.c", "r100_debugfs_cp_ring_info_show", "count"),
    ("rcu-double-deref", "drivers/infiniband/core/cache.c", "rdma_read_gid_l2_fields", "attr->ndev"),
    ("rcu-plain-access", "drivers/net/ethernet/intel/fm10k/fm10k_iov.c", "fm10k_iov_event",
     "interface->iov_data"),
    ("rcu-cross-pointer", "fs/proc/base.c", "first_tid", "same_thread_group(pos, task)"),
    ("seqcount-unvalidated-load", "block/badblocks.c", "badblocks_check", "bb->page"),
]
SKIP_IN_COPY = {".git", "lockers-out", "node_modules", ".pytest_cache", "fuzz"}


def copy_repo(dest):
    """The repository as a user has it after `make`: sources, rules, binary, objects
    (mtimes kept, so make does not rebuild), without the extracted corpus."""
    def ignore(directory, names):
        skip = {n for n in names if n in SKIP_IN_COPY or n == "__pycache__"}
        if os.path.samefile(directory, ROOT / "kernel-corpus"):
            skip |= {n for n in names if n.startswith("linux-source-") or n.startswith(".extract")}
        return skip
    shutil.copytree(ROOT, dest, symlinks=True, ignore=ignore)


def small_tree(corpus, dest):
    """A kernel tree with the whole include/ (hard links) and the files of EXPECTED."""
    dest.mkdir()
    for name in ("Makefile", "Kconfig"):
        shutil.copy(corpus / name, dest / name)
    (dest / "arch").mkdir()
    (dest / "kernel").mkdir()
    subprocess.run(["cp", "-al", str(corpus / "include"), str(dest / "include")], check=True)
    for _, path, _, _ in EXPECTED:
        (dest / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / path, dest / path)
    # lockers fix runs the tree's own checkpatch.pl, with the files it reads.
    (dest / "scripts").mkdir()
    for name in ("checkpatch.pl", "spelling.txt", "const_structs.checkpatch"):
        if (corpus / "scripts" / name).exists():
            shutil.copy(corpus / "scripts" / name, dest / "scripts" / name)


def make(repo, *args, timeout=1800):
    return subprocess.run(["make", "--no-print-directory", *args], cwd=repo, capture_output=True,
                          text=True, timeout=timeout)


def key(f):
    return (f["rule"], f["path"], f["function"], f["key"].replace(" ", ""))


@pytest.fixture(scope="module")
def checked(pinned_corpus, tmp_path_factory, lockers_built):
    base = tmp_path_factory.mktemp("readme")
    repo, tree = base / "lockers", base / "linux"
    copy_repo(repo)
    small_tree(pinned_corpus, tree)
    paths = sorted({p.rsplit("/", 1)[0] if "/" in p else p for _, p, _, _ in EXPECTED})
    proc = make(repo, "check", "KDIR=%s" % tree, "M=%s" % " ".join(paths))
    return repo, tree, proc


def test_make_check_defaults_find_every_family(checked):
    repo, tree, proc = checked
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((repo / "lockers-out" / "lockers.json").read_text())
    found = {key(f) for f in report["findings"]}
    missing = [e for e in EXPECTED if (e[0], e[1], e[2], e[3].replace(" ", "")) not in found]
    assert not missing, "make check missed %s\n%s" % (missing, proc.stderr)
    assert (repo / "lockers-out" / "report.html").stat().st_size > 0


def test_make_check_prints_the_bug_band_and_counts_the_rest(checked):
    repo, tree, proc = checked
    report = json.loads((repo / "lockers-out" / "lockers.json").read_text())
    warnings = [l for l in proc.stdout.splitlines() if ": warning: " in l]
    shown = [f for f in report["findings"] if f["score"] >= 60]
    assert len(warnings) == len(shown)
    assert all(int(l.split(" score=")[1].split()[0]) >= 60 for l in warnings)
    below = len(report["findings"]) - len(shown)
    if below:
        assert "%d findings below score 60 were not printed" % below in proc.stderr


def test_report_html_without_output_dir(checked):
    repo, tree, proc = checked
    page = subprocess.run(["./lockers", "report", "--html", "triage.html"], cwd=repo,
                          capture_output=True, text=True, timeout=300)
    assert page.returncode == 0, page.stderr
    html = (repo / "triage.html").read_text()
    assert "first_tid" in html and "rdma_read_gid_l2_fields" in html


def gate_quotient_overrun(repo, tree, tmp_path):
    """make gate on a patch that adds one pass too many over a key array whose
    bound is a quotient (the shape of a real, fixed bug)."""
    path = "block/badblocks.c"
    text = (tree / path).read_text()
    new = text + ("\nvoid badblocks_fill_key(unsigned int *key, const unsigned char *src, int key_size)\n"
                  "{\n\tunsigned int k[8];\n\tint i;\n\n\tfor (i = 0; i <= key_size / 4; i++)\n"
                  "\t\tk[i] = src[4 * i];\n\tmemcpy(key, k, sizeof(k));\n}\n")
    a, b = tmp_path / "a", tmp_path / "b"
    for d, t in ((a, text), (b, new)):
        (d / "block").mkdir(parents=True)
        (d / path).write_text(t)
    diff = subprocess.run(["diff", "-u", "--label", "a/" + path, "--label", "b/" + path,
                           str(a / path), str(b / path)], capture_output=True, text=True)
    patch = repo / "change.patch"
    patch.write_text(diff.stdout)
    return make(repo, "gate", "KDIR=%s" % tree, "PATCH=change.patch")


def test_make_gate_reports_what_a_patch_introduces(checked, tmp_path):
    repo, tree, proc = checked
    gate = gate_quotient_overrun(repo, tree, tmp_path)
    introduced = [l for l in gate.stdout.splitlines() if l.startswith(">> block/badblocks.c:")]
    assert len(introduced) == 1 and "key_size / 4" in introduced[0], gate.stdout + gate.stderr
    assert "[loop-le-count]" in introduced[0]
    assert (repo / "lockers-out" / "gate.sarif").exists()


def test_make_gate_fails_a_quotient_overrun(checked, tmp_path):
    repo, tree, proc = checked
    gate = gate_quotient_overrun(repo, tree, tmp_path)
    assert gate.returncode != 0, "the gate passed a patch with a <= key_size / 4 overrun\n" + gate.stdout


def test_fix_writes_the_checked_patch_and_the_report_offers_it(checked):
    """./lockers fix ID after make check, with the defaults (lockers-out)."""
    repo, tree, proc = checked
    report = json.loads((repo / "lockers-out" / "lockers.json").read_text())
    f = [f for f in report["findings"] if key(f) == (EXPECTED[1][0], EXPECTED[1][1], EXPECTED[1][2],
                                                      EXPECTED[1][3])][0]
    fix = subprocess.run(["./lockers", "fix", f["id"]], cwd=repo, capture_output=True, text=True,
                         timeout=1800)
    assert fix.returncode == 0, fix.stdout + fix.stderr
    assert ("wrote lockers-out/fixes/%s.patch: [PATCH] RDMA/core: read attr->ndev once in "
            "rdma_read_gid_l2_fields()" % f["id"]) in fix.stdout, fix.stdout + fix.stderr
    mail = (repo / "lockers-out" / "fixes" / (f["id"] + ".patch")).read_text()
    assert "-\t\t\tnetdev_walk_all_lower_dev_rcu(attr->ndev,\n+\t\t\tnetdev_walk_all_lower_dev_rcu(ndev,\n" in mail
    assert "fixes/%s.patch" % f["id"] in (repo / "lockers-out" / "report.html").read_text()
