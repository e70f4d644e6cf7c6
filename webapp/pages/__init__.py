"""Dashboard pages: one blueprint per area, plus the app-wide CSRF check for every form."""

from quart import Quart

from billing.payments.provider_names import provider_name
from webapp.pages import (
    api_keys,
    auth,
    catalog_copy,
    checkout,
    customers,
    dates,
    email_settings,  # noqa: F401 - adds Settings → Customer e-mails to settings.bp
    emails,
    embed,
    features,
    invoice_pdf,
    invoices,
    metrics,
    mode,
    onboarding,
    payment_providers,
    plan_edit,  # noqa: F401 - adds the edit routes to plans.bp
    plan_enrollment,  # noqa: F401 - adds the enrollment-rule routes to plans.bp
    plan_migrate,  # noqa: F401 - adds the migrate routes to plans.bp
    plan_prices,  # noqa: F401 - adds the price routes to plans.bp
    plans,
    portal_settings,  # noqa: F401 - adds Settings → Customer portal to settings.bp
    pricing_tables,
    receipts,  # noqa: F401 - adds "Download receipt" to invoices.bp
    settings,
    subscription_actions,  # noqa: F401 - adds the detail, override and action routes
    subscription_plan_change,  # noqa: F401 - adds the change-plan routes to subscriptions.bp
    subscription_refunds,  # noqa: F401 - adds the refund route to subscriptions.bp
    subscriptions,
    tax,
    tax_preview_page,  # noqa: F401 - adds the preview route to tax.bp
    usage,
    webhooks,
    webhooks_endpoint,  # noqa: F401 - adds an endpoint's actions to webhooks.bp
    webhooks_events,  # noqa: F401 - adds the event log to webhooks.bp
)
from webapp.pages.common import check_csrf
from webapp.pages.enum_labels import label
from webapp.portal import bp as portal_bp

BLUEPRINTS = (
    auth.bp,
    onboarding.bp,
    mode.bp,
    api_keys.bp,
    webhooks.bp,
    settings.bp,
    plans.bp,
    pricing_tables.bp,
    catalog_copy.bp,
    features.bp,
    metrics.bp,
    customers.bp,
    subscriptions.bp,
    usage.bp,
    invoices.bp,
    emails.bp,
    tax.bp,
    payment_providers.bp,
    embed.bp,
    checkout.bp,
    invoice_pdf.bp,
    portal_bp,  # the hosted customer portal (webapp/portal/)
)


def register_pages(app: Quart) -> None:
    app.before_request(check_csrf)
    app.add_template_filter(label, "label")  # stored codes in words: COUNT -> Count
    app.add_template_filter(provider_name, "provider_name")  # provider_a -> Card payments (...)
    dates.register(app)  # one date style everywhere: Jan 1, 2030 (and 14:05 UTC)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
