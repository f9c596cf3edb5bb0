/// Finds counting loops that start at 0 and run while i <= E, where E is a
/// count (count, cnt, num, nr, len, size, n_*, nents, total, ...) or the
/// declared size of the array the loop indexes: such a loop runs E+1 times.
/// "for (i = 0; i < count; i++)" is the idiom; with <= a seasoned reader
/// expects either an off-by-one overrun, an ordinal misnamed as a count
/// (count really holds count-1, as hardware registers often encode it), or
/// a deliberate extra pass (Neil Brown, "Meet the Lockers", LWN 2011).
///
/// Evidence raises the score when i indexes an array whose size is known to
/// be E (declared T a[E], allocated with E elements, ARRAY_SIZE, filled as
/// a[E++]) or when the same file bounds E with < elsewhere; it lowers it
/// when the array has E+1 elements, the body treats i == E specially, a
/// comment explains the extra pass, E is X - Y, a division, E + k, or is
/// named like an ordinal (max, last, end, ...) or like an N-1 encoding
/// (*_minus1), or the file always uses <= with E.
//
// Rule: loop-le-count
// Confidence: Moderate
// Prefilter: le-count-loop
// Options: --no-includes
// Requires : for while
// Requires : <= >=
// Scope: function
//
// The prefilter "le-count-loop" stands for: a for or while whose whole
// condition is i <= E or E >= i (parentheses allowed), with i an identifier
// the file sets to a literal 0 somewhere (src/scan/prefilter.c). The rule cannot
// match a file without one: every shape below needs i = 0 and i <= E (or its
// isomorphic E >= i) as the whole loop condition.
//
// Layout: one SmPL rule per loop shape (a disjunction of whole for
// statements with different headers matches nothing in spatch 1.1.1), each
// with a one-line script that hands the match to check_loop(); check_loop()
// (cocci/lockers/loops.py) decides whether E is count-like and gathers evidence from
// the loop body (as spatch prints it) and from the file's text (comments,
// declarations, allocations, other loops). A loop is reported once even if
// two shapes match it.

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.loops import check_loop

// ------------------------------------------------------------ loop shapes

@for_assign@
identifier i;
expression E;
statement S;
position p;
@@
for@p (i = \(0\|0U\|0u\|0UL\|0ul\); i <= E; ...) S

@script:python@
p << for_assign.p; i << for_assign.i; E << for_assign.E; S << for_assign.S;
@@
check_loop("for", p, i, E, S)

@for_decl@
identifier i;
type T;
expression E;
statement S;
position p;
@@
for@p (T i = \(0\|0U\|0u\|0UL\|0ul\); i <= E; ...) S

@script:python@
p << for_decl.p; i << for_decl.i; E << for_decl.E; S << for_decl.S;
@@
check_loop("for_decl", p, i, E, S)

@for_comma@
identifier i;
expression E, E2;
statement S;
position p;
@@
for@p (\(i = \(0\|0U\|0u\|0UL\|0ul\), E2\|E2, i = \(0\|0U\|0u\|0UL\|0ul\)\); i <= E; ...) S

@script:python@
p << for_comma.p; i << for_comma.i; E << for_comma.E; S << for_comma.S;
@@
check_loop("for_comma", p, i, E, S)

@for_empty_init@
identifier i;
expression E;
statement S;
position p;
@@
i = \(0\|0U\|0u\|0UL\|0ul\);
for@p (; i <= E; ...) S

@script:python@
p << for_empty_init.p; i << for_empty_init.i; E << for_empty_init.E; S << for_empty_init.S;
@@
check_loop("for_after_zero", p, i, E, S)

@while_assign@
identifier i;
expression E;
statement S;
position p;
@@
i = \(0\|0U\|0u\|0UL\|0ul\);
while@p (i <= E) S

@script:python@
p << while_assign.p; i << while_assign.i; E << while_assign.E; S << while_assign.S;
@@
check_loop("while", p, i, E, S)

@while_decl@
identifier i;
type T;
expression E;
statement S;
position p;
@@
T i = \(0\|0U\|0u\|0UL\|0ul\);
while@p (i <= E) S

@script:python@
p << while_decl.p; i << while_decl.i; E << while_decl.E; S << while_decl.S;
@@
check_loop("while_decl", p, i, E, S)
