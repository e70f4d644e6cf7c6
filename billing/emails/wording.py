"""Amounts, dates and cards as a customer reads them in an e-mail.

One style for every e-mail, decided here and nowhere else (the templates print these strings
as they are):

- an amount is the currency's own decimals and its code after it: ``29.00 USD``,
  ``1,250.00 EUR``, ``500 JPY`` (``core.currencies`` knows the minor units), never cents;
- a date is day, month name and year, in UTC as Tally bills: ``12 March 2027`` (no weekday,
  no time: the day is what a customer plans around, and a numeric date reads differently on
  either side of the Atlantic);
- a card is its brand and last four digits: ``Visa ending in 4242`` (``card ending in 4242``
  when the brand is unknown, lower case so that "your card ending in 4242" reads in a
  sentence; a table cell capitalises it).
"""

from datetime import UTC, datetime

from billing.core.currencies import major_units
from billing.payments.reads.payment_cards import card_words

NO_DATE = ""


def money(cents: int | None, currency: str | None) -> str:
    """``29.00 USD``; an unknown currency keeps two decimals and its code as given."""
    code = (currency or "").upper()
    return f"{major_units(int(cents or 0), code)} {code}".strip()


def day(moment: datetime | str | None) -> str:
    """``12 March 2027`` (UTC); an ISO text (an event's field) is read first."""
    if moment is None or moment == "":
        return NO_DATE
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return f"{moment.day} {moment:%B} {moment.year}"


def card(brand: str | None, last_four: str | None) -> str:
    """``Visa ending in 4242``; "" for a method without card digits (the receipts' wording,
    ``payment_cards.card_words``)."""
    return card_words(brand, last_four)


def expiry(month: int | None, year: int | None) -> str:
    """``March 2027``."""
    if not month or not year or not 1 <= month <= 12:
        return ""
    return f"{datetime(year, month, 1):%B} {year}"
