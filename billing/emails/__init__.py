"""Customer e-mails: the merchant's customers told what happened, in the merchant's name.

A consumer of the event log (``billing.event_log``), like outbound webhooks: an event whose type
has a customer e-mail (``kinds``) gets an ``Email`` row in the change's own transaction (so a
change rolled back mails nobody), and the due step ``sending`` renders and sends it over SMTP
after the commit, retrying a temporary SMTP failure with backoff and failing a permanent one at
once. The row's ``key`` (event, template, address) makes each message go once, however many
passes run. Without an SMTP server the message is still rendered and kept in the sent-mail log,
marked "not sent".

It owns the merchant's e-mail settings (sender name, reply-to, brand, which e-mails are on), the
sent-mail log, and the undeliverable mark a bounce puts on a customer. Rendering HTML and text
is the front end's (Jinja2 templates), registered at start-up (``rendering``), as the event
log's objects are. It calls ``portal`` (a signed link that opens a portal session), ``webhooks``
and everything below; only ``due_work`` calls it.
"""
