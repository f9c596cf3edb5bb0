"""The kernel API vocabulary of the rules, in one place.

Python-side names only: the SmPL patterns spell the names they match
themselves (spatch needs them at parse time), and those lists are the
rule's pattern, shown where a reader looks for it.
"""
import re

# ---------------------------------------------------------------- seqcount

# Each begin of the seqcount/seqlock read API, and the retry that pairs
# with it (include/linux/seqlock.h).
SEQ_RETRY_OF = {
    "read_seqcount_begin": "read_seqcount_retry",
    "raw_read_seqcount": "read_seqcount_retry",
    "raw_read_seqcount_begin": "read_seqcount_retry",
    "__read_seqcount_begin": "__read_seqcount_retry",
    "raw_seqcount_begin": "read_seqcount_retry",
    "read_seqbegin": "read_seqretry",
    "read_seqbegin_or_lock": "need_seqretry",
    "read_seqbegin_or_lock_irqsave": "need_seqretry",
    "read_seqcount_latch": "read_seqcount_latch_retry",
    "raw_read_seqcount_latch": "raw_read_seqcount_latch_retry",
}
SEQ_BEGINS = set(SEQ_RETRY_OF)

# ---------------------------------------------------------------- seqlock or_lock

# The or_lock API: name -> variant ("plain", or "irq" for the flags saving pair).
OR_LOCK_BEGIN = {"read_seqbegin_or_lock": "plain", "read_seqbegin_or_lock_irqsave": "irq"}
OR_LOCK_NEED = {"need_seqretry": ""}
OR_LOCK_DONE = {"done_seqretry": "plain", "done_seqretry_irqrestore": "irq"}

# ---------------------------------------------------------------- RCU

# Update-side accessors: the caller holds the update lock.
RCU_PROTECTED = set("rcu_dereference_protected, rtnl_dereference, rht_dereference, "
                    "rht_dereference_bucket, wiphy_dereference, link_conf_dereference_protected, "
                    "link_sta_dereference_protected, tcf_chain_dereference, tcf_proto_dereference, "
                    "dereference_key_locked".split(", "))

# Single-load markers around a pointer read: a relation seen through one of
# them still compares the pointer itself (rcu-cross-pointer strips them from
# operands; src/index/macroindex.c drops them from the relations it records). The
# two lists are one: tests/test_cocci_package.py checks that is_wrapper() in
# src/index/macroindex.c names exactly these.
LOAD_WRAPPERS = set("""READ_ONCE __READ_ONCE READ_ONCE_NOCHECK data_race
rcu_dereference rcu_dereference_raw rcu_dereference_bh rcu_dereference_sched
rcu_dereference_check rcu_dereference_protected rcu_dereference_bh_check
rcu_dereference_sched_check rcu_dereference_raw_check srcu_dereference
srcu_dereference_check rcu_access_pointer smp_load_acquire likely unlikely""".split())

# Locks an updater takes (rcu-double-deref: held at a read, the pointer
# cannot change) ...
UPDATE_LOCK_RE = re.compile(r"\b(spin_lock|spin_lock_bh|spin_lock_irq|spin_lock_irqsave|raw_spin_lock|raw_spin_lock_irqsave|raw_spin_lock_irq|mutex_lock|mutex_lock_interruptible|mutex_lock_killable|write_lock|write_lock_bh|write_lock_irqsave|down_write|rtnl_lock|rq_lock|rq_lock_irqsave|rq_lock_irq)\s*\(")
UPDATE_UNLOCK_RE = re.compile(r"\b(spin_unlock|spin_unlock_bh|spin_unlock_irq|spin_unlock_irqrestore|raw_spin_unlock|raw_spin_unlock_irqrestore|raw_spin_unlock_irq|mutex_unlock|write_unlock|write_unlock_bh|write_unlock_irqrestore|up_write|rtnl_unlock|rq_unlock|rq_unlock_irqrestore|rq_unlock_irq)\s*\(")

# ... and any lock, read-side ones included, that may keep an object alive
# past an RCU section (rcu-escape), with the assertions that one is held.
LOCK_RE = re.compile(r"\b(spin_lock|spin_lock_bh|spin_lock_irq|spin_lock_irqsave|raw_spin_lock|raw_spin_lock_irqsave|raw_spin_lock_irq|mutex_lock|mutex_lock_interruptible|mutex_lock_killable|write_lock|write_lock_bh|write_lock_irqsave|read_lock|read_lock_bh|down_read|down_write|rtnl_lock)\s*\(")
UNLOCK_RE = re.compile(r"\b(spin_unlock|spin_unlock_bh|spin_unlock_irq|spin_unlock_irqrestore|raw_spin_unlock|raw_spin_unlock_irqrestore|raw_spin_unlock_irq|mutex_unlock|write_unlock|write_unlock_bh|write_unlock_irqrestore|read_unlock|read_unlock_bh|up_read|up_write|rtnl_unlock)\s*\(")
ASSERT_RE = re.compile(r"\b(lockdep_assert_held\w*|ASSERT_RTNL|lockdep_assert_rtnl_held|assert_spin_locked|lockdep_assert_wiphy|WARN_ON_ONCE\(!mutex_is_locked|WARN_ON\(!mutex_is_locked|WARN_ON\(!spin_is_locked)\s*\(")
