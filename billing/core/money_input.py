"""An amount of money as a person types it, read into integer minor units.

``parse_amount(text, currency)`` returns the amount in the currency's minor units (cents for
USD, yen for JPY, fils for KWD: ``minor_unit_digits``) or raises ``Invalid`` whose ``code``
says what is wrong and whose message a person can act on. The rules:

- Spaces around the amount are ignored. Spaces inside it (ordinary, no-break U+00A0, narrow
  no-break U+202F, thin U+2009) and apostrophes only group thousands: ``"1 250,00"``.
- A currency symbol or code of the same currency may come before or after the number
  (``"€12,50"``, ``"12.50 USD"``, ``"$12.50"``); another currency's refuses
  (``amount_other_currency``).
- A leading minus (before or after the symbol) is read only when the caller allows negatives
  (``allow_negative``); otherwise ``amount_negative``.
- With both ``.`` and ``,`` in the number, the last one is the decimal separator and appears
  once; the other groups thousands (``"1,250.00"``, ``"1.250,00"``).
- The same one of them more than once groups thousands (``"1,250,000"``).
- Once, followed by anything but three digits, it is the decimal separator (``"12,50"``,
  ``"12.5"``); after a space-grouped number, too (``"1 250,00"``); and when the part before
  it cannot be a thousands group (``"0,250"``, ``"1250.000"``).
- Once, followed by exactly three digits after one to three digits (``"1,250"``,
  ``"1.250"``): in a currency without minor units it groups thousands (``"1,250"`` JPY is
  1250 yen); in any other currency it could be either, so it is refused as
  ``amount_ambiguous`` with both readings named, rather than guessed.
- A separator before any digit is the decimal one (``".5"`` is 0.50).
- Groups of thousands are three digits each after the first (one to three digits); anything
  else, like an empty entry, letters, or a separator at an end, is ``amount_not_a_number``.
- A usage unit price (``parse_unit_price``) is read the same way, into exact minor units as
  a ``Decimal``, with up to six decimal places of the currency unit whatever the currency
  (``"0.0004"`` USD is 0.04 cents); more is ``unit_price_too_many_decimals``.
- More decimals than the currency has (two for most, none for JPY, three for KWD) is
  ``amount_too_many_decimals``; more than 10**15 minor units is ``amount_too_large``.

``typed_amount(minor, currency)`` writes a stored amount the way a form prefills it, so that
``parse_amount`` reads it back to the same amount: no thousands separators, a ``.`` decimal,
and, where one to three whole digits meet exactly three decimals (``"1.500"`` KWD, which reads
as 1,500.000 or 1.5), the trailing zeros trimmed (``"1.5"``), or one zero more when every
decimal counts (``"1.2340"``), so it can only be the decimal.

``parse_quantity(text)`` reads a whole number of units (a tier's limit, a package's size) by
the same separator rules as an amount with no minor units: ``"10,000"``, ``"10.000"``,
``"10 000"`` are 10000 (a separator before three digits only groups, since a quantity has no
decimals); decimals that are all zeros are dropped (``"10.00"`` is 10); any other decimals,
like ``"1,5"``, are ``quantity_not_whole``; a sign, a symbol or letters are
``quantity_not_a_number``.
"""

import re
from decimal import Decimal

from billing.core.currencies import minor_unit_digits
from billing.core.errors import Invalid

MAX_MINOR_UNITS = 10**15
EXAMPLE = "Enter an amount like 29 or 29.00"
AMBIGUOUS = "Did you mean {as_whole} or {as_decimal}? Write {whole} or {as_decimal}"
DECIMALS_WORDS = {
    0: "{currency} has no decimal places: write a whole amount, like 1250",
    2: "Use at most two decimal places, like 29.99",
    3: "Use at most three decimal places, like 29.999",
}

