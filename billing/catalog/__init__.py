"""The catalog: what a merchant sells.

Features, metrics (their definitions and the rules of custom SQL), versioned plans (create,
edit, new versions), prices with their pricing data, components and recurrence rules, and
pricing tables with their public views. May call: accounts, core. (Deleting a feature also
retires the subscription overrides that grant it: its one write to subscriptions' table,
declared in pyproject.toml.)
"""
