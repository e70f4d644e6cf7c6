"""Metric forms: how usage events of one event name aggregate into a number.

Aggregation, value type and event name are fixed once a metric exists (the metrics service
refuses changes), so the edit form does not offer them at all; the page shows them read-only.
Property filters are typed as a JSON object: the form checks only that it parses, the metrics
service checks keys and values (its messages land on the field).
"""

import json

from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, ValidationError

from billing.catalog.metrics import MAX_DESCRIPTION, NUMERIC_ONLY, validate_event_name
from billing.core.validation import clean_name
from webapp.forms import TallyForm, description_length, service_rule

AGGREGATIONS = [
    ("SUM", "Sum of the events' values"),
    ("COUNT", "Count of events"),
    ("MAX", "Largest value"),
    ("UNIQUE_COUNT", "Count of distinct values"),
]
VALUE_TYPES = [("NUMERIC", "Number"), ("STRING", "Text")]
QUERY_TYPES = [
    ("simple", "Simple"),
    ("indexed", "Indexed (usage rollups)"),
    ("complex", "Custom query"),
]
AGGREGATION_LABELS = dict(AGGREGATIONS)
VALUE_TYPE_LABELS = dict(VALUE_TYPES)
QUERY_TYPE_LABELS = dict(QUERY_TYPES)

COMMON_ERRORS = (
    ("propertyFilters", "property_filters", "Property filters"),
    ("name", "name", "Name"),
    ("description", "description", "Description"),
    ("queryType", "query_type", "Query type"),
    ("customQuery", "custom_query", "Custom query"),
)


class MetricEditForm(TallyForm):
    name = StringField(
        "Name",
        [
            InputRequired("Give the metric a name"),
            Length(max=200),
            service_rule(lambda name: clean_name(name, "name")),
        ],
    )
    description = TextAreaField(
        "Description", [description_length(MAX_DESCRIPTION)], render_kw={"rows": 2}
    )
    query_type = SelectField("Query type", choices=QUERY_TYPES, default="simple")
    custom_query = TextAreaField(
        "Custom query",
        description="Only for a custom query: one SELECT over your own events.",
        render_kw={"rows": 3, "spellcheck": "false", "class": "mono"},
    )
    property_filters = TextAreaField(
        "Property filters",
        description='Only for a simple metric: a JSON object such as {"plan": "pro"}; only '
        "events whose properties hold every pair count.",
        render_kw={"rows": 2, "spellcheck": "false", "class": "mono"},
    )

    error_fields = COMMON_ERRORS

    @property
    def query_text(self) -> str | None:
        text = (self.custom_query.data or "").strip()
        return text or None

    def validate_property_filters(self, field) -> None:
        try:
            self.filters_value  # noqa: B018 - parsing is the check
        except (ValueError, RecursionError):
            raise ValidationError(
                'Property filters must be a JSON object, for example {"plan": "pro"}'
            ) from None

    @property
    def filters_value(self):
        """The filters as parsed JSON (``{}`` when blank); the service checks their shape."""
        text = (self.property_filters.data or "").strip()
        return json.loads(text) if text else {}


class MetricForm(MetricEditForm):
    event_name = StringField(
        "Event name",
        [InputRequired("Enter the event name"), Length(max=200), service_rule(validate_event_name)],
        description="The event name your usage events carry, e.g. api.request. Fixed once created.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    aggregation_type = SelectField(
        "Aggregation",
        choices=AGGREGATIONS,
        default="SUM",
        description="Fixed once created.",
    )
    value_type = SelectField(
        "Value type", choices=VALUE_TYPES, default="NUMERIC", description="Fixed once created."
    )

    error_fields = (
        *COMMON_ERRORS,
        ("eventName", "event_name", "Event name"),
        ("aggregationType", "aggregation_type", "Aggregation"),
        ("valueType", "value_type", "Value type"),
    )

    def validate_value_type(self, field) -> None:
        """The metrics service's rule, here so it comes with the other errors."""
        if self.aggregation_type.data in NUMERIC_ONLY and field.data != "NUMERIC":
            label = AGGREGATION_LABELS.get(self.aggregation_type.data, "This aggregation")
            raise ValidationError(f"{label} needs the value type Number")
