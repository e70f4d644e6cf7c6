"""The seller details printed on invoices: one profile for both modes, refused values change
nothing, blank clears, and what an invoice's seller block still lacks."""

import pytest

from billing.accounts import merchants, seller_details
from billing.accounts.models import Merchant
from billing.core.errors import Invalid

DETAILS = {
    "address_line1": "  Hauptstrasse 5 ",
    "address_line2": "",
    "city": "Berlin",
    "postal_code": "10115",
    "country": "de",
    "tax_id": "DE123456789",
    "invoice_footer": "Payment due on receipt.\r\nRegistered in Berlin, HRB 12345.",
}


async def test_saved_on_both_modes_trimmed_and_upper_cased(merchant):
    saved = await seller_details.update_seller_details(merchant.id, **DETAILS)
    test_row = await merchants.tenant_of(merchant.id, "test")
    for row in (saved, await Merchant.get(id=merchant.id), test_row):
        assert (row.address_line1, row.address_line2, row.country) == ("Hauptstrasse 5", None, "DE")
        assert row.invoice_footer == "Payment due on receipt.\nRegistered in Berlin, HRB 12345."
    assert seller_details.missing_for_invoices(test_row) == []


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"country": "Germany"}, "country", seller_details.INVALID_COUNTRY),
        ({"country": "D1"}, "country", seller_details.INVALID_COUNTRY),
        ({"city": "x" * 201}, "city", "city must be at most 200 characters"),
        ({"tax_id": "DE\x00"}, "taxId", "taxId must not contain control characters"),
        (
            {"invoice_footer": "x" * 501},
            "invoiceFooter",
            "invoiceFooter must be at most 500 characters",
        ),
        (
            {"invoice_footer": "a\x07b"},
            "invoiceFooter",
            "invoiceFooter must not contain control characters",
        ),
    ],
)
async def test_a_refused_value_changes_nothing(merchant, change, field, message):
    await seller_details.update_seller_details(merchant.id, **DETAILS)
    with pytest.raises(Invalid) as refused:
        await seller_details.update_seller_details(merchant.id, **{**DETAILS, **change})
    assert (refused.value.field, refused.value.message) == (field, message)
    row = await Merchant.get(id=merchant.id)
    assert (row.city, row.country, row.tax_id) == ("Berlin", "DE", "DE123456789")


async def test_blank_clears_and_the_invoices_warning_names_what_is_missing(merchant):
    await seller_details.update_seller_details(merchant.id, **DETAILS)
    cleared = await seller_details.update_seller_details(merchant.id)
    assert (cleared.address_line1, cleared.tax_id, cleared.invoice_footer) == (None, None, "")
    assert seller_details.missing_for_invoices(cleared) == ["your business address"]
    cleared.legal_name = " "
    assert seller_details.missing_for_invoices(cleared) == [
        "your legal name",
        "your business address",
    ]


async def test_an_unknown_detail_is_a_programming_error(merchant):
    with pytest.raises(TypeError):
        await seller_details.update_seller_details(merchant.id, mode="test")
