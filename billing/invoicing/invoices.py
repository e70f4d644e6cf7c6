"""Reading invoices: the merchant's list (filtered, paged), one invoice with its lines, and a
customer's invoices. Invoices are written only by the billing run (``billing_run.py``).

Every invoice read here comes with its credit-note links (``credit_notes.attach``:
``credit_notes`` and ``credit_note_of``).

Pages are ``limit`` (default 20, at most 100, the spec's page size) from ``offset``, newest
first (issue date, then number), with the total the filters match. Another merchant's invoice
or customer answers exactly as a missing one.
"""

import asyncio
from dataclasses import dataclass
from datetime import datetime

from tortoise import connections
from tortoise.expressions import Q
from tortoise.functions import Count

from billing.accounts.models import Merchant
from billing.core.errors import Invalid
from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.core.models import column_names, from_row
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.invoicing import credit_notes, invoice_words, pdf
from billing.invoicing.models import INVOICE_STATUSES, Invoice, InvoiceLine

INVOICE_NOT_FOUND = "Invoice not found or access denied"
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_OFFSET = 10_000_000


@dataclass(frozen=True)
class Page:
    invoices: list[Invoice]
    total: int
    limit: int
    offset: int


def _whole(value: object, name: str, default: int, low: int, high: int) -> int:
    """A query parameter as a whole number in [low, high] (text from the query string)."""
    if value is None or value == "":
        return default
    text = str(value)
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise Invalid(f"Query parameter '{name}' must be a whole number from {low} to {high}")
    return int(text)


def _status(value: object) -> str | None:
    if value is None or value == "":
        return None
    if value not in INVOICE_STATUSES:
        raise Invalid(f"status must be one of: {', '.join(INVOICE_STATUSES)}", field="status")
    return str(value)


async def list_invoices(
    merchant_id: str,
    *,
    customer_id: object = None,
    status: object = None,
    limit: object = None,
    offset: object = None,
) -> Page:
    """The merchant's invoices matching ``customer_id`` and ``status``, one page of them."""
    size = _whole(limit, "limit", DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE)
    skip = _whole(offset, "offset", 0, 0, MAX_OFFSET)
    wanted = _status(status)  # a bad status is a 400 whatever the customer filter finds
    query = Invoice.scoped(merchant_id)
    if customer_id not in (None, ""):
        if not is_well_formed(customer_id, Customer.id_prefix):
            return Page([], 0, size, skip)  # no customer has such an id: nothing matches
        query = query.filter(customer_id=customer_id)
    if wanted is not None:
        query = query.filter(status=wanted)
    total = await query.count()
    rows = await query.order_by("-issue_date", "-number").offset(skip).limit(size)
    await with_lines(rows)
    await credit_notes.attach(merchant_id, rows)
    return Page(list(rows), total, size, skip)


async def customer_invoices(merchant_id: str, customer_id: object, **paging) -> Page:
    """One customer's invoices; an unknown customer (or another merchant's) is a 404."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    return await list_invoices(merchant_id, customer_id=customer.id, **paging)


async def get_invoice(merchant_id: str, invoice_id: object) -> Invoice:
    """One invoice with its customer and lines (``invoice.line_items``, in order)."""
    invoice = await find_scoped(Invoice, merchant_id, invoice_id, INVOICE_NOT_FOUND)
    await with_lines([invoice])
    await credit_notes.attach(merchant_id, [invoice])
    return invoice


# A join to the ids' ``unnest`` rather than the ORM's ``IN ($1, ..., $n)``: one prepared
# statement whatever the count (an IN list is a new statement for every length), and no plan
# that compares every row with every id (what ``= ANY($1)`` becomes in a generic plan over a
# table whose statistics lag, as during a billing run). The event log renders a billing
# claim's hundreds of invoices through here.
LINES = """
SELECT {columns} FROM unnest($1::text[]) AS wanted(id)
JOIN invoice_lines l ON l.invoice_id = wanted.id
"""
BY_IDS = """
SELECT {columns} FROM unnest($2::text[]) AS wanted(id) JOIN invoices i ON i.id = wanted.id
WHERE i.merchant_id = $1
"""
CUSTOMERS = """
SELECT {columns} FROM unnest($1::text[]) AS wanted(id) JOIN customers c ON c.id = wanted.id
"""


async def by_ids(merchant_id: str, ids: list[str]) -> list[Invoice]:
    """The merchant row's invoices among ``ids`` (soft-deleted ones too), in one statement
    whatever their number: what the event log renders a billing claim's invoices from."""
    columns = ", ".join(f"i.{column}" for column in column_names(Invoice))
    rows = await connections.get("default").execute_query_dict(
        BY_IDS.format(columns=columns), [merchant_id, ids]
    )
    return [from_row(Invoice, row) for row in rows]


