/// A value is copied out of an object that a seqcount protects, on a path
/// where no retry on that seqcount validates it. A seqcount read section is
/// not bracketed like a lock: each read_seqcount_retry() validates only what
/// was copied after the matching begin, and a begin that "seems active" does
/// not protect a load made before it (Neil Brown, "Meet the Lockers", on
/// __follow_mount_rcu() after commit 62a7375e). Three shapes are reported:
/// the load comes before the begin; it comes at the top of a loop whose
/// begin is later in the body (after the object was reassigned, so on the
/// first pass only the caller's sequence could cover it); or it comes after
/// the last retry, on the path where the retry said "consistent", with no
/// later retry.
///
/// Which object a seqcount protects: the struct of which the seqcount is a
/// direct member. read_seqcount_begin(&dentry->d_seq) protects dentry->...
/// (dentry->d_inode, dentry->d_flags), &nd->path.dentry->d_seq protects
/// nd->path.dentry->..., &net->ipv4.ping_group_range.lock protects
/// net->ipv4.ping_group_range.... A seqcount that is not a member
/// (&rename_lock, a seqcount_t *s parameter) protects nothing this rule can
/// name, so it is not used. Objects are compared as expressions: aliases
/// (tk = &tk_core.timekeeper) are not followed.
///
/// A load is a copy: an assignment or initialiser whose right side reads
/// object->field (READ_ONCE() and arithmetic included, &object->field and
/// sizeof not), a return of such a value, or memcpy() from it. Tests in
/// conditions are not copies: rcu-walk code tests unstable flags and bails
/// out, which is the intended use. Loads made while a lock or a write-side
/// section is held, loads in the branch where the retry failed (the
/// fallback), and loads followed by another retry on the seqcount are not
/// reported.
///
/// Evidence: the value leaves the function (out-parameter, field of a
/// parameter, returned), the same field is read inside a read section of
/// the same seqcount elsewhere in the file (so it is data the seqcount
/// covers), the object was reassigned between the load and the begin (the
/// load relies on the caller's sequence instead), the retried sequence is
/// handed on (a later retry elsewhere may still cover the load), and, for
/// a load before the begin, the field is never read in a read section nor
/// assigned in a write section of that seqcount in the file (it may not be
/// covered data at all: a pointer fixed for the object's life, such as
/// bb->page or neigh->dev, hoisted above the section that reads through
/// it). A loop counts as repeating the load only if the begin reaches the
/// load again without the object being re-fetched (nd->path = fs->pwd
/// re-fetches nd->path.dentry).
//
// Rule: seqcount-unvalidated-load
// Confidence: Moderate
// Requires: read_seqcount_begin raw_read_seqcount raw_read_seqcount_begin __read_seqcount_begin raw_seqcount_begin read_seqbegin read_seqbegin_or_lock read_seqbegin_or_lock_irqsave read_seqcount_latch raw_read_seqcount_latch read_seqcount_retry __read_seqcount_retry read_seqretry need_seqretry read_seqcount_latch_retry raw_read_seqcount_latch_retry
// Requires: -> .
// Options: --no-includes
//
// The first Requires line: every shape is anchored on a begin or a retry
// of the family. The second: the seqcount must be a member (&X->f, &X.f)
// and the load X->g or X.g, so a file without -> or . cannot match.

@initialize:python@
@@
import os, sys
sys.path.insert(0, os.environ.get("LOCKERS_COCCI_DIR", "cocci"))
from lockers import emit, norm as _norm, at
import re as _re

RULE = "seqcount-unvalidated-load"

def norm(e):
    """norm() plus unary & and * written against their operand."""
    t = _norm(e)
    return _re.sub(r"(^|[(\[!~]|, )([&*]) (?=[\w(])", r"\1\2", t)

def strip_casts(t):
    while True:
        m = _re.match(r"^\((?:const |volatile |struct )*\w+(?: \*+|\*+)\)\s*(.*)$", t)
        if not m:
            return t
        t = _re.sub(r"^([&*]) (?=[\w(])", r"\1", m.group(1).lstrip())

