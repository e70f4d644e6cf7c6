"""Customers and organizations: fields, uniqueness, search and pages, payment summaries.

May call: accounts, core. (Deleting a customer first reads whether a subscription refers to
it: its one read of subscriptions' table, declared in pyproject.toml.)
"""
