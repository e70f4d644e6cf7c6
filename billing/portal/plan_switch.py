"""Switching plan in the portal: the plans of the merchant's default pricing table, a preview
of what the switch settles now, then the switch itself.

The choice is the plans the merchant publishes in its default table (active, plans shown in
pricing tables, enterprise plans left out: those are a conversation with sales), each at its
advertised price in the subscription's own currency and billing interval (``headline_price``),
so a customer never lands on a price their pricing page does not show, nor moves between
currencies or from monthly to yearly here.

The preview is the switch itself made and rolled back (``_DryRun``): the dashboard's
``prorations.change_plan`` with ``when="now"`` runs in a transaction that is then undone,
so the credit, the charge and their tax are the very lines the confirmed switch issues, by
the one money module, with no second calculation to drift from it. Nothing of it outlives the
rollback: invoice numbers come back (``numbering``), events and the due-work signal are only
seen on commit. The confirmed switch is the same call, committed; it may differ from the
preview by the seconds between the two (proration is to the second).
"""

from dataclasses import dataclass, field
from datetime import datetime

from tortoise.transactions import in_transaction

from billing.catalog.models import Plan, Price, PricingTable, PricingTablePlan
from billing.catalog.pricing import billing_interval, headline_price
from billing.catalog.pricing_table_views import resolve_entries
from billing.core.errors import Conflict, Forbidden, NotFound
from billing.invoicing import prorations
from billing.invoicing.models import Invoice, InvoiceLine
from billing.portal import portal_choices
from billing.portal.cancellation import own_subscription
from billing.subscriptions import plan_changes, statuses
from billing.subscriptions.models import Subscription

NOT_OFFERED = "This plan is not offered for your subscription"
NOT_CHANGEABLE = "Only an active subscription can switch plans"


@dataclass(frozen=True)
class Option:
    plan: Plan
    price: Price


@dataclass(frozen=True)
class PreviewLine:
    description: str
    amount_cents: int


@dataclass(frozen=True)
class Preview:
    """What switching to ``option`` settles now: the proration lines and tax, and the total
    (negative: a credit), in ``currency``; no lines when nothing paid for changes now."""

    subscription: Subscription
    option: Option
    currency: str
    lines: list[PreviewLine] = field(default_factory=list)
    tax_cents: int = 0
    total_cents: int = 0
    at: datetime | None = None


class _DryRun(Exception):
    """Carries the preview out of the transaction it rolls back."""

    def __init__(self, preview: Preview) -> None:
        super().__init__("preview")
        self.preview = preview


async def _live(merchant_id: str, customer_id: str, subscription_id: object) -> Subscription:
    await portal_choices.require(merchant_id, "switch_plan")
    live = await own_subscription(merchant_id, customer_id, subscription_id)
    if live.status not in statuses.CHANGEABLE:
        raise Conflict(NOT_CHANGEABLE, code="portal_switch_not_active")
    await live.fetch_related("plan", "effective_price")
    return live


async def _options(merchant_id: str, live: Subscription) -> list[Option]:
    table = await PricingTable.scoped(merchant_id).filter(is_default=True, is_active=True).first()
    if table is None:
        return []
    entries = await PricingTablePlan.scoped(merchant_id).filter(pricing_table_id=table.id)
    views = await resolve_entries(merchant_id, entries, visible_only=True, with_features=False)
    current = live.effective_price
    interval = billing_interval(current.pricing_data)
    options = []
    for view in views:
        if view.plan.is_enterprise_plan or interval is None:
            continue
        own = [p for p in view.prices if p.currency == current.currency and not p.is_override_price]
        price = headline_price(own, interval)
        if price is not None and price.id != current.id:
            options.append(Option(view.plan, price))
    return options


async def switch_options(
    merchant_id: str, customer_id: str, subscription_id: object
) -> tuple[Subscription, list[Option]]:
    """The customer's live subscription (with plan and price) and the plans it may switch
    to, in the table's order; the current plan at its current price is not one of them."""
    live = await _live(merchant_id, customer_id, subscription_id)
    return live, await _options(merchant_id, live)


async def can_switch(merchant_id: str, live: Subscription) -> bool:
    """Whether the billing page offers "Change plan": the merchant offers it, the subscription
    may change and is not ending, and the pricing table has another plan to switch to (a link
    to "no other plans" would only disappoint)."""
    if live.cancel_at_period_end or live.status not in statuses.CHANGEABLE:
        return False
    try:
        await portal_choices.require(merchant_id, "switch_plan")
    except Forbidden:
        return False
    await live.fetch_related("effective_price")
    return bool(await _options(merchant_id, live))


async def _option(merchant_id: str, live: Subscription, price_id: object) -> Option:
    for option in await _options(merchant_id, live):
        if option.price.id == price_id:
            return option
    raise NotFound(NOT_OFFERED, code="portal_plan_not_offered")


async def preview_switch(
    merchant_id: str, customer_id: str, subscription_id: object, price_id: object
) -> Preview:
    """What the switch to ``price_id`` would charge or credit now (see the module docstring:
    the switch made and rolled back). A price the table does not offer answers 404."""
    live = await _live(merchant_id, customer_id, subscription_id)
    option = await _option(merchant_id, live, price_id)
    try:
        async with in_transaction():
            change = await prorations.change_plan(
                merchant_id, live.stable_subscription_id, price_id=option.price.id, when="now"
            )
            raise _DryRun(await _read_settlement(live, option, change))
    except _DryRun as run:
        return run.preview


async def _read_settlement(
    live: Subscription, option: Option, change: plan_changes.PlanChange
) -> Preview:
    """The proration invoice the change issued (inside the dry run), as plain values."""
    new = change.subscription
    invoice = (
        await Invoice.filter(merchant_id=new.merchant_id, subscription_id=new.id)
        .order_by("-created_at")
        .first()
    )
    if invoice is None:
        return Preview(live, option, option.price.currency, at=new.created_at)
    rows = await InvoiceLine.filter(invoice_id=invoice.id).order_by("position")
    lines = [PreviewLine(row.description, row.subtotal_cents) for row in rows if row.type != "tax"]
    return Preview(
        live,
        option,
        invoice.currency,
        lines=lines,
        tax_cents=invoice.tax_cents,
        total_cents=invoice.total_cents,
        at=invoice.issue_date,
    )


async def switch_plan(
    merchant_id: str, customer_id: str, subscription_id: object, price_id: object
) -> plan_changes.PlanChange:
    """Switch now to an offered price, prorated at once (``prorations.change_plan``)."""
    live = await _live(merchant_id, customer_id, subscription_id)
    option = await _option(merchant_id, live, price_id)
    return await prorations.change_plan(
        merchant_id, live.stable_subscription_id, price_id=option.price.id, when="now"
    )
