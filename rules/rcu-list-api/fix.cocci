/// Fixes for rcu-list-api findings: a plain list op on a list RCU readers
/// walk becomes its _rcu twin, with the same arguments, at the finding's
/// place only (lockers/fixtarget.py):
///   -D rename   list_del() -> list_del_rcu(), list_add() -> list_add_rcu(),
///               list_add_tail() -> list_add_tail_rcu(), list_replace() ->
///               list_replace_rcu(), hlist_del() -> hlist_del_rcu(),
///               hlist_del_init() -> hlist_del_init_rcu(), hlist_add_head()
///               -> hlist_add_head_rcu(), hlist_add_before()/_behind() ->
///               their _rcu twins
//
// Fix: rcu-list-api
// Options: --no-includes

virtual patch, rename

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at

@depends on patch && rename@
expression list ES;
position p : script:python() { at(p) };
@@
(
- list_del@p(ES)
+ list_del_rcu(ES)
|
- list_add@p(ES)
+ list_add_rcu(ES)
|
- list_add_tail@p(ES)
+ list_add_tail_rcu(ES)
|
- list_replace@p(ES)
+ list_replace_rcu(ES)
|
- hlist_del@p(ES)
+ hlist_del_rcu(ES)
|
- hlist_del_init@p(ES)
+ hlist_del_init_rcu(ES)
|
- hlist_add_head@p(ES)
+ hlist_add_head_rcu(ES)
|
- hlist_add_before@p(ES)
+ hlist_add_before_rcu(ES)
|
- hlist_add_behind@p(ES)
+ hlist_add_behind_rcu(ES)
)