def member(c):
    """(object, field, arrow) of a seqcount written &object->field or
    &object.field; None when the seqcount is not a struct member."""
    t = strip_casts(norm(c))
    if not t.startswith("&"):
        return None
    t = t[1:].strip()
    if t.startswith("(") and t.endswith(")"):
        t = t[1:-1].strip()
    m = _re.match(r"^(.*\S)\s*(->|\.)\s*(\w+)$", t)
    if not m or "(" in m.group(1) and not m.group(1).endswith(")"):
        return None
    return (norm(m.group(1)), m.group(3), m.group(2))

def pid(p):
    return (p[0].file, int(p[0].line), int(p[0].column))

LOADS = {}      # load position -> (position, object, field, arrow, copy kind, target)
PARAMS = {}     # (file, function) -> parameter names
INREG = {}      # (file, seqcount field, field) -> loads of it inside a read section
INWR = set()    # (file, seqcount field, field) assigned inside a write section
LOCKED = set()  # load positions under a lock or write-side section
FAILBR = set()  # (load, retry) where the load is in the failed-retry branch
IFNOT = set()   # retries whose fall-through is the failure path
IFNOTJUMP = set() # if (!retry) break; or goto: the jump is the success path
IFPOS = set()   # retries tested positively in an if
BEFORE = {}     # load -> list of (begin position, begin, seqcount text)
REASS = {}      # (load, begin) -> reassignment position
LOOP = set()    # (load, begin) where the begin reaches the load again
AFTER = {}      # load -> list of (retry position, retry, seqcount, sequence)
ESCAPES = set() # (file, function, sequence) handed on
SITES = {}      # (file, function) -> begins and retries seen, for messages

def copy_kind(fn, v, file):
    """Does the copy leave the function? out_param, field or None."""
    if v is None:
        return None
    t = norm(v)
    params = PARAMS.get((file, fn), set())
    m = _re.match(r"^\*\s*(\w+)$", t) or _re.match(r"^(\w+)\s*(->|\[)", t)
    if m and m.group(1) in params:
        return "out_param" if t.startswith("*") or "[" in t[:len(m.group(1)) + 2] else "param_field"
    return None

def fn_of(p):
    return (p[0].file, p[0].current_element)

def pair_ok(fnp, fnl, c, e, g):
    """Same function, seqcount a member of the loaded object, and the
    loaded field is not the seqcount itself."""
    if fnp != fnl:
        return False
    m = member(c)
    return bool(m) and m[0] == norm(e) and m[1] != g

VALUE_CALLS = set(["READ_ONCE", "smp_load_acquire", "rcu_dereference",
    "rcu_dereference_raw", "rcu_dereference_check", "rcu_dereference_protected",
    "raw_cpu_read", "this_cpu_read", "le16_to_cpu", "le32_to_cpu", "le64_to_cpu",
    "be16_to_cpu", "be32_to_cpu", "be64_to_cpu", "atomic_read", "atomic64_read",
    "ktime_to_ns", "ktime_add", "ktime_sub", "min", "max", "min_t", "max_t",
    "unlikely", "likely"])

