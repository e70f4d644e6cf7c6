"""The invoice details form without a browser: a forged country or an over-long footer answers
422 with the error beside its field and stores nothing; a good post saves both modes."""

from billing.accounts import merchants
from billing.accounts.models import Merchant
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up

PATH = "/dashboard/settings/seller-details"
GOOD = {
    "address_line1": "Hauptstrasse 5",
    "city": "Berlin",
    "postal_code": "10115",
    "country": "DE",
    "tax_id": "DE123456789",
    "invoice_footer": "Thank you!",
}


async def test_refused_values_show_in_place_and_change_nothing(client, sign_up):
    merchant_id, csrf = await signed_up(sign_up)
    for bad, field, words in (
        ({"country": "Germany"}, "country", "Country must be a two-letter ISO 3166 country code"),
        ({"invoice_footer": "x" * 501}, "invoice_footer", "Invoice footer must be at most 500"),
    ):
        answer = await post_form(
            client, PATH, {**GOOD, **bad, "csrf_token": csrf}, {**HX, "X-CSRF-Token": csrf}
        )
        html = await html_of(answer)
        assert answer.status_code == 422
        assert f'id="{field}"' in html and 'aria-invalid="true"' in html and words in html
    row = await Merchant.get(id=merchant_id)
    assert (row.city, row.country, row.invoice_footer) == (None, None, "")


async def test_a_good_post_saves_both_modes(client, sign_up):
    merchant_id, csrf = await signed_up(sign_up)
    answer = await post_form(client, PATH, {**GOOD, "csrf_token": csrf}, {"X-CSRF-Token": csrf})
    assert answer.status_code == 303
    for row in (await Merchant.get(id=merchant_id), await merchants.tenant_of(merchant_id, "test")):
        assert (row.city, row.country, row.tax_id) == ("Berlin", "DE", "DE123456789")
    page = await html_of(await client.get("/dashboard/settings"))
    assert "Invoice details saved." in page and 'value="Hauptstrasse 5"' in page
