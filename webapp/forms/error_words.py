"""Service errors in the words a merchant uses, chosen by the error's code.

The services raise errors with the exact messages the API specification gives, written for
developers: field names in camelCase (``subtotalCents``), amounts "in cents", number limits
as raw digits. The API keeps those words. The dashboard shows the same errors, so every
error it shows (a form's, a flash message, a page's) takes its words from here by its
``code`` and ``field`` (``billing.core.errors``), never by reading the sentence back:

- ``WORDS``: a code's words; ``{label}`` stands for the field's name on the page (the form's
  label for its input, else ``LABELS``), at the start of a sentence.
- ``LABELS``: the API's field names as a merchant reads them, for errors shown above a form
  rather than next to an input, and in sentences that name a second field.
- The values an error's message is built from come in its ``params``, and a template names
  them as a merchant reads them (``values``): ``left_cents`` as ``{left}`` in money
  ("$49.00"), ``tier_index`` as ``{tier}`` counted from 1. A template may also be a function
  of those values, for words that differ by a value (a mode's switch "on" or "off").

An error whose code has no words here shows the service's message, with the field's label in
place of the API name it starts with (``legalName is required`` → ``Legal name is
required``).
"""

from collections.abc import Callable, Mapping
from typing import Any

from billing.core.errors import ServiceError
from billing.core.money_input import AMBIGUOUS, DECIMALS_WORDS
from webapp.forms.money import format_money

Template = str | Callable[[dict[str, Any]], str]

MONEY = "typed like 49.00"
DOMAIN = "Enter a domain such as example.com"
WORDS: dict[str, Template] = {
    "amount_empty": "Enter an amount like 29 or 29.00",
    "amount_not_a_number": "Enter an amount like 29 or 29.00",
    "amount_ambiguous": AMBIGUOUS,
    "amount_too_many_decimals": lambda v: DECIMALS_WORDS.get(v["digits"], DECIMALS_WORDS[2]).format(
        **v
    ),
    "amount_other_currency": "This amount is in {currency}: leave out “{marker}”",
    "amount_negative": "{label} must be 0 or more, like 29.00",
    "amount_too_large": "That amount is too large",
    "amount_not_cents": f"{{label}} must be between 0.00 and 10,000,000,000.00, {MONEY}",
    "cents_not_whole": "{label} must be 0.00 or more, like 49.00",
    "refund_amount_not_cents": f"The amount must be at least 0.01, {MONEY}",
    "refund_more_than_left": "{amount} is more than is left to refund on this payment: "
    "{left} of {paid} ({refunded} already refunded)",
    "refund_partial_at_b": "This provider B payment names no product, which a partial refund "
    "there needs, so it can only be refunded in full: enter {left} or leave the amount empty",
    "number_out_of_range": "{label} must be a number of at most 15 digits",
    "invalid_datetime": (
        "{label} must be a date like 2026-01-31 (a time may follow: 2026-01-31T09:00:00Z)"
    ),
    "dates_backwards": "{label} must not be after end date",
    "no_payment_method": (
        "The customer has no card or account Tally can charge. Add a payment method for them, "
        "with card payments (provider A) connected on the Payment providers page."
    ),
    "bad_strategy": "Choose now or next cycle",
    "same_version": "That is already the current version",
    "yearly_price_required": "{label} is required when there is a yearly price",
    "enterprise_has_no_prices": "An enterprise plan has no prices: leave out the prices",
    "min_seats_needs_seats": "Minimum seats need a seat-based plan",
    "custom_query_required": "{label} is required with the query type Custom query",
    "custom_query_unused": "{label} is only used with the query types Custom query and Indexed",
    "metric_type_immutable": "The aggregation and value type cannot be changed after "
    "creation; create a new metric instead",
    "customer_email_taken_on_update": "Another customer with this email already exists. Tick "
    "“Allow an email another customer already uses” to allow it.",
    "invalid_cursor": "Invalid cursor: that page link is not valid; start from the first page",
    "email_cursor_invalid": (
        "Invalid cursor: that page link is not valid; start from the first page"
    ),
    "price_not_of_plan": "{label} must be a price of the plan chosen",
    "no_earlier_version": "There is no earlier version to compare with",
    "provider_a_key_other_mode": "{label} is a {other} key ({kind}_{other}_…), but you are in "
    "{mode} mode: use a {kind}_{mode}_ key here, or switch the dashboard to {other} mode to use "
    "the {other} key",
    "provider_b_key_other_mode": lambda v: (
        f"This is a {v['key_mode']}-mode key, and you are in {v['mode']} mode. Use a "
        f"{v['mode']}-mode key here, or switch Test mode "
        f"{'on' if v['key_mode'] == 'test' else 'off'} in the sidebar to save this one there."
    ),
    "domain_required": "Enter a domain",
    "domain_too_long": f"{DOMAIN}, at most 253 characters",
    "domain_is_email": f"{DOMAIN}: the part after the @, not a whole email address",
    "domain_wildcard": f"{DOMAIN}, without wildcards; subdomains are rules of their own",
    "domain_characters": f"{DOMAIN}: letters, digits and hyphens in dot-separated parts",
    "domain_ip": f"{DOMAIN}, not an IP address",
    "domain_not_valid": f"{DOMAIN}; that one is not a valid domain name",
    "webhook_url_invalid": "Enter a full web address that starts with https:// or http://, "
    "like https://example.com/webhooks",
    "webhook_url_unresolved": "Tally could not find this address's host: check the domain "
    "name for typos",
    "webhook_url_private": "This address is on a private or internal network, which Tally "
    "does not send to: use one your server answers on from the public internet",
    "webhook_events_invalid": "Choose the events to send from the list",
    "webhook_events_unknown": lambda v: (
        f"Tally has no event named {', '.join(v['names'])}: choose the events from the list"
    ),
    "webhook_description_invalid": "Keep the description to plain text of 500 characters or fewer",
    "webhook_endpoint_disabled": "This endpoint is disabled: enable it first, then try again",
    "webhook_test_endpoint_disabled": "This endpoint is disabled: enable it to send a test event",
    "webhook_description_unstorable": "Remove the control characters from the description",
    "webhook_no_endpoint": "None of your enabled endpoints receives this type of event: add "
    "or enable one, or resend it to one endpoint by name",
    "email_sender_name_invalid": "Keep the sender name to 200 characters or fewer",
    "email_sender_name_control": "Write the sender name on one line, without control characters",
    "email_reply_to_invalid": "Enter one e-mail address, like billing@example.com, or leave it "
    "empty",
    "email_brand_color_invalid": "Choose a colour, written like #2563eb",
    "email_logo_url_invalid": "Enter an address that starts with https://, like "
    "https://example.com/logo.png, or leave it empty",
    "email_templates_invalid": "Choose the e-mails to send from the list",
    "email_templates_unknown": lambda v: (
        f"Tally has no e-mail named {', '.join(v['names'])}: choose them from the list"
    ),
    "email_template_unknown": "Choose one of the e-mails listed here",
    "email_status_unknown": "Choose a status from the list",
}

