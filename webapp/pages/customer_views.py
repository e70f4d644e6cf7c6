"""What the customer and subscription detail pages show, gathered from the services.

A customer's page shows each live subscription (status, plan, price, its MRR), the features it
grants, its version history, the cancelled ones (linking to their read-only pages), the
customer's organization (its members, the seat price, seats removed but paid until their
period ends), an entitlements panel, the customer's latest e-mails, their saved payment
methods (the one renewals are charged to marked) and a portal link to copy for them. The
features on a card and the entitlements panel both read
``feature_access.customer_feature_access`` (what the customer may use right now, as the /v1
entitlement checks answer), so they cannot contradict each other. The subscription page shows
the same card for one subscription; both build it here.
"""

from dataclasses import dataclass

from quart import url_for

from billing.core.models import utcnow
from billing.customers import organizations
from billing.emails import log as email_log
from billing.payments.reads import payment_cards as method_reads
from billing.portal import email_links
from billing.seats.organization_seats import SeatPrice, organization_seats
from billing.subscriptions import cancelled_reads, mrr, subscription_reads
from billing.subscriptions.models import Subscription
from billing.subscriptions.statuses import SubscriptionStatus
from billing.usage.feature_access import FeatureAccess, customer_feature_access
from webapp.pages import invoice_panels
from webapp.pages.refund_views import amount_with_code
from webapp.pages.subscription_history import History, subscription_history


@dataclass
class SubscriptionCard:
    subscription: Subscription  # live (or cancelled) version, with its relations and features
    mrr_cents: int
    history: History
    access: dict[str, FeatureAccess]  # what the customer may use, by slug (both panels' source)


async def card_of(
    merchant_id: str, subscription: Subscription, access: dict[str, FeatureAccess] | None = None
) -> SubscriptionCard:
    """The card of one subscription; ``access`` is the customer's (read once per page)."""
    mrr_cents = await mrr.live_mrr_cents(subscription)  # seats counted, as /v1 counts them
    history = await subscription_history(merchant_id, subscription.stable_subscription_id)
    if subscription.status == SubscriptionStatus.ENDED:
        access = {}  # it grants nothing any more (and its customer may be gone)
    elif access is None:
        access = await customer_feature_access(merchant_id, subscription.customer_id)
    return SubscriptionCard(subscription, mrr_cents, history, access)


async def detail_context(merchant_id: str, customer) -> dict:
    live = await subscription_reads.list_subscriptions(
        merchant_id, include_features=True, customer_id=customer.id
    )
    access = await customer_feature_access(merchant_id, customer.id)
    cards = [await card_of(merchant_id, subscription, access) for subscription in live]
    cancelled = await cancelled_reads.list_cancelled(merchant_id, customer_id=customer.id)
    organization, members = await organizations.organization_customers(merchant_id, customer.id)
    emails, more_emails = await email_log.customer_emails(merchant_id, customer.id)
    methods, default_method_id = await method_reads.customer_methods(merchant_id, customer.id)
    return {
        "payment_methods": methods,
        "default_method_id": default_method_id,
        **portal_link(merchant_id, customer.id),
        "cards": cards,
        "cancelled": cancelled,
        "organization": organization,
        "members": members,
        "seats": await organization_seats(merchant_id, customer),
        "entitlements": list(access.values()),
        "invoices_link": url_for("invoices.index", customer=customer.id),
        "emails": emails,
        "more_emails": more_emails,
        **await invoice_panels.customer_panel(merchant_id, customer.id),
    }


def portal_link(merchant_id: str, customer_id: str) -> dict:
    """ "Copy portal link": the signed link Tally's e-mails carry (``email_links``: nothing
    stored, a new portal session each time it is opened), and until when it works."""
    return {
        "portal_link": email_links.portal_link(merchant_id, customer_id),
        "portal_link_until": utcnow() + email_links.LIFETIME,
    }


def amount_label(value: float | None) -> str:
    """``12`` for 12.0, ``2.5`` for 2.5, thousands separated: usage reads like a count."""
    if value is None:
        return ""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0")


def seat_price_words(price: SeatPrice) -> str:
    """``10.00 USD per seat / month``: the amount, the currency's code and the unit, plain."""
    amount = amount_with_code(price.amount_cents, price.currency)  # minor units: ¥1,250
    period = f" / {price.interval}" if price.interval else ", on its own billing schedule"
    return f"{amount} per {price.unit_label}{period}"
