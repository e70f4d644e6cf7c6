"""Money as people type and read it: "29.00" in, integer cents out, and back for display.

Tally stores every amount as integer cents (hundredths of the currency unit, as the API
does), so a page converts with ``Decimal`` only: ``float("0.29") * 100`` is 28.999... and
would silently lose a cent. Whether an amount is allowed (negative, too large) is the pricing
service's rule; this module only turns text into a number and refuses text that is not one.
"""

from decimal import Decimal, InvalidOperation

from wtforms import StringField, ValidationError

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CAD": "CA$", "AUD": "A$"}
NOT_AN_AMOUNT = "Enter an amount like 29 or 29.00"


def to_cents(text: str | None) -> int | None:
    """``"29.5"`` → 2950; blank → None; anything else that is not exact cents → ValueError."""
    text = (text or "").strip().replace(",", "").replace(" ", "")
    if not text:
        return None
    try:
        amount = Decimal(text)
    except InvalidOperation as error:
        raise ValueError(NOT_AN_AMOUNT) from error
    if not amount.is_finite():
        raise ValueError(NOT_AN_AMOUNT)
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError("Use at most two decimal places, like 29.99")
    if abs(cents) > 10**15:  # far past any price; the service names the real limit
        raise ValueError("That amount is too large")
    return int(cents)


def from_cents(cents: int | None) -> str:
    """2950 → ``"29.50"`` (what a money input shows when a form is filled from storage)."""
    if cents is None:
        return ""
    return f"{Decimal(cents) / 100:.2f}"


def format_money(cents: int | None, currency: str = "") -> str:
    """2950, "EUR" → ``"€29.50"``; currencies without a short symbol read ``"29.50 CHF"``."""
    if cents is None:
        return "—"
    amount = f"{Decimal(abs(cents)) / 100:,.2f}"
    sign = "-" if cents < 0 else ""
    symbol = SYMBOLS.get((currency or "").upper())
    if symbol:
        return f"{sign}{symbol}{amount}"
    return f"{sign}{amount} {currency.upper()}".strip()


class MoneyField(StringField):
    """A text input for an amount in major units whose ``cents`` is the exact integer."""

    def __init__(self, *args, **kwargs):
        render_kw = {"inputmode": "decimal", "autocomplete": "off", **kwargs.pop("render_kw", {})}
        super().__init__(*args, render_kw=render_kw, **kwargs)

    def pre_validate(self, form) -> None:
        try:
            to_cents(self.data)
        except ValueError as error:
            raise ValidationError(str(error)) from error

    @property
    def cents(self) -> int | None:
        try:
            return to_cents(self.data)
        except ValueError:
            return None
