"""The seller's details printed on invoices and receipts: the business address, tax id and the
footer the merchant writes under every invoice (issue 33, point 3).

Like the names (``merchants.update_merchant``), the details are one business profile kept the
same on both mode rows, so a test invoice looks exactly like the live one will.

Issuing is never blocked by missing details: a subscription renews at 3 a.m. whether or not
the merchant has filled in the settings page, and refusing to bill would cost them the money.
Instead ``missing_for_invoices`` names what is missing, and the dashboard asks for it: before
the first live invoice a prompt on the overview, customers, subscriptions, payment providers
and invoices pages names what to add (``asked_before_first_invoice``, see
``billing.onboarding.seller_details_notice``); once live invoices went out without it, a
warning on the overview and invoices pages says so. Invoices issued meanwhile print what
there is.
"""

from billing.accounts.models import Merchant
from billing.core.errors import Invalid
from billing.core.models import utcnow
from billing.core.validation import clean_name, has_unstorable_characters

MAX_LINE = 300
MAX_CITY = 200
MAX_POSTAL_CODE = 40
MAX_TAX_ID = 100
MAX_FOOTER = 500
INVALID_COUNTRY = "country must be a two-letter ISO 3166 country code, like US or DE"

# model field -> (API name, longest value)
TEXT_FIELDS = {
    "address_line1": ("addressLine1", MAX_LINE),
    "address_line2": ("addressLine2", MAX_LINE),
    "city": ("city", MAX_CITY),
    "postal_code": ("postalCode", MAX_POSTAL_CODE),
    "tax_id": ("taxId", MAX_TAX_ID),
}
FORM_FIELDS = (*TEXT_FIELDS, "country", "invoice_footer")


def _optional(value: str | None, field: str, max_length: int) -> str | None:
    """A one-line optional value: blank clears it, else the checks a name gets."""
    if value is None or not value.strip():
        return None
    return clean_name(value, field, max_length=max_length)


def clean_country(value: str | None) -> str | None:
    """Two letters, stored upper case; blank clears it."""
    code = (value or "").strip().upper()
    if not code:
        return None
    if len(code) != 2 or not all("A" <= char <= "Z" for char in code):
        raise Invalid(INVALID_COUNTRY, code="invalid_seller_country", field="country")
    return code


def clean_footer(value: str | None) -> str:
    """Free text of a few lines (line breaks kept, other control characters refused)."""
    text = (value or "").replace("\r\n", "\n").strip()
    if len(text) > MAX_FOOTER:
        raise Invalid(
            f"invoiceFooter must be at most {MAX_FOOTER} characters",
            code="too_long",
            field="invoiceFooter",
        )
    if has_unstorable_characters(text.replace("\n", "")):
        raise Invalid(
            "invoiceFooter must not contain control characters",
            code="control_characters",
            field="invoiceFooter",
        )
    return text


def validate_seller_details(values: dict[str, str | None]) -> dict[str, str | None]:
    """Checked model fields for every detail (a missing or blank one is cleared)."""
    fields: dict[str, str | None] = {}
    for name, (api_name, max_length) in TEXT_FIELDS.items():
        fields[name] = _optional(values.get(name), api_name, max_length)
    fields["country"] = clean_country(values.get("country"))
    fields["invoice_footer"] = clean_footer(values.get("invoice_footer"))
    return fields


async def update_seller_details(merchant_id: str, **values: str | None) -> Merchant:
    """Save the address, tax id and invoice footer on both mode rows of the business; answers
    the merchant row ``merchant_id`` with them. Nothing is saved when any value is refused."""
    unknown = set(values) - set(FORM_FIELDS)
    if unknown:
        raise TypeError(f"unknown seller details: {sorted(unknown)}")
    fields = validate_seller_details(values)
    merchant = await Merchant.get(id=merchant_id)
    await Merchant.filter(account_id=merchant.account_id).update(**fields, updated_at=utcnow())
    merchant.update_from_dict(fields)
    return merchant


def missing_for_invoices(merchant: Merchant) -> list[str]:
    """What the seller block of an invoice lacks, in words ("your address"); empty when the
    business has a legal name and an address (a first line, a city and a country)."""
    missing = []
    if not (merchant.legal_name or "").strip():
        missing.append("your legal name")
    if not (merchant.address_line1 and merchant.city and merchant.country):
        missing.append("your business address")
    return missing


def asked_before_first_invoice(merchant: Merchant) -> str:
    """What the prompt before the first live invoice asks for, in words ("business address and
    tax ID"). The tax ID is named while blank although it is optional (not every business has
    one): a business that has one must print it, and is most likely to add it when asked."""
    wanted = [words.removeprefix("your ") for words in missing_for_invoices(merchant)]
    if not (merchant.tax_id or "").strip():
        wanted.append("tax ID")
    if len(wanted) < 2:
        return "".join(wanted)
    return f"{', '.join(wanted[:-1])} and {wanted[-1]}"
