"""Amounts, dates and cards in a customer's words: the currency's own decimals and its code,
one date style, a card by brand and last four."""

from datetime import UTC, datetime, timedelta, timezone

from billing.emails import wording


def test_amounts_use_the_currencys_minor_units_and_name_it():
    assert wording.money(2900, "USD") == "29.00 USD"
    assert wording.money(125000, "eur") == "1,250.00 EUR"
    assert wording.money(500, "JPY") == "500 JPY"
    assert wording.money(1234, "KWD") == "1.234 KWD"
    assert wording.money(-1500, "USD") == "-15.00 USD"


def test_dates_are_day_month_year_in_utc():
    assert wording.day(datetime(2027, 3, 12, 23, 0, tzinfo=UTC)) == "12 March 2027"
    late_in_tokyo = datetime(2027, 3, 13, 1, 0, tzinfo=timezone(timedelta(hours=9)))
    assert wording.day(late_in_tokyo) == "12 March 2027"
    assert wording.day("2030-01-01T06:00:00Z") == "1 January 2030"
    assert wording.day(None) == ""


def test_cards_by_brand_and_last_four():
    assert wording.card("visa", "4242") == "Visa ending in 4242"
    assert wording.card("amex", "0005") == "American Express ending in 0005"
    assert wording.card(None, "4242") == "card ending in 4242"
    assert wording.card("visa", None) == ""
    assert wording.expiry(4, 2027) == "April 2027"
    assert wording.expiry(13, 2027) == ""
