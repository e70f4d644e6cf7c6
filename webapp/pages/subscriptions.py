"""Subscriptions: the list with a status filter (and a "Billing problems" one, shown when any
live subscription has one: ``billing/subscriptions/billing_problems.py``), and subscribing a
customer to a plan.

Subscribing is one call to ``subscriptions.create_subscription`` (the function /v1 uses): the
price-of-plan check and "one active subscription per customer" live there, and their messages
land on the form's fields. The plan select reloads the price select through HTMX; without
JavaScript the page shows the first plan's prices and the service refuses a mismatch. The
detail page, the feature override editor and the lifecycle actions are in
``subscription_actions``, which adds its routes to this blueprint.
"""

from enum import StrEnum

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.catalog import plans
from billing.core.errors import Conflict, NotFound, ServiceError
from billing.customers import customers
from billing.subscriptions import cancelled_reads, statuses, subscription_reads, subscriptions
from webapp.forms.money import format_money
from webapp.forms.subscriptions import SubscribeForm
from webapp.pages import subscription_labels
from webapp.pages.common import INVALID_FORM, login_required, page_headers, render_page
from webapp.pages.price_labels import HELPERS, price_summary

bp = Blueprint("subscriptions", __name__, url_prefix="/dashboard/subscriptions")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")
subscription_labels.register(bp)

PAGE = "dashboard/subscriptions/index.html"
LIST = "dashboard/subscriptions/_list.html"
NEW = "dashboard/subscriptions/new.html"
PRICES = "dashboard/subscriptions/_prices.html"


class Tab(StrEnum):
    """The index's tabs: every subscription, one per status a live subscription shows, the
    cancelled ones (ended by a cancellation, read apart: /v1 never lists them) and those with
    a billing problem. A member renders as its word, the ``status`` query parameter."""

    ALL = "all"
    TRIALING = statuses.TRIALING.value
    ACTIVE = statuses.ACTIVE.value
    PAST_DUE = statuses.PAST_DUE.value
    PAUSED = statuses.PAUSED.value
    UNPAID = statuses.UNPAID.value
    CANCELLED = "cancelled"
    PROBLEMS = "problems"


PROBLEMS = Tab.PROBLEMS
STATUSES = tuple(tab for tab in Tab if tab != Tab.PROBLEMS)  # the tabs counted by status
NO_SUCH_CUSTOMER = "No customer has this email, id or external id"


@bp.context_processor
async def helpers() -> dict:
    return dict(HELPERS)


@bp.get("")
@login_required
async def index():
    """Subscriptions, newest first, filtered by status, with a count per status tab. All and
    Cancelled include cancelled ones (read from ``cancelled_reads``; /v1 never lists them)."""
    status = request.args.get("status", Tab.ALL)
    if status not in (*STATUSES, PROBLEMS):
        status = Tab.ALL
    if status == PROBLEMS:
        shown = await subscription_reads.list_subscriptions(g.merchant.id, billing_problem="true")
    elif status == Tab.ALL:
        shown = await cancelled_reads.list_all(g.merchant.id)
    elif status == Tab.CANCELLED:
        shown = await cancelled_reads.list_cancelled(g.merchant.id)
    else:
        shown = await subscription_reads.list_subscriptions(g.merchant.id, status=status)
    by_status = await subscription_reads.status_counts(g.merchant.id)
    counts = {name: by_status.get(name, 0) for name in STATUSES}
    counts[Tab.CANCELLED] = await cancelled_reads.cancelled_count(g.merchant.id)
    counts[Tab.ALL] = sum(by_status.values()) + counts[Tab.CANCELLED]
    counts[PROBLEMS] = await subscription_reads.problem_count(g.merchant.id)
    return await render_page(
        PAGE,
        LIST,
        subscriptions=shown,
        shown_status=status,
        statuses=STATUSES,
        counts=counts,
    )


async def _plan_views():
    return await plans.list_plans(g.merchant.id, include_prices=True)


def _fill_choices(form: SubscribeForm, views) -> None:
    """Plans that have prices; the price select holds the chosen (else first) plan's."""
    sellable = [view for view in views if view.prices]
    form.plan_id.render_kw = {
        "hx-get": url_for("subscriptions.prices"),
        "hx-target": "#price-field",
        "hx-swap": "outerHTML",
        "hx-trigger": "change",
    }
    form.plan_id.choices = [
        (view.plan.id, f"{view.plan.plan_name} (v{view.plan.version_number})") for view in sellable
    ]
    chosen = next((view for view in sellable if view.plan.id == form.plan_id.data), None)
    chosen = chosen or (sellable[0] if sellable else None)
    if chosen is not None and form.plan_id.data != chosen.plan.id:
        form.plan_id.data = chosen.plan.id
    form.price_id.choices = [
        (price.id, price_summary(price)) for price in (chosen.prices if chosen else [])
    ]


async def _customer_label(customer_id: str) -> str:
    """A pre-chosen customer (from a customer's page) shown by email; ids still work."""
    try:
        customer = await customers.get_customer(g.merchant.id, customer_id)
    except NotFound:
        return customer_id
    return customer.email


@bp.get("/new")
@login_required
async def new():
    form = SubscribeForm()
    preset = request.args.get("customer", "")[:100]
    if preset:
        form.customer.data = await _customer_label(preset)
    views = await _plan_views()
    _fill_choices(form, views)
    return await render_page(NEW, form=form, has_plans=bool(form.plan_id.choices))


@bp.get("/prices")
@login_required
async def prices():
    """The price select for the plan chosen in the form (HTMX swaps it in)."""
    form = SubscribeForm(plan_id=request.args.get("plan_id", "")[:100])
    _fill_choices(form, await _plan_views())
    return await render_page(PRICES, PRICES, form=form)


@bp.post("/new")
@login_required
async def create():
    form = SubscribeForm(formdata=await request.form)
    _fill_choices(form, await _plan_views())
    if form.validate():
        try:
            customer = await customers.find_by_reference(g.merchant.id, form.customer.data)
            if customer is None:
                raise NotFound(NO_SUCH_CUSTOMER, field="customerId")
            subscription = await subscriptions.create_subscription(
                g.merchant.id,
                customer_id=customer.id,
                plan_id=form.plan_id.data,
                effective_price_id=form.price_id.data,
                start_timestamp=form.start_timestamp,
                allow_multiple=form.allow_multiple.data,
            )
        except Conflict as error:  # already subscribed: say so where the customer is chosen
            form.customer.errors = [*form.customer.errors, _already_subscribed(error)]
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash("Subscription created.", "success")
            return redirect(url_for("customers.detail", customer_id=subscription.customer_id), 303)
    return await render_page(
        NEW, status=INVALID_FORM, form=form, has_plans=bool(form.plan_id.choices)
    )


def _already_subscribed(error: Conflict) -> str:
    if "existingSubscriptionId" in error.extra:
        return (
            f"{error.message} Cancel {error.extra['existingSubscriptionId']} first, or allow "
            "a second subscription below."
        )
    return error.message
