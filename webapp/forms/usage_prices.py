"""The usage price form on the plan page: an optional base fee plus one usage component.

A merchant picks the metric (from their metrics), how its quantity is priced (per unit, per
package of N units, graduated or volume tiers) and types unit prices as people do: "0.0004"
dollars a call (``money_input.parse_unit_price``, up to six decimal places of the currency
unit; ordinary amounts such as the base fee and a tier's flat fee keep ``parse_amount``).
The form only turns text into numbers; ``billing.catalog.usage_models`` decides what a valid
usage price is. A unit price is sent as ``unit_amount_decimal`` (a decimal string of cents),
so a sub-cent price reaches the price exactly.
"""

from decimal import Decimal

from wtforms import SelectField, StringField
from wtforms.validators import InputRequired

from billing.core.errors import Invalid, ServiceError
from billing.core.money_input import parse_quantity, parse_unit_price
from webapp.forms import error_words, strip_text
from webapp.forms.money import MoneyField, to_cents
from webapp.forms.prices import INTERVALS, MAX_TIERS, PriceForm, price_error

MODELS = [
    ("per_unit", "Per unit"),
    ("package", "Per package of units"),
    ("graduated", "Graduated tiers"),
    ("volume", "Volume tiers"),
]
# A unit price's own words where an ordinary amount's example would mislead.
PRICE_WORDS = {
    "amount_not_a_number": "Enter a price like 0.0004",
    "amount_empty": "Enter a price like 0.0004",
    "amount_negative": "{label} must be 0 or more, like 0.0004",
}
RULES = {"month": "FREQ=MONTHLY;INTERVAL=1", "year": "FREQ=YEARLY;INTERVAL=1"}


def cents_text(cents: Decimal) -> str:
    """Exact cents as the decimal string ``unit_amount_decimal`` takes (``"0.04"``)."""
    text = f"{cents:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _unit_price(text: str, currency: str, label: str) -> str:
    """A typed unit price as ``unit_amount_decimal``, or ``ValueError`` in words."""
    if not (text or "").strip():
        raise ValueError(f"{label}: enter the price, like 0.0004")
    try:
        return cents_text(parse_unit_price(text, currency))
    except Invalid as error:
        words = error_words.words(error, label, PRICE_WORDS)
        raise ValueError(f"{label}: {words}") from error


def _whole_units(text: str, label: str) -> int:
    """A package size or tier limit as people type it ("10,000", "10.000", "10 000" are
    10000) by the money reader's separator rules (``parse_quantity``): "1,5" is refused, not
    read as 15."""
    try:
        number = parse_quantity(text)
    except Invalid as error:
        raise ValueError(f"{label} must be a whole number of units, like 1000") from error
    if number < 1:
        raise ValueError(f"{label} must be a whole number of units, like 1000")
    return number


