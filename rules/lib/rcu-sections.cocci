// The read-side sections and guard(rcu)() the RCU rules collect per file (lockers/rcu.py: section, guard).
@sec exists@
position p1, p2;
expression I;
@@
(
rcu_read_lock@p1();
|
rcu_read_lock_bh@p1();
|
rcu_read_lock_sched@p1();
|
rcu_read_lock_sched_notrace@p1();
|
rcu_read_lock_trace@p1();
|
I = srcu_read_lock@p1(...);
|
I = srcu_read_lock_notrace@p1(...);
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != rcu_read_unlock_sched_notrace();
    when != rcu_read_unlock_trace();
    when != srcu_read_unlock(...);
    when != srcu_read_unlock_notrace(...);
(
rcu_read_unlock@p2();
|
rcu_read_unlock_bh@p2();
|
rcu_read_unlock_sched@p2();
|
rcu_read_unlock_sched_notrace@p2();
|
rcu_read_unlock_trace@p2();
|
srcu_read_unlock@p2(...);
|
srcu_read_unlock_notrace@p2(...);
)

@script:python@
p1 << sec.p1;
p2 << sec.p2;
@@
section(p1[0], p2[0])

@grd@
position p1;
@@
guard(rcu)@p1();

@script:python@
p1 << grd.p1;
@@
guard(p1[0])
