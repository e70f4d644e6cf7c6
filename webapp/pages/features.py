"""Features library: list with live search, create, edit and delete.

Each write is one call to ``billing.catalog.features`` (the same functions /v1 uses), so the
slug rules and the clean-up of plan references on delete live there. Search is a GET, so the
search box works without JavaScript and HTMX only swaps the results table in.
"""

from functools import partial

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.catalog import features, metrics
from billing.core.errors import NotFound, ServiceError
from webapp.forms import error_words
from webapp.forms.features import FeatureForm, value_text
from webapp.forms.money import format_money
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("features", __name__, url_prefix="/dashboard/features")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")

PAGE = "dashboard/features/index.html"
RESULTS = "dashboard/features/_results.html"
FORM_PAGE = "dashboard/features/form.html"


async def _results_context(search: str) -> dict:
    try:
        found = await features.list_features(g.merchant.id, search=search)
    except ServiceError as error:  # e.g. control characters typed into the search box
        return {"features": [], "search": search, "search_error": error_words.words(error)}
    names = {metric.id: metric.name for metric in await metrics.list_metrics(g.merchant.id)}
    uses = await features.feature_uses(g.merchant.id, [feature.id for feature in found])
    return {"features": found, "search": search, "metric_names": names, "uses": uses}


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def delete_consequence(feature, use: features.FeatureUse) -> str:
    """What deleting ``feature`` does, said before the merchant confirms it."""
    if not use.plans and not use.subscriptions:
        return f"No plan or subscription grants “{feature.display_name}”."
    granted = " and ".join(
        _count(number, word)
        for number, word in ((use.plans, "plan"), (use.subscriptions, "subscription"))
        if number
    )
    return (
        f"“{feature.display_name}” is granted by {granted}; deleting it removes it from them, "
        "and entitlement checks for it will answer “not entitled”."
    )


def delete_question(feature, use: features.FeatureUse) -> str:
    consequence = delete_consequence(feature, use)
    return f"Delete “{feature.display_name}”? {consequence} This cannot be undone."


@bp.context_processor
async def delete_helpers() -> dict:
    return {"delete_question": delete_question, "delete_consequence": delete_consequence}


@bp.get("")
@login_required
async def index():
    search = request.args.get("search", "")[:300]
    context = await _results_context(search)
    return await render_page(PAGE, RESULTS, **context)


async def _with_metric_choices(form: FeatureForm) -> FeatureForm:
    form.metric_ids.choices = [
        (metric.id, f"{metric.name} ({metric.event_name})")
        for metric in await metrics.list_metrics(g.merchant.id)
    ]
    return form


@bp.get("/new")
@login_required
async def new():
    form = await _with_metric_choices(FeatureForm())
    return await render_page(FORM_PAGE, form=form, feature=None)


@bp.post("/new")
@login_required
async def create():
    form = await _with_metric_choices(FeatureForm(formdata=await request.form))
    slug_free = partial(features.ensure_slug_free, g.merchant.id)
    if await form.validate_together(slug=slug_free):
        try:
            feature = await features.create_feature(
                g.merchant.id,
                slug=form.slug.data.strip(),
                display_name=form.display_name.data,
                feature_type=form.feature_type.data,
                feature_value=form.typed_value,
                metric_ids=form.metric_ids.data or [],
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Feature “{feature.display_name}” created.", "success")
            return redirect(url_for("features.index"), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, feature=None)


async def _feature_or_redirect(feature_id: str):
    try:
        return await features.get_feature(g.merchant.id, feature_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


@bp.get("/<feature_id>/edit")
@login_required
async def edit(feature_id: str):
    feature = await _feature_or_redirect(feature_id)
    if feature is None:
        return redirect(url_for("features.index"), 303)
    form = FeatureForm(
        display_name=feature.display_name,
        slug=feature.slug,
        feature_type=feature.feature_type,
        feature_value=value_text(feature.feature_type, feature.default_value),
        metric_ids=list(feature.metric_ids or []),
    )
    form = await _with_metric_choices(form)
    return await render_page(FORM_PAGE, form=form, feature=feature)


@bp.post("/<feature_id>/edit")
@login_required
async def update(feature_id: str):
    feature = await _feature_or_redirect(feature_id)
    if feature is None:
        return redirect(url_for("features.index"), 303)
    form = await _with_metric_choices(FeatureForm(formdata=await request.form))
    slug_free = partial(features.ensure_slug_free, g.merchant.id, exclude_id=feature.id)
    if await form.validate_together(slug=slug_free):
        try:
            feature = await features.update_feature(
                g.merchant.id,
                feature_id,
                slug=form.slug.data.strip(),
                display_name=form.display_name.data,
                feature_type=form.feature_type.data,
                feature_value=form.typed_value,
                metric_ids=form.metric_ids.data or [],
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Feature “{feature.display_name}” saved.", "success")
            return redirect(url_for("features.index"), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, feature=feature)


@bp.get("/<feature_id>/delete")
@login_required
async def confirm_delete(feature_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    feature = await _feature_or_redirect(feature_id)
    if feature is None:
        return redirect(url_for("features.index"), 303)
    uses = await features.feature_uses(g.merchant.id, [feature.id])
    return await render_page(
        "dashboard/features/confirm_delete.html", feature=feature, use=uses[feature.id]
    )


@bp.post("/<feature_id>/delete")
@login_required
async def delete(feature_id: str):
    try:
        feature = await features.get_feature(g.merchant.id, feature_id)
        await features.delete_feature(g.merchant.id, feature_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(
            f"Feature “{feature.display_name}” deleted; plans and subscriptions no longer "
            "grant it.",
            "success",
        )
    if not is_htmx():
        return redirect(url_for("features.index"), 303)
    search = (await request.form).get("search", "")[:300]
    return await render_page(PAGE, RESULTS, **await _results_context(search))
