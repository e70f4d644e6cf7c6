"""Settings forms: the merchant profile and the dunning policy (two forms, two services)."""

from wtforms import BooleanField, IntegerField, SelectField, StringField, ValidationError
from wtforms.validators import InputRequired, Length

from webapp.forms import TallyForm, currency_choices


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
