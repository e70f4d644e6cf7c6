"""Metrics: how the usage events of one event name aggregate into a number.

Allowed values (the spec shows only some; the rest is our design):

- ``query_type``: ``simple`` (aggregate the events' values), ``indexed`` (aggregate one
  property of the events: ``custom_query`` holds the property key, an identifier such as
  ``tokens``; without one it aggregates the values like ``simple``) or ``complex`` (a
  merchant-written query in ``custom_query``, accepted only if ``metric_sql`` reads it as one
  SELECT over the merchant's own ``events``). ``simple`` metrics carry no ``custom_query``.
- ``aggregation_type``: ``COUNT``, ``SUM``, ``MIN``, ``MAX``, ``AVG``, ``UNIQUE_COUNT``,
  ``LATEST`` (see ``metric_values`` for what each computes).
- ``value_type``: ``NUMERIC`` or ``STRING``. ``SUM``, ``MIN``, ``MAX``, ``AVG`` and ``LATEST``
  need numeric values, so they require ``NUMERIC``.
- ``property_filters`` (``simple`` only): up to 10 ``key: value`` pairs (keys identifiers like
  an indexed metric's, values strings, numbers or booleans); the metric then counts only events
  whose ``properties`` contain every pair, so one event name can feed several metrics (calls on
  the ``pro`` plan, say) without new event names. Leaving ``simple`` drops them, as leaving
  ``complex`` drops the query.

``aggregation_type`` and ``value_type`` are fixed at creation: usage already counted under one
aggregation means something else under another. The event name is fixed too, as the spec's
versioning rule says: renaming an event creates a new metric (a ``.v2`` name, say), so a
metric's history never mixes two kinds of events.

Deleting a metric is soft and also unlinks it from every feature's ``metric_ids``; it locks the
merchant row like feature writes do, so a feature cannot link a metric being deleted.
"""

import math
import re

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import metric_sql
from billing.catalog.models import Feature, Metric
from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.core.validation import clean_name

QUERY_TYPES = ("simple", "indexed", "complex")
AGGREGATION_TYPES = ("COUNT", "SUM", "MIN", "MAX", "AVG", "UNIQUE_COUNT", "LATEST")
VALUE_TYPES = ("NUMERIC", "STRING")
NUMERIC_ONLY = ("SUM", "MIN", "MAX", "AVG", "LATEST")
EVENT_NAME_PATTERN = re.compile(r"[a-z0-9._-]{1,200}")
MAX_DESCRIPTION = 500  # as a plan's: a line or two under the name
MAX_CUSTOM_QUERY = 20_000

MAX_FILTERS = 10
MAX_FILTER_TEXT = 1000
FILTERS_SIMPLE_ONLY = "propertyFilters apply only to simple metrics"

NOT_FOUND = "Metric not found or access denied"
IMMUTABLE = "aggregationType and valueType cannot be changed after creation"


def _one_of(value, allowed: tuple[str, ...], field: str) -> str:
    if value not in allowed:
        raise Invalid(f"{field} must be one of: {', '.join(allowed)}", field=field)
    return value


def _clean_text(value, field: str, max_length: int) -> str:
    """Free text (several lines allowed); NUL, other control characters and lone surrogates
    are refused, since PostgreSQL or the encoder would fail on some of them."""
    if not isinstance(value, str):
        raise Invalid(f"{field} must be a string", code="not_a_string", field=field)
    if len(value) > max_length:
        raise Invalid(
            f"{field} must be at most {max_length} characters", code="too_long", field=field
        )
    for char in value:
        if char in "\n\r\t":
            continue
        if ord(char) < 32 or ord(char) == 127 or 0xD800 <= ord(char) <= 0xDFFF:
            raise Invalid(
                f"{field} must not contain control characters",
                code="control_characters",
                field=field,
            )
    return value


def validate_event_name(event_name) -> str:
    if event_name is None or event_name == "":
        raise Invalid("eventName is required", code="required", field="eventName")
    if not isinstance(event_name, str) or EVENT_NAME_PATTERN.fullmatch(event_name) is None:
        raise Invalid(
            "eventName must be 1-200 characters of lowercase letters, digits, dots, hyphens "
            "and underscores (for example api.request or api.request.v2)",
            field="eventName",
        )
    return event_name


def _custom_query(query_type: str, custom_query) -> str | None:
    """The stored query: for ``complex`` required, non-blank and accepted by the SQL sandbox;
    for ``indexed`` an optional property key; refused for ``simple``."""
    if query_type == "simple":
        if custom_query is not None:
            raise Invalid(
                "customQuery is only used with queryType complex or indexed",
                code="custom_query_unused",
                field="customQuery",
            )
        return None
    if query_type == "indexed":
        if custom_query is None or custom_query == "":
            return None
        return metric_sql.validate_property_key(custom_query)
    if custom_query is None or (isinstance(custom_query, str) and not custom_query.strip()):
        raise Invalid(
            "customQuery is required when queryType is complex",
            code="custom_query_required",
            field="customQuery",
        )
    query = _clean_text(custom_query, "customQuery", MAX_CUSTOM_QUERY).strip()
    metric_sql.sanitize(query)
    return query


