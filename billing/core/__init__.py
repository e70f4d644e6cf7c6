"""The shared core every context stands on; it calls no context.

Ids (``ids``), currency codes (``currencies``), typed errors with the spec's messages
(``errors``), name and text checks (``validation``), reading callers' timestamps
(``timestamps``), the model base with tenant scoping and soft delete (``models``), finding one
of a merchant's rows (``lookup``), the asyncpg pool for hand-written SQL (``db_access``), and
the two pieces of due work every context uses: claiming due rows once (``claims``) and waking
the loops (``due_signal``).
"""
