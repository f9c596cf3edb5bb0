/// A list that RCU readers walk changed with the plain list API, or walked
/// with the plain iterator inside a read-side section while its writers use
/// the _rcu ops. list_del()/list_add()/list_add_tail()/list_splice*()/
/// list_replace()/list_move()/hlist_del()/hlist_add_head() on a list head
/// (or an entry of a struct type, through a link member) that the file walks
/// with list_for_each_entry_rcu()/hlist_for_each_entry_rcu()/
/// list_first_or_null_rcu()/list_next_or_null_rcu()/list_entry_rcu()/
/// seq_list_*_rcu(), or that other writers of the file change with the _rcu
/// ops; and list_for_each_entry()/hlist_for_each_entry() between
/// rcu_read_lock() and its unlock, no update-side lock held, on a list the
/// file changes with list_add_rcu()/list_del_rcu() and friends.
///
/// Why: the plain ops have no release ordering (a reader can follow the new
/// entry before its fields land) and list_del() poisons ->next while a
/// reader may stand on the entry; the plain iterator lets the compiler
/// reload or tear the ->next it follows. A plain removal whose entry the
/// function then frees with kfree_rcu()/call_rcu() contradicts itself: the
/// deferred free says readers may still stand on the entry. A reader that
/// runs as an rtnetlink handler (rtnl_register*(), no _UNLOCKED flag) holds
/// RTNL: not lock-free when the writer holds RTNL too. A function that only
/// init code calls (the call-context index) runs before readers exist, as
/// an __init one does. Lists are matched by the head's
/// last member (or a global's name) with the head's struct type, and
/// entries by their struct type and link member, so a same-named list of
/// another struct does not count. An op on the very head a lock-free reader
/// walks is surely on the RCU list (same_head); one matched only through
/// its entry's type, when that type also sits on a head no RCU site names
/// (an add of the file puts it there), may be on that other list. A static
/// writer's calls in its file speak for it: readers that hold the read side
/// of the lock each caller holds for write are not lock-free, and calls that
/// each follow a grace-period wait leave no reader to race.
//
// Rule: rcu-list-api
// Confidence: Moderate
// Options: --no-includes
// Needs: call-context
// Requires : @rcu-list-walks @rcu-list-cursors @rcu-seq-list @rcu-list-add @rcu-list-del @rcu-list-replace @rcu-list-splice
// Requires : @list-ops @list-moves @list-walks @rcu-list-splice
// Scope: function
// Facts : @rcu-read-lock guard(rcu) @rcu-list-walks @rcu-list-cursors @rcu-seq-list @rcu-list-add @rcu-list-del @rcu-list-replace @rcu-list-splice @list-ops @list-moves @list-walks

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu import section, guard, flush
from lockers.rcu_list_api import plain_op, rcu_op, rcu_reader, plain_iter

// each file on its own: report the facts of the previous file, then forget them
@script:python@
@@
flush()

@pop@
identifier OP = {@list-ops, @list-moves};
position p;
@@
OP@p(...)

@script:python@
OP << pop.OP;
p << pop.p;
@@
plain_op(p[0], OP)

@rop@
identifier OP = {@rcu-list-add, @rcu-list-del, @rcu-list-replace, @rcu-list-splice};
position p;
@@
OP@p(...)

@script:python@
OP << rop.OP;
p << rop.p;
@@
rcu_op(p[0], OP)

@rdx@
identifier RD = {@rcu-list-cursors, @rcu-seq-list};
position p;
@@
RD@p(...)

@script:python@
RD << rdx.RD;
p << rdx.p;
@@
rcu_reader(p[0], RD)

@rdi@
iterator IT = {@rcu-list-walks};
statement S;
position p;
@@
IT@p(...) S

@script:python@
IT << rdi.IT;
p << rdi.p;
@@
rcu_reader(p[0], IT)

@pit@
iterator IT = {@list-walks};
statement S;
position p;
@@
IT@p(...) S

@script:python@
IT << pit.IT;
p << pit.p;
@@
plain_iter(p[0], IT)

#include "rcu-sections.cocci"

@finalize:python@
@@
flush()