# Symbols people type for a currency; a bare "$" is taken as the dollar of the form's currency.
SYMBOLS: dict[str, tuple[str, ...]] = {
    "USD": ("US$", "$"),
    "EUR": ("€",),
    "GBP": ("£",),
    "JPY": ("¥", "￥", "円"),
    "CNY": ("¥", "￥", "元"),
    "INR": ("₹",),
    "KRW": ("₩",),
    "CAD": ("CA$", "C$", "$"),
    "AUD": ("A$", "AU$", "$"),
    "NZD": ("NZ$", "$"),
    "MXN": ("MX$", "$"),
    "SGD": ("S$", "$"),
    "HKD": ("HK$", "$"),
    "BRL": ("R$",),
    "CHF": ("Fr.", "CHF"),
    "PLN": ("zł",),
    "VND": ("₫",),
    "ILS": ("₪",),
    "TRY": ("₺",),
    "UAH": ("₴",),
    "PHP": ("₱",),
    "NGN": ("₦",),
    "RUB": ("₽",),
    "THB": ("฿",),
}
_ALL_SYMBOLS = sorted({s for symbols in SYMBOLS.values() for s in symbols}, key=len, reverse=True)
_UNICODE_SPACES = re.compile(r"\s+")  # no-break, narrow and thin spaces included
_SPACES = re.compile(r"[ ']+")
_MARK = r"([^\d\s.,'+-]*)"
_TOKEN = re.compile(rf"^{_MARK}\s*([+-]?)\s*{_MARK}\s*([.,]?\d[\d .,']*?)\s*{_MARK}$", re.ASCII)


def _check_marker(marker: str, currency: str, text: str) -> None:
    """A symbol or code around the number must be the form's currency's."""
    if not marker:
        return
    if marker.upper() == currency or marker in SYMBOLS.get(currency, ()):
        return
    if re.fullmatch(r"[A-Za-z]{3}", marker) or marker in _ALL_SYMBOLS:
        raise Invalid(
            f"This amount is in {currency}: leave out “{marker}”",
            code="amount_other_currency",
            params={"currency": currency, "marker": marker, "typed": text},
        )
    raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": text})


def _groups_ok(whole: str, separator: str) -> bool:
    """``"1,250,000"`` with ``","``: a group of one to three digits, then groups of three."""
    groups = whole.split(separator)
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


def _split(number: str, digits: int, text: str) -> tuple[str, str]:
    """The whole and fractional digits of a number with its separators (spaces made " ")."""
    dots, commas, spaced = number.count("."), number.count(","), " " in number
    if dots and commas:
        decimal = "." if number.rfind(".") > number.rfind(",") else ","
        group = "," if decimal == "." else "."
        if number.count(decimal) > 1:
            raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": text})
        whole, fraction = number.split(decimal)
        grouped = whole.replace(" ", group)
        if not _groups_ok(grouped, group):
            raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": text})
        return grouped.replace(group, ""), fraction
    separator = "." if dots else "," if commas else None
    if separator is None and not spaced:
        return number, ""
    if separator is None or number.count(separator) > 1:
        grouped = number.replace(" ", ",").replace(".", ",")
        if not _groups_ok(grouped, ","):
            raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": text})
        return grouped.replace(",", ""), ""
    whole, fraction = number.split(separator)
    if spaced:
        if not _groups_ok(whole.replace(" ", ","), ","):
            raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": text})
        return whole.replace(" ", ""), fraction
    could_group = len(fraction) == 3 and 1 <= len(whole) <= 3 and not whole.startswith("0")
    if could_group and digits == 0:
        return whole + fraction, ""
    if could_group:
        as_whole = f"{int(whole + fraction):,}.{'0' * digits}"
        as_decimal = f"{whole}.{fraction}".rstrip("0").rstrip(".")
        readings = {"as_whole": as_whole, "whole": whole + fraction, "as_decimal": as_decimal}
        raise Invalid(
            AMBIGUOUS.format(**readings),
            code="amount_ambiguous",
            params={"typed": text, **readings},
        )
    return whole, fraction


def _read(text: str | None, currency: str) -> tuple[str, str, str, str]:
    """The typed amount's sign, whole digits and fraction digits (separators read by the
    rules above), and the text as typed (spaces made plain)."""
    digits = minor_unit_digits(currency)
    typed = _UNICODE_SPACES.sub(" ", text or "").strip()
    if not typed:
        raise Invalid(EXAMPLE, code="amount_empty")
    match = _TOKEN.match(typed)
    if not match or (match[1] and match[3]) or (match[5] and (match[1] or match[3])):
        raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": typed})
    before_sign, sign, after_sign, number, after = match.groups()
    _check_marker(before_sign or after_sign or after, currency, typed)
    number = _SPACES.sub(" ", number)
    if number[0] in ".,":
        number = "0" + number
    if not re.fullmatch(r"\d+(?:[ .,]\d+)*", number, re.ASCII):
        raise Invalid(EXAMPLE, code="amount_not_a_number", params={"typed": typed})
    whole, fraction = _split(number, digits, typed)
    return sign, whole, fraction, typed


