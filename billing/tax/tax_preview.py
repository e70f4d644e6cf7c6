"""``POST /v1/tax/calculate-preview``: read the request, run the engine, store nothing.

``amount`` is integer cents (money is integer minor units throughout the API). Without
``lineItems`` the amount is taxed as one line; with them each line is taxed on its own and
``amount`` must equal the sum of their ``subtotalCents``. Line items need type, description,
subtotalCents, billingPeriodStart and billingPeriodEnd (ISO 8601); componentId and priceId are
optional. ``state`` (optional, an extension) names the US state instead of the ZIP code.
"""

from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid, InvalidFields
from billing.core.timestamps import parse_timestamp
from billing.tax.tax_engine import MAX_CENTS, TaxLine, TaxResult, calculate_tax
from billing.tax.tax_fields import MISSING, Fields

MAX_LINES = 500
MAX_CUSTOMER_ID = 40  # an id's column length
LINE_TEXT = ("type", "description")


def _cents(fields: Fields, value, path: list, name: str) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CENTS:
        message = f"{name} must be a whole number of cents, 0 or more"
        fields.issues.append({"code": "invalid_type", "message": message, "path": path})
        return None
    return value


def _line(fields: Fields, item, index: int) -> TaxLine | None:
    path = ["lineItems", index]
    if not isinstance(item, dict):
        message = f"lineItems[{index}] must be an object"
        fields.issues.append({"code": "invalid_type", "message": message, "path": path})
        return None
    for name in (*LINE_TEXT, "billingPeriodStart", "billingPeriodEnd"):
        value = item.get(name)
        if not isinstance(value, str) or not value.strip():
            message = f"lineItems[{index}].{name} is required"
            fields.issues.append({"code": "required", "message": message, "path": [*path, name]})
        elif name.startswith("billingPeriod"):
            try:
                parse_timestamp(value, f"lineItems[{index}].{name}")
            except Invalid as error:
                fields.issues.append(
                    {"code": "invalid_date", "message": error.message, "path": [*path, name]}
                )
    cents = _cents(fields, item.get("subtotalCents"), [*path, "subtotalCents"], "subtotalCents")
    if cents is None:
        return None
    return TaxLine(cents, str(item.get("type") or "")[:50], str(item.get("description") or ""))


async def calculate_preview(merchant_id: str, body) -> TaxResult:
    fields = Fields(body)
    customer_id = fields.text("customerId", required=True, max_length=MAX_CUSTOMER_ID)
    currency = fields.text("currency", required=True, max_length=3)
    state = fields.text("state", max_length=2)
    if isinstance(currency, str) and normalize_currency(currency) is None:
        fields.fail("currency", "invalid_enum", "currency must be an ISO 4217 code such as USD")
    amount = None
    if body.get("amount") is None:
        fields.fail("amount", "required", "amount is required")
    else:
        amount = _cents(fields, body["amount"], ["amount"], "amount")
    items = body.get("lineItems")
    lines: list[TaxLine | None] = []
    if items is not None and not isinstance(items, list):
        fields.fail("lineItems", "invalid_type", "lineItems must be an array")
    elif items is not None and len(items) > MAX_LINES:
        fields.fail("lineItems", "too_big", f"lineItems may hold at most {MAX_LINES} items")
    elif items:
        lines = [_line(fields, item, index) for index, item in enumerate(items)]
    fields.done()
    if lines:
        if sum(line.subtotal_cents for line in lines) != amount:
            message = "amount must equal the sum of the lineItems' subtotalCents"
            raise InvalidFields([{"code": "custom", "message": message, "path": ["amount"]}])
    else:
        lines = [TaxLine(amount)]
    return await calculate_tax(
        merchant_id,
        customer_id,
        lines,
        currency=currency,
        state=None if state is MISSING else state,
    )
