"""Provider configurations, payment methods, payments, refunds and the provider events seen.

- ``ProviderConfig``: one row per merchant row (so per mode) and provider. Secrets are stored
  sealed (``setup.seal``) and only ever answered masked to their last four characters.
- ``PaymentMethod``: the spec's record; every field but the ids and dates is nullable.
- ``Payment``: one attempt to collect one invoice. ``idempotency_key`` (invoice and attempt)
  is what the provider call carries, so a call repeated after a crash charges once.
  ``provider_product_id`` is the provider B product the payment sold (the link's one-time
  product, or the mandate subscription's): provider B refunds part of a payment only per
  product, so a partial refund must name it.
- ``Refund``: money given back on a payment, with the adjustment invoice that records it and,
  when the provider refused it, the provider's message (``failure_message``).
- ``ProviderEvent``: each provider event id seen, so a redelivered webhook changes nothing.
- ``RateWindow``: checkouts started per rate key and fixed window (``checkout_limits``).
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index, PartialIndex
from tortoise.models import Model

from billing.core.models import PrefixedIdModel, TenantModel

PROVIDERS = ("provider_a", "provider_b")


class PaymentMethodStatus(StrEnum):
    """The ``PaymentMethod.status`` words Tally itself sets and reads. The column is the spec's
    free field: ``POST /v1/payment-methods`` stores any short lower-case word ("others"), so a
    row may hold a word outside this enum; only ``active`` methods are charged."""

    ACTIVE = "active"
    PENDING = "pending"
    FAILED = "failed"
    EXPIRED = "expired"


class PaymentStatus(StrEnum):
    """``Payment.status``: ``pending`` until the provider's answer settles it once."""

    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class CheckoutOutcome(StrEnum):
    """``Payment.checkout_outcome``: why a paid checkout sold nothing (null when it did)."""

    ALREADY_SUBSCRIBED = "already_subscribed"


class RefundStatus(StrEnum):
    """``Refund.status``: ``pending`` until the provider's answer settles it once."""

    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class ProviderConfig(TenantModel):
    id_prefix = "pcfg"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="provider_configs")
    provider = fields.CharField(max_length=20)
    public_key = fields.CharField(max_length=300, null=True)
    secret_key_sealed = fields.TextField()
    webhook_id = fields.CharField(max_length=200, null=True)
    webhook_secret_sealed = fields.TextField(null=True)
    has_webhook = fields.BooleanField(default=False)
    environment = fields.CharField(max_length=20, null=True)

    class Meta:
        table = "provider_configs"
        unique_together = (("merchant_id", "provider"),)


def _live_cards_index(fields: tuple[str, ...], name: str) -> PartialIndex:
    """An index of the active, not deleted payment methods. ``PartialIndex``'s condition can
    only say ``column = value`` (None would be ``= NULL``, true of no row), so the deleted
    test is added to its WHERE clause by hand."""
    index = PartialIndex(fields=fields, name=name, condition={"status": "active"})
    index.extra += " AND deleted_at IS NULL"
    return index


class PaymentMethod(TenantModel):
    id_prefix = "pm"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="payment_methods")
    customer = fields.ForeignKeyField("models.Customer", related_name="payment_methods")
    provider = fields.CharField(max_length=20, null=True)
    payment_type = fields.CharField(max_length=30, null=True)
    status = fields.CharField(max_length=20, null=True)
    verification_status = fields.CharField(max_length=30, null=True)
    card_last_four = fields.CharField(max_length=4, null=True)
    card_brand = fields.CharField(max_length=30, null=True)
    card_expiry_month = fields.IntField(null=True)
    card_expiry_year = fields.IntField(null=True)
    card_issuer_country = fields.CharField(max_length=2, null=True)
    card_network = fields.CharField(max_length=30, null=True)
    bank_last_four = fields.CharField(max_length=4, null=True)
    bank_name = fields.CharField(max_length=200, null=True)
    bank_account_type = fields.CharField(max_length=30, null=True)
    bank_routing_number = fields.CharField(max_length=40, null=True)
    bank_account_holder_name = fields.CharField(max_length=200, null=True)
    bank_account_holder_type = fields.CharField(max_length=30, null=True)
    bank_currency = fields.CharField(max_length=3, null=True)
    bank_country = fields.CharField(max_length=2, null=True)
    paypal_email = fields.CharField(max_length=320, null=True)
    paypal_payer_id = fields.CharField(max_length=100, null=True)
    paypal_merchant_id = fields.CharField(max_length=100, null=True)
    external_psp_payment_method_id = fields.CharField(max_length=200, null=True)
    external_psp_customer_id = fields.CharField(max_length=200, null=True)
    external_psp_account_id = fields.CharField(max_length=200, null=True)
    external_psp_metadata = fields.JSONField(null=True)

    class Meta:
        table = "payment_methods"
        indexes = (
            Index(fields=("merchant_id", "customer_id"), name="payment_methods_customer_idx"),
            Index(
                fields=("merchant_id", "external_psp_payment_method_id"),
                name="payment_methods_external_idx",
            ),
            # the card-expiry notices' claim: the live cards expiring in one month, by id
            # (billing/payments/methods/expiry_notices.py), without reading the whole table
            _live_cards_index(
                ("card_expiry_year", "card_expiry_month", "id"),
                "payment_methods_expiry_idx",
            ),
        )


