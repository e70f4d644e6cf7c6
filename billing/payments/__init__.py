"""Payments: provider configurations, payment methods, charging invoices, provider webhooks,
retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the ``stripe``
SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK).

Provider A: ``provider_a`` (the SDK adapter, one client per call), ``provider_a_config`` (keys
and webhook endpoint per merchant row), ``providers`` (which provider is configured, the
profile prefill). May call: invoicing and below (accounts for a merchant's mode and lock).
"""