async def with_lines(invoices: list[Invoice]) -> None:
    """Attach each invoice's customer and its lines in order (``invoice.line_items``), in two
    queries for a whole page (or a billing claim's invoices, for their events)."""
    if not invoices:
        return
    connection = connections.get("default")
    customer_ids = list({invoice.customer_id for invoice in invoices})
    sql = CUSTOMERS.format(columns=", ".join(f"c.{c}" for c in column_names(Customer)))
    customers = {
        row["id"]: from_row(Customer, row)
        for row in await connection.execute_query_dict(sql, [customer_ids])
    }
    by_invoice: dict[str, list[InvoiceLine]] = {invoice.id: [] for invoice in invoices}
    sql = LINES.format(columns=", ".join(f"l.{c}" for c in column_names(InvoiceLine)))
    for row in await connection.execute_query_dict(sql, [list(by_invoice)]):
        by_invoice[row["invoice_id"]].append(from_row(InvoiceLine, row))
    for invoice in invoices:
        invoice.customer = customers[invoice.customer_id]
        invoice.line_items = sorted(by_invoice[invoice.id], key=lambda line: line.position)


async def reason_of(invoice: Invoice) -> str:
    """The invoice's billing reason in words; a subscription's first cycle invoice is its
    ``First invoice`` (no earlier cycle invoice of the subscription), later ones ``Renewal``."""
    first = False
    if invoice.billing_reason == "subscription_cycle" and invoice.stable_subscription_id:
        earlier = Invoice.scoped(invoice.merchant_id).filter(
            stable_subscription_id=invoice.stable_subscription_id,
            billing_reason="subscription_cycle",
        )
        earlier = earlier.filter(
            Q(issue_date__lt=invoice.issue_date)
            | Q(issue_date=invoice.issue_date, created_at__lt=invoice.created_at)
        )
        first = not await earlier.exists()
    return invoice_words.reason_words(invoice.billing_reason, first=first)


async def invoice_pdf(
    merchant_id: str, invoice_id: object, paid: pdf.PaidFigures | None = None
) -> tuple[Invoice, bytes]:
    """The invoice and its PDF, drawn on each request from the stored invoice (which never
    changes once issued), the seller's details as the business profile has them now, and
    ``paid``: what its payments collected and what of that was refunded since
    (``billing.payments.refunds.refund_reads.invoice_pdf`` reads it)."""
    invoice = await get_invoice(merchant_id, invoice_id)
    seller = pdf.Seller.of(await Merchant.get(id=merchant_id))
    reason = await reason_of(invoice)
    # Drawing takes milliseconds of CPU: off the event loop, so other requests go on.
    document = await asyncio.to_thread(
        pdf.render, invoice, invoice.line_items, seller, paid, reason
    )
    return invoice, document


async def status_counts(merchant_id: str, customer_id: str | None = None) -> dict[str, int]:
    """How many invoices each status has (every status present, 0 included), for tabs."""
    query = Invoice.scoped(merchant_id)
    if customer_id:
        query = query.filter(customer_id=customer_id)
    rows = await query.group_by("status").annotate(n=Count("id")).values("status", "n")
    counts = dict.fromkeys(INVOICE_STATUSES, 0)
    counts.update({row["status"]: row["n"] for row in rows})
    return counts


def _cursor(invoice: Invoice) -> str:
    return f"{invoice.issue_date.isoformat()}~{invoice.id}"


def _after(cursor: str) -> tuple[datetime, str]:
    try:
        moment, invoice_id = cursor.split("~", 1)
        issued = datetime.fromisoformat(moment)
    except ValueError:
        issued, invoice_id = None, ""
    if issued is None or issued.tzinfo is None or not is_well_formed(invoice_id, "inv"):
        raise Invalid(
            "That page link is not valid; start from the first page", code="bad_page_link"
        )
    return issued, invoice_id


async def keyset_page(
    merchant_id: str,
    *,
    status: str | None = None,
    customer_id: str | None = None,
    after: str | None = None,
    limit: int = 25,
) -> tuple[list[Invoice], str | None]:
    """Newest first, ``limit`` invoices after the cursor ``after`` (issue date and id of the
    last one shown), and the cursor of the next page (None on the last): the dashboard
    pages without counting or offsets, so page 2,000 costs what page 1 does."""
    query = Invoice.scoped(merchant_id)
    if customer_id:
        query = query.filter(customer_id=customer_id)
    wanted = _status(status)
    if wanted:
        query = query.filter(status=wanted)
    if after:
        moment, invoice_id = _after(after)
        query = query.filter(Q(issue_date__lt=moment) | Q(issue_date=moment, id__lt=invoice_id))
    rows = list(await query.order_by("-issue_date", "-id").limit(limit + 1))
    await Invoice.fetch_for_list(rows[:limit], "customer")
    await credit_notes.attach(merchant_id, rows[:limit])
    more = len(rows) > limit
    return rows[:limit], _cursor(rows[limit - 1]) if more else None


async def recent_invoices(
    merchant_id: str, *, customer_id: str | None = None, stable_id: str | None = None, limit=10
) -> list[Invoice]:
    """The newest ``limit`` invoices of a customer or of a subscription (all its versions),
    for the panels on their dashboard pages."""
    query = Invoice.scoped(merchant_id)
    if customer_id:
        query = query.filter(customer_id=customer_id)
    if stable_id:
        query = query.filter(stable_subscription_id=stable_id)
    rows = list(await query.order_by("-issue_date", "-id").limit(limit))
    await credit_notes.attach(merchant_id, rows)
    return rows