class UsagePriceForm(PriceForm):
    """Rows for tiers are ``usage_tier_up_to``, ``usage_tier_price``, ``usage_tier_flat``;
    the last row (no "up to") prices everything above."""

    base_amount = MoneyField(
        "Base fee", description="Charged in advance each period, like 29.00. Leave empty for none."
    )
    interval = SelectField("Billed", choices=INTERVALS, default="month")
    metric = SelectField("Metric", [InputRequired("Choose the metric to bill")], choices=[])
    unit_label = StringField(
        "One unit is called",
        [InputRequired("Say what one unit is called, like call")],
        filters=[strip_text],
        default="unit",
    )
    model = SelectField(
        "Priced",
        choices=MODELS,
        default="per_unit",
        description="Graduated: each unit at the price of the tier it falls in. Volume: every "
        "unit at the price of the tier the period's total reaches.",
    )
    unit_price = StringField(
        "Price per unit", filters=[strip_text], render_kw={"inputmode": "decimal"}
    )
    package_size = StringField(
        "Units per package", filters=[strip_text], render_kw={"inputmode": "numeric"}
    )
    last_price = StringField(
        "Unit price above the last tier",
        filters=[strip_text],
        render_kw={"inputmode": "decimal"},
    )
    last_flat = MoneyField("Flat fee for that tier")

    error_fields = (("model", "model", "Priced"), ("package_size", "package_size", None))

    def __init__(self, *args, metrics=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.metric.choices = [("", "Choose a metric")] + [(m.id, m.name) for m in metrics]
        self.metric_names = {m.id: m.name for m in metrics}
        for needed in (self.unit_price, self.package_size, self.last_price):
            needed.flags.required = True  # by the model chosen: checked in ``_component``
        formdata = kwargs.get("formdata")
        self.rows: list[dict] = []
        if formdata is not None:
            rows = zip(
                formdata.getlist("usage_tier_up_to"),
                formdata.getlist("usage_tier_price"),
                formdata.getlist("usage_tier_flat"),
                strict=False,
            )
            self.rows = [
                {"up_to": up.strip(), "price": price.strip(), "flat": flat.strip()}
                for up, price, flat in rows
                if up.strip() or price.strip() or flat.strip()
            ][:MAX_TIERS]
        self.tier_errors: list[str] = []
        self._data: dict | None = None

    @property
    def tiered(self) -> bool:
        return self.model.data in ("graduated", "volume")

    def _field_error(self, field, message: str) -> None:
        field.errors = [*field.errors, message]

    def _component(self) -> dict:
        """The usage component typed, collecting every error in this one round."""
        currency = self.currency or "USD"
        component = {
            "type": "per_unit",
            "component_id": "usage",
            "component_name": self.metric_names.get(self.metric.data, "Usage"),
            "unit_label": self.unit_label.data or "unit",
            "metric_id": self.metric.data,
            "bill_immediately": False,
            "recurrence_rule": RULES.get(self.interval.data, RULES["month"]),
            "model": self.model.data,
        }
        if not self.tiered:
            label = "Price per package" if self.model.data == "package" else "Price per unit"
            try:
                component["unit_amount_decimal"] = _unit_price(
                    self.unit_price.data, currency, label
                )
            except ValueError as error:
                self._field_error(self.unit_price, str(error).split(": ", 1)[-1])
            if self.model.data == "package":
                try:
                    component["package_size"] = _whole_units(
                        self.package_size.data, "Units per package"
                    )
                except ValueError as error:
                    self._field_error(self.package_size, str(error))
            return component
        tiers = []
        for index, row in enumerate([*self.rows, None]):
            where = f"Tier {index + 1}" if row else "Above the last tier"
            try:
                tier = {"up_to": None if row is None else _whole_units(row["up_to"], where)}
                price = self.last_price.data if row is None else row["price"]
                tier["unit_amount_decimal"] = _unit_price(price, currency, where)
                flat = to_cents(self.last_flat.data if row is None else row["flat"], currency)
                if flat:
                    tier["flat_amount_cents"] = flat
                tiers.append(tier)
            except ValueError as error:
                self.tier_errors.append(str(error))
        component["tiers"] = tiers
        return component

    def validate(self, extra_validators=None) -> bool:
        valid = super().validate(extra_validators)
        component = self._component()
        base = self.base_amount.cents
        components = [component]
        if base:
            rule = RULES.get(self.interval.data, RULES["month"])
            components.insert(0, {"type": "fixed", "amount_cents": base, "recurrence_rule": rule})
        self._data = {"components": components}
        return valid and not self.has_errors

    def attach_error(self, error: ServiceError | str) -> None:
        """A tier's error goes with the tiers; a unit price's beside its input."""
        if isinstance(error, ServiceError) and "tier_index" in error.params:
            self.tier_errors.append(price_error(error))
            return
        if isinstance(error, ServiceError) and (error.field or "").endswith(
            (".unit_amount_decimal", ".amount_cents")
        ):
            self._field_error(self.unit_price, price_error(error))
            return
        super().attach_error(error)

    @property
    def has_errors(self) -> bool:
        return super().has_errors or bool(self.tier_errors)

    @property
    def pricing_data(self) -> dict:
        return self._data or {}
