"""Invoicing: what a subscription owes and the invoices that say so.

The money math (tiers, per-unit, proration, rounding) lives in ``money_math`` with every rule
in its docstring. ``subscription_starts`` creates a subscription and bills its first invoice in
one transaction (``triggerImmediateBilling``); an invoice issued outside a due pass wakes the
due-work loops to charge it (``issuing.collect_soon``). May call: usage, subscriptions, tax,
catalog, customers, accounts, core.
"""
