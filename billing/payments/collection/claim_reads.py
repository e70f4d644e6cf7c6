"""What the batch start (``charging.start_attempts``) reads for a whole claim of invoices, one
statement each instead of one per invoice: the merchants' configured providers, the live
subscriptions' own methods, the customers' newest active methods and the last attempt
numbers. Each answers what its one-invoice counterpart answers, keyed by invoice, customer or
merchant; ``charging`` applies the rule (which method is usable, which is charged).
"""

from tortoise import connections

from billing.invoicing.models import Invoice
from billing.payments.methods.payment_methods import ACTIVE
from billing.payments.models import PROVIDERS, PaymentMethod, ProviderConfig
from billing.subscriptions.models import Subscription


async def configured_providers(merchants: set[str]) -> dict[str, tuple[str, ...]]:
    """Each merchant's configured providers in ``PROVIDERS`` order, as
    ``providers.configured_providers`` answers for one (a merchant without any is absent)."""
    rows = await ProviderConfig.filter(merchant_id__in=merchants, deleted_at=None).values_list(
        "merchant_id", "provider"
    )
    found: dict[str, set[str]] = {}
    for merchant_id, provider in rows:
        found.setdefault(merchant_id, set()).add(provider)
    return {m: tuple(p for p in PROVIDERS if p in names) for m, names in found.items()}


async def subscription_methods(invoices: list[Invoice]) -> dict[str, PaymentMethod]:
    """Invoice id -> its live subscription's own method (``payment_method_id``) when that
    method is the merchant's, live and ``active``: what ``charging.method_for`` looks at first.
    A stable id has one live row (older versions are soft-deleted); should there be more, the
    lowest id is taken, so the answer never depends on the order rows come back in."""
    keyed = [invoice for invoice in invoices if invoice.stable_subscription_id]
    if not keyed:
        return {}
    live = await (
        Subscription.filter(
            merchant_id__in={invoice.merchant_id for invoice in keyed},
            stable_subscription_id__in={invoice.stable_subscription_id for invoice in keyed},
            deleted_at=None,
        )
        .order_by("id")
        .values_list("merchant_id", "stable_subscription_id", "payment_method_id")
    )
    own: dict[tuple[str, str], str | None] = {}
    for merchant_id, stable_id, method_id in live:
        own.setdefault((merchant_id, stable_id), method_id)
    wanted = {method_id for method_id in own.values() if method_id}
    if not wanted:
        return {}
    rows = await PaymentMethod.filter(id__in=wanted, status=ACTIVE, deleted_at=None)
    found = {method.id: method for method in rows}
    chosen = {}
    for invoice in keyed:
        method = found.get(own.get((invoice.merchant_id, invoice.stable_subscription_id)) or "")
        if method is not None and method.merchant_id == invoice.merchant_id:
            chosen[invoice.id] = method
    return chosen


async def newest_active_methods(
    invoices: list[Invoice],
) -> dict[tuple[str, str], PaymentMethod]:
    """(merchant, customer) -> the customer's newest live ``active`` method, newest by
    ``created_at`` then id, as ``payment_methods.active_method_for`` picks it."""
    if not invoices:
        return {}
    rows = await PaymentMethod.filter(
        merchant_id__in={invoice.merchant_id for invoice in invoices},
        customer_id__in={invoice.customer_id for invoice in invoices},
        status=ACTIVE,
        deleted_at=None,
    ).order_by("-created_at", "-id")
    newest: dict[tuple[str, str], PaymentMethod] = {}
    for method in rows:
        newest.setdefault((method.merchant_id, method.customer_id), method)
    return newest


async def last_attempts(invoice_ids: list[str]) -> dict[str, int]:
    """Invoice id -> its highest attempt number so far (absent: never tried)."""
    rows = await connections.get("default").execute_query_dict(
        "SELECT invoice_id, max(attempt) AS last FROM payments"
        " WHERE invoice_id = ANY($1::text[]) GROUP BY invoice_id",
        [invoice_ids],
    )
    return {row["invoice_id"]: row["last"] for row in rows}
