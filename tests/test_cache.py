"""The incremental cache: same bytes as an uncached scan, never trusts bad data."""
import json
import os
import shutil

from conftest import ROOT, RULES_BUILT, run_lockers, cases_of

CASES = cases_of("loop-le-count")


def copy_cases(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(CASES, tree)
    return tree


def check(out, tree, *extra):
    proc = run_lockers(["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-o", out,
                        "-r", "loop-le-count"] + list(extra) + [tree], check_rc=0)
    run = json.loads((out / "run.json").read_text())
    return proc, (out / "lockers.json").read_bytes(), run.get("cache")


def test_warm_scan_reuses_everything_and_matches_uncached(tmp_path, lockers_built):
    tree = copy_cases(tmp_path)
    out = tmp_path / "out"
    _, cold, c1 = check(out, tree)
    assert c1["rebuilt"] and c1["runs_reused"] == 0
    _, warm, c2 = check(out, tree)
    assert c2["files_read"] == 0 and c2["runs_new"] == 0 and c2["runs_reused"] > 0
    _, uncached, c3 = check(tmp_path / "plain", tree, "--no-cache")
    assert c3 is None
    assert cold == warm == uncached


def test_touching_one_file_rescans_that_file_only(tmp_path, lockers_built):
    tree = copy_cases(tmp_path)
    out = tmp_path / "out"
    check(out, tree)
    victim = sorted(tree.glob("*.c"))[0]
    victim.write_text(victim.read_text() + "\n/* touched */\n")
    _, after, c = check(out, tree)
    # The others that re-run read the victim: loop-le-count looks for the
    # bound's "- 1" in the files nearby (bound_set_minus1_nearby).
    assert c["files_read"] == 1 and c["runs_new"] - c["runs_stale"] == 1
    _, uncached, _ = check(tmp_path / "plain", tree, "--no-cache")
    assert after == uncached


def test_corrupt_and_foreign_caches_are_rebuilt_not_trusted(tmp_path, lockers_built):
    tree = copy_cases(tmp_path)
    out = tmp_path / "out"
    _, good, _ = check(out, tree)
    # Flip bytes in every result entry and truncate the index.
    for root, _, files in os.walk(out / "cache" / "results"):
        for name in files:
            p = os.path.join(root, name)
            data = bytearray(open(p, "rb").read())
            data[len(data) // 2] ^= 0x55
            open(p, "wb").write(bytes(data))
    index = out / "cache" / "index"
    index.write_bytes(index.read_bytes()[:-40])
    _, again, c = check(out, tree)
    assert c["corrupt_ignored"] > 0 and c["runs_reused"] == 0
    assert again == good
    # A cache written by something else is wiped.
    (out / "cache" / "FORMAT").write_text("someone else's cache 7\n")
    (out / "cache" / "results" / "junk").write_text("not ours")
    _, again, c = check(out, tree)
    assert c["rebuilt"] and not (out / "cache" / "results" / "junk").exists()
    assert again == good


def test_a_changed_rule_invalidates_its_results(tmp_path, lockers_built):
    tree = copy_cases(tmp_path)
    rules = tmp_path / "rules"
    shutil.copytree(RULES_BUILT, rules)
    out = tmp_path / "out"
    check(out, tree, "--rules-dir", rules)
    rule = rules / "loop-le-count.cocci"
    rule.write_text(rule.read_text() + "\n// an edit\n")
    _, _, c = check(out, tree, "--rules-dir", rules)
    assert c["runs_reused"] == 0 and c["files_read"] == 0


def test_macro_index_is_reused_until_a_header_changes(tmp_path, lockers_built):
    tree = tmp_path / "tree"
    shutil.copytree(cases_of("rcu-cross-pointer"), tree)
    out = tmp_path / "out"

    def index_run():
        run_lockers(["check", "--any-tree", "-q", "--fail-on", "101", "-o", out, "-r", "rcu-cross-pointer",
                     tree], check_rc=0)
        return (json.loads((out / "run.json").read_text())["macro_index"],
                (out / "lockers.json").read_bytes())

    first, report1 = index_run()
    assert not first["reused"] and first["macros"] > 0
    second, report2 = index_run()
    assert second["reused"] and second["macros"] == first["macros"]
    assert report2 == report1
    header = tree / "include" / "linux" / "sched.h"
    header.write_text(header.read_text() + "\n#define lockers_test_added(p) ((p)->next == (p))\n")
    third, _ = index_run()
    assert not third["reused"] and third["macros"] == first["macros"] + 1
    # a damaged stamp is a rebuild, never trusted
    (out / "macroindex.tsv.stamp").write_text("garbage\n")
    fourth, _ = index_run()
    assert not fourth["reused"]


def test_rules_without_the_macro_index_reuse_results_across_rule_selections(tmp_path, lockers_built):
    tree = tmp_path / "tree"
    shutil.copytree(cases_of("rcu-cross-pointer"), tree)
    shutil.copy(CASES / "array-declared-count-overrun.c", tree)
    out = tmp_path / "out"
    base = ["check", "--any-tree", "-q", "--fail-on", "101", "-o", out]
    run_lockers(base + ["-r", "loop-le-count", "-r", "rcu-cross-pointer", tree], check_rc=0)
    # loop-le-count alone needs no macro index: its results are the same ones
    run_lockers(base + ["-r", "loop-le-count", tree], check_rc=0)
    cache = json.loads((out / "run.json").read_text())["cache"]
    assert cache["runs_new"] == 0 and cache["runs_reused"] > 0


def test_a_new_cache_appears_whole_beside_nothing_else(tmp_path, lockers_built):
    """A missing cache is built under a name of its own and renamed into
    place (two shards opening one missing cache must not wipe each other's
    results); an empty directory given as the cache is used, and a trailing
    slash names the same cache."""
    tree = copy_cases(tmp_path)
    caches = tmp_path / "caches"
    caches.mkdir()
    _, cold, c1 = check(tmp_path / "out1", tree, "--cache", str(caches / "c") + "/")
    assert c1["rebuilt"] and c1["runs_new"] > 0
    assert sorted(os.listdir(caches)) == ["c"]                # no .new/.old left behind
    assert (caches / "c" / "FORMAT").exists()
    _, warm, c2 = check(tmp_path / "out2", tree, "--cache", caches / "c")
    assert c2["runs_new"] == 0 and warm == cold
    (caches / "empty").mkdir()
    _, again, c3 = check(tmp_path / "out3", tree, "--cache", caches / "empty")
    assert c3["rebuilt"] and again == cold
    assert sorted(os.listdir(caches)) == ["c", "empty"]


# A filesystem of two files: RCU walk's d_hash reads the info in namei.c,
# its kill_sb frees it in super.c. rcu-fs-walk-free judges super.c by what
# namei.c reads.
FS_MAKEFILE = "obj-$(CONFIG_SLATE_FS) += slate.o\nslate-y := super.o namei.o\n"
FS_NAMEI = """struct slate_sb_info { int casefold; };

static int slate_d_hash(const struct dentry *dentry, struct qstr *q)
{
	struct slate_sb_info *sbi = dentry->d_sb->s_fs_info;

	return sbi->casefold ? slate_fold(q) : 0;
}

const struct dentry_operations slate_dentry_ops = {
	.d_hash	= slate_d_hash,
};
"""
FS_SUPER = """static void slate_kill_sb(struct super_block *sb)
{
	struct slate_sb_info *sbi = sb->s_fs_info;

	kill_anon_super(sb);
	kfree(sbi);
}

static struct file_system_type slate_fs_type = {
	.name		= "slate",
	.kill_sb	= slate_kill_sb,
};
"""


def fs_walk(out, tree):
    run_lockers(["check", "--any-tree", "-q", "--no-notes", "--fail-on", "101", "-o", out,
                 "-r", "rcu-fs-walk-free", tree], check_rc=0)
    found = json.loads((out / "lockers.json").read_text())["findings"]
    return [(f["path"], f["line"]) for f in found], json.loads((out / "run.json").read_text())["cache"]


def test_a_change_to_a_file_the_rule_read_rescans_the_file_it_judged(tmp_path, lockers_built):
    tree = tmp_path / "tree" / "fs" / "slate"
    tree.mkdir(parents=True)
    (tree / "Makefile").write_text(FS_MAKEFILE)
    (tree / "namei.c").write_text(FS_NAMEI)
    (tree / "super.c").write_text(FS_SUPER)
    out = tmp_path / "out"
    found, _ = fs_walk(out, tmp_path / "tree")
    assert found == [("fs/slate/super.c", 6)]
    # The reader goes: super.c's bytes are the same, its finding is not.
    (tree / "namei.c").write_text(FS_NAMEI.replace("dentry->d_sb->s_fs_info", "slate_default_info"))
    found, c = fs_walk(out, tmp_path / "tree")
    assert found == [] and c["runs_stale"] == 1
    found, c = fs_walk(out, tmp_path / "tree")
    assert found == [] and c["runs_stale"] == 0 and c["runs_new"] == 0
    # A header added beside them is read too (the directory's entries changed).
    (tree / "slate.h").write_text("/* nothing */\n")
    _, c = fs_walk(out, tmp_path / "tree")
    assert c["runs_stale"] >= 1
    found, _ = fs_walk(tmp_path / "plain", tmp_path / "tree")
    assert found == []


def test_the_same_bytes_in_another_module_are_judged_by_that_module(tmp_path, lockers_built):
    # The cache keys on content: two filesystems with the same super.c share
    # an entry. Only the one whose namei.c reads the info has a finding.
    for name, namei in (("slate", FS_NAMEI), ("shale", FS_NAMEI.replace("dentry->d_sb->s_fs_info",
                                                                         "slate_default_info"))):
        d = tmp_path / "tree" / "fs" / name
        d.mkdir(parents=True)
        (d / "Makefile").write_text(FS_MAKEFILE.replace("slate", name))
        (d / "namei.c").write_text(namei)
        (d / "super.c").write_text(FS_SUPER)
    out = tmp_path / "out"
    for _ in range(2):
        found, _ = fs_walk(out, tmp_path / "tree")
        assert found == [("fs/slate/super.c", 6)]
