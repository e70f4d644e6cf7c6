"""The customer form: a profile and billing address, as the customers page edits it.

Only shape is checked here (lengths, a required email); whether the email is well formed or
already used, and what counts as a country code, are the customers service's rules, and its
messages come back onto the matching field through ``error_fields``.
"""

from wtforms import BooleanField, EmailField, StringField
from wtforms.validators import InputRequired, Length

from billing.customers.customer_fields import clean_country, clean_email
from webapp.forms import TallyForm, service_rule, strip_text

# (form field, the API's name for it): what create/update_customer take as keyword arguments
PROFILE_FIELDS = (
    ("email", "email"),
    ("name", "name"),
    ("external_customer_id", "externalCustomerId"),
    ("billing_address_line1", "billingAddressLine1"),
    ("billing_address_line2", "billingAddressLine2"),
    ("billing_city", "billingCity"),
    ("billing_postal_code", "billingPostalCode"),
    ("billing_country", "billingCountry"),
    ("tax_id", "taxId"),
)


class CustomerForm(TallyForm):
    email = EmailField(
        "Email",
        [InputRequired("Enter the customer's email"), Length(max=320), service_rule(clean_email)],
        filters=[strip_text],
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    name = StringField("Name", [Length(max=200)], filters=[strip_text])
    external_customer_id = StringField(
        "External id",
        [Length(max=200)],
        filters=[strip_text],
        description="The customer's id in your own system; your code can look them up by it.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    billing_address_line1 = StringField("Address line 1", [Length(max=300)], filters=[strip_text])
    billing_address_line2 = StringField("Address line 2", [Length(max=300)], filters=[strip_text])
    billing_city = StringField("City", [Length(max=200)], filters=[strip_text])
    billing_postal_code = StringField("Postal code", [Length(max=40)], filters=[strip_text])
    billing_country = StringField(
        "Country",
        [
            Length(max=2, message="Use the two-letter country code, like DE or US"),
            service_rule(clean_country),
        ],
        filters=[strip_text, lambda value: value.upper() if isinstance(value, str) else value],
        description="Two-letter code, like DE or US.",
        render_kw={"autocomplete": "off", "maxlength": "2", "class": "country-code"},
    )
    tax_id = StringField("Tax id", [Length(max=100)], filters=[strip_text])
    allow_same_email = BooleanField(
        "Allow an email another customer already uses",
        description="For separate billing accounts of one person; lookups by email become "
        "ambiguous.",
    )

    # Longest API names first, so "billingAddressLine1" is not taken for "name" or "email".
    error_fields = (
        ("externalCustomerId", "external_customer_id", "External id"),
        ("billingAddressLine1", "billing_address_line1", "Address line 1"),
        ("billingAddressLine2", "billing_address_line2", "Address line 2"),
        ("billingPostalCode", "billing_postal_code", "Postal code"),
        ("billingCountry", "billing_country", "Country"),
        ("billingCity", "billing_city", "City"),
        ("taxId", "tax_id", "Tax id"),
        ("email", "email", None),
        ("name", "name", None),
    )

    def values(self) -> dict:
        """The profile as the service's keyword arguments; blank optional fields are None."""
        values = {}
        for field_name, _ in PROFILE_FIELDS:
            value = self[field_name].data
            values[field_name] = value if value else None
        values["name"] = self.name.data or ""
        return values

    @classmethod
    def of(cls, customer) -> "CustomerForm":
        """The form filled from a stored customer (the edit page)."""
        return cls(
            **{name: getattr(customer, name) or "" for name, _ in PROFILE_FIELDS},
        )
