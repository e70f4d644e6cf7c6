"""Payments: provider configurations, payment methods, charging invoices, provider webhooks,
retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the ``stripe``
SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK).

Provider A: ``provider_a`` (the SDK adapter, one client per call), ``provider_a_config`` (keys
and webhook endpoint per merchant row), ``providers`` (which provider is configured, the
profile prefill).

Webhooks: ``webhooks`` (verify a delivery with the merchant row's signing secret, record its
event id once with its effect), ``webhook_events`` (which action each provider event type
stands for), ``webhook_actions`` (the actions, planned apart from applied, so the test
endpoint can say what a delivery would do).

Flows of lower contexts that depend on payments: ``customer_payments`` (the customers list's
payment totals), ``free_subscriptions`` (spec rule 2: a free plan needs provider A).

Collecting: ``collecting`` (the due-work step: attempts claimed and committed, providers
called after the commit, grace periods ended), ``charging`` (which method, one attempt, one
call), ``payment_dunning`` (the retry schedule and grace), ``retry_payment`` (the endpoint),
``payment_outcomes`` (what a success or a failure does, whoever learns it first),
``reconcile`` (pending payments and refunds asked about at the provider after a delay, the
safety net under the webhooks) with ``provider_checks`` (the providers' reads).

Checkout (``POST /v1/public/payment-init`` and the hosted checkout page): ``checkout`` (the
service: customer, an ``incomplete`` subscription, the first invoice with tax and a payment in
one transaction; the provider after the commit; abandoned checkouts ended by the due-work
pass), ``checkout_customers`` (who is buying: Tally's customer id or the merchant's external
id, found or created, and the aliases of Lumen's client), ``checkout_calls`` (provider A
customer and unconfirmed PaymentIntent, provider B link), ``checkout_sandbox`` (the test-mode
card form's confirm; card numbers never reach Tally in live mode). A paid first invoice
activates the subscription in ``payment_outcomes``.

Event stream: ``payment_events`` (a status change NOTIFYed on commit for the public stream of
``GET /v1/public/events/{id}``, and the merchant-scoped lookup of a payment by its
provider's id).

Refunds: ``refunds`` (the service: store, ask the provider after the commit, record or undo),
``refund_math`` (what may be refunded, the tax share of a refund), ``refund_calls`` (the
providers' refund calls, each with the refund's idempotency key), ``refund_outcomes`` (a
pending refund settled once, by the call's answer, a ``refund.*`` webhook or a later check),
``refund_reads`` (what was refunded of payments and invoices, as every page, the JSON and the
PDF show it: succeeded refunds only; the adjustment invoice is the original's credit note,
``invoicing.credit_notes``).

May call: invoicing and below (customers for a method's owner, accounts for a merchant's mode
and lock).
"""