def parse_amount(text: str | None, currency: str, *, allow_negative: bool = False) -> int:
    """``"12,50"``, ``"EUR"`` → 1250; ``"1,250"``, ``"JPY"`` → 1250; see the module's rules."""
    currency = (currency or "").strip().upper() or "USD"
    digits = minor_unit_digits(currency)
    sign, whole, fraction, _ = _read(text, currency)
    fraction = fraction.rstrip("0") if len(fraction) > digits else fraction
    if len(fraction) > digits:
        words = DECIMALS_WORDS.get(digits, DECIMALS_WORDS[2]).format(currency=currency)
        raise Invalid(
            words,
            code="amount_too_many_decimals",
            params={"currency": currency, "digits": digits},
        )
    minor = int(whole) * 10**digits + (int(fraction.ljust(digits, "0")) if digits else 0)
    if minor > MAX_MINOR_UNITS:
        raise Invalid(
            "That amount is too large", code="amount_too_large", params={"currency": currency}
        )
    if sign == "-" and minor:
        if not allow_negative:
            raise Invalid("Enter an amount of 0 or more, like 29.00", code="amount_negative")
        return -minor
    return minor


def typed_amount(minor: int, currency: str) -> str:
    """2950 USD → ``"29.50"``, 1500 KWD → ``"1.5"``, 1234 KWD → ``"1.2340"``: the text that
    ``parse_amount`` (negatives allowed) reads back to ``minor``; see the module's rules."""
    digits = minor_unit_digits((currency or "").strip().upper())
    text = f"{Decimal(minor).scaleb(-digits):.{digits}f}"
    whole, _, fraction = text.lstrip("-").partition(".")
    if len(fraction) == 3 and 1 <= len(whole) <= 3 and not whole.startswith("0"):
        trimmed = text.rstrip("0").rstrip(".")
        text = trimmed if len(trimmed) < len(text) else text + "0"
    return text


QUANTITY_EXAMPLE = "Enter a whole number of units, like 1000"


def parse_quantity(text: str | None) -> int:
    """``"10,000"``, ``"10.000"``, ``"10 000"`` → 10000; ``"1,5"`` refused as not whole; see
    the module's rules. Whether 0 is allowed is the caller's rule."""
    typed = _UNICODE_SPACES.sub(" ", text or "").strip()
    number = _SPACES.sub(" ", typed)
    if number[:1] in (".", ","):
        number = "0" + number
    if not re.fullmatch(r"\d+(?:[ .,]\d+)*", number, re.ASCII):
        raise Invalid(QUANTITY_EXAMPLE, code="quantity_not_a_number", params={"typed": typed})
    try:
        whole, fraction = _split(number, 0, typed)
    except Invalid as error:
        raise Invalid(
            QUANTITY_EXAMPLE, code="quantity_not_a_number", params={"typed": typed}
        ) from error
    if fraction.strip("0"):
        raise Invalid(
            "Units are whole: enter a whole number, like 1000",
            code="quantity_not_whole",
            params={"typed": typed},
        )
    if int(whole) > MAX_MINOR_UNITS:
        raise Invalid(QUANTITY_EXAMPLE, code="quantity_not_a_number", params={"typed": typed})
    return int(whole)


UNIT_PRICE_DECIMALS = 6  # of the currency unit: a millionth of a dollar


def parse_unit_price(text: str | None, currency: str) -> Decimal:
    """A usage unit price as typed (``"0.0004"`` dollars a call) in exact minor units
    (``Decimal("0.04")`` cents), with up to six decimal places of the currency unit; the
    same reading of separators, symbols and ambiguity as ``parse_amount``. Never negative:
    a unit price is what a unit costs."""
    currency = (currency or "").strip().upper() or "USD"
    digits = minor_unit_digits(currency)
    sign, whole, fraction, _ = _read(text, currency)
    fraction = fraction.rstrip("0")
    if len(fraction) > UNIT_PRICE_DECIMALS:
        raise Invalid(
            "Use at most six decimal places, like 0.000125",
            code="unit_price_too_many_decimals",
            params={"currency": currency},
        )
    cents = Decimal(f"{int(whole)}.{fraction or 0}").scaleb(digits)
    if cents > MAX_MINOR_UNITS:
        raise Invalid(
            "That amount is too large", code="amount_too_large", params={"currency": currency}
        )
    if sign == "-" and cents:
        raise Invalid("Enter an amount of 0 or more, like 29.00", code="amount_negative")
    return cents
