"""Invoicing: what a subscription owes and the invoices that say so.

The money math (tiers, per-unit, proration, rounding) lives in ``money_math`` with every rule
in its docstring. May call: usage, subscriptions, tax, catalog, customers, accounts, core.
"""
