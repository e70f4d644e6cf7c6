"""Plan forms: the create wizard and the edit form.

Amounts are typed in major units ("29.00") and reach the plans service as exact integer
cents (``MoneyField``). Features come two ways: existing ones ticked from the library, and new
ones typed into repeated rows (``new_feature_*`` lists, parsed by ``new_features``). Whether a
price, a slug or a trial is allowed is the plans service's rule; its messages are put back on
the matching field by ``attach_error``.
"""

from itertools import zip_longest

from wtforms import BooleanField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from billing.catalog import plan_inputs
from billing.catalog.features import validate_slug
from billing.catalog.plan_inputs import NewFeature, Trial
from billing.core.errors import ServiceError
from webapp.forms import TallyForm, currency_choices, description_length, service_rule
from webapp.forms.features import CheckboxesField, typed_value
from webapp.forms.money import MoneyField

MAX_NEW_FEATURES = 20
FEATURE_KINDS = [("switch", "Switch"), ("limit", "Limit"), ("usage", "Usage-based")]
# The feature type each kind creates (a usage-based feature is a metered number).
KIND_TYPES = {"switch": "boolean", "limit": "number", "usage": "number"}


def new_feature_rows(formdata) -> list[dict]:
    """The typed new-feature rows; a row left completely empty is ignored."""
    if formdata is None:
        return []
    names = ("name", "slug", "kind", "event", "value")
    columns = [formdata.getlist(f"new_feature_{name}") for name in names]
    rows = []
    for name, slug, kind, event, value in zip_longest(*columns, fillvalue=""):
        row = {
            "name": name.strip(),
            "slug": slug.strip(),
            "kind": kind if kind in KIND_TYPES else "switch",
            "event": event.strip(),
            "value": value.strip(),
        }
        if row["name"] or row["slug"] or row["event"]:
            rows.append(row)
    return rows[:MAX_NEW_FEATURES]


class PlanFields(TallyForm):
    """What the create and edit forms share."""

    plan_name = StringField(
        "Plan name",
        [InputRequired("Give the plan a name"), Length(max=200)],
        description="What customers see, e.g. “Pro”.",
    )
    plan_description = TextAreaField(
        "Description",
        [Optional(), description_length(plan_inputs.MAX_DESCRIPTION)],
        description=f"Shown under the name on pricing tables; up to "
        f"{plan_inputs.MAX_DESCRIPTION} characters.",
        render_kw={"rows": 2},
    )
    monthly_price = MoneyField("Monthly price", description="Per month, e.g. 29.00.")
    yearly_price = MoneyField(
        "Yearly price", description="Per year, e.g. 290.00. Leave empty for monthly only."
    )
    feature_ids = CheckboxesField("Features from your library", choices=[])
    trial_enabled = BooleanField("Offer a free trial")
    trial_days = IntegerField(
        "Trial length (days)", [Optional(), NumberRange(1, 365, "Enter 1 to 365 days")]
    )
    trial_without_card = BooleanField(
        "Start the trial without asking for a card",
        description="Off: customers enter a card at checkout and are charged when the trial "
        "ends. On: no card is asked for; they add one before the first invoice.",
    )
    show_in_pricing_table = BooleanField(
        "Show in pricing tables",
        description="Visible on your embedded pricing tables (and added to the default one).",
    )

    error_fields = (
        ("planName", "plan_name", "Plan name"),
        ("planDescription", "plan_description", "Description"),
        ("monthlyPrice", "monthly_price", "Monthly price"),
        ("yearlyPrice", "yearly_price", "Yearly price"),
        ("featureIds", "feature_ids", None),
        ("trial.days", "trial_days", "Trial length"),
        ("commitMessage", "commit_message", "Version note"),
        ("currency", "currency", "Currency"),
        ("minSeats", "is_seat_based", None),
        ("isEnterprisePlan", "is_enterprise_plan", None),
    )

    def validate(self, extra_validators=None) -> bool:
        """The fields, and a trial switched on without its length, in one round."""
        valid = super().validate(extra_validators)
        if self.trial_enabled.data and self.trial_days.data is None and not self.trial_days.errors:
            self.trial_days.errors = ["Trial length is required when the trial is enabled"]
            valid = False
        return valid

    @property
    def trial(self) -> Trial:
        if not self.trial_enabled.data:
            return Trial(enabled=False, days=None)
        return Trial(
            enabled=True, days=self.trial_days.data, without_card=bool(self.trial_without_card.data)
        )


