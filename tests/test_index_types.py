"""The index's type-level RCU facts (src/index/headers.c): which struct an
__rcu member points to, so the rules know which types RCU readers reach,
and which structs carry an rcu_head."""
from conftest import scan

HEADER = """\
struct dev;
struct holder {
\tstruct entry __rcu *live;
\t__rcu struct other *o2;
\tvoid __rcu *opaque;
\tstruct entry __rcu **slots;
\tstruct rcu_head rcu;
};
struct entry {
\tint x;
\tstruct callback_head cb;
};
typedef struct {
\tstruct entry __rcu *e;
\tstruct rcu_head rh;
} anon_t;
typedef struct tagged tagged_t;
struct tagged { struct rcu_head r; struct dev __rcu *d; };
struct not_a_head { struct rcu_head *ptr; struct rcu_head arr[2]; };
"""


def rows(tmp_path):
    (tmp_path / "tree" / "include" / "linux").mkdir(parents=True)
    (tmp_path / "tree" / "include" / "linux" / "a.h").write_text(HEADER)
    (tmp_path / "tree" / "a.c").write_text("int f(void) { return 0; }\n")
    proc, report = scan(tmp_path / "tree", tmp_path / "out", rules=["rcu-plain-access"])
    out = set()
    for line in (tmp_path / "out" / "macroindex.tsv").read_text().splitlines():
        cols = line.split("\t")
        if cols[1] in ("rcu-field", "rcu-head"):
            out.add(tuple(cols))
    return out


def test_pointees_and_heads(tmp_path):
    got = rows(tmp_path)
    h = "include/linux/a.h:"
    assert got == {
        ("live", "rcu-field", "holder", h + "3", "entry"),
        ("o2", "rcu-field", "holder", h + "4", "other"),
        ("opaque", "rcu-field", "holder", h + "5", ""),
        ("slots[]", "rcu-field", "holder", h + "6", "entry"),
        ("rcu", "rcu-head", "holder", h + "7", ""),
        ("cb", "rcu-head", "entry", h + "11", ""),
        ("e", "rcu-field", "anon_t", h + "14", "entry"),
        ("rh", "rcu-head", "anon_t", h + "15", ""),
        ("d", "rcu-field", "tagged", h + "18", "dev"),
        ("d", "rcu-field", "tagged_t", h + "18", "dev"),
        ("r", "rcu-head", "tagged", h + "18", ""),
        ("r", "rcu-head", "tagged_t", h + "18", ""),
    }
    # the stamp kept beside the index counts them, for a reused index's summary
    stamp = (tmp_path / "out" / "macroindex.tsv.stamp").read_text().split()
    assert stamp[:2] == ["lockers-macroindex", "4"] and stamp[-1] == "5"
