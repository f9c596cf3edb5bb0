"""lockers gate sees what check sees: the other files of a module, and the
files whose findings read the ones a patch touches (a check's reads map).

A small filesystem, fig, in a tree of its own: its RCU-walk reader (d_hash)
is in namei.c, its superblock teardown in super.c, its Makefile links both.
rcu-fs-walk-free judges super.c's free by what namei.c does.
"""
import difflib
import json
import subprocess

import pytest

from conftest import CORPUS, run_lockers, scan

MAKEFILE = "obj-$(CONFIG_FIG_FS) += fig.o\nfig-y := super.o namei.o\n"

NAMEI = """struct fig_sb_info;

static int fig_d_hash(const struct dentry *dentry, struct qstr *q)
{
	struct fig_sb_info *sbi = dentry->d_sb->s_fs_info;

	q->hash = nls_hash(sbi->nls, q->name, q->len);
	return 0;
}

const struct dentry_operations fig_dentry_ops = {
	.d_hash		= fig_d_hash,
};
"""

SUPER = """struct rcu_head { void *next; };

struct fig_sb_info {
	struct nls_table *nls;
	struct rcu_head rcu;
};

static void fig_kill_sb(struct super_block *sb)
{
	struct fig_sb_info *sbi = sb->s_fs_info;

	kill_block_super(sb);
	kfree_rcu(sbi, rcu);
}

static struct file_system_type fig_fs_type = {
	.name		= "fig",
	.kill_sb	= fig_kill_sb,
};
"""

FREED_AT_ONCE = SUPER.replace("kfree_rcu(sbi, rcu);", "kfree(sbi);")
NO_READER = NAMEI.replace("\t.d_hash\t\t= fig_d_hash,\n", "")


def make_tree(root, super_c=SUPER, namei_c=NAMEI):
    fs = root / "fs" / "fig"
    fs.mkdir(parents=True)
    (fs / "Makefile").write_text(MAKEFILE)
    (fs / "namei.c").write_text(namei_c)
    (fs / "super.c").write_text(super_c)
    return root


def patch_of(tmp_path, root, changes):
    out = []
    for path, new in changes.items():
        old = (root / path).read_text().splitlines(keepends=True)
        out += difflib.unified_diff(old, new.splitlines(keepends=True), "a/" + path, "b/" + path)
    patch = tmp_path / "change.patch"
    patch.write_text("".join(out))
    return patch


def gate(tmp_path, root, patch, *extra):
    out = tmp_path / "gate-out"
    proc = run_lockers(["gate", "--any-tree", "--kdir", root, "--patch", patch, "-r", "rcu-fs-walk-free",
                        "-o", out] + list(extra))
    return proc, json.loads((out / "gate.json").read_text())


def test_a_free_judged_by_another_file_of_the_module_fails_the_gate(tmp_path, lockers_built):
    root = make_tree(tmp_path / "tree")
    patch = patch_of(tmp_path, root, {"fs/fig/super.c": FREED_AT_ONCE})
    proc, report = gate(tmp_path, root, patch)
    assert proc.returncode == 1, proc.stderr
    [f] = report["introduced"]
    assert (f["path"], f["line"]) == ("fs/fig/super.c", 13)
    assert "fig_d_hash() (.d_hash) reads it at namei.c:" in f["message"]
    assert subprocess.run(["git", "status"], cwd=root, capture_output=True).returncode != 0  # no repo made
    assert (root / "fs/fig/super.c").read_text() == SUPER     # the tree is never written


def test_check_then_gate_scans_the_files_that_read_the_patched_one(tmp_path, lockers_built):
    """The finding is super.c's; the patch touches only namei.c. Without a
    reads map the gate cannot know super.c depends on it; after a check with
    the same -o it rescans super.c and reports the finding removed."""
    root = make_tree(tmp_path / "tree", super_c=FREED_AT_ONCE)
    patch = patch_of(tmp_path, root, {"fs/fig/namei.c": NO_READER})
    proc, report = gate(tmp_path, root, patch)
    assert proc.returncode == 0, proc.stderr
    assert report["removed"] == [] and report["dependants"] == []
    assert "no reads map" in proc.stderr

    out = tmp_path / "gate-out"
    run_lockers(["check", "--any-tree", "-q", "-r", "rcu-fs-walk-free", "-o", out, "--fail-on", "101", root],
                check_rc=0)
    reads = (out / "reads.tsv").read_text().splitlines()
    assert "fs/fig/super.c\tfs/fig/namei.c" in reads
    proc, report = gate(tmp_path, root, patch)
    assert proc.returncode == 0, proc.stderr
    assert report["dependants"] == ["fs/fig/super.c"]
    assert [(f["path"], f["line"]) for f in report["removed"]] == [("fs/fig/super.c", 13)]
    assert report["introduced"] == []

    # The reverse patch, over the tree without the reader, brings it back: introduced, and fails.
    root2 = make_tree(tmp_path / "tree2", super_c=FREED_AT_ONCE, namei_c=NO_READER)
    out2 = tmp_path / "base2"
    run_lockers(["check", "--any-tree", "-q", "-r", "rcu-fs-walk-free", "-o", out2, root2], check_rc=0)
    back = patch_of(tmp_path, root2, {"fs/fig/namei.c": NAMEI})
    proc = run_lockers(["gate", "--any-tree", "--kdir", root2, "--patch", back, "-r", "rcu-fs-walk-free",
                        "--base", out2, "-o", tmp_path / "g2"])
    assert proc.returncode == 1, proc.stderr
    report = json.loads((tmp_path / "g2" / "gate.json").read_text())
    assert [(f["path"], f["line"]) for f in report["introduced"]] == [("fs/fig/super.c", 13)]