def value_load(r, e, g):
    """Is object->field used as a value in the right side r (not only its
    address, its size, an argument of a call, or a pointer called through)?"""
    r = norm(r)
    load = norm(e)
    pat = _re.compile(r"(?<![\w>.])" + _re.escape(load) + r"\s*(->|\.)\s*" + _re.escape(str(g)) + r"(?!\w)")
    for m in pat.finditer(r):
        i, j = m.start(), m.end()
        # chains after the field: ->x, .x, [..]
        while True:
            mm = _re.match(r"\s*(->|\.)\s*\w+", r[j:]) or _re.match(r"\s*\[[^\]]*\]", r[j:])
            if not mm:
                break
            j += mm.end()
        if r[j:].lstrip().startswith("("):
            continue                    # called through
        before = r[:i].rstrip()
        if before.endswith("&") and not before.endswith("&&"):
            continue                    # address only
        depth, ok = 0, True
        for k in range(i - 1, -1, -1):
            ch = r[k]
            if ch == ")":
                depth += 1
            elif ch == "(":
                if depth:
                    depth -= 1
                    continue
                mm = _re.search(r"(\w+)\s*$", r[:k])
                if mm and mm.group(1) == "sizeof":
                    ok = False
                    break
                if mm and mm.group(1) not in VALUE_CALLS and not _re.match(r"^\((?:const |unsigned |signed |struct |volatile )*\w+\s*\**\)", r[k:]):
                    ok = False          # an argument of a call
                    break
        if ok:
            return True
    return False

def line_of(p):
    return int(p[0].line)

COPY = set()    # (load, object, field) used as a value in a copy
ADDRONLY = set()  # (load, object, field) whose address only is copied
MEMCPY = set()  # (load, object, field) that are memcpy() sources
TARGET = {}     # load -> text of what the copy is stored in, or "return"
LOADTXT = {}    # load -> (position, object, field, arrow)

// ---------------------------------------------------------------------
// Parameters of every function, to tell out-parameters from locals.

@params@
identifier fn, P;
type T;
position pf;
@@
fn@pf(..., T P, ...) { ... }

@script:python@
fn << params.fn; P << params.P; pf << params.pf;
@@
PARAMS.setdefault((pf[0].file, str(fn)), set()).add(str(P))

// ---------------------------------------------------------------------
// Copies out of an object (E the object, g the field, px the load): every
// assignment, initialiser, return and memcpy() source in the file. The
// shape rules below find loads by structure; only those recorded here as
// copies of a value are reported.

@ld@
expression E, V, R;
identifier g, I;
type T;
position px;
@@
(
V = \( R \& <+... E@px->g ...+> \);
|
V = \( R \& <+... E@px.g ...+> \);
|
T I = \( R \& <+... E@px->g ...+> \);
|
T I = \( R \& <+... E@px.g ...+> \);
|
return \( R \& <+... E@px->g ...+> \);
|
return \( R \& <+... E@px.g ...+> \);
|
memcpy(V, \( R \& <+... E@px->g ...+> \), ...);
|
memcpy(V, \( R \& <+... E@px.g ...+> \), ...);
)

@script:python@
E << ld.E; g << ld.g; px << ld.px; R << ld.R;
@@
k = (pid(px), norm(E), str(g))
if value_load(R, E, g):
    COPY.add(k)
elif norm(R).startswith("&"):
    ADDRONLY.add(k)

@ldv@
expression E, V, R;
identifier g;
position px;
@@
(
V = \( R \& <+... E@px->g ...+> \);
|
V = \( R \& <+... E@px.g ...+> \);
)

@script:python@
V << ldv.V; px << ldv.px;
@@
TARGET[pid(px)] = str(V)

@ldr@
expression E;
identifier g;
position px;
@@
(
return <+... E@px->g ...+>;
|
return <+... E@px.g ...+>;
)

@script:python@
px << ldr.px;
@@
TARGET[pid(px)] = "return"

@ldm@
expression E, V;
identifier g;
position px;
@@
(
memcpy(V, <+... E@px->g ...+>, ...);
|
memcpy(V, <+... E@px.g ...+>, ...);
)

@script:python@
E << ldm.E; g << ldm.g; px << ldm.px; V << ldm.V;
@@
MEMCPY.add((pid(px), norm(E), str(g)))
TARGET[pid(px)] = "*(" + str(V) + ")"

// ---------------------------------------------------------------------
// Begins on a seqcount that is a member of an object E.

