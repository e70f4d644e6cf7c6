"""Provider B's events in Tally's words.

Standard Webhooks events (``{business_id, type, timestamp, data}``) with the types of the
``dodopayments`` SDK:

- ``payment.succeeded`` / ``payment.failed`` / ``payment.cancelled``: the payment with that
  ``payment_id`` (or ``metadata.payment_id``) succeeded / failed (``error_message``) / failed
  as cancelled.
- ``subscription.active`` and ``subscription.update_payment_method``: an on-demand
  subscription is provider B's mandate to charge later; its ``payment_method_id`` is saved as
  a ``mandate`` for the Tally customer in ``metadata.customer_id``, keeping the subscription id
  (what a later charge names) and its ``product_id`` (what a partial refund of such a charge
  names) in ``externalPspMetadata``. A trial checkout's names ``metadata.subscription_id``.
- ``refund.succeeded`` / ``refund.failed``: the refund with that ``refund_id`` (or
  ``metadata.tally_refund_id``, which the refund call sends) settled.
"""

from billing.payments.gateways.events import (
    EventKind,
    ParsedEvent,
    SavedMethod,
    dict_at,
    from_iso,
    not_acted_on,
    text,
)

MANDATE_EVENTS = ("subscription.active", "subscription.update_payment_method")
PAYMENT_EVENTS = ("payment.succeeded", "payment.failed", "payment.cancelled")
CANCELLED = "The payment was cancelled"
REFUND_FAILED = "Provider B reported that the refund failed"


def parse(event: dict) -> ParsedEvent:
    kind = event.get("type")
    data = dict_at(event, "data")
    metadata = dict_at(data, "metadata")
    if kind in PAYMENT_EVENTS:
        message = CANCELLED if kind == "payment.cancelled" else text(data.get("error_message"), 500)
        return ParsedEvent(
            EventKind.PAYMENT,
            from_iso(event.get("timestamp")),
            succeeded=kind == "payment.succeeded",
            provider_id=data.get("payment_id"),
            tally_id=metadata.get("payment_id"),
            message=message,
        )
    if kind in ("refund.succeeded", "refund.failed"):
        return ParsedEvent(
            EventKind.REFUND,
            from_iso(event.get("timestamp")),
            succeeded=kind == "refund.succeeded",
            provider_id=data.get("refund_id"),
            tally_id=metadata.get("tally_refund_id"),
            message=REFUND_FAILED,
        )
    if kind in MANDATE_EVENTS:
        fields = {
            "external_psp_customer_id": text(dict_at(data, "customer").get("customer_id")),
            "external_psp_metadata": {
                "subscription_id": text(data.get("subscription_id")),
                "product_id": text(data.get("product_id")),  # a partial refund names it
            },
        }
        return ParsedEvent(
            EventKind.METHOD,
            customer_id=metadata.get("customer_id"),
            subscription_id=metadata.get("subscription_id"),
            method=SavedMethod(text(data.get("payment_method_id")), "mandate", fields),
            no_method="the subscription has no payment method yet",
        )
    return not_acted_on(kind)