# API field names (camelCase, as in request bodies) in a merchant's words.
LABELS: dict[str, str] = {
    "customQuery": "custom query",
    "customerId": "customer",
    "customerName": "customer name",
    "defaultCurrency": "default currency",
    "displayName": "display name",
    "displayOrder": "display order",
    "endAction": "end action",
    "endDate": "end date",
    "enterpriseRedirectUrl": "enterprise redirect URL",
    "eventName": "event name",
    "featureIds": "features",
    "featureType": "feature type",
    "featureValue": "feature value",
    "fromVersion": "from version",
    "gracePeriodDays": "grace period",
    "isVisible": "visible",
    "keyType": "key type",
    "legalName": "legal name",
    "lineItems": "line items",
    "matcherType": "matcher type",
    "matcherValue": "domain",
    "minSeats": "minimum seats",
    "monthlyPrice": "monthly price",
    "pastDueAccess": "past-due access",
    "paymentId": "payment",
    "planDescription": "plan description",
    "planId": "plan",
    "planIds": "plans",
    "planName": "plan name",
    "priceIds": "prices",
    "priceMapping": "price mapping",
    "propertyFilters": "property filters",
    "retryScheduleDays": "retry schedule",
    "secretKey": "secret key",
    "startDate": "start date",
    "startTimestamp": "start date",
    "subscriptionId": "subscription",
    "subtotalCents": "line amount",
    "terminateSubscription": "terminate subscription",
    "toVersion": "to version",
    "userId": "user",
    "webhookSecret": "webhook secret",
    "yearlyPrice": "yearly price",
}


def sentence(text: str) -> str:
    """``text`` with its first letter capital when it starts with a lowercase word (not an
    id like ``sub_…`` or a slug)."""
    head = text.split(" ", 1)[0].rstrip(",:")
    if head.isalpha() and head.islower() and " " in text:
        return text[:1].upper() + text[1:]
    return text


def label_of(field: str | None) -> str | None:
    """How a page names the API field ``field`` when no form input does."""
    if field is None:
        return None
    return LABELS.get(field, field)


def values(params: Mapping[str, Any], currency: str = "") -> dict[str, Any]:
    """An error's ``params`` as a merchant reads them: each ``<name>_cents`` also as
    ``<name>``, money in ``currency`` (5000, USD → "$50.00"); each ``<name>_index`` also as
    ``<name>``, counted from 1 as people count rows."""
    shown = dict(params)
    for key, value in params.items():
        if key.endswith("_cents") and isinstance(value, int):
            shown[key.removesuffix("_cents")] = format_money(value, currency)
        elif key.endswith("_index") and isinstance(value, int):
            shown[key.removesuffix("_index")] = value + 1
    return shown


def words(
    error: ServiceError,
    label: str | None = None,
    table: Mapping[str, Template] = WORDS,
    currency: str = "",
) -> str:
    """What the dashboard shows for ``error``; ``label`` is the page's name for its field
    (a form input's label), ``table`` a page's own words ahead of the common ones,
    ``currency`` the one its amounts are in."""
    field, message = error.field, error.message
    label = label or label_of(field)
    template = table.get(error.code) or WORDS.get(error.code)
    if template is not None:
        shown = {**values(error.params, currency), "label": label or ""}
        text = template(shown) if callable(template) else template.format(**shown)
        return sentence(text)
    if field and label and message.startswith(f"{field}: "):  # "fromVersion: version 9 …"
        return sentence(message[len(field) + 2 :])
    if field and label and message.startswith(f"{field} "):
        return sentence(label + message[len(field) :])
    return sentence(message)