@bA@
identifier BEGIN =~ "^(read_seqcount_begin|raw_read_seqcount|raw_read_seqcount_begin|__read_seqcount_begin|raw_seqcount_begin|read_seqbegin|read_seqcount_latch|raw_read_seqcount_latch|read_seqbegin_or_lock|read_seqbegin_or_lock_irqsave)$";
expression E, C;
identifier f;
position pb;
@@
(
BEGIN@pb(\( C \& &E->f \), ...)
|
BEGIN@pb(\( C \& &E.f \), ...)
)

// Evidence: fields of E read (copied or tested) inside a read section.
@inreg exists@
identifier RETRY2 =~ "^(read_seqcount_retry|__read_seqcount_retry|read_seqretry|need_seqretry|read_seqcount_latch_retry|raw_read_seqcount_latch_retry|do_read_seqcount_retry)$";
identifier bA.BEGIN, bA.f, g;
expression bA.E;
position bA.pb, py;
@@
BEGIN@pb(...)
... when != RETRY2(&E->f, ...)
    when != RETRY2(&E.f, ...)
(
E@py->g
|
E@py.g
)

@script:python@
f << bA.f; g << inreg.g; py << inreg.py;
@@
INREG.setdefault((py[0].file, str(f), str(g)), set()).add(pid(py))

// Evidence: fields of E assigned inside a write-side section of the same
// seqcount (the writer treats them as covered data).
@inwr exists@
identifier WBEGIN =~ "^(raw_)?(write_seqcount_begin|write_seqcount_begin_nested|write_seqcount_t_begin|do_write_seqcount_begin|write_seqcount_latch|write_seqlock|write_seqlock_bh|write_seqlock_irq|write_seqlock_irqsave)$";
identifier WEND =~ "^(raw_)?(write_seqcount_end|write_seqcount_t_end|do_write_seqcount_end|write_seqcount_latch_end|write_sequnlock|write_sequnlock_bh|write_sequnlock_irq|write_sequnlock_irqrestore)$";
expression E, E8;
identifier f, g;
position py;
@@
(
WBEGIN(&E->f, ...)
|
WBEGIN(&E.f, ...)
)
... when != WEND(&E->f, ...)
    when != WEND(&E.f, ...)
(
E@py->g = E8
|
E@py.g = E8
)

@script:python@
f << inwr.f; g << inwr.g; py << inwr.py;
@@
INWR.add((py[0].file, str(f), str(g)))

// Shapes 1 and 2: a load reached from the function entry without a begin
// on its seqcount, and followed by such a begin.
@before exists@
identifier BEGIN2 =~ "^(read_seqcount_begin|raw_read_seqcount|raw_read_seqcount_begin|__read_seqcount_begin|raw_seqcount_begin|read_seqbegin|read_seqcount_latch|raw_read_seqcount_latch|read_seqbegin_or_lock|read_seqbegin_or_lock_irqsave)$";
identifier bA.BEGIN, bA.f, g, fn;
expression bA.E;
position bA.pb, px;
@@
fn(...) {
... when != BEGIN2(&E->f, ...)
    when != BEGIN2(&E.f, ...)
(
E@px->g
|
E@px.g
)
... when any
BEGIN@pb(...)
... when any
}

@script:python@
pb << bA.pb; px << before.px; BEGIN << bA.BEGIN; E << bA.E; f << bA.f; g << before.g; C << bA.C;
@@
if line_of(px) < line_of(pb) and str(g) != str(f):
    BEFORE.setdefault((pid(px), norm(E), str(g)), []).append((px, pb, str(BEGIN), str(f), C))

@reass exists@
identifier bA.BEGIN, before.g;
expression bA.E, E7;
position bA.pb, before.px, pa;
@@
(
E@px->g
|
E@px.g
)
... when any
E@pa = E7
... when any
BEGIN@pb(...)

@script:python@
pb << bA.pb; px << before.px; pa << reass.pa;
@@
REASS.setdefault((pid(px), pid(pb)), pa)

