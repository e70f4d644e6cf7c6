"""Money as people type it: a table by hand, and properties over any amount and currency."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from billing.core.currencies import ISO_4217, minor_unit_digits
from billing.core.errors import Invalid
from billing.core.money_input import parse_amount, parse_quantity, parse_unit_price, typed_amount

READ = [
    ("12.50", "USD", 1250),
    ("12,50", "EUR", 1250),
    ("12,50", "USD", 1250),
    ("5,50", "USD", 550),
    ("1,250.00", "USD", 125000),
    ("1.250,00", "EUR", 125000),
    ("1 250,00", "EUR", 125000),
    ("1\u00a0250,00", "EUR", 125000),
    ("1\u202f250,00", "EUR", 125000),
    ("1'250.00", "CHF", 125000),
    ("€12,50", "EUR", 1250),
    ("12,50 €", "EUR", 1250),
    ("$12.50", "USD", 1250),
    ("12.50 USD", "USD", 1250),
    ("12.50 usd", "USD", 1250),
    ("  29 ", "USD", 2900),
    ("29.5", "USD", 2950),
    ("0.01", "USD", 1),
    (".5", "USD", 50),
    ("0,250", "USD", 25),
    ("29.0000", "USD", 2900),
    (",5", "EUR", 50),
    ("1,250,000", "USD", 125000000),
    ("1.250.000,5", "EUR", 125000050),
    ("1,250", "JPY", 1250),
    ("1.250", "JPY", 1250),
    ("¥1,250", "JPY", 1250),
    ("500", "JPY", 500),
    ("12.00", "JPY", 12),
    ("1.5", "KWD", 1500),
    ("1,250.125", "KWD", 1250125),
    ("0.250", "KWD", 250),
    ("1234.56", "usd", 123456),
]

REFUSED = [
    ("", "USD", "amount_empty"),
    ("   ", "USD", "amount_empty"),
    ("abc", "USD", "amount_not_a_number"),
    ("12..5", "USD", "amount_not_a_number"),
    ("12.", "USD", "amount_not_a_number"),
    ("1,2,3", "USD", "amount_not_a_number"),
    ("1e5", "USD", "amount_not_a_number"),
    ("NaN", "USD", "amount_not_a_number"),
    ("1.250,00.5", "EUR", "amount_not_a_number"),
    ("12.505", "USD", "amount_ambiguous"),
    ("1,250", "USD", "amount_ambiguous"),
    ("1.250", "USD", "amount_ambiguous"),
    ("1.250", "EUR", "amount_ambiguous"),
    ("1.250", "KWD", "amount_ambiguous"),
    ("12.999", "USD", "amount_ambiguous"),
    ("29.000", "USD", "amount_ambiguous"),
    ("1 25,00", "EUR", "amount_not_a_number"),
    ("12.5", "JPY", "amount_too_many_decimals"),
    ("1250.001", "USD", "amount_too_many_decimals"),
    ("0.0001", "KWD", "amount_too_many_decimals"),
    ("€12,50", "USD", "amount_other_currency"),
    ("12.50 EUR", "USD", "amount_other_currency"),
    ("-5", "USD", "amount_negative"),
    ("99999999999999999", "USD", "amount_too_large"),
]


@pytest.mark.parametrize(("text", "currency", "minor"), READ)
def test_amounts_people_type_are_read(text, currency, minor):
    assert parse_amount(text, currency) == minor


@pytest.mark.parametrize(("text", "currency", "code"), REFUSED)
def test_entries_that_are_no_amount_or_unclear_are_refused(text, currency, code):
    with pytest.raises(Invalid) as refused:
        parse_amount(text, currency)
    assert refused.value.code == code
    assert refused.value.message


def test_negatives_are_read_where_the_caller_allows_them():
    assert parse_amount("-5", "USD", allow_negative=True) == -500
    assert parse_amount("-$5,50", "USD", allow_negative=True) == -550
    assert parse_amount("-0", "USD") == 0


def test_the_words_say_what_to_write():
    with pytest.raises(Invalid) as ambiguous:
        parse_amount("1,250", "USD")
    assert ambiguous.value.message == "Did you mean 1,250.00 or 1.25? Write 1250 or 1.25"
    with pytest.raises(Invalid) as decimals:
        parse_amount("29.9999", "USD")
    assert decimals.value.message == "Use at most two decimal places, like 29.99"
    with pytest.raises(Invalid) as yen:
        parse_amount("12.5", "JPY")
    assert "JPY has no decimal places" in yen.value.message


CURRENCIES = st.sampled_from(["USD", "EUR", "GBP", "JPY", "KRW", "VND", "KWD", "BHD", "CHF"])


def _group(whole: int, separator: str) -> str:
    return f"{whole:,}".replace(",", separator)


def written(minor: int, currency: str) -> dict[str, str]:
    """The amount as people write it: en, de, fr (narrow no-break space) and plain."""
    digits = minor_unit_digits(currency)
    whole, part = divmod(minor, 10**digits)
    fraction = f"{part:0{digits}d}" if digits else ""

    def joined(group: str, decimal: str) -> str:
        return _group(whole, group) + (decimal + fraction if digits else "")

    return {
        "en": joined(",", "."),
        "de": joined(".", ","),
        "fr": joined("\u202f", ","),
        "plain": str(whole) + ("." + fraction if digits else ""),
    }


def _ambiguous(text: str) -> bool:
    """One separator followed by exactly three digits after one to three digits."""
    separators = [c for c in text if c in ".,"]
    if len(separators) != 1 or "\u202f" in text:
        return False
    whole, fraction = text.split(separators[0])
    return len(fraction) == 3 and 1 <= len(whole) <= 3 and not whole.startswith("0")


@given(st.integers(min_value=0, max_value=10**15), CURRENCIES)
def test_an_amount_written_any_usual_way_reads_back(minor, currency):
    for text in written(minor, currency).values():
        if _ambiguous(text) and minor_unit_digits(currency):
            with pytest.raises(Invalid) as refused:
                parse_amount(text, currency)
            assert refused.value.code == "amount_ambiguous"
        else:
            assert parse_amount(text, currency) == minor, text


@given(st.integers(min_value=1, max_value=10**12), CURRENCIES)
def test_a_negative_amount_reads_back_where_allowed(minor, currency):
    text = "-" + written(minor, currency)["en"]
    if not _ambiguous(text[1:]) or not minor_unit_digits(currency):
        assert parse_amount(text, currency, allow_negative=True) == -minor


@given(st.text(alphabet=st.characters(), max_size=30), CURRENCIES, st.booleans())
def test_any_text_is_read_or_refused_as_invalid(text, currency, negative):
    try:
        minor = parse_amount(text, currency, allow_negative=negative)
    except Invalid as refused:
        assert refused.code.startswith("amount_")
    else:
        assert isinstance(minor, int)


@given(
    st.text(alphabet="0123456789.,' -$€¥USDEUR\u00a0\u202f", max_size=20),
    CURRENCIES,
)
def test_text_made_of_amount_characters_is_read_or_refused_as_invalid(text, currency):
    try:
        minor = parse_amount(text, currency, allow_negative=True)
    except Invalid as refused:
        assert refused.code.startswith("amount_")
    else:
        assert abs(minor) <= 10**15


UNIT_PRICES = [
    # typed, currency, exact minor units (cents)
    ("0.0004", "USD", "0.04"),
    ("$0.0004", "USD", "0.04"),
    ("0,0004", "EUR", "0.04"),
    ("0.000001", "USD", "0.0001"),  # a millionth of a dollar
    ("0.05", "USD", "5"),
    ("2", "USD", "200"),
    ("1,250.5", "USD", "125050"),
    ("0.5", "JPY", "0.5"),  # half a yen: JPY's minor unit is the yen
    ("0.001", "KWD", "1"),
    (".25", "EUR", "25"),
    ("0.00040000", "USD", "0.04"),  # trailing zeros are no extra precision
]


@pytest.mark.parametrize(("typed", "currency", "cents"), UNIT_PRICES)
def test_unit_prices_read_to_a_millionth(typed, currency, cents):
    assert parse_unit_price(typed, currency) == Decimal(cents)


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("0.0000001", "unit_price_too_many_decimals"),
        ("-0.0004", "amount_negative"),
        ("", "amount_empty"),
        ("abc", "amount_not_a_number"),
        ("€0.0004", "amount_other_currency"),
        ("1,250", "amount_ambiguous"),
    ],
)
def test_unit_prices_refused_with_a_code(typed, code):
    with pytest.raises(Invalid) as caught:
        parse_unit_price(typed, "USD")
    assert caught.value.code == code


def test_ordinary_amounts_keep_their_decimals():
    """The unit-price reading does not loosen ``parse_amount``: cents stay whole."""
    with pytest.raises(Invalid) as caught:
        parse_amount("0.0004", "USD")
    assert caught.value.code == "amount_too_many_decimals"


PREFILLED = [
    (1500, "KWD", "1.5"),
    (1234, "KWD", "1.2340"),
    (1000, "BHD", "1"),
    (999999, "OMR", "999.9990"),
    (1234567, "JOD", "1234.567"),
    (100, "KWD", "0.100"),
    (-1500, "KWD", "-1.5"),
    (2950, "USD", "29.50"),
    (123456, "USD", "1234.56"),
    (1250, "JPY", "1250"),
]


@pytest.mark.parametrize(("minor", "currency", "text"), PREFILLED)
def test_a_stored_amount_is_prefilled_as_text_that_reads_back(minor, currency, text):
    assert typed_amount(minor, currency) == text
    assert parse_amount(text, currency, allow_negative=True) == minor


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from(sorted(ISO_4217)))
def test_any_prefilled_amount_reads_back_to_itself(minor, currency):
    """A KWD plan at 1.500 can be saved after changing only its description."""
    assert parse_amount(typed_amount(minor, currency), currency, allow_negative=True) == minor
    if minor >= 0:
        assert parse_amount(typed_amount(minor, currency), currency) == minor


QUANTITIES = [
    ("10000", 10000),
    ("10,000", 10000),
    ("10.000", 10000),
    ("10 000", 10000),
    ("10\u00a0000", 10000),
    ("1'000'000", 1000000),
    ("1,000,000", 1000000),
    ("1.000.000", 1000000),
    (" 25 ", 25),
    ("10.00", 10),
    ("0", 0),
]


@pytest.mark.parametrize(("text", "units"), QUANTITIES)
def test_quantities_are_read_by_the_money_separator_rules(text, units):
    assert parse_quantity(text) == units


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1,5", "quantity_not_whole"),
        ("1.5", "quantity_not_whole"),
        ("12,34", "quantity_not_whole"),
        ("1,000.5", "quantity_not_whole"),
        ("", "quantity_not_a_number"),
        ("ten", "quantity_not_a_number"),
        ("-5", "quantity_not_a_number"),
        ("10,00,000", "quantity_not_a_number"),
        ("1.2.3", "quantity_not_a_number"),
        ("1,000.000,5", "quantity_not_a_number"),
        ("$10", "quantity_not_a_number"),
    ],
)
def test_entries_that_are_no_whole_quantity_are_refused(text, code):
    with pytest.raises(Invalid) as refused:
        parse_quantity(text)
    assert refused.value.code == code


@given(st.integers(min_value=0, max_value=10**15))
def test_a_quantity_written_with_any_grouping_reads_back(units):
    for separator in ("", ",", ".", " "):
        assert parse_quantity(f"{units:,}".replace(",", separator)) == units


@given(st.text(alphabet="0123456789 .,'-", max_size=20))
def test_any_quantity_text_is_read_or_refused_as_invalid(text):
    try:
        assert parse_quantity(text) >= 0
    except Invalid as error:
        assert error.code in ("quantity_not_a_number", "quantity_not_whole")
