"""The portal's forms, in an end customer's words: the reason for cancelling and the billing
details (address and tax id).

Only shape is checked here; what a country code or a field's length may be is the customers
service's rule (``customer_fields``), whose errors come back onto the field through
``error_fields``. The country is a select of the two-letter codes by name, so a customer never
types "United States" into a field that keeps two letters.
"""

from wtforms import StringField, TextAreaField
from wtforms.validators import Length

from billing.portal.billing_details import FIELDS
from billing.portal.cancellation import MAX_REASON
from webapp.forms import TallyForm, strip_text
from webapp.forms.countries import CountryField, country_choices

COUNTRY_CHOICES = country_choices(codes=False)


class CancelForm(TallyForm):
    reason = TextAreaField(
        "Why are you cancelling? (optional)",
        [Length(max=MAX_REASON, message=f"Please keep it under {MAX_REASON} characters")],
        filters=[strip_text],
        description="Only the merchant reads this. It helps them improve.",
        render_kw={"rows": "3", "maxlength": str(MAX_REASON)},
    )
    error_fields = (("cancelReason", "reason", "Your reason"),)


class BillingDetailsForm(TallyForm):
    billing_address_line1 = StringField(
        "Street address",
        [Length(max=300)],
        filters=[strip_text],
        render_kw={"autocomplete": "address-line1"},
    )
    billing_address_line2 = StringField(
        "Apartment, suite, etc. (optional)",
        [Length(max=300)],
        filters=[strip_text],
        render_kw={"autocomplete": "address-line2"},
    )
    billing_city = StringField(
        "City",
        [Length(max=200)],
        filters=[strip_text],
        render_kw={"autocomplete": "address-level2"},
    )
    billing_postal_code = StringField(
        "Postal or ZIP code",
        [Length(max=40)],
        filters=[strip_text],
        render_kw={"autocomplete": "postal-code"},
    )
    billing_country = CountryField(
        "Country",
        choices=COUNTRY_CHOICES,
        refused="Choose your country from the list",
        render_kw={"autocomplete": "country"},
    )
    tax_id = StringField(
        "VAT or tax ID (optional)",
        [Length(max=100)],
        filters=[strip_text],
        description="For a business: your VAT number (like DE123456789) or other tax ID.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )

    error_fields = (
        ("billingAddressLine1", "billing_address_line1", "Street address"),
        ("billingAddressLine2", "billing_address_line2", "Address line 2"),
        ("billingPostalCode", "billing_postal_code", "Postal code"),
        ("billingCountry", "billing_country", "Country"),
        ("billingCity", "billing_city", "City"),
        ("taxId", "tax_id", "Tax ID"),
    )

    @classmethod
    def of(cls, customer) -> "BillingDetailsForm":
        return cls(data={name: getattr(customer, name) or "" for name in FIELDS})

    def values(self) -> dict:
        """The details as the service's keyword arguments; blank clears a field."""
        return {name: (self[name].data or None) for name in FIELDS}
