"""The document's limits are the services' own: each bound below is read from
/v1/openapi.json and compared with the constant the service checks, so changing a rule in the
service without the document (or the other way round) fails here, without a fuzz run."""

import re

from billing.catalog.plan_inputs import MAX_BUTTON_TEXT, MAX_DESCRIPTION, MAX_SEATS, MAX_URL
from billing.catalog.pricing import MAX_COMPONENTS, MAX_INTERVAL_COUNT, MAX_TEXT, MAX_TIERS
from billing.core.validation import MAX_NAME
from billing.customers.customer_fields import max_length
from billing.customers.customers import MAX_PAGE_SIZE
from billing.emails import kinds
from billing.emails import log as email_log
from billing.emails import settings as email_settings
from billing.enrollment.domains import MAX_LABEL
from billing.enrollment.domains import MAX_LENGTH as MAX_DOMAIN
from billing.enrollment.free_subscriptions import MAX_USER_ID
from billing.payments.methods.payment_method_fields import MONTHS, YEARS
from billing.payments.models import PaymentMethod
from billing.payments.refunds.refund_payment import MAX_REASON
from billing.portal.sessions import MAX_RETURN_URL
from billing.tax.tax_fields import MAX_TEXT as MAX_TAX_TEXT
from billing.tax.tax_preview import MAX_CUSTOMER_ID
from billing.tax.tax_settings import (
    MAX_CATEGORY,
    MAX_JURISDICTION,
    MAX_RATE_DESCRIPTION,
    MAX_REGISTRATION_NUMBER,
)
from billing.usage.event_reads import MAX_DIGITS, MAX_LIMIT
from billing.usage.metric_values import TIMEFRAMES

# (method, path, field, keyword, the service's value). A field is a body property or, for a
# GET, a query parameter.
BOUNDS = [
    ("post", "/v1/api-keys", "name", "maxLength", MAX_NAME),
    ("post", "/v1/features", "displayName", "maxLength", MAX_NAME),
    ("post", "/v1/metrics", "name", "maxLength", MAX_NAME),
    ("post", "/v1/pricing-tables", "name", "maxLength", MAX_NAME),
    ("post", "/v1/plans", "planName", "maxLength", MAX_NAME),
    ("post", "/v1/plans", "planDescription", "maxLength", MAX_DESCRIPTION),
    ("post", "/v1/plans", "minSeats", "maximum", MAX_SEATS),
    ("post", "/v1/plans", "enterpriseRedirectUrl", "maxLength", MAX_URL),
    ("post", "/v1/plans/{plan_id}/edit", "enterpriseButtonText", "maxLength", MAX_BUTTON_TEXT),
    ("post", "/v1/customers", "email", "maxLength", max_length("email")),
    ("post", "/v1/customers", "name", "maxLength", max_length("name")),
    (
        "post",
        "/v1/customers",
        "billingAddressLine1",
        "maxLength",
        max_length("billing_address_line1"),
    ),
    ("post", "/v1/customers", "billingPostalCode", "maxLength", max_length("billing_postal_code")),
    ("post", "/v1/customers", "taxId", "maxLength", max_length("tax_id")),
    ("get", "/v1/customers", "limit", "maximum", MAX_PAGE_SIZE),
    ("post", "/v1/payment-methods", "cardExpiryMonth", "maximum", MONTHS[1]),
    ("post", "/v1/payment-methods", "cardExpiryYear", "minimum", YEARS[0]),
    ("post", "/v1/payment-methods", "cardExpiryYear", "maximum", YEARS[1]),
    (
        "post",
        "/v1/payment-methods",
        "paymentType",
        "maxLength",
        PaymentMethod._meta.fields_map["payment_type"].max_length,
    ),
    ("post", "/v1/enrollment/rules", "matcherValue", "maxLength", MAX_DOMAIN),
    ("post", "/v1/subscriptions/create-free-subscription", "userId", "maxLength", MAX_USER_ID),
    ("post", "/v1/subscriptions/{subscription_id}/refunds", "reason", "maxLength", MAX_REASON),
    ("post", "/v1/customers/portal/sessions", "returnUrl", "maxLength", MAX_RETURN_URL),
    ("post", "/v1/tax/rate-definitions/create", "name", "maxLength", MAX_TAX_TEXT),
    ("post", "/v1/tax/rate-definitions/create", "description", "maxLength", MAX_RATE_DESCRIPTION),
    ("post", "/v1/tax/rate-definitions/create", "jurisdiction", "maxLength", MAX_JURISDICTION),
    ("post", "/v1/tax/rate-definitions/create", "category", "maxLength", MAX_CATEGORY),
    (
        "post",
        "/v1/tax/registrations/create",
        "registrationNumber",
        "maxLength",
        MAX_REGISTRATION_NUMBER,
    ),
    ("post", "/v1/tax/calculate-preview", "customerId", "maxLength", MAX_CUSTOMER_ID),
    ("get", "/v1/events", "limit", "maximum", MAX_LIMIT),
    ("post", "/v1/email-settings", "senderName", "maxLength", email_settings.MAX_SENDER_NAME),
    ("post", "/v1/email-settings", "replyTo", "maxLength", email_settings.MAX_REPLY_TO),
    ("post", "/v1/email-settings", "logoUrl", "maxLength", email_settings.MAX_LOGO_URL),
    ("get", "/v1/emails", "limit", "maximum", email_log.MAX_LIMIT),
    ("get", "/v1/events", "offset", "maximum", 10**MAX_DIGITS - 1),
]