// The struct that holds the object, when the seqcount is written
// &P.h->f or &P->h->f (&nd->path.dentry->d_seq: P is nd->path), else the
// object itself: assigning it re-fetches the object (nd->path = fs->pwd).
// The last branch (a cast seqcount) binds the argument, never assigned.
@bP@
identifier bA.BEGIN, bA.f, h;
expression P;
position bA.pb;
@@
(
BEGIN@pb(&P.h->f, ...)
|
BEGIN@pb(&P->h->f, ...)
|
BEGIN@pb(&P.h.f, ...)
|
BEGIN@pb(&P->h.f, ...)
|
BEGIN@pb(&P->f, ...)
|
BEGIN@pb(&P.f, ...)
|
BEGIN@pb(P, ...)
)

// The begin reaches the load again (a loop) without the object being
// re-fetched on the way: a loop that re-reads the object first (path_init()
// fetching fs->pwd again on every pass of an fs->seq loop) loads each new
// object once, before its own begin, and is not a repeated load.
@loopback exists@
identifier bA.BEGIN, before.g;
expression bA.E, bP.P, E7, E8;
position bA.pb, before.px;
@@
BEGIN@pb(...)
... when != E = E7
    when != P = E8
(
E@px->g
|
E@px.g
)

@script:python depends on loopback@
pb << bA.pb; px << before.px;
@@
LOOP.add((pid(px), pid(pb)))

@lockA exists@
identifier LOCK =~ "^(raw_)?(spin_lock|spin_trylock|read_lock|write_lock|mutex_lock|read_seqlock_excl|write_seqlock|down_read|down_write|write_seqcount_begin|write_seqcount_latch|write_seqcount_t_begin|do_write_seqcount_begin)";
identifier UNLOCK =~ "(unlock|^up_read|^up_write|^(raw_)?write_seqcount_end|^(raw_)?write_seqcount_latch_end|^do_write_seqcount_end)";
identifier before.g;
expression bA.E;
position before.px;
@@
LOCK(...)
... when != UNLOCK(...)
(
E@px->g
|
E@px.g
)

@script:python depends on lockA@
px << before.px;
@@
LOCKED.add(pid(px))

// ---------------------------------------------------------------------
// Shape 3: a load after the last retry, on the path where it succeeded.

@rA@
identifier RETRY =~ "^(read_seqcount_retry|__read_seqcount_retry|read_seqretry|need_seqretry|read_seqcount_latch_retry|raw_read_seqcount_latch_retry|do_read_seqcount_retry)$";
expression E, S9, C;
identifier f;
position pr;
@@
(
RETRY@pr(\( C \& &E->f \), S9)
|
RETRY@pr(\( C \& &E.f \), S9)
)

@after exists@
identifier BEGIN2 =~ "^(read_seqcount_begin|raw_read_seqcount|raw_read_seqcount_begin|__read_seqcount_begin|raw_seqcount_begin|read_seqbegin|read_seqcount_latch|raw_read_seqcount_latch|read_seqbegin_or_lock|read_seqbegin_or_lock_irqsave)$";
identifier RETRY2 =~ "^(read_seqcount_retry|__read_seqcount_retry|read_seqretry|need_seqretry|read_seqcount_latch_retry|raw_read_seqcount_latch_retry|do_read_seqcount_retry)$";
identifier rA.RETRY, rA.f, g;
expression rA.E, E7;
position rA.pr, px;
@@
RETRY@pr(...)
... when != BEGIN2(&E->f, ...)
    when != BEGIN2(&E.f, ...)
    when != E = E7
(
E@px->g
|
E@px.g
)
... when != RETRY2(&E->f, ...)
    when != RETRY2(&E.f, ...)

@script:python@
pr << rA.pr; px << after.px; RETRY << rA.RETRY; E << rA.E; f << rA.f; S9 << rA.S9; g << after.g; C << rA.C;
@@
if line_of(px) >= line_of(pr) and str(g) != str(f):
    AFTER.setdefault((pid(px), norm(E), str(g)), []).append((px, pr, str(RETRY), str(f), S9, C))

