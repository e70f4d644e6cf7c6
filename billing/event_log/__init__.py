"""The event log: what changed, written in the same transaction as the change (an outbox).

An ``Event`` exists if and only if its change committed, carries the change's clock (a due
pass's ``now``, a request's present) and ``data``, the resource exactly as the API's GET
answered it at that moment. Its consumers read the log and keep delivery rows of their own:
outbound webhooks (``billing.webhooks``) now, customer e-mails and the audit log next. The
log also fans each event out to the merchant's webhook endpoints that want its type
(``WebhookDelivery`` rows, in the same transaction), so no event is ever missed by a cursor.

It calls only ``core``; every context that changes something worth telling calls
``recording.record`` (or ``record_many`` for a claim's worth at once). The JSON of each kind
of object is the API's own (``objects``: the front end registers its shapers at start-up, so
an event's object and a GET's answer never drift apart).
"""
