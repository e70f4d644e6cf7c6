"""Price forms on the plan page: a plain monthly/yearly fee, a tiered price, a clone.

The forms only turn text into numbers (amounts into exact cents); the pricing service decides
what a valid price is and says so in ``details`` (``tiers[1].upTo must be greater...``). A
tier's error carries the tier's index in its ``params``, and ``price_error`` words it by its
code with the tier counted from 1 ("tier 2.“up to” must be greater..."), never by rewriting
the details.
"""

from wtforms import SelectField
from wtforms.validators import InputRequired

from billing.core.errors import Invalid, ServiceError
from billing.core.money_input import parse_quantity
from webapp.forms import TallyForm, error_words
from webapp.forms.money import MoneyField, to_cents

INTERVALS = [("month", "Monthly"), ("year", "Yearly")]
MAX_TIERS = 50

# A tier's errors by code; ``{tier}`` is its number counted from 1.
TIER_WORDS = {
    "tier_up_to_not_ascending": "tier {tier}.“up to” must be greater than the previous tier's "
    "“up to”",
    "tier_up_to_not_positive": "tier {tier}.“up to” must be a number above 0 (only the last "
    "tier has none)",
    "tier_up_to_not_null": "tier {tier} is the last one and goes up without limit",
}


def price_error(error: ServiceError) -> str:
    """The service's message plus what is wrong, in the form's words: a tier's by its code
    and number, an amount's as money is typed."""
    details = error.extra.get("details")
    tier = error.params.get("tier_index")
    if tier is not None:
        template = TIER_WORDS.get(error.code)
        if template is not None:
            details = template.format(**error_words.values(error.params))
        elif error.code in error_words.WORDS:  # a tier's amount
            details = error_words.words(error, f"tier {tier + 1}")
        else:
            details = f"tier {tier + 1}"
    elif details and error.field and error.code in error_words.WORDS:
        details = error_words.words(error, error.field)
    return error.message if not details else f"{error.message}: {details}"


class PriceForm(TallyForm):
    """A price form: an error goes to the input its field names, in ``price_error``'s words."""

    def _route(self, error: ServiceError | str) -> tuple[str | None, str]:
        field_name, shown = super()._route(error)
        return field_name, shown if isinstance(error, str) else price_error(error)


class FixedPriceForm(PriceForm):
    amount = MoneyField("Amount", [InputRequired("Enter the amount, e.g. 29.00")])
    interval = SelectField("Billed", choices=INTERVALS, default="month")

    error_fields = (
        ("unitAmountCents", "amount", "Amount"),
        ("amount", "amount", "Amount"),
        ("billingInterval", "interval", "Billed"),
    )


def _units(text: str, where: str) -> int:
    """A tier's "up to" as people type it ("10,000", "10.000", "10 000"), by the money
    reader's separator rules (``parse_quantity``), never by deleting commas ("1,5" is not 15)."""
    try:
        return parse_quantity(text)
    except Invalid as error:
        if error.code == "quantity_not_whole":
            raise ValueError(f"{where}: units are whole, enter a number like 1000") from error
        raise ValueError(f"{where}: enter a number of units like 1000") from error


class TieredPriceForm(PriceForm):
    """Rows of "up to N units at X each" and a last "and above" row (``upTo`` null)."""

    interval = SelectField("Billed", choices=INTERVALS, default="month")
    last_amount = MoneyField("Unit amount above the last tier", [InputRequired("Enter the amount")])

    error_fields = (("interval", "interval", "Billed"),)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        formdata = kwargs.get("formdata")
        self.rows: list[dict] = []
        if formdata is not None:
            pairs = zip(
                formdata.getlist("tier_up_to"), formdata.getlist("tier_unit_amount"), strict=False
            )
            self.rows = [
                {"up_to": up_to.strip(), "amount": amount.strip()}
                for up_to, amount in pairs
                if up_to.strip() or amount.strip()
            ][:MAX_TIERS]
        self.tier_errors: list[str] = []

    def validate(self, extra_validators=None) -> bool:
        valid = super().validate(extra_validators)
        for index, row in enumerate(self.rows):
            where = f"Tier {index + 1}"
            try:
                if not row["up_to"]:
                    raise ValueError(f"{where}: enter how many units it goes up to")
                _units(row["up_to"], where)
                if to_cents(row["amount"], self.currency) is None:
                    raise ValueError(f"{where}: enter the unit amount")
            except ValueError as error:
                self.tier_errors.append(str(error))
        return valid and not self.tier_errors

    def attach_error(self, error: ServiceError | str) -> None:
        """A tier's error (one whose ``params`` name its tier) goes with the tiers."""
        if isinstance(error, ServiceError) and "tier_index" in error.params:
            self.tier_errors.append(price_error(error))
            return
        super().attach_error(error)

    @property
    def has_errors(self) -> bool:
        return super().has_errors or bool(self.tier_errors)

    @property
    def pricing_data(self) -> dict:
        tiers = [
            {"upTo": _units(row["up_to"], ""), "unitAmount": to_cents(row["amount"], self.currency)}
            for row in self.rows
        ]
        tiers.append({"upTo": None, "unitAmount": self.last_amount.cents})
        return {"type": "tiered", "tiers": tiers, "interval": self.interval.data}


class ClonePriceForm(PriceForm):
    amount = MoneyField("New amount", description="Leave empty to copy the price exactly.")

    error_fields = (("amount", "amount", "New amount"),)
