"""Metrics: list, create, edit and delete how usage events aggregate.

One call to ``billing.catalog.metrics`` per write, like /v1. The edit page shows the event
name, aggregation and value type read-only: the service keeps them fixed after creation, so
offering them as inputs would only invite an error.
"""

import json

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.catalog import metrics
from billing.core.errors import NotFound, ServiceError
from webapp.forms import error_words
from webapp.forms.metrics import (
    AGGREGATION_LABELS,
    QUERY_TYPE_LABELS,
    VALUE_TYPE_LABELS,
    MetricEditForm,
    MetricForm,
)
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("metrics", __name__, url_prefix="/dashboard/metrics")
bp.after_request(page_headers)

PAGE = "dashboard/metrics/index.html"
LIST = "dashboard/metrics/_list.html"
FORM_PAGE = "dashboard/metrics/form.html"
LABELS = {
    "aggregation_labels": AGGREGATION_LABELS,
    "value_type_labels": VALUE_TYPE_LABELS,
    "query_type_labels": QUERY_TYPE_LABELS,
}


@bp.get("")
@login_required
async def index():
    return await render_page(
        PAGE, LIST, metrics=await metrics.list_metrics(g.merchant.id), **LABELS
    )


@bp.get("/new")
@login_required
async def new():
    return await render_page(FORM_PAGE, form=MetricForm(), metric=None, **LABELS)


@bp.post("/new")
@login_required
async def create():
    form = MetricForm(formdata=await request.form)
    if form.validate():
        try:
            metric = await metrics.create_metric(
                g.merchant.id,
                name=form.name.data,
                description=form.description.data or "",
                event_name=form.event_name.data.strip(),
                aggregation_type=form.aggregation_type.data,
                value_type=form.value_type.data,
                query_type=form.query_type.data,
                custom_query=form.query_text if form.query_type.data == "complex" else None,
                property_filters=form.filters_value if form.query_type.data == "simple" else None,
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Metric “{metric.name}” created.", "success")
            return redirect(url_for("metrics.index"), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, metric=None, **LABELS)


async def _metric(metric_id: str):
    try:
        return await metrics.get_metric(g.merchant.id, metric_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


@bp.get("/<metric_id>/edit")
@login_required
async def edit(metric_id: str):
    metric = await _metric(metric_id)
    if metric is None:
        return redirect(url_for("metrics.index"), 303)
    form = MetricEditForm(
        name=metric.name,
        description=metric.description,
        query_type=metric.query_type,
        custom_query=metric.custom_query or "",
        property_filters=json.dumps(metric.property_filters, ensure_ascii=False)
        if metric.property_filters
        else "",
    )
    return await render_page(FORM_PAGE, form=form, metric=metric, **LABELS)


@bp.post("/<metric_id>/edit")
@login_required
async def update(metric_id: str):
    metric = await _metric(metric_id)
    if metric is None:
        return redirect(url_for("metrics.index"), 303)
    form = MetricEditForm(formdata=await request.form)
    if form.validate():
        try:
            metric = await metrics.update_metric(
                g.merchant.id,
                metric_id,
                name=form.name.data,
                description=form.description.data or "",
                query_type=form.query_type.data,
                custom_query=form.query_text if form.query_type.data == "complex" else None,
                property_filters=form.filters_value if form.query_type.data == "simple" else None,
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Metric “{metric.name}” saved.", "success")
            return redirect(url_for("metrics.index"), 303)
    return await render_page(FORM_PAGE, status=INVALID_FORM, form=form, metric=metric, **LABELS)


@bp.get("/<metric_id>/delete")
@login_required
async def confirm_delete(metric_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    metric = await _metric(metric_id)
    if metric is None:
        return redirect(url_for("metrics.index"), 303)
    return await render_page("dashboard/metrics/confirm_delete.html", metric=metric)


@bp.post("/<metric_id>/delete")
@login_required
async def delete(metric_id: str):
    try:
        metric = await metrics.get_metric(g.merchant.id, metric_id)
        await metrics.delete_metric(g.merchant.id, metric_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(f"Metric “{metric.name}” deleted.", "success")
    if not is_htmx():
        return redirect(url_for("metrics.index"), 303)
    return await render_page(
        PAGE, LIST, metrics=await metrics.list_metrics(g.merchant.id), **LABELS
    )
