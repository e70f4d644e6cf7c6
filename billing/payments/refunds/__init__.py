"""Refunds: ``POST /v1/subscriptions/{id}/refunds`` and what follows it.

``refund_payment`` (the service: store, ask the provider after the commit, record or undo),
``refund_math`` (what may be refunded, the tax share of a refund; pure, checked against a
table written by hand), ``refund_outcomes`` (a pending refund settled once, by the call's
answer, a ``refund.*`` webhook or a later check), ``refund_reads`` (what was refunded of
payments and invoices, as every page, the JSON and the PDF show it: succeeded refunds only;
the adjustment invoice is the original's credit note, ``invoicing.credit_notes``).
"""
