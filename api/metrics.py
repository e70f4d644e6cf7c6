"""/v1/metrics: list (a bare array, as the spec says), read, create, update, soft delete.

Response shapes the spec leaves open (our design): a single read, create and update answer the
bare metric object ``{id, name, description, queryType, aggregationType, eventName, valueType,
customQuery, propertyFilters, createdAt, updatedAt}``; delete answers ``{success: true}``.
``/value`` answers ``{id, name, customerId, value, queryType, timeframe: {type, start, end}}``
(see ``billing.usage.metric_values`` for timeframes and aggregations).
"""

import json
from typing import Annotated, Any

from pydantic import BaseModel, Field
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, Query, iso
from api.schema_rules import DATETIME, documented, one_of, pattern, text
from billing.catalog import metrics
from billing.catalog.metrics import (
    AGGREGATION_TYPES,
    EVENT_NAME_PATTERN,
    MAX_CUSTOM_QUERY,
    MAX_DESCRIPTION,
    QUERY_TYPES,
    VALUE_TYPES,
)
from billing.catalog.models import Metric
from billing.core.errors import Invalid
from billing.core.validation import MAX_NAME
from billing.usage import metric_values
from billing.usage.metric_values import TIMEFRAMES
from webapp.auth import merchant_id

bp = Blueprint("metrics", __name__, url_prefix="/metrics")


# The per-field rules of ``billing.catalog.metrics`` (which aggregations suit a value type,
# and a complex metric's SQL, are checked there and named in its 400).
NAME = text(MAX_NAME)
DESCRIPTION = text(MAX_DESCRIPTION, blank=True, lines=True, optional=True)
QUERY = text(MAX_CUSTOM_QUERY, lines=True, optional=True)
EVENT_NAME = pattern(f"^{EVENT_NAME_PATTERN.pattern}$")
AGGREGATION = one_of(*AGGREGATION_TYPES)
QUERY_TYPE = one_of(*QUERY_TYPES)
CUSTOM_QUERY = "Only with queryType complex (one SELECT over the events) or indexed (a key)"
VALUE_TYPE = one_of(*VALUE_TYPES)


class CreateMetric(Body):
    name: Annotated[str, NAME]
    eventName: Annotated[str, EVENT_NAME]
    aggregationType: Annotated[str, AGGREGATION]
    description: Annotated[str | None, DESCRIPTION] = None
    queryType: Annotated[str, QUERY_TYPE] = "simple"
    valueType: Annotated[str, VALUE_TYPE] = "NUMERIC"
    customQuery: Annotated[str | None, QUERY] = Field(None, description=CUSTOM_QUERY)
    propertyFilters: dict[str, Any] | None = None


class UpdateMetric(Body):
    name: Annotated[str | None, NAME] = None
    description: Annotated[str | None, DESCRIPTION] = None
    queryType: Annotated[str | None, QUERY_TYPE] = None
    customQuery: Annotated[str | None, QUERY] = Field(None, description=CUSTOM_QUERY)
    eventName: Annotated[str | None, EVENT_NAME] = None
    aggregationType: Annotated[str | None, AGGREGATION] = None
    valueType: Annotated[str | None, VALUE_TYPE] = None
    propertyFilters: dict[str, Any] | None = None


class MetricOut(BaseModel):
    """A metric. ``customQuery`` is set only for ``queryType`` complex (indexed: the property
    key). ``propertyFilters``: the pairs a simple metric's events must carry (``{}``: none)."""

    id: str
    name: str
    description: str
    queryType: str
    aggregationType: str
    eventName: str
    valueType: str
    customQuery: str | None
    propertyFilters: dict[str, Any]
    createdAt: str
    updatedAt: str


class MetricDeletedOut(BaseModel):
    """The metric is soft-deleted and unlinked from every feature."""

    success: bool