class Payment(TenantModel):
    id_prefix = "pay"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="payments")
    invoice = fields.ForeignKeyField("models.Invoice", related_name="payments")
    customer = fields.ForeignKeyField("models.Customer", related_name="payments")
    payment_method_id = fields.CharField(max_length=40, null=True)
    provider = fields.CharField(max_length=20)
    amount_cents = fields.BigIntField()
    currency = fields.CharField(max_length=3)
    status = fields.CharField(max_length=20, default=PaymentStatus.PENDING)
    error_message = fields.CharField(max_length=500, null=True)
    attempt = fields.IntField()
    idempotency_key = fields.CharField(max_length=100, unique=True)
    provider_payment_id = fields.CharField(max_length=200, null=True)
    provider_product_id = fields.CharField(max_length=200, null=True)  # provider B only
    payment_link = fields.CharField(max_length=1000, null=True)
    refunded_cents = fields.BigIntField(default=0)
    # ``already_subscribed``: a checkout paid but refused (checkout_claims), refunded at once
    checkout_outcome = fields.CharField(max_length=30, null=True)
    succeeded_at = fields.DatetimeField(null=True)
    retry_at = fields.DatetimeField(null=True)  # when the due-work pass tries again

    class Meta:
        table = "payments"
        unique_together = (("invoice_id", "attempt"),)
        indexes = (
            Index(fields=("merchant_id", "customer_id"), name="payments_customer_idx"),
            # The event stream's, the webhooks' and checkout's lookup by the provider's id:
            # always within a merchant, so the index starts with it (it replaces one on
            # ``(provider, provider_payment_id)`` that no tenant query could start with).
            Index(
                fields=("merchant_id", "provider_payment_id"),
                name="payments_merchant_provider_idx",
            ),
            Index(fields=("retry_at",), name="payments_retry_idx"),
        )


class Refund(TenantModel):
    id_prefix = "re"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="refunds")
    payment = fields.ForeignKeyField("models.Payment", related_name="refunds")
    amount_cents = fields.BigIntField()
    reason = fields.CharField(max_length=500, null=True)
    status = fields.CharField(max_length=20, default=RefundStatus.PENDING)
    provider_refund_id = fields.CharField(max_length=200, null=True)
    idempotency_key = fields.CharField(max_length=100, unique=True)
    adjustment_invoice_id = fields.CharField(max_length=40, null=True)
    failure_message = fields.CharField(max_length=500, null=True)  # the provider's refusal

    class Meta:
        table = "refunds"


class ProviderEvent(PrefixedIdModel):
    id_prefix = "pev"
    merchant_id = fields.CharField(max_length=40)
    provider = fields.CharField(max_length=20)
    event_id = fields.CharField(max_length=200)
    type = fields.CharField(max_length=100)

    class Meta:
        table = "provider_events"
        unique_together = (("merchant_id", "provider", "event_id"),)


class RateWindow(Model):
    """Checkouts started per rate key and fixed window, shared by all server processes.

    Bumped by ``checkout_limits.admit`` and pruned by the due-work pass."""

    id = fields.BigIntField(primary_key=True)
    key = fields.CharField(max_length=200)
    window_start = fields.DatetimeField()
    count = fields.IntField(default=0)

    class Meta:
        table = "rate_windows"
        unique_together = (("key", "window_start"),)
