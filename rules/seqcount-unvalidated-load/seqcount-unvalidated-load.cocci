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
// Options: --no-includes
// Requires : read_seqcount_begin raw_read_seqcount raw_read_seqcount_begin __read_seqcount_begin raw_seqcount_begin read_seqbegin read_seqbegin_or_lock read_seqbegin_or_lock_irqsave read_seqcount_latch raw_read_seqcount_latch read_seqcount_retry __read_seqcount_retry read_seqretry need_seqretry read_seqcount_latch_retry raw_read_seqcount_latch_retry
// Requires : -> .
// Scope: function
// Facts : write_seqcount_begin raw_write_seqcount_begin write_seqcount_begin_nested raw_write_seqcount_begin_nested write_seqcount_t_begin raw_write_seqcount_t_begin do_write_seqcount_begin raw_do_write_seqcount_begin write_seqcount_latch raw_write_seqcount_latch write_seqlock raw_write_seqlock write_seqlock_bh raw_write_seqlock_bh write_seqlock_irq raw_write_seqlock_irq write_seqlock_irqsave raw_write_seqlock_irqsave
//
// The first Requires line: every shape is anchored on a begin or a retry
// of the family. The second: the seqcount must be a member (&X->f, &X.f)
// and the load X->g or X.g, so a file without -> or . cannot match.

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.seq import seq_norm as norm
from lockers.seqcount_unvalidated_load import PARAMS, INREG, INWR, REASS, LOOP, LOCKED, IFNOT, IFNOTJUMP, IFPOS
from lockers.seqcount_unvalidated_load import FAILBR, ESCAPES, TARGET, pid
from lockers.seqcount_unvalidated_load import fact_copy, fact_memcpy, fact_before, fact_after, flush

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
fact_copy(E, g, px, R)

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
fact_memcpy(E, g, px, V)

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
fact_before(pb, px, BEGIN, E, f, g, C)

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
fact_after(pr, px, RETRY, E, f, S9, g, C)

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
flush()