def _any_case(word: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


# ``metric_values.TIMEFRAMES`` in any letter case (empty: ALL), or the spec's object form as
# JSON text.
TIMEFRAME = documented(
    {
        "type": "string",
        "pattern": f"^(({'|'.join(_any_case(kind) for kind in TIMEFRAMES)})?|\\s*\\{{[\\s\\S]*)$",
    },
    optional=True,
)


class ValueQuery(Query):
    required_fields = ("customerId",)
    customerId: Annotated[str | None, text()] = None
    timeframe: Annotated[str | None, TIMEFRAME] = Field(
        None, description="ALL (default), CURRENT_PERIOD, CUSTOM, or that object as JSON text"
    )
    start: Annotated[str | None, DATETIME] = Field(None, description="CUSTOM only; before end")
    end: Annotated[str | None, DATETIME] = Field(None, description="CUSTOM only")


class TimeframeOut(BaseModel):
    """``type`` ALL, CURRENT_PERIOD or CUSTOM; bounds are null for ALL."""

    type: str
    start: str | None
    end: str | None


class MetricValueOut(BaseModel):
    """The customer's usage of the metric over the timeframe (null: no events to aggregate)."""

    id: str
    name: str
    customerId: str
    value: float | None
    queryType: str
    timeframe: TimeframeOut


def _timeframe_arg(raw: str | None):
    """``timeframe`` is a type name, or the spec's object form as JSON text."""
    if raw is None or not raw.lstrip().startswith("{"):
        return raw
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = None
    if not isinstance(parsed, dict):
        raise Invalid("timeframe must be ALL, CURRENT_PERIOD, CUSTOM or a JSON object")
    return parsed


def metric_json(metric: Metric) -> dict:
    return {
        "id": metric.id,
        "name": metric.name,
        "description": metric.description,
        "queryType": metric.query_type,
        "aggregationType": metric.aggregation_type,
        "eventName": metric.event_name,
        "valueType": metric.value_type,
        "customQuery": metric.custom_query,
        "propertyFilters": metric.property_filters or {},
        "createdAt": iso(metric.created_at),
        "updatedAt": iso(metric.updated_at),
    }


@bp.get("")
@document_response(list[MetricOut])
async def list_metrics():
    """The merchant's live metrics as a bare array, oldest first."""
    return [metric_json(metric) for metric in await metrics.list_metrics(merchant_id())]


@bp.get("/<metric_id>")
@document_response(MetricOut)
@document_response(ErrorBody, 404)
async def read_metric(metric_id: str):
    """One metric."""
    return metric_json(await metrics.get_metric(merchant_id(), metric_id))


@bp.post("")
@validate_request(CreateMetric)
@document_response(MetricOut, 201)
@document_response(ErrorBody, 400)
async def create_metric(data: CreateMetric):
    """Create a metric. Required: ``name``, ``eventName``, ``aggregationType``.

    ``aggregationType``: COUNT, SUM, MAX or UNIQUE_COUNT. ``valueType``: NUMERIC (default) or
    STRING; SUM and MAX need NUMERIC. ``queryType``: simple (default), indexed or complex;
    complex needs ``customQuery`` (checked as a read-only query when metering runs it).
    ``eventName``: 1-200 lowercase letters, digits, dots, hyphens and underscores; version a
    changed meaning with a new name such as ``api.request.v2``. ``propertyFilters`` (simple
    metrics only): up to 10 ``{"key": value}`` pairs (string, number or boolean values); only
    events whose properties contain every pair count.
    """
    metric = await metrics.create_metric(
        merchant_id(),
        name=data.name,
        event_name=data.eventName,
        aggregation_type=data.aggregationType,
        description=data.description or "",
        query_type=data.queryType,
        value_type=data.valueType,
        custom_query=data.customQuery,
        property_filters=data.propertyFilters,
    )
    return metric_json(metric), 201


@bp.post("/<metric_id>/update")
@validate_request(UpdateMetric)
@document_response(MetricOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def update_metric(metric_id: str, data: UpdateMetric):
    """Change ``name``, ``description``, ``queryType``, ``customQuery`` or ``propertyFilters``;
    absent or null fields keep their value (``propertyFilters: {}`` removes the filters; leaving
    queryType simple drops them).

    ``aggregationType``, ``valueType`` and ``eventName`` are fixed at creation: sending their
    current value is fine, a different one answers 400.
    """
    metric = await metrics.update_metric(
        merchant_id(),
        metric_id,
        name=data.name,
        description=data.description,
        query_type=data.queryType,
        custom_query=data.customQuery,
        event_name=data.eventName,
        aggregation_type=data.aggregationType,
        value_type=data.valueType,
        property_filters=data.propertyFilters,
    )
    return metric_json(metric)


@bp.post("/<metric_id>/delete")
@document_response(MetricDeletedOut)
@document_response(ErrorBody, 404)
async def delete_metric(metric_id: str):
    """Soft-delete the metric; features that used it no longer list its id."""
    await metrics.delete_metric(merchant_id(), metric_id)
    return {"success": True}


@bp.get("/<metric_id>/value")
@validate_querystring(ValueQuery)
@document_response(MetricValueOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 429)
@document_response(ErrorBody, 503)
async def metric_value(metric_id: str, query_args: ValueQuery):
    """The metric's value for ``?customerId=`` (required) over a timeframe.

    ``timeframe``: ``ALL`` (default), ``CURRENT_PERIOD`` (the customer's live subscription's
    current period; 400 without one) or ``CUSTOM`` with ``start`` and ``end`` ISO 8601
    timestamps (start inclusive, end exclusive). The object form
    ``timeframe={"type": "CUSTOM", "start": ..., "end": ...}`` is accepted too. Events sent
    with the customer's external id count. A complex metric whose query fails answers 400
    ``The metric query failed`` (with a reason such as the 1-second statement timeout where
    one is known; never the database's own text). A merchant runs at most two complex metric
    queries at once per server process; one more waits up to a second for its turn, then
    answers 429. 503: custom metrics are busy or not set up on this server.
    """
    answer = await metric_values.metric_value(
        merchant_id(),
        metric_id,
        customer_id=query_args.customerId,
        timeframe=_timeframe_arg(query_args.timeframe),
        start=query_args.start,
        end=query_args.end,
    )
    frame = answer["timeframe"]
    answer["timeframe"] = {
        "type": frame["type"],
        "start": iso(frame["start"]),
        "end": iso(frame["end"]),
    }
    return answer
