"""Tally's billing domain: one package per context, each with its models and services.

Nothing in this package imports Quart, so every rule lives in one place and both front ends
(``api/`` and ``webapp/``) call the same service functions. Contexts call only downwards
(checked by ``lint-imports``; contexts on one line never call each other)::

    due_work, onboarding      the due-work pass; the onboarding checklist
    payments, seats           collecting invoices, refunds; seats added to organizations
    invoicing                 invoices, billing runs, money math, prorations
    usage                     events, rollups, metric values, entitlements
    subscriptions, tax        subscriptions and credit grants; tax settings and engine
    catalog, customers        features, metrics, plans, prices, pricing tables; customers
    accounts                  merchants, users, API keys
    core                      ids, money, errors, models base, lookups, claims
"""
