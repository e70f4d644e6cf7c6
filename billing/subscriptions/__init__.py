"""Subscriptions: what each customer has bought and how it changes over time.

Versions and overrides, features and billing details, the lifecycle (pause, resume,
reactivate, cancel, dunning and its settings), scheduled changes and plan migrations, period
roll-over, billing dates, MRR, free subscriptions, a customer's subscription status, and
credit grants, which are issued, carried over, renewed and cancelled with the subscription
(usage only reads their balance). May call: catalog, customers, accounts, core.
"""
