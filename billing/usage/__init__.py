"""Usage: what customers consume and what they may consume.

Usage events (intake with group commit, batches, back-fill, idempotency keys), hourly rollups
and checkpoints, metric values (custom SQL metrics in a sandbox with its own pool and database
role), and entitlement checks against plan features, overrides and credit balances. May call:
subscriptions, catalog, customers, accounts, core.
"""
