"""One subscription: its page, the feature override editor, pause/resume/reactivate/cancel.

Pages address a subscription by its stable id, so links survive new versions. Each action is
one call to the lifecycle or versions service; a refused transition (409, e.g. resuming an
active subscription, or anything on an ended one) comes back as a flash error on the page the
action started from (``next``), never as a broken page.

Cancelling comes in two forms: now (the API's DELETE) or at the end of the current period
(``cancel_at_period_end``, carried out by the due-work pass; "keep" undoes it). A cancelled
subscription keeps its page, read-only (``cancelled_reads``), although /v1 answers 404 for it.
"""

from quart import flash, g, redirect, request, url_for

from billing.catalog import features
from billing.core.errors import NotFound, ServiceError
from billing.subscriptions import cancelled_reads, subscription_lifecycle, subscription_reads
from billing.subscriptions import subscription_versions as versions
from webapp.forms import error_words
from webapp.forms.feature_values import attach_library
from webapp.forms.subscriptions import FeatureOverrideForm
from webapp.pages import invoice_panels, payment_panels
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, render_page, safe_next
from webapp.pages.customer_views import card_of
from webapp.pages.subscriptions import bp

DETAIL = "dashboard/subscriptions/detail.html"
FEATURES = "dashboard/subscriptions/features.html"
CONFIRM = "dashboard/subscriptions/confirm.html"

# action: (service function, what the flash says afterwards)
ACTIONS = {
    "pause": (subscription_lifecycle.pause, "Subscription paused; it no longer counts in MRR."),
    "resume": (subscription_lifecycle.resume, "Subscription resumed."),
    "reactivate": (subscription_lifecycle.reactivate, "Subscription reactivated."),
    "cancel": (subscription_lifecycle.cancel, "Subscription cancelled."),
    "cancel-at-period-end": (
        subscription_lifecycle.cancel_at_period_end,
        "The subscription ends when its current period ends.",
    ),
    "keep": (subscription_lifecycle.keep, "The subscription renews as usual."),
}
CONFIRMATIONS = {
    "pause": (
        "Pause this subscription?",
        "It stops counting towards MRR until you resume it. Its features stay as they are.",
        "Pause subscription",
    ),
    "cancel": (
        "Cancel this subscription?",
        "It ends now: its fees stop and the features it grants end; any usage up to now is "
        "billed once on a final invoice. This cannot be undone.",
        "Cancel now",
    ),
    "cancel-at-period-end": (
        "Cancel at the end of the period?",
        "It stays active until its current period ends, then ends instead of renewing; any "
        "usage up to then is billed once on a final invoice. You can undo this until then.",
        "Cancel at period end",
    ),
}


async def _subscription_or_none(subscription_id: str, *, include_features: bool = True):
    try:
        return await subscription_reads.get_subscription(
            g.merchant.id, subscription_id, include_features=include_features
        )
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


def _back(subscription_id: str) -> str:
    fallback = url_for("subscriptions.detail", subscription_id=subscription_id)
    return safe_next(request.args.get("next")) or fallback


@bp.get("/<subscription_id>")
@login_required
async def detail(subscription_id: str):
    """The subscription's page; a cancelled one is shown read-only, without actions."""
    try:
        subscription = await cancelled_reads.get_any(
            g.merchant.id, subscription_id, include_features=True
        )
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("subscriptions.index"), 303)
    return await render_page(DETAIL, **await detail_context(subscription))


async def detail_context(subscription, **payment_overrides) -> dict:
    """The detail page's context: the card, the invoice panels and the payment panel
    (``payment_overrides`` go to ``payment_panels``: the refund form with its errors)."""
    return {
        "card": await card_of(g.merchant.id, subscription),
        "subscription": subscription,
        **await invoice_panels.subscription_panel(g.merchant.id, subscription),
        **await payment_panels.subscription_payment_panel(
            g.merchant.id, subscription, **payment_overrides
        ),
    }


@bp.get("/<subscription_id>/<action>")
@login_required
async def confirm(subscription_id: str, action: str):
    """The confirmation page for pause and both cancels (HTMX asks with hx-confirm instead)."""
    if action not in CONFIRMATIONS:
        return redirect(url_for("subscriptions.detail", subscription_id=subscription_id), 303)
    try:
        subscription = await subscription_reads.get_subscription(g.merchant.id, subscription_id)
    except NotFound:  # cancelled (its page says so, read-only) or unknown (the page says that)
        return redirect(url_for("subscriptions.detail", subscription_id=subscription_id), 303)
    title, text, button = CONFIRMATIONS[action]
    return await render_page(
        CONFIRM,
        subscription=subscription,
        action=action,
        title=title,
        text=text,
        button=button,
        back=_back(subscription.stable_subscription_id),
    )


@bp.post("/<subscription_id>/<action>")
@login_required
async def act(subscription_id: str, action: str):
    back = _back(subscription_id)
    if action not in ACTIONS:
        await flash("Unknown action.", "error")
    else:
        call, done = ACTIONS[action]
        try:
            await call(g.merchant.id, subscription_id)
        except ServiceError as error:
            await flash(error_words.words(error), "error")
        else:
            await flash(done, "success")
    if is_htmx():
        return "", 200, {"HX-Redirect": back}
    return redirect(back, 303)


async def _with_library(form: FeatureOverrideForm, *, formdata=None, granted=None) -> bool:
    """The library as choices, each with its value field (see ``attach_library``)."""
    library = await features.list_features(g.merchant.id)
    return attach_library(form, library, formdata=formdata, granted=granted)


def _badges(subscription) -> dict:
    return {
        row.feature_id: ("badge-override", "Override")
        if row.source == "override"
        else ("badge-muted", "From plan")
        for row in subscription.features
    }


@bp.get("/<subscription_id>/features")
@login_required
async def edit_features(subscription_id: str):
    subscription = await _subscription_or_none(subscription_id)
    if subscription is None:
        return redirect(url_for("subscriptions.index"), 303)
    granted = list(subscription.features)
    form = FeatureOverrideForm(feature_ids=[row.feature_id for row in granted])
    await _with_library(form, granted={row.feature_id: row.feature_value for row in granted})
    return await render_page(
        FEATURES, form=form, subscription=subscription, badges=_badges(subscription)
    )


@bp.post("/<subscription_id>/features")
@login_required
async def save_features(subscription_id: str):
    subscription = await _subscription_or_none(subscription_id)
    if subscription is None:
        return redirect(url_for("subscriptions.index"), 303)
    formdata = await request.form
    form = FeatureOverrideForm(formdata=formdata)
    values_fit = await _with_library(form, formdata=formdata)
    if form.validate() and values_fit:
        try:
            new = await versions.override_features(
                g.merchant.id,
                subscription_id,
                feature_ids=form.feature_ids.data,
                feature_values=form.values.values,
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Features saved as version {new.version_number}.", "success")
            target = url_for("subscriptions.detail", subscription_id=new.stable_subscription_id)
            return redirect(target, 303)
    return await render_page(
        FEATURES,
        status=INVALID_FORM,
        form=form,
        subscription=subscription,
        badges=_badges(subscription),
    )