@lockB exists@
identifier LOCK =~ "^(raw_)?(spin_lock|spin_trylock|read_lock|write_lock|mutex_lock|read_seqlock_excl|write_seqlock|down_read|down_write|write_seqcount_begin|write_seqcount_latch|write_seqcount_t_begin|do_write_seqcount_begin)";
identifier UNLOCK =~ "(unlock|^up_read|^up_write|^(raw_)?write_seqcount_end|^(raw_)?write_seqcount_latch_end|^do_write_seqcount_end)";
identifier after.g;
expression rA.E;
position after.px;
@@
LOCK(...)
... when != UNLOCK(...)
(
E@px->g
|
E@px.g
)

@script:python depends on lockB@
px << after.px;
@@
LOCKED.add(pid(px))

// which branch of an if is the failure path
@ifnot@
identifier rA.RETRY;
position rA.pr;
statement S;
@@
if (<+... !RETRY@pr(...) ...+>) S

@script:python depends on ifnot@
pr << rA.pr;
@@
IFNOT.add(pid(pr))

@ifnotjump@
identifier rA.RETRY, l;
position rA.pr;
@@
if (<+... !RETRY@pr(...) ...+>) \( break; \| goto l; \)

@script:python depends on ifnotjump@
pr << rA.pr;
@@
IFNOTJUMP.add(pid(pr))

@ifpos@
identifier rA.RETRY;
position rA.pr;
statement S;
@@
if (<+... RETRY@pr(...) ...+>) S

@script:python depends on ifpos@
pr << rA.pr;
@@
IFPOS.add(pid(pr))

@thenbr@
identifier rA.RETRY, after.g;
expression rA.E;
position rA.pr, after.px;
@@
if (<+... RETRY@pr(...) ...+>) { <+... \( E@px->g \| E@px.g \) ...+> }

@script:python depends on thenbr@
pr << rA.pr; px << after.px;
@@
FAILBR.add((pid(px), pid(pr)))

// the retried sequence is handed on (stored, returned, passed on)
@esc@
identifier f !~ "^(read_seqcount_|__read_seqcount_|raw_read_seqcount|read_seq|need_seqretry|done_seqretry|raw_seqcount_|do_read_seqcount)";
expression rA.S9, E6;
position pe;
@@
(
E6 = S9@pe;
|
return S9@pe;
|
f(..., S9@pe, ...);
|
E6 = f(..., S9@pe, ...);
|
return f(..., S9@pe, ...);
)

@script:python@
S9 << rA.S9; pe << esc.pe;
@@
ESCAPES.add((pe[0].file, pe[0].current_element, norm(S9)))

// ---------------------------------------------------------------------

