"""Inbound provider webhooks.

``receiving`` (verify a delivery with the merchant row's signing secret, record its event id
once with its effect), ``provider_events`` (the event ids seen, so a delivery made twice acts
once), ``webhook_events`` (which action an event stands for, once its gateway parsed it into Tally's
words: ``Gateway.parse_webhook``),
``webhook_actions`` (the actions, planned apart from applied, so the test endpoint can say
what a delivery would do).
"""
