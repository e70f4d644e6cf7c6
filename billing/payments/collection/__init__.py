"""Collection: charging unpaid invoices, retries and dunning, and learning outcomes.

``collecting`` (the due-work step: attempts claimed and committed, providers called after the
commit, grace periods ended), ``pass_calls`` (a pass's provider calls: concurrent, bounded,
merchants taking turns), ``charging`` (which method, one attempt or a claim's, one call),
``claim_reads`` (what a claim's attempts read, in bulk),
``payment_dunning`` (the retry schedule and grace), ``retry_payment`` (the endpoint),
``recovery`` (a failing subscription's invoices charged at once when a new method is set),
``payment_outcomes`` (what a success or a failure does, whoever learns it first),
``reconcile`` (pending payments and refunds asked about at the provider after a delay, the
safety net under the webhooks), ``payment_events`` (a status change NOTIFYed on commit for the
public stream of ``GET /v1/public/events/{id}``, and the merchant-scoped lookup of a payment by
its provider's id).
"""