@finalize:python@
@@
found = {}
keys = sorted(set(BEFORE) | set(AFTER))
for k in keys:
    px_id, obj, g = k
    if k not in COPY and k not in MEMCPY:
        continue
    if px_id in LOCKED:
        continue
    file, line, col = px_id
    ev = {}
    shape = None
    cand = BEFORE.get(k, []) + AFTER.get(k, [])
    px = cand[0][0]
    fn = px[0].current_element
    target = TARGET.get(px_id)
    if k in BEFORE:
        px, pb, begin, f, c = sorted(BEFORE[k], key=lambda t: (line_of(t[1]), int(t[1][0].column)))[0]
        m = member(c)
        key_load = obj + m[2] + g
        seqc = strip_casts(norm(c))
        reass = REASS.get((px_id, pid(pb)))
        loop = (px_id, pid(pb)) in LOOP
        ev["at_begin"] = at(pb[0])
        if reass is not None:
            ev["object_reassigned"] = at(reass[0])
        if reass is not None and loop:
            shape = "loop_top"
            msg = ("%s is read at the top of the loop, before %s(%s) later in "
                   "the body (line %s), and %s is reassigned (line %s) in "
                   "between: on the first pass no begin in %s() covers it, "
                   "only a sequence the caller took"
                   % (key_load, begin, seqc, pb[0].line, obj, reass[0].line, fn))
        elif reass is not None:
            shape = "before"
            msg = ("%s is read before %s is reassigned (line %s) and %s(%s) "
                   "(line %s) begins on the new object: no begin in %s() "
                   "covers the load, only a sequence the caller took"
                   % (key_load, obj, reass[0].line, begin, seqc, pb[0].line, fn))
        elif loop:
            shape = "loop_top"
            msg = ("%s is read before %s(%s) (line %s) on every pass of the "
                   "loop: the retry of that section validates only what is "
                   "read after the begin"
                   % (key_load, begin, seqc, pb[0].line))
        else:
            shape = "before"
            msg = ("%s is read before %s(%s) (line %s): the retry of that "
                   "section validates only what is read after the begin"
                   % (key_load, begin, seqc, pb[0].line))
        ev["in_loop"] = loop
    if shape is None and k in AFTER:
        cands = []
        for (px2, pr, retry, f, s9, c) in AFTER[k]:
            r = pid(pr)
            if r in IFNOT and r not in IFNOTJUMP and (px_id, r) not in FAILBR:
                continue        # fall-through of if (!retry): the failure path
            if r not in IFNOT and r in IFPOS and (px_id, r) in FAILBR:
                continue        # inside if (retry) { ... }: the failure path
            cands.append((px2, pr, retry, f, s9, c))
        if cands:
            px, pr, retry, f, s9, c = sorted(cands, key=lambda t: (-line_of(t[1]), int(t[1][0].column)))[0]
            m = member(c)
            key_load = obj + m[2] + g
            seqc = strip_casts(norm(c))
            shape = "after"
            ev["at_retry"] = at(pr[0])
            sq = norm(s9)
            handed = (not _re.match(r"^\w+$", sq)) or \
                     sq in PARAMS.get((file, fn), set()) or \
                     (file, fn, sq) in ESCAPES
            if handed:
                ev["seq_handed_on"] = sq
            msg = ("%s is read after %s(%s, %s) (line %s) said the section was "
                   "consistent, and no later retry validates it"
                   % (key_load, retry, seqc, sq, pr[0].line))
            if handed:
                msg += " (%s lives on: a retry elsewhere must cover this load)" % sq
    if shape is None:
        continue
    ev["shape"] = shape
    if target == "return":
        ev["copied_to_caller"] = "return"
    else:
        kind = copy_kind(fn, target, file)
        if kind:
            ev["copied_to_caller"] = kind
    if "copied_to_caller" in ev:
        msg += "; the value goes to %s" % ("the caller" if target == "return" else norm(target))
    others = INREG.get((file, m[1], g), set()) - set([px_id])
    if others:
        o = sorted(others)[0]
        ev["field_read_in_region"] = "%d:%d" % (o[1], o[2] + 1)
    elif shape != "after" and (file, m[1], g) not in INWR:
        # nothing in the file reads g inside a section of this seqcount or
        # writes it inside a write section: g may be a field the seqcount
        # does not cover (a pointer fixed for the life of the object, bb->page,
        # neigh->dev), fetched once before the section that reads through it
        ev["field_not_covered"] = 1
        msg += ("; nothing in this file reads or writes %s inside a section "
                "of %s: it may not be data that seqcount covers"
                % (key_load, seqc[1:] if seqc.startswith("&") else seqc))
    dk = (file, fn, key_load)
    if dk in found:
        found[dk][2]["loads"] = found[dk][2].get("loads", 1) + 1
        continue
    found[dk] = (px, key_load, ev, msg)

for dk in sorted(found, key=lambda d: (d[0], pid(found[d][0]))):
    px, key_load, ev, msg = found[dk]
    emit(RULE, px[0], key_load, msg, **ev)
