"""Outbound webhooks: the merchant's endpoints and the signed, retried delivery of the event
log (``billing.event_log``) to them.

It owns the endpoints' settings and secrets (``endpoints``), the address rules that keep a
delivery off Tally's own network (``url_guard``), reading the log and its deliveries
(``event_reads``), resending (``resend``) and sending (the due step and the sender that the
log's NOTIFY wakes). It calls ``event_log``, ``accounts`` and ``core``, and ``payments.setup``
for the key that seals secrets at rest.
"""
