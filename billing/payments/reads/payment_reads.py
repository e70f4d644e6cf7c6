"""Reads for the dashboard: one invoice's payment attempts, a customer's latest payments, a
subscription's refundable payment and dunning state, and what a merchant row has configured
at each provider (secrets masked, never answered whole).

Every read is scoped to the merchant row, so another merchant's (or the other mode's)
payments and keys never show. Nothing here calls a provider or writes a row, except
``save_provider_a_signing_secret``, which saves through ``provider_a_config.save_config``.
"""

from dataclasses import dataclass
from datetime import datetime

from billing.core.errors import NotFound
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments import provider_a_config, provider_b_config, setup
from billing.payments.models import Payment, PaymentStatus, ProviderConfig, ProviderEvent
from billing.subscriptions.dunning import get_dunning_config

CUSTOMER_PAYMENTS = 10


async def payments_for_invoice(merchant_id: str, invoice_id: str) -> list[Payment]:
    """Every attempt to collect the invoice, first attempt first."""
    query = Payment.scoped(merchant_id).filter(invoice_id=invoice_id)
    return await query.order_by("attempt", "created_at")


async def customer_payments(
    merchant_id: str, customer_id: str, limit: int = CUSTOMER_PAYMENTS
) -> list[Payment]:
    """The customer's latest payment attempts, newest first, each with its invoice."""
    query = Payment.scoped(merchant_id).filter(customer_id=customer_id)
    return await query.order_by("-created_at", "-attempt").limit(limit).prefetch_related("invoice")


async def latest_refundable(merchant_id: str, stable_subscription_id: str) -> Payment | None:
    """The payment a refund without ``paymentId`` gives back (``refunds``' rule: the latest
    succeeded payment of the subscription's invoices), with its invoice; None without one."""
    invoice_ids = (
        await Invoice.scoped(merchant_id)
        .filter(stable_subscription_id=stable_subscription_id)
        .values_list("id", flat=True)
    )
    if not invoice_ids:
        return None
    query = Payment.scoped(merchant_id).filter(
        status=PaymentStatus.SUCCEEDED, invoice_id__in=invoice_ids
    )
    return await query.order_by("-succeeded_at", "-created_at").prefetch_related("invoice").first()


@dataclass
class Dunning:
    """An unpaid renewal whose latest attempt failed: its attempts so far (each dated by its
    ``created_at``, the clock of whoever made it), when the next one runs (None after the
    last scheduled retry, or when the grace ends before it), and the subscription's grace
    period."""

    invoice: Invoice
    failed: list[Payment]  # failed attempts, first first
    latest: Payment  # the latest attempt (failed)
    next_try_at: datetime | None
    grace_ends_at: datetime | None
    end_action: str  # pause, cancel or unpaid (the merchant's dunning config)


async def dunning_state(
    merchant_id: str, stable_subscription_id: str, grace_ends_at: datetime | None
) -> Dunning | None:
    """The subscription's newest unpaid invoice whose latest attempt failed, in dunning
    terms; None when no payment of it is failing."""
    invoice = (
        await Invoice.scoped(merchant_id)
        .filter(
            stable_subscription_id=stable_subscription_id,
            status=InvoiceStatus.UNPAID,
            payment_status=InvoicePaymentStatus.FAILED,
        )
        .order_by("-issue_date", "-number")
        .first()
    )
    if invoice is None:
        return None
    attempts = await payments_for_invoice(merchant_id, invoice.id)
    failed = [payment for payment in attempts if payment.status == PaymentStatus.FAILED]
    if not attempts or attempts[-1].status != PaymentStatus.FAILED:
        return None
    config, _ = await get_dunning_config(merchant_id)
    latest = attempts[-1]
    next_try = latest.retry_at
    if next_try is not None and grace_ends_at is not None and next_try >= grace_ends_at:
        next_try = None  # the grace ends first: its end action comes before any other try
    return Dunning(invoice, failed, latest, next_try, grace_ends_at, config["end_action"])


async def _row(merchant_id: str, provider: str) -> ProviderConfig | None:
    return await ProviderConfig.scoped(merchant_id).filter(provider=provider).first()


def _masked_secret(row: ProviderConfig) -> str:
    try:
        return setup.masked(setup.unseal(row.secret_key_sealed)) or ""
    except ValueError:  # sealed under an encryption key since replaced
        return "(saved under an older encryption key: save the key again)"


async def _has_events(merchant_id: str, provider: str) -> bool:
    """Whether any event of ``provider`` has reached Tally for this merchant row: then its
    webhook works, whether Tally registered it or the merchant added it by hand, and the page
    must not warn that payment results will not arrive."""
    return await ProviderEvent.filter(merchant_id=merchant_id, provider=provider).exists()


async def provider_a_settings(merchant_id: str) -> dict:
    """Provider A as the settings page shows it: ``configured`` and, when it is, the public
    key, the masked secret key, whether the webhook endpoint is registered and whether a
    signing secret is stored, whether an event from it has arrived; always the webhook URL and
    events to add by hand."""
    row = await _row(merchant_id, provider_a_config.PROVIDER)
    state = {
        "configured": row is not None,
        "webhook_url": setup.webhook_url(provider_a_config.webhook_path(merchant_id)),
        "webhook_events": list(provider_a_config.WEBHOOK_EVENTS),
    }
    if row is not None:
        state.update(
            public_key=row.public_key,
            secret_key=_masked_secret(row),
            has_webhook=row.has_webhook,
            has_events=await _has_events(merchant_id, provider_a_config.PROVIDER),
            has_signing_secret=bool(row.webhook_secret_sealed),
            saved_at=row.updated_at or row.created_at,
        )
    return state


async def provider_b_settings(merchant_id: str) -> dict:
    """Provider B as the settings page shows it: ``configured`` and, when it is, the masked
    secret key, its environment (``test_mode``/``live_mode``), whether a webhook is set and
    whether an event from it has arrived."""
    row = await _row(merchant_id, provider_b_config.PROVIDER)
    state = {
        "configured": row is not None,
        "webhook_url": setup.webhook_url(provider_b_config.webhook_path(merchant_id)),
    }
    if row is not None:
        state.update(
            secret_key=_masked_secret(row),
            environment=row.environment,
            has_webhook=row.has_webhook,
            has_events=await _has_events(merchant_id, provider_b_config.PROVIDER),
            saved_at=row.updated_at or row.created_at,
        )
    return state


async def save_provider_a_signing_secret(merchant_id: str, webhook_secret: str) -> dict:
    """Store the signing secret of a provider A webhook endpoint added by hand, with the keys
    already saved (they are checked again, as every save does)."""
    row = await _row(merchant_id, provider_a_config.PROVIDER)
    if row is None:
        raise NotFound("Save provider A's keys before its webhook signing secret")
    return await provider_a_config.save_config(
        merchant_id,
        secret_key=setup.unseal(row.secret_key_sealed),
        public_key=row.public_key or "",
        webhook_secret=webhook_secret.strip(),
    )


async def invoice_payments(merchant_id: str, payment_ids: list[str]) -> dict[str, dict]:
    """Each named payment's ``status`` and ``payment_link`` (payment id → both), in one query,
    for the invoice JSON's ``payment``; another merchant's ids are simply absent."""
    if not payment_ids:
        return {}
    rows = (
        await Payment.scoped(merchant_id)
        .filter(id__in=payment_ids)
        .values("id", "status", "payment_link")
    )
    return {row.pop("id"): row for row in rows}
