"""seqlock-never-locks: an or_lock reader whose seq can never become odd."""
import re

from .cexpr import int_value
from .record import at, emit
from .seq import F, S, parity_of_seq


RULE = "seqlock-never-locks"


def section_loop(pb, seq):
    """The read section begun at pb walks something (a loop before the check)."""
    f = F(pb)
    if any(b["seq"] == seq and (b["pos"].line, b["pos"].column) == (pb.line, pb.column) for b in f["begins"]):
        f["loops"].add((pb.line, pb.column))


def report_region(p):
    """The begin at p, if its seq can never be made odd."""
    st = S(p)
    F = st.fn(p.current_element)
    for b in F["begins"]:
        if (b["pos"].line, b["pos"].column) != (p.line, p.column):
            continue
        seq = b["seq"]
        needs = [n for n in F["needs"] if n["seq"] == seq]
        if not needs:
            continue                    # no retry check: left to other rules
        if parity_of_seq(F, seq) != "even":
            continue
        tag = (p.line, p.column)
        if tag in st.emitted:
            continue
        st.emitted.add(tag)
        dones = [d for d in F["dones"] if d["seq"] == seq]
        copies = sorted(set(str(rhs).strip() for (w, op, rhs, _) in F["writes"]
                            if w == seq and op == "=" and re.match(r"^\w+$", str(rhs).strip())
                            and int_value(rhs) is None))
        form = "do_while"
        src = st.source()
        nline = src[int(needs[0]["pos"].line) - 1] if needs else ""
        if re.match(r"^\s*if\s*\(\s*need", nline) or re.search(r"\bif\s*\(\s*" + re.escape(needs[0]["name"]), nline):
            form = "goto_restart"
        elif re.search(r"\bif\s*\(\s*!\s*" + re.escape(needs[0]["name"]), nline):
            form = "loop_break"
        elif not re.search(r"\bwhile\s*\(", nline):
            form = "other"
        short = tag not in F["loops"]
        emit(RULE, p, b["lock"],
             "%s is never made odd after a failed pass: %s(%s, &%s) never takes the lock "
             "(a plain read_seqbegin() retry loop in disguise, which can starve under writers)"
             % (seq, b["name"], b["lock"], seq, ),
             form=form, variant=b["variant"], via_wrapper=b["wrapper"],
             copied_from=",".join(copies) if copies else None,
             has_done=bool(dones), short_section=short,
             at_retry=at(needs[0]["pos"]))
