"""The Python half of the lockers rules (cocci/*.cocci).

Each rule's @script:python@ blocks are short calls into this package:

  record      the record a finding becomes (emit, norm, at) and the
              per-file lifecycle (collect, flush at the end of a file)
  source      the one cached reader of the C file being checked
  cexpr       the C expression toolkit (tokens, parentheses, casts,
              top-level splits, location keys)
  vocab       the kernel API names the rules know (RCU, seqcount, seqlock)
  macroindex  the tree's macro and inline-helper index (LOCKERS_MACRO_INDEX)
  seq, rcu    what the seqcount/seqlock and the RCU rules share
  loops       loop-le-count's evidence

and one module per rule for the evidence only that rule weighs
(seqlock_unbalanced, rcu_escape, ...).

`from lockers import emit, norm, at` keeps working for rules written
against the single-file lockers.py this package replaces.
"""
from .record import RECORD_VERSION, at, clean, emit, norm  # noqa: F401
