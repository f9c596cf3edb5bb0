"""seqcount-retry-ignored: a retry whose answer the code does not act on."""
from .record import emit
from .seq import seq_norm as norm


RULE = "seqcount-retry-ignored"


FOUND = {}


def ignored(pr, retry, c, s, how, **ev):
    p = pr[0]
    ident = (p.file, int(p.line), int(p.column))
    if ident in FOUND:
        return
    call = "%s(%s, %s)" % (retry, norm(c), norm(s))
    if how == "discarded":
        msg = "the result of %s is discarded: the read it should validate is used anyway" % call
    elif how == "unused":
        msg = ("the result of %s is stored in %s, which is never read: the "
               "read it should validate is used anyway" % (call, ev["stored_in"]))
    elif how == "empty_branch":
        msg = ("if (%s) neither repeats nor rejects the read: its branch is "
               "empty or only reports, and the data is used anyway" % call)
    elif how == "warning":
        msg = ("%s only feeds a warning: the read is neither repeated nor "
               "rejected" % call)
    else:
        msg = ("while (%s) never takes a new begin: %s keeps its old value, so "
               "the loop spins on a stale sequence instead of repeating the read"
               % (call, norm(s)))
    ev["ignored_as"] = how
    FOUND[ident] = (p, norm(c), msg, ev)


def flush():
    """At the end of the run: every finding, in file and line order."""
    for ident in sorted(FOUND):
        p, key, msg, ev = FOUND[ident]
        emit(RULE, p, key, msg, **ev)
