"""Money as people type and read it: "29.00" in, integer cents out, and back for display.

Tally stores every amount as integer minor units of its currency (cents for USD, yen for
JPY, as the API does). Reading typed text is the domain's one parser
(``billing.core.money_input.parse_amount``: "12,50", "1.250,00", "€12,50" read as the amounts
they are, "1,250" in dollars asks rather than guesses), in the form's currency: a form's
``currency`` (set by the page) or, in a form that asks for one, its ``currency`` field's
choice. Whether an amount is allowed (negative, too large) is the pricing service's rule;
this module only turns text into a number and refuses text that is not one.
"""

from wtforms import Field, StringField, ValidationError

from billing.core.currencies import major_units
from billing.core.errors import Invalid
from billing.core.money_input import parse_amount, typed_amount

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CAD": "CA$", "AUD": "A$"}


def read_cents(text: str | None, currency: str = "") -> int | None:
    """``"29,5"`` → 2950; blank → None; text that is no clear amount → ``Invalid`` with a code
    (``amount_ambiguous``, ``amount_too_many_decimals``...). Negatives are read: whether one
    is allowed is the service's rule."""
    if not (text or "").strip():
        return None
    return parse_amount(text, currency or "USD", allow_negative=True)


def to_cents(text: str | None, currency: str = "") -> int | None:
    """``read_cents`` whose refusal is a ``ValueError`` in words a person can act on."""
    try:
        return read_cents(text, currency)
    except Invalid as error:
        raise ValueError(error.message) from error


def from_cents(cents: int | None, currency: str = "") -> str:
    """2950 → ``"29.50"``, 500 JPY → ``"500"``, 1500 KWD → ``"1.5"``: what a money input shows
    when a form is filled from storage, written so ``parse_amount`` reads it back to the same
    amount (``typed_amount``; "1.500" KWD would read as either 1,500.000 or 1.5)."""
    if cents is None:
        return ""
    return typed_amount(cents, currency or "USD")


def format_money(cents: int | None, currency: str = "") -> str:
    """2950, "EUR" → ``"€29.50"``; currencies without a short symbol read ``"29.50 CHF"``."""
    if cents is None:
        return "—"
    amount = major_units(abs(cents), (currency or "").upper())  # ¥1,250, $12.50, 1.250 KWD
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

    currency = ""  # the form's, known once the form is validated

    def pre_validate(self, form) -> None:
        self.currency = form_currency(form)
        try:
            read_cents(self.data, self.currency)
        except Invalid as error:
            from webapp.forms import error_words  # it formats money with this module

            table = getattr(form, "code_words", error_words.WORDS)
            raise ValidationError(
                error_words.words(error, self.label.text, table, self.currency)
            ) from error

    @property
    def cents(self) -> int | None:
        try:
            return read_cents(self.data, self.currency)
        except Invalid:
            return None


def form_currency(form) -> str:
    """The currency a form's amounts are in: its ``currency`` when the page set one, else the
    choice of its ``currency`` field, else none (read as two decimal places)."""
    chosen = getattr(form, "currency", "")
    if isinstance(chosen, Field):
        chosen = chosen.data
    return chosen if isinstance(chosen, str) else ""
