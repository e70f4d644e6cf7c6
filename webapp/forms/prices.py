"""Price forms on the plan page: a plain monthly/yearly fee, a tiered price, a clone.

The forms only turn text into numbers (amounts into exact cents); the pricing service decides
what a valid price is and says so in ``details`` (``tiers[1].upTo must be greater...``), which
``price_error`` words for people ("Tier 2: ...").
"""

import re
from decimal import Decimal, InvalidOperation

from wtforms import SelectField
from wtforms.validators import InputRequired

from webapp.forms import TallyForm, error_words
from webapp.forms.money import MoneyField, to_cents

INTERVALS = [("month", "Monthly"), ("year", "Yearly")]
MAX_TIERS = 50


def price_error(error) -> str:
    """The service's message plus its ``details``, with tier indexes counted from 1."""
    details = error.extra.get("details") if hasattr(error, "extra") else None
    if details and error.field and error.code in error_words.WORDS:  # a tier's amount
        details = error_words.words(error, error.field)
    message = error.message if not details else f"{error.message}: {details}"

    def tier(match: re.Match) -> str:
        return f"tier {int(match.group(1)) + 1}"

    return re.sub(r"tiers\[(\d+)\]", tier, message).replace("upTo", "“up to”")


class FixedPriceForm(TallyForm):
    amount = MoneyField("Amount", [InputRequired("Enter the amount, e.g. 29.00")])
    interval = SelectField("Billed", choices=INTERVALS, default="month")

    error_fields = (("amount", "amount", "Amount"), ("billingInterval", "interval", "Billed"))


def _units(text: str, where: str) -> int | float:
    try:
        number = Decimal(text.replace(",", ""))
    except InvalidOperation as error:
        raise ValueError(f"{where}: enter a number of units like 1000") from error
    if not number.is_finite():
        raise ValueError(f"{where}: enter a number of units like 1000")
    return int(number) if number == number.to_integral_value() else float(number)


class TieredPriceForm(TallyForm):
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
                if to_cents(row["amount"]) is None:
                    raise ValueError(f"{where}: enter the unit amount")
            except ValueError as error:
                self.tier_errors.append(str(error))
        return valid and not self.tier_errors

    def attach_error(self, message: str) -> None:
        if "tier" in message.lower():
            self.tier_errors.append(message)
            return
        super().attach_error(message)

    @property
    def has_errors(self) -> bool:
        return super().has_errors or bool(self.tier_errors)

    @property
    def pricing_data(self) -> dict:
        tiers = [
            {"upTo": _units(row["up_to"], ""), "unitAmount": to_cents(row["amount"])}
            for row in self.rows
        ]
        tiers.append({"upTo": None, "unitAmount": self.last_amount.cents})
        return {"type": "tiered", "tiers": tiers, "interval": self.interval.data}


class ClonePriceForm(TallyForm):
    amount = MoneyField("New amount", description="Leave empty to copy the price exactly.")

    error_fields = (("amount", "amount", "New amount"),)
