"""Payments: provider configurations, payment methods, charging invoices, provider webhooks,
retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the ``stripe``
SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK)."""
