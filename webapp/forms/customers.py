"""The customer form: a profile and billing address, as the customers page edits it.

Only shape is checked here (lengths, a required email); whether the email is well formed or
already used, and what counts as a country code, are the customers service's rules, and its
messages come back onto the matching field through ``error_fields``.

The country is picked by name ("Austria (AT)"), as the portal and checkout do, never typed
into a two-letter box that cut "Austria" to AU (Australia). It is optional: the first choice
is none. A code stored through the API that the list does not name (``XK``) stays a choice
on that customer's edit form, so saving it unchanged keeps it.
"""

from wtforms import BooleanField, EmailField, StringField
from wtforms.validators import InputRequired, Length

from billing.customers.customer_fields import clean_country, clean_email
from webapp.forms import TallyForm, service_rule, strip_text
from webapp.forms.countries import CountryField, country_choices

COUNTRY_CHOICES = country_choices("No country")


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
    billing_country = CountryField(
        "Country",
        [service_rule(clean_country)],
        choices=COUNTRY_CHOICES,
        default="",
        render_kw={"autocomplete": "off"},
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
        form = cls(
            **{name: getattr(customer, name) or "" for name, _ in PROFILE_FIELDS},
        )
        form.keep_country(customer.billing_country)
        return form

    def keep_country(self, code: str | None) -> None:
        """A stored code the list does not name stays a choice, so saving keeps it."""
        if code and code not in {choice for choice, _ in self.billing_country.choices}:
            self.billing_country.choices = [*self.billing_country.choices, (code, code)]
