"""Shared test helpers; nothing here is a test. ``factories/`` builds rows per context,
``fakes/`` holds the provider stand-ins, ``processes/`` the ports, served processes and
stacks, ``databases`` the per-worker test databases; the other packages mirror the test tree
(``support/api`` for ``tests/api``, ...)."""
