"""Customers: a searchable, keyset-paginated list; create, edit, detail and delete.

Every write is one call to ``billing.customers.customers`` (the functions /v1 uses), so the
email rules live there. The list never counts or offsets: ``list_customers`` answers a page and
an opaque cursor for the next one, so the 2,000th page costs what the first does. "Previous"
works by carrying the cursors already passed in the URL (``back``), the way a reader would
walk back through pages, without asking the database to count backwards.
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.customers import customers
from billing.subscriptions import subscription_reads
from webapp.forms import error_words
from webapp.forms.customers import CustomerForm
from webapp.forms.money import format_money
from webapp.pages import customer_views
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page
from webapp.pages.price_labels import HELPERS

bp = Blueprint("customers", __name__, url_prefix="/dashboard/customers")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")
bp.add_app_template_filter(customer_views.amount_label, "amount")
bp.add_app_template_filter(customer_views.seat_price_words, "seat_price")


@bp.context_processor
async def helpers() -> dict:
    return dict(HELPERS)  # the subscription card names prices in words


PAGE = "dashboard/customers/index.html"
RESULTS = "dashboard/customers/_results.html"
FORM_PAGE = "dashboard/customers/form.html"
DETAIL = "dashboard/customers/detail.html"
PAGE_SIZE = 25
MAX_BACK = 20  # cursors kept for "Previous"; further back, "First page" is the way


async def _results_context(search: str, after: str, back: list[str]) -> dict:
    context = {"search": search, "after": after, "back": back, "customers": [], "next": None}
    try:
        rows, next_cursor = await customers.list_customers(
            g.merchant.id, search=search or None, after=after or None, limit=PAGE_SIZE
        )
    except ServiceError as error:  # a cursor edited by hand, control characters in the search
        context["search_error"] = error_words.words(error)
        return context
    ids = [row.id for row in rows]
    live = await subscription_reads.live_by_customer(g.merchant.id, ids)
    context.update(customers=rows, next=next_cursor, subscriptions=live)
    return context


def _query_args() -> tuple[str, str, list[str]]:
    search = request.args.get("search", "")[:300]
    after = request.args.get("after", "")[:500]
    back = [cursor[:500] for cursor in request.args.getlist("back")][-MAX_BACK:]
    return search, after, back


@bp.get("")
@login_required
async def index():
    context = await _results_context(*_query_args())
    return await render_page(PAGE, RESULTS, **context)


@bp.get("/new")
@login_required
async def new():
    return await render_page(FORM_PAGE, form=CustomerForm(), customer=None)


@bp.post("/new")
@login_required
async def create():
    form = CustomerForm(formdata=await request.form)
    if form.validate():
        try:
            customer = await customers.create_customer(g.merchant.id, **form.values())
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Customer {customer.name or customer.email} created.", "success")
            return redirect(url_for("customers.detail", customer_id=customer.id), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, customer=None)


async def _customer_or_none(customer_id: str):
    try:
        return await customers.get_customer(g.merchant.id, customer_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


@bp.get("/<customer_id>")
@login_required
async def detail(customer_id: str):
    customer = await _customer_or_none(customer_id)
    if customer is None:
        return redirect(url_for("customers.index"), 303)
    context = await customer_views.detail_context(g.merchant.id, customer)
    blockers = await customers.live_subscriptions(g.merchant.id, customer.id)
    return await render_page(DETAIL, customer=customer, blockers=blockers, **context)


@bp.get("/<customer_id>/edit")
@login_required
async def edit(customer_id: str):
    customer = await _customer_or_none(customer_id)
    if customer is None:
        return redirect(url_for("customers.index"), 303)
    return await render_page(FORM_PAGE, form=CustomerForm.of(customer), customer=customer)


@bp.post("/<customer_id>/edit")
@login_required
async def update(customer_id: str):
    customer = await _customer_or_none(customer_id)
    if customer is None:
        return redirect(url_for("customers.index"), 303)
    form = CustomerForm(formdata=await request.form)
    form.keep_country(customer.billing_country)
    if form.validate():
        try:
            customer = await customers.update_customer(
                g.merchant.id,
                customer_id,
                allow_same_email=form.allow_same_email.data,
                **form.values(),
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Customer {customer.name or customer.email} saved.", "success")
            return redirect(url_for("customers.detail", customer_id=customer.id), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, customer=customer)


@bp.get("/<customer_id>/delete")
@login_required
async def confirm_delete(customer_id: str):
    """The confirmation step (HTMX asks with hx-confirm and posts straight away). A customer
    with a subscription that is not cancelled cannot be deleted: the page says so and links
    to the subscriptions to cancel, instead of asking and then refusing."""
    customer = await _customer_or_none(customer_id)
    if customer is None:
        return redirect(url_for("customers.index"), 303)
    blockers = await customers.live_subscriptions(g.merchant.id, customer.id)
    return await render_page(
        "dashboard/customers/confirm_delete.html", customer=customer, blockers=blockers
    )


@bp.post("/<customer_id>/delete")
@login_required
async def delete(customer_id: str):
    try:
        customer = await customers.get_customer(g.merchant.id, customer_id)
        await customers.delete_customer(g.merchant.id, customer_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(f"Customer {customer.name or customer.email} deleted.", "success")
    target = url_for("customers.index")
    if is_htmx():  # the button sits on the detail page, which no longer exists
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)