def test_base_that_is_no_check_output_is_refused(tmp_path, lockers_built):
    root = make_tree(tmp_path / "tree")
    patch = patch_of(tmp_path, root, {"fs/fig/super.c": FREED_AT_ONCE})
    proc = run_lockers(["gate", "--any-tree", "--kdir", root, "--patch", patch, "--base", tmp_path / "nothing",
                        "-o", tmp_path / "o"])
    assert proc.returncode == 2
    assert "run lockers check -o" in proc.stderr


# Real fixes of the 6.1 stable series (kernel-corpus/upstream-fixes/linux-6.1/),
# one per rule family, put back over the corpus, which has them: each is the
# fixed line of the corpus and the line before the fix.
REVERTS = {
    "drivers/net/ethernet/nvidia/forcedeth.c":        # nv_suspend: <= -> <
        ("\tfor (i = 0; i < np->register_size/sizeof(u32); i++)\n\t\tnp->saved_config_space[i]",
         "\tfor (i = 0; i <= np->register_size/sizeof(u32); i++)\n\t\tnp->saved_config_space[i]"),
    "net/mac802154/iface.c":                          # ieee802154_remove_interfaces: list_del -> list_del_rcu
        ("\t\tlist_del_rcu(&sdata->list);\n\n\t\tunregister_netdevice(sdata->dev);",
         "\t\tlist_del(&sdata->list);\n\n\t\tunregister_netdevice(sdata->dev);"),
    "drivers/net/ethernet/qualcomm/rmnet/rmnet_config.c":  # rmnet_dellink: kfree -> kfree_rcu
        ("\t\treal_port->nr_rmnet_devs--;\n\t\tkfree_rcu(ep, rcu);\n",
         "\t\treal_port->nr_rmnet_devs--;\n\t\tkfree(ep);\n"),
    "fs/coredump.c":                                  # coredump_finish: guard(rcu)() added
        ("\tguard(rcu)();\n", ""),
}


def ids(report, key="findings"):
    return sorted(f["id"] for f in report[key])


@pytest.mark.corpus
def test_gate_is_the_difference_of_two_checks_on_real_fixes_put_back(tmp_path, corpus, corpus_index):
    """One truth: what the gate finds before and after the patch is what a
    check of the tree and a check of the patched tree (each with its own
    indexes) find in the files the gate scanned."""
    changes = {}
    for path, (fixed, buggy) in REVERTS.items():
        text = (CORPUS / path).read_text()
        assert text.count(fixed) == 1, path
        changes[path] = text.replace(fixed, buggy)
    patch = patch_of(tmp_path, CORPUS, changes)
    base = tmp_path / "base"
    run_lockers(["check", "-q", "--fail-on", "101", "-o", base] + corpus_index + [CORPUS] + sorted(changes),
                check_rc=0)
    out = tmp_path / "gate"
    proc = run_lockers(["gate", "--kdir", CORPUS, "--patch", patch, "--base", base, "-o", out])
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads((out / "gate.json").read_text())
    scanned = sorted(changes) + report["dependants"]

    patched = tmp_path / "patched"
    subprocess.run(["cp", "-al", str(CORPUS), str(patched)], check=True)
    for path, text in changes.items():
        (patched / path).unlink()           # not through the link: the corpus's file
        (patched / path).write_text(text)
    _, before = scan(CORPUS, tmp_path / "check-before", paths=scanned, any_tree=False, extra=corpus_index)
    _, after = scan(patched, tmp_path / "check-after", paths=scanned, any_tree=False)
    listed = report["introduced"] + report["unchanged"] + report["removed"]
    gate_before = sorted(f["id"] for f in listed if f["before"])
    gate_after = sorted(f["id"] for f in listed if f["after"])
    assert gate_before == ids(before)
    assert gate_after == ids(after)
    # The buggy line of each family lockers finds is named as introduced. The
    # read-side section coredump_finish() lost is not: check misses it too.
    named = {(f["path"], f["line"], f["rule"]) for f in report["introduced"]}
    assert {("drivers/net/ethernet/nvidia/forcedeth.c", 6236, "loop-le-count"),
            ("drivers/net/ethernet/qualcomm/rmnet/rmnet_config.c", 214, "rcu-free-without-grace"),
            ("net/mac802154/iface.c", 709, "rcu-list-api")} <= named
