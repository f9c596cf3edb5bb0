"""seqlock-unbalanced: an or_lock region left without its done_seqretry(),
or closed or validated with another seq, lock, variant or flags."""
import re

from .cexpr import startkey as key_of
from .record import at, emit
from .seq import S, parity_of_seq
from .vocab import OR_LOCK_DONE

DONE_OF = {variant: name for name, variant in OR_LOCK_DONE.items()}   # the done_seqretry*() of a variant


RULE = "seqlock-unbalanced"


def begin_at(F, p):
    for b in F["begins"]:
        if key_of(b["pos"]) == key_of(p):
            return b
    return None


def need_at(F, p):
    for n in F["needs"]:
        if key_of(n["pos"]) == key_of(p):
            return n
    return None


def record_leak(start, exitp, where, pathseq):
    """An exit reached from a begin (or from a need check) of this file."""
    st = S(start)
    F = st.fn(start.current_element)
    if where == "before_check":
        b = begin_at(F, start)
        if b is None:
            return
        seq, lock, origin = b["seq"], b["lock"], b
        if seq != pathseq:
            return                  # the path bound seq to another argument
    else:
        n = need_at(F, start)
        if n is None:
            return
        seq, lock = n["seq"], n["lock"]
        if seq != pathseq:
            return
        begins = [b for b in F["begins"] if b["seq"] == seq]
        if not begins:
            return                  # a wrapper body or a region begun elsewhere
        origin = begins[0]
    k = (key_of(exitp), seq, lock)
    old = F["leaks"].get(k)
    if old is None or (old[2] == "after_check" and where == "before_check"):
        F["leaks"][k] = (exitp, origin, where, start)


def record_parity(start, exitp, pathseq):
    F = S(start).fn(start.current_element)
    b = begin_at(F, start) or need_at(F, start)
    if b is None or b["seq"] != pathseq:
        return
    S(start).fn(start.current_element)["parity"].add((key_of(start), key_of(exitp)))


def last_member(lock):
    m = re.search(r"(\w+)\s*\)*\s*$", lock)
    return m.group(1) if m else lock


def report_function(p):
    st = S(p)
    F = st.fn(p.current_element)
    tag = (p.current_element,)
    if tag in st.emitted or not F["begins"]:
        return
    st.emitted.add(tag)
    src = st.source()
    # done/need calls that do not match the region they close
    findings, wrong_seq_locks = [], set()
    for call in F["dones"] + F["needs"]:
        f = check_call(F, call)
        if f:
            findings.append(f)
            if f[1]["kind"] == "wrong_seq" and call in F["dones"]:
                wrong_seq_locks.add(call["lock"])
    # leaking exits
    for k in sorted(F["leaks"], key=lambda k: (k[0], k[1], k[2])):
        exitp, b, where, start = F["leaks"][k]
        seq, lock = b["seq"], b["lock"]
        if lock in wrong_seq_locks:
            continue                # closed, with the wrong seq: reported there
        try:
            text = src[int(exitp.line) - 1][int(exitp.column):]
        except IndexError:
            text = ""
        what = "return" if text.startswith("return") else "the end of the function"
        done_name = DONE_OF.get(b["variant"], DONE_OF["plain"])
        never_odd = parity_of_seq(F, seq) == "even"
        parity = (key_of(start), key_of(exitp)) in F["parity"]
        how = "before its retry check" if where == "before_check" else "after need_seqretry() accepted the pass"
        held = "the lock" if b["wrapper"] else lock
        emit(RULE, exitp, lock,
             "%s leaves the region begun by %s(%s) at line %s %s, skipping %s(): "
             "on a locking pass (%s odd) %s stays held"
             % (what, b["name"], call_text(b), b["pos"].line, how, done_name, seq, held),
             kind="exit_skips_done", exit=where, at_begin=at(b["pos"]),
             variant=b["variant"], via_wrapper=b["wrapper"],
             seq_never_odd=never_odd, parity_tested=parity)
    for pos, ev, msg in findings:
        emit(RULE, pos, ev.pop("key"), msg, **ev)


def call_text(c):
    return ", ".join(c["args"])


def check_call(F, call):
    """A finding (pos, evidence, message) when a done/need call does not
    match the region its seq (or its lock) was begun with."""
    is_done = call in F["dones"]
    seq, lock = call["seq"], call["lock"]
    text = "%s(%s)" % (call["name"], call_text(call))
    same_seq = [b for b in F["begins"] if b["seq"] == seq]
    if not same_seq:
        other = [b for b in F["begins"] if b["lock"] == lock and not b["wrapper"] and not call["wrapper"]]
        if other and re.match(r"^\w+$", seq):
            b = other[0]
            return (call["pos"], dict(key=lock, kind="wrong_seq", at_begin=at(b["pos"]),
                                      seq_never_odd=parity_of_seq(F, b["seq"]) == "even"),
                    "%s is given %s but the %s region was begun with %s at line %s"
                    % (text, seq, lock, b["seq"], b["pos"].line))
        return None
    if call["wrapper"] or any(b["wrapper"] for b in same_seq):
        return None                 # a wrapper names the lock its own way
    if not any(b["lock"] == lock for b in same_seq):
        b = same_seq[0]
        return (call["pos"], dict(key=lock, kind="wrong_lock", at_begin=at(b["pos"]),
                                  same_lock_field=last_member(lock) == last_member(b["lock"]),
                                  seq_never_odd=parity_of_seq(F, seq) == "even"),
                "%s names another lock than the region it %s: %s was begun on %s at line %s"
                % (text, "closes" if is_done else "validates", seq, b["lock"], b["pos"].line))
    if not is_done:
        return None
    mine = [b for b in same_seq if b["lock"] == lock]
    if all(b["variant"] != call["variant"] for b in mine):
        b = mine[0]
        if call["variant"] == "plain":
            why = "after a locking pass interrupts stay disabled"
        else:
            why = "the flags it restores were never saved"
        return (call["pos"], dict(key=lock, kind="wrong_variant", at_begin=at(b["pos"]),
                                  seq_never_odd=parity_of_seq(F, seq) == "even"),
                "%s closes a region begun with %s at line %s: %s"
                % (text, b["name"], b["pos"].line, why))
    if call["variant"] == "irq" and call["flags"]:
        saved = [b["flags"] for b in mine if b["variant"] == "irq" and b["flags"]]
        if saved and call["flags"] not in saved and re.match(r"^\w+$", call["flags"]) \
           and all(re.match(r"^\w+$", f) for f in saved):
            b = mine[0]
            return (call["pos"], dict(key=lock, kind="wrong_flags", at_begin=at(b["pos"]),
                                      seq_never_odd=parity_of_seq(F, seq) == "even"),
                    "%s restores %s but the region begun at line %s saved its flags in %s"
                    % (text, call["flags"], b["pos"].line, saved[0]))
    return None