# pricingData's forms (api/pricing_schema.py), by the keyword path inside POST /v1/prices.
PRICING = [
    ("recurring", "intervalCount", "maximum", MAX_INTERVAL_COUNT),
    ("tiered", "tiers", "maxItems", MAX_TIERS),
    ("tiered", "metricId", "maxLength", MAX_TEXT),
    ("usage_based", "metricId", "maxLength", MAX_TEXT),
]


def _resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = spec["components"]["schemas"][name]
    return schema


def _values(spec: dict, schema: dict, keyword: str) -> set:
    """``keyword``'s values in ``schema`` and its ``anyOf``/``oneOf`` branches (null aside)."""
    schema = _resolve(spec, schema)
    found = {schema[keyword]} if keyword in schema else set()
    for branch in schema.get("anyOf", []) + schema.get("oneOf", []):
        found |= _values(spec, branch, keyword)
    return found


def _field(spec: dict, method: str, path: str, field: str) -> dict:
    operation = spec["paths"][path][method]
    if method == "get":
        (parameter,) = [p for p in operation["parameters"] if p["name"] == field]
        return parameter["schema"]
    body = _resolve(spec, operation["requestBody"]["content"]["application/json"]["schema"])
    return body["properties"][field]


async def test_documented_bounds_are_the_services(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    wrong = [
        (method, path, field, keyword, _values(spec, _field(spec, method, path, field), keyword))
        for method, path, field, keyword, value in BOUNDS
        if _values(spec, _field(spec, method, path, field), keyword) != {value}
    ]
    assert wrong == []


async def test_domain_pattern_is_the_services(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    (pattern,) = _values(
        spec, _field(spec, "post", "/v1/enrollment/rules", "matcherValue"), "pattern"
    )
    assert pattern.count(f"{{0,{MAX_LABEL - 2}}}") == 2


async def test_pricing_data_bounds_are_the_services(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    field = _field(spec, "post", "/v1/prices", "pricingData")
    (pricing,) = [branch for branch in field["anyOf"] if "oneOf" in branch]
    forms = {
        form["properties"]["type"]["const"]: form
        for form in pricing["oneOf"]
        if "type" in form["properties"]
    }
    for form, field, keyword, value in PRICING:
        assert _values(spec, forms[form]["properties"][field], keyword) == {value}, field
    components = [form for form in pricing["oneOf"] if "components" in form["properties"]]
    assert components[0]["properties"]["components"]["maxItems"] == MAX_COMPONENTS


async def test_metric_timeframes_are_the_services(client):
    """The documented timeframe names are ``metric_values.TIMEFRAMES``, each in any case."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    operation = spec["paths"]["/v1/metrics/{metric_id}/value"]["get"]
    (parameter,) = [p for p in operation["parameters"] if p["name"] == "timeframe"]
    (pattern,) = _values(spec, parameter["schema"], "pattern")
    for kind in TIMEFRAMES:
        assert re.search(pattern, kind) and re.search(pattern, kind.lower()), kind
    assert not re.search(pattern, "HOURLY")


async def test_email_settings_patterns_are_the_services(client):
    """Each documented pattern is the service's own, anchored; ``emails`` names every kind."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    path = "/v1/email-settings"
    for field, regex in (
        ("senderName", email_settings.SENDER_NAME_PATTERN),
        ("replyTo", email_settings.REPLY_TO_PATTERN),
        ("brandColor", email_settings.BRAND_COLOR_PATTERN),
        ("logoUrl", email_settings.LOGO_URL_PATTERN),
    ):
        assert _values(spec, _field(spec, "post", path, field), "pattern") == {f"^{regex}$"}
    emails = _field(spec, "post", path, "emails")
    assert set(emails["properties"]) == set(kinds.BY_TEMPLATE)
    assert emails["additionalProperties"] is False
