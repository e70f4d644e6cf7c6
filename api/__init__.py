"""The /v1 JSON API: one blueprint per resource under a parent that authenticates every call."""

from quart import Blueprint, Quart

from api import (
    api_keys,
    checkout_tokens,
    customers,
    email_settings,
    emails,
    enrollment,
    entitlements,
    event_reads,
    events,
    features,
    identity_provider_webhook,
    invoices,
    merchants,
    metrics,
    payment_events,
    payment_init,
    payment_methods,
    plan_migrations,
    plans,
    portal,
    prices,
    pricing_tables,
    provider_a,
    provider_b,
    public,
    seats,
    subscription_actions,
    subscription_refunds,
    subscriptions,
    tax,
    webhook_endpoints,
    webhook_events,
    webhooks,
)
from api.common import JSONProvider, JSONSafeRequest
from api.errors import register_error_handlers
from webapp.auth import authenticate_api_request

RESOURCE_BLUEPRINTS = (
    api_keys.bp,
    merchants.bp,
    customers.bp,
    checkout_tokens.bp,
    enrollment.bp,
    events.bp,
    event_reads.bp,
    entitlements.bp,
    features.bp,
    invoices.bp,
    metrics.bp,
    payment_events.bp,
    payment_init.bp,
    payment_methods.bp,
    portal.bp,
    prices.bp,
    pricing_tables.bp,
    provider_a.bp,
    provider_b.bp,
    public.bp,
    plans.bp,
    plan_migrations.bp,
    seats.bp,
    subscriptions.bp,
    subscription_actions.bp,
    subscription_refunds.bp,
    tax.bp,
    webhooks.bp,
    webhook_endpoints.bp,
    webhook_events.bp,
    email_settings.bp,
    emails.bp,
    identity_provider_webhook.bp,
)


def register_api(app: Quart) -> None:
    app.request_class = JSONSafeRequest
    app.json = JSONProvider(app)
    v1 = Blueprint("v1", __name__, url_prefix="/v1")
    v1.before_request(authenticate_api_request)
    for blueprint in RESOURCE_BLUEPRINTS:
        v1.register_blueprint(blueprint)
    app.register_blueprint(v1)
    register_error_handlers(app)
