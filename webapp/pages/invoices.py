"""Invoices in the dashboard: a list with a tab per status (with counts), a customer filter
and keyset pages, and one invoice with its lines, periods, tax, totals, PDF link and its
payment attempts.

Reads only: invoices are issued by the billing run (billing/invoicing/) and never edited. The
list pages the way the customer list does (a cursor, never an offset; "Previous" walks back
through the cursors carried in the URL).
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.customers import customers
from billing.invoicing import invoices
from billing.invoicing.pdf import bill_to_lines
from billing.payments import payment_reads
from webapp import invoice_links
from webapp.forms.money import format_money
from webapp.pages.common import login_required, page_headers, render_page

bp = Blueprint("invoices", __name__, url_prefix="/dashboard/invoices")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")

PAGE = "dashboard/invoices/index.html"
RESULTS = "dashboard/invoices/_results.html"
DETAIL = "dashboard/invoices/detail.html"
TABS = ("all", "unpaid", "paid", "draft", "void")
PAGE_SIZE = 25
MAX_BACK = 20
INVOICE_STATUS_WORDS = {
    "all": "All",
    "draft": "Draft",
    "unpaid": "Unpaid",
    "paid": "Paid",
    "void": "Void",
}
REASON_WORDS = {
    "subscription_cycle": "Subscription renewal",
    "subscription_final": "Final usage after cancellation",
    "proration": "Plan or price change",
}


@bp.app_context_processor
async def words() -> dict:
    """Status and reason words for every page that shows invoices (customers, subscriptions)."""
    return {"invoice_status_words": INVOICE_STATUS_WORDS, "reason_words": REASON_WORDS}


async def _customer_filter(customer_id: str):
    if not customer_id:
        return None
    try:
        return await customers.get_customer(g.merchant.id, customer_id)
    except NotFound:
        return None


@bp.get("")
@login_required
async def index():
    """One page of invoices, newest first, for the tab and customer asked for."""
    status = request.args.get("status", "all")
    status = status if status in TABS else "all"
    customer = await _customer_filter(request.args.get("customer", "")[:40])
    after = request.args.get("after", "")[:200]
    back = [cursor[:200] for cursor in request.args.getlist("back")][-MAX_BACK:]
    context = {"shown": status, "customer": customer, "after": after, "back": back}
    customer_id = customer.id if customer else None
    counts = await invoices.status_counts(g.merchant.id, customer_id)
    context["counts"] = {"all": sum(counts.values()), **counts}
    try:
        rows, cursor = await invoices.keyset_page(
            g.merchant.id,
            status=None if status == "all" else status,
            customer_id=customer_id,
            after=after or None,
            limit=PAGE_SIZE,
        )
    except ServiceError as error:  # a page link edited by hand
        rows, cursor, context["page_error"] = [], None, error.message
    return await render_page(PAGE, RESULTS, tabs=TABS, invoices=rows, next=cursor, **context)


@bp.get("/<invoice_id>")
@login_required
async def detail(invoice_id: str):
    try:
        invoice = await invoices.get_invoice(g.merchant.id, invoice_id)
    except NotFound as error:
        await flash(error.message, "error")
        return redirect(url_for("invoices.index"), 303)
    items = [line for line in invoice.line_items if line.type != "tax"]
    taxes = [line for line in invoice.line_items if line.type == "tax"]
    pdf_url = invoice_links.pdf_url(invoice.merchant_id, invoice.id)
    bill_to = bill_to_lines(invoice.bill_to or {})
    payments = await payment_reads.payments_for_invoice(g.merchant.id, invoice.id)
    return await render_page(
        DETAIL,
        invoice=invoice,
        items=items,
        taxes=taxes,
        pdf_url=pdf_url,
        bill_to=bill_to,
        payments=payments,
    )