def _filter_value(value) -> None:
    if isinstance(value, (bool, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Invalid("propertyFilters values must be finite numbers", field="propertyFilters")
        return
    if not isinstance(value, str):
        raise Invalid(
            "propertyFilters values must be strings, numbers or booleans", field="propertyFilters"
        )
    if len(value) > MAX_FILTER_TEXT:
        raise Invalid(
            f"propertyFilters values must be at most {MAX_FILTER_TEXT} characters",
            field="propertyFilters",
        )
    if any(char == "\x00" or 0xD800 <= ord(char) <= 0xDFFF for char in value):
        raise Invalid(
            "propertyFilters values must not contain NUL or lone surrogates",
            field="propertyFilters",
        )


def _property_filters(query_type: str, filters) -> dict:
    """The stored filters: an object of at most ``MAX_FILTERS`` identifier keys to primitive
    values (what events' properties are matched against by JSON containment); ``{}`` for none.
    Only ``simple`` metrics take them: the other types aggregate a property or run a query."""
    if filters is None:
        return {}
    if not isinstance(filters, dict):
        raise Invalid(
            'propertyFilters must be an object such as {"plan": "pro"}', field="propertyFilters"
        )
    if filters and query_type != "simple":
        raise Invalid(FILTERS_SIMPLE_ONLY, code="filters_simple_only", field="propertyFilters")
    if len(filters) > MAX_FILTERS:
        raise Invalid(f"propertyFilters holds at most {MAX_FILTERS} keys", field="propertyFilters")
    for key, value in filters.items():
        if not isinstance(key, str) or metric_sql.PROPERTY_KEY.fullmatch(key) is None:
            raise Invalid(
                "propertyFilters keys must be 1-100 letters, digits and underscores, not "
                "starting with a digit (for example plan)",
                field="propertyFilters",
            )
        _filter_value(value)
    return dict(filters)


async def create_metric(
    merchant_id: str,
    *,
    name: str,
    event_name: str,
    aggregation_type: str = "SUM",
    description: str = "",
    query_type: str = "simple",
    value_type: str = "NUMERIC",
    custom_query: str | None = None,
    property_filters: dict | None = None,
) -> Metric:
    name = clean_name(name, "name")
    event_name = validate_event_name(event_name)
    aggregation_type = _one_of(aggregation_type, AGGREGATION_TYPES, "aggregationType")
    value_type = _one_of(value_type, VALUE_TYPES, "valueType")
    query_type = _one_of(query_type, QUERY_TYPES, "queryType")
    if aggregation_type in NUMERIC_ONLY and value_type != "NUMERIC":
        raise Invalid(f"aggregationType {aggregation_type} needs valueType NUMERIC")
    description = _clean_text(description or "", "description", MAX_DESCRIPTION).strip()
    query = _custom_query(query_type, custom_query)
    filters = _property_filters(query_type, property_filters)
    async with in_transaction():
        return await Metric.create(
            merchant_id=merchant_id,
            name=name,
            description=description,
            query_type=query_type,
            aggregation_type=aggregation_type,
            event_name=event_name,
            value_type=value_type,
            custom_query=query,
            property_filters=filters,
        )


async def list_metrics(merchant_id: str) -> list[Metric]:
    """Live metrics, oldest first (the order they were defined in)."""
    return await Metric.scoped(merchant_id).order_by("created_at", "id")


async def get_metric(merchant_id: str, metric_id: str) -> Metric:
    return await find_scoped(Metric, merchant_id, metric_id, NOT_FOUND)


async def update_metric(
    merchant_id: str,
    metric_id: str,
    *,
    name: str | None = None,
    description: str | None = None,
    query_type: str | None = None,
    custom_query: str | None = None,
    event_name: str | None = None,
    aggregation_type: str | None = None,
    value_type: str | None = None,
    property_filters: dict | None = None,
) -> Metric:
    """Change the fields given (None leaves a field as it is).

    ``aggregation_type``, ``value_type`` and ``event_name`` may be sent with their current
    value (a client sending the whole object back), but not changed. Leaving ``complex`` drops
    the stored query; switching to ``complex`` needs one, given now or already stored. Leaving
    ``simple`` drops the property filters; ``{}`` removes them.
    """
    await get_metric(merchant_id, metric_id)  # 404 before any 400 about the body
    if name is not None:
        name = clean_name(name, "name")
    if description is not None:
        description = _clean_text(description, "description", MAX_DESCRIPTION).strip()
    if query_type is not None:
        _one_of(query_type, QUERY_TYPES, "queryType")
    async with in_transaction():
        metric = await find_scoped(Metric, merchant_id, metric_id, NOT_FOUND, lock=True)
        if (aggregation_type is not None and aggregation_type != metric.aggregation_type) or (
            value_type is not None and value_type != metric.value_type
        ):
            raise Invalid(IMMUTABLE, code="metric_type_immutable", field="aggregationType")
        if event_name is not None and event_name != metric.event_name:
            raise Invalid(
                "eventName cannot be changed after creation; create a new metric for the new "
                "event name (for example with a .v2 suffix)",
                field="eventName",
            )
        new_query_type = query_type or metric.query_type
        if new_query_type == metric.query_type and custom_query is None:
            custom_query = metric.custom_query
        metric.custom_query = _custom_query(new_query_type, custom_query)
        if property_filters is None and new_query_type == "simple":
            property_filters = metric.property_filters
        metric.property_filters = _property_filters(new_query_type, property_filters)
        metric.query_type = new_query_type
        if name is not None:
            metric.name = name
        if description is not None:
            metric.description = description
        await metric.save()
    return metric


async def delete_metric(merchant_id: str, metric_id: str) -> None:
    """Soft-delete the metric and take its id out of every live feature's ``metric_ids``."""
    async with in_transaction():
        await lock_merchant(merchant_id)
        metric = await find_scoped(Metric, merchant_id, metric_id, NOT_FOUND, lock=True)
        now = utcnow()
        metric.deleted_at = now
        await metric.save(update_fields=["deleted_at", "updated_at"])
        linked = Feature.scoped(merchant_id).filter(metric_ids__contains=[metric.id])
        for feature in await linked.select_for_update():
            feature.metric_ids = [i for i in feature.metric_ids if i != metric.id]
            await feature.save(update_fields=["metric_ids", "updated_at"])
