/// Fix for loop-le-count findings whose evidence says the indexed array has
/// exactly E elements (array_size_is_bound, clang_array_overrun): the loop
/// stops before E.
///   -D lt   for (...; i <= E; ...) -> i < E, and E >= i -> E > i
//
// Fix: loop-le-count
// Options: --no-includes

virtual patch, lt

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at, is_key

@depends on patch && lt@
position p : script:python() { at(p) };
expression I, A, B;
expression E : script:python() { is_key(E) };
statement S;
@@
for@p (A;
(
- I <= E
+ I < E
|
- E >= I
+ E > I
)
; B) S