class PlanForm(PlanFields):
    currency = SelectField("Currency", choices=currency_choices())
    is_enterprise_plan = BooleanField(
        "Enterprise plan",
        description="No public price: the pricing table shows a “Contact sales” button.",
    )
    enterprise_redirect_url = StringField(
        "Contact sales link",
        [Optional(), Length(max=2000), service_rule(plan_inputs.redirect_url)],
        description="Where the enterprise button sends visitors, e.g. https://example.com/sales.",
    )
    is_seat_based = BooleanField("Charge per seat", description="The price is per seat.")

    error_fields = (
        *PlanFields.error_fields,
        ("enterpriseRedirectUrl", "enterprise_redirect_url", "Contact sales link"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = new_feature_rows(kwargs.get("formdata"))
        self.new_feature_errors: list[str] = []
        self.bad_rows: set[int] = set()
        self.row_values = []
        for row in self.rows:
            try:
                self.row_values.append(typed_value(KIND_TYPES[row["kind"]], row["value"]))
            except ValueError:
                self.row_values.append(None)  # reported by validate(), beside the row

    def validate(self, extra_validators=None) -> bool:
        """The fields and every new-feature row (its name, slug and event name, by the
        services' own rules) in one round; the plans service would stop at the first."""
        valid = super().validate(extra_validators)
        self.bad_rows, self.new_feature_errors = set(), []
        for index, row in enumerate(self.rows):
            try:
                typed_value(KIND_TYPES[row["kind"]], row["value"])
            except ValueError as error:
                self._row_error(index, str(error))
        for index, element in enumerate(self.new_features):
            try:
                plan_inputs.new_feature(element, index)
                validate_slug(element.slug)
            except ServiceError as error:
                self._row_error(index, error)
        return valid and not self.bad_rows

    async def validate_together(self, *, new_feature_slug=None, **checks) -> bool:
        """Also asks ``new_feature_slug`` (raises when a slug is taken) about each row."""
        valid = await super().validate_together(**checks)
        for index, element in enumerate(self.new_features if new_feature_slug else []):
            if index not in self.bad_rows:
                try:
                    await new_feature_slug(element.slug)
                except ServiceError as error:
                    self._row_error(index, error)
        return valid and not self.bad_rows

    def _row_error(self, index: int, error: ServiceError | str) -> None:
        self.bad_rows.add(index)
        self.new_feature_errors.append(f"New feature {index + 1}: {_row_words(error)}")

    def attach_error(self, error: ServiceError | str) -> None:
        """Errors about inline features (their slug, name or event) go next to those rows."""
        field = "" if isinstance(error, str) else error.field or ""
        message = error if isinstance(error, str) else error.message
        if field.startswith(ROWS):
            index = int(field[len(ROWS) : field.index("]")])
            self.new_feature_errors.append(f"New feature {index + 1}: {_row_words(error)}")
            return
        if field in ROW_NAMES or "slug" in message:  # a slug taken meanwhile
            self.new_feature_errors.append(_row_words(error))
            return
        super().attach_error(error)

    @property
    def has_errors(self) -> bool:
        return super().has_errors or bool(self.new_feature_errors)

    @property
    def new_features(self) -> list[NewFeature]:
        return [
            NewFeature(
                feature_name=row["name"],
                slug=row["slug"],
                is_usage_based=row["kind"] == "usage",
                event_name=(row["event"] or None) if row["kind"] == "usage" else None,
                feature_type=KIND_TYPES[row["kind"]],
                feature_value=value,
            )
            for row, value in zip(self.rows, self.row_values, strict=True)
        ]


ROWS = "newFeatures["  # the API's path of a new-feature row: newFeatures[0].slug
# A row's fields as the row's inputs name them, and the row's words by code.
ROW_NAMES = {
    "featureName": "name",
    "slug": "slug",
    "eventName": "event name",
    "usagePricePerUnit": "usage price per unit",
    "creditAllowanceAmount": "credit allowance",
    "creditAllowanceRenewal": "credit allowance renewal",
}
ROW_WORDS = {"usage_fields_need_usage": "an event name and a usage price need a usage feature"}


def _row_words(error: ServiceError | str) -> str:
    """A new-feature row's error in the row's words: ``newFeatures[1].slug is required`` →
    ``slug is required`` (the row is named by the caller), by the field the error names."""
    if isinstance(error, str):
        return error
    words = ROW_WORDS.get(error.code)
    if words is not None:
        return words
    field = error.field or ""
    name = field.rsplit(".", 1)[-1]
    if name in ROW_NAMES and error.message.startswith(f"{field} "):
        return ROW_NAMES[name] + error.message[len(field) :]
    return error.message


class PlanEditForm(PlanFields):
    commit_message = TextAreaField(
        "Version note",
        [Optional(), Length(max=2000)],
        description="What changed and why, e.g. “Raise the monthly price to 35.00”. Kept in "
        "the version history when the change makes a new version.",
        render_kw={"rows": 2},
    )
