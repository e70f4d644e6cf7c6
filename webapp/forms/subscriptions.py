"""Subscription forms: subscribe a customer to a plan at one of its prices; override features.

The plan and price choices are filled by the page from the catalog services. Whether the price
belongs to the plan, whether the customer may have another subscription and which features
exist are the subscription services' rules; their messages land on the matching field.
"""

from datetime import UTC, datetime, time

from wtforms import BooleanField, DateField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, Optional

from webapp.forms import TallyForm
from webapp.forms.features import CheckboxesField


class ChoiceField(SelectField):
    """A select whose value the service checks (a stale or foreign id answers its 404)."""

    def pre_validate(self, form) -> None:
        """Unknown ids are left for the service to refuse with its own message."""


class SubscribeForm(TallyForm):
    customer = StringField(
        "Customer",
        [InputRequired("Enter the customer's email, id or external id"), Length(max=320)],
        filters=[lambda value: value.strip() if isinstance(value, str) else value],
        description="The customer's email, their id (cust_…) or the external id your system "
        "gives them.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    plan_id = ChoiceField("Plan", [InputRequired("Choose a plan")], choices=[])
    price_id = ChoiceField("Price", [InputRequired("Choose a price")], choices=[])
    start_date = DateField(
        "Start date",
        [Optional()],
        description="Empty: today. A past date backdates it; a future one starts it later "
        "(midnight UTC).",
    )
    allow_multiple = BooleanField(
        "Allow a second subscription for this customer",
        description="Normally a customer has one active subscription at a time.",
    )

    error_fields = (
        ("effectivePriceId", "price_id", "Price"),
        ("startTimestamp", "start_date", "Start date"),
        ("customerId", "customer", None),
        ("planId", "plan_id", None),
    )

    @property
    def start_timestamp(self) -> datetime | None:
        if self.start_date.data is None:
            return None
        return datetime.combine(self.start_date.data, time(0), tzinfo=UTC)


class FeatureOverrideForm(TallyForm):
    feature_ids = CheckboxesField(
        "Features",
        [InputRequired("Choose at least one feature: the list replaces every feature")],
        choices=[],
    )

    error_fields = (("featureIds", "feature_ids", "Features"),)


class ChangePlanForm(TallyForm):
    """Another plan (the current version of any plan with prices) at one of its prices,
    now or at the end of the current billing period."""

    plan_id = ChoiceField("New plan", [InputRequired("Choose a plan")], choices=[])
    price_id = ChoiceField("Price", [InputRequired("Choose a price")], choices=[])
    when = RadioField(
        "When",
        choices=[
            ("next_billing_cycle", "At the end of the current billing period"),
            ("now", "Now"),
        ],
        default="next_billing_cycle",
    )

    error_fields = (
        ("priceId", "price_id", None),
        ("when", "when", "When"),
    )
