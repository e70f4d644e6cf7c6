"""Settings forms: the merchant profile, the seller details printed on invoices and the
dunning policy (three forms, three services)."""

from wtforms import (
    BooleanField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
    ValidationError,
)
from wtforms.validators import InputRequired, Length

from billing.accounts import seller_details
from webapp.forms import TallyForm, currency_choices, strip_text
from webapp.forms.countries import country_choices


class ProfileForm(TallyForm):
    legal_name = StringField(
        "Business legal name", [InputRequired("Enter the legal name"), Length(max=200)]
    )
    display_name = StringField(
        "Display name",
        [InputRequired("Enter a display name"), Length(max=200)],
        description="What customers see on invoices, the portal and pricing tables.",
    )
    default_currency = SelectField("Default currency", choices=currency_choices())

    error_fields = (
        ("legalName", "legal_name", "Legal name"),
        ("displayName", "display_name", "Display name"),
        ("defaultCurrency", "default_currency", "Default currency"),
    )


def _at_most(label: str, max_length: int) -> Length:
    return Length(max=max_length, message=f"{label} must be at most {max_length} characters")


def _line(label: str, max_length: int, **kwargs) -> StringField:
    return StringField(label, [_at_most(label, max_length)], filters=[strip_text], **kwargs)


class SellerDetailsForm(TallyForm):
    """The seller block of invoices and receipts, and the footer under every invoice."""

    address_line1 = _line("Address", seller_details.MAX_LINE)
    address_line2 = _line("Address line 2", seller_details.MAX_LINE)
    city = _line("City", seller_details.MAX_CITY)
    postal_code = _line("Postal code", seller_details.MAX_POSTAL_CODE)
    # any code reaches the service, whose rule (two letters) answers in the field's place
    country = SelectField("Country", choices=country_choices(), default="", validate_choice=False)
    tax_id = _line(
        "Tax ID",
        seller_details.MAX_TAX_ID,
        description="Your VAT or sales tax number, printed under your address.",
    )
    invoice_footer = TextAreaField(
        "Invoice footer",
        [_at_most("Invoice footer", seller_details.MAX_FOOTER)],
        filters=[strip_text],
        description="Printed at the bottom of every invoice: payment terms, a thank-you, "
        f"your registered office. At most {seller_details.MAX_FOOTER} characters.",
        render_kw={"rows": 3, "maxlength": str(seller_details.MAX_FOOTER)},
    )

    error_fields = (
        ("addressLine1", "address_line1", "Address"),
        ("addressLine2", "address_line2", "Address line 2"),
        ("city", "city", "City"),
        ("postalCode", "postal_code", "Postal code"),
        ("country", "country", "Country"),
        ("taxId", "tax_id", "Tax ID"),
        ("invoiceFooter", "invoice_footer", "Invoice footer"),
    )

    @property
    def values(self) -> dict[str, str | None]:
        return {name: self[name].data for name in seller_details.FORM_FIELDS}


def parse_days(text: str | None) -> list[int]:
    """Turn "1, 3, 5" into [1, 3, 5]; which numbers are allowed is the service's rule."""
    parts = [part.strip() for part in (text or "").split(",")]
    if parts == [""]:
        return []
    if not all(part.isdigit() for part in parts):
        raise ValueError("Enter whole numbers of days separated by commas, like 1, 3, 5")
    return [int(part) for part in parts]


class DunningForm(TallyForm):
    retry_schedule_days = StringField(
        "Retry schedule",
        [InputRequired("Enter at least one retry day")],
        description="Days after the first failure on which to retry, e.g. 1, 3, 5.",
    )
    grace_period_days = IntegerField(
        "Grace period (days)",
        [InputRequired("Enter the grace period in days")],
        description="Days after the last retry before the final action is taken.",
    )
    end_action = SelectField(
        "When all retries fail",
        choices=[
            ("cancel", "Cancel the subscription"),
            ("pause", "Pause the subscription"),
            ("unpaid", "Mark it unpaid and keep it"),
        ],
    )
    past_due_access = BooleanField(
        "Customers keep access while a payment is overdue",
        description=(
            "When a renewal payment fails, the customer can still use their features until "
            "the grace period ends. Untick to take access away at the first failed payment."
        ),
    )

    error_fields = (
        ("retryScheduleDays", "retry_schedule_days", "Retry schedule"),
        ("gracePeriodDays", "grace_period_days", "Grace period"),
        ("endAction", "end_action", "End action"),
    )

    def validate_retry_schedule_days(self, field) -> None:
        try:
            parse_days(field.data)
        except ValueError as error:
            raise ValidationError(str(error)) from error

    @property
    def retry_days(self) -> list[int]:
        return parse_days(self.retry_schedule_days.data)
