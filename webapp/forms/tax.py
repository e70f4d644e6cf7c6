"""Tax forms. People type rates as percentages ("8.75"); the API and the database keep the
fraction ("0.0875"), so a percentage with at most two decimals is exactly a four-decimal rate.
The tax services check the rest and their messages land on the matching fields."""

from decimal import Decimal, InvalidOperation

from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    Form,
    FormField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from billing.core.errors import Invalid
from billing.tax import jurisdictions
from webapp.forms import TallyForm, currency_choices
from webapp.forms.money import MoneyField

NOT_A_PERCENT = "Enter a percentage from 0 to 100 with at most two decimals, like 8.75"


def percent_to_rate(text: str | None) -> str | None:
    """``"8.75"`` → ``"0.0875"``; blank → None; ValueError for anything else."""
    text = (text or "").strip().rstrip("%").strip()
    if not text:
        return None
    try:
        percent = Decimal(text)
    except InvalidOperation as error:
        raise ValueError(NOT_A_PERCENT) from error
    if not percent.is_finite() or not 0 <= percent <= 100 or percent != round(percent, 2):
        raise ValueError(NOT_A_PERCENT)
    return f"{percent / 100:.4f}"


def rate_to_percent(rate) -> str:
    """``Decimal("0.0875")`` → ``"8.75"`` (blank for None)."""
    if rate is None:
        return ""
    return f"{Decimal(rate) * 100:f}".rstrip("0").rstrip(".") or "0"


class PercentField(StringField):
    def pre_validate(self, form) -> None:
        try:
            self.rate = percent_to_rate(self.data)
        except ValueError as error:
            raise ValidationError(str(error)) from None


class TaxSettingsForm(TallyForm):
    auto = BooleanField(
        "Calculate tax automatically",
        description="From your nexus, registrations and rate definitions below.",
    )
    default_rate = PercentField(
        "Default rate (%)",
        description="Applies to everything while automatic calculation is off. Blank: no tax.",
    )
    error_fields = (("defaultTaxRate", "default_rate", "Default rate"),)


class RateDefinitionForm(TallyForm):
    name = StringField("Name", validators=[InputRequired("Enter a name"), Length(max=200)])
    rate = PercentField("Rate (%)", validators=[InputRequired("Enter the rate")])
    jurisdiction = StringField(
        "Jurisdiction",
        validators=[Length(max=100)],
        id="rate-jurisdiction",  # the registration form has a jurisdiction field too
        description="Pick from the list: US-CA for a state, DE for a country; add a city "
        "after a state, like US-CA-San Francisco.",
        render_kw={"list": "rate-jurisdictions", "autocomplete": "off"},
    )
    category = StringField("Category", validators=[Length(max=100)])
    description = TextAreaField("Description", validators=[Length(max=2000)])
    error_fields = (
        ("name", "name", "Name"),
        ("taxRate", "rate", "Rate"),
        ("jurisdiction", "jurisdiction", "Jurisdiction"),
        ("category", "category", "Category"),
        ("description", "description", "Description"),
    )

    # Offered in a <datalist id="rate-jurisdictions"> (a city after a state is typed freely).
    jurisdiction_choices = jurisdictions.rate_choices()

    def validate_jurisdiction(self, field) -> None:
        field.data = checked(jurisdictions.rate_jurisdiction, field.data) or ""


def checked(rule, value):
    """A tax rule's own check as a form validator: its message on the field."""
    try:
        return rule(value)
    except Invalid as error:
        raise ValidationError(error.message) from None


class RegistrationForm(TallyForm):
    jurisdiction = SelectField(
        "Jurisdiction",
        validators=[InputRequired("Choose the country, or EU")],
        id="registration-jurisdiction",  # the rate form has a jurisdiction field too
        choices=[("", "Choose a country"), *jurisdictions.registration_choices()],
        validate_choice=False,  # the tax rule below refuses unknown codes in plain words
    )
    registration_number = StringField(
        "Registration number", validators=[InputRequired("Enter the number"), Length(max=100)]
    )
    registration_type = SelectField(
        "Type", choices=[("vat", "VAT"), ("gst", "GST"), ("sales_tax", "Sales tax")]
    )
    effective_date = DateField("Effective from", validators=[InputRequired("Pick a date")])
    expiration_date = DateField("Expires", validators=[Optional()])
    error_fields = (
        ("jurisdiction", "jurisdiction", "Jurisdiction"),
        ("registrationNumber", "registration_number", "Registration number"),
        ("registrationType", "registration_type", "Type"),
        ("effectiveDate", "effective_date", "Effective from"),
        ("expirationDate", "expiration_date", "Expires"),
    )

    def validate_jurisdiction(self, field) -> None:
        field.data = checked(jurisdictions.registration_jurisdiction, field.data)


class LineForm(Form):
    description = StringField("Description", validators=[Length(max=200)])
    amount = MoneyField("Amount")


class PreviewForm(TallyForm):
    customer = SelectField("Customer", validate_choice=False)
    currency = SelectField("Currency", choices=currency_choices())
    amount = MoneyField("Amount", description="Or fill in line items below instead.")
    lines = FieldList(FormField(LineForm), min_entries=3, max_entries=10)
    error_fields = (
        ("customer", "customer", "Customer"),
        ("customerId", "customer", None),
        ("amount", "amount", "Amount"),
        ("currency", "currency", "Currency"),
    )

    def validate(self, extra_validators=None) -> bool:
        for line in self.lines:  # line amounts are typed in the chosen currency too
            line.form.currency = self.currency.data or ""
        return super().validate(extra_validators)

    def tax_lines(self) -> list[tuple[str, int]]:
        """The filled-in line items as (description, cents)."""
        return [
            (line.form.description.data or "Line", line.form.amount.cents)
            for line in self.lines
            if line.form.amount.cents is not None
        ]
