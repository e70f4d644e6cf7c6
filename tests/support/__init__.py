"""Shared test helpers; nothing here is a test. ``factories/`` builds rows per context,
``fakes/`` holds the provider stand-ins, ``processes/`` the ports, served processes and
stacks, ``databases`` the test databases; the other packages mirror the test tree
(``support/api`` for ``tests/api``, ...).

Isolation rules:

- Databases. Each pytest-xdist worker has a database of its own, a copy of the run's template
  that the migrations built once (``databases.py``). A test in it makes its own merchant and
  scopes whatever due work it runs to that merchant (``run_due(now, merchant_id=...)``, a step
  called with the merchant's id). A test whose subject is a pass over every merchant (an
  unscoped ``run_due``, ``tally run-due`` or ``tally worker`` processes, a served due-work
  loop, a served payments stack) runs in a database of its own, another copy of the template:
  ``module_database`` (a module's, the in-process ORM pointed at it), ``own_orm_database`` (one
  test's, likewise), ``own_database_url`` (one test's, for its processes only), and the stacks
  of ``processes/served_payments.py``.
- Gateways. A test whose subject is not the payment provider (dunning, retries, collection,
  refunds, pages, events, migrations) charges through the in-memory gateway
  (``fakes/memory_gateway.py``: ``memory_gateway``, ``memory_card_gateway``,
  ``memory_card_merchant``, ``memory_card``). localstripe (``provider_a_api``) and the provider
  B fake stay for the provider gateways' own tests, for card flows whose outcome is the
  provider's (checkout, the portal's cards, a card that needs its holder, the provider's
  refusal in its own words, a signed webhook only the provider's gateway checks), for the
  browser pages served by a ``tally serve`` process, and for the journeys and end-to-end tests.
"""
