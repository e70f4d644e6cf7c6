"""The webhook endpoint form: where to send events, a note, and which types of event.

Only shape is checked here (a URL given, a choice of types made); whether the URL is http(s),
resolves, and to a public address, and which type names exist, are the endpoints service's
rules (``billing.webhooks.endpoints``), and its messages come back onto the matching field
through ``error_fields``. The types are checkboxes grouped by the object they are about,
with "All events" first (stored as ``*``: types added later are included).
"""

from itertools import groupby

from wtforms import StringField, TextAreaField
from wtforms.validators import InputRequired, Length, ValidationError

from billing.event_log import event_types
from webapp.forms import TallyForm, strip_text
from webapp.forms.features import CheckboxesField

KIND_WORDS = {
    "customer": "Customers",
    "subscription": "Subscriptions",
    "invoice": "Invoices",
    "payment": "Payments",
    "refund": "Refunds",
    "seat": "Seats",
    "payment_method": "Payment methods",
}


def type_groups() -> list[tuple[str, list[event_types.EventType]]]:
    """The subscribable types by object, in the order ``event_types`` lists them."""
    ordered = list(event_types.TYPES.values())
    return [
        (KIND_WORDS.get(kind, kind.capitalize()), list(types))
        for kind, types in groupby(ordered, key=lambda t: t.kind)
    ]


def _some_events(form, field) -> None:
    if not field.data:
        raise ValidationError("Tick “All events” or at least one type of event")


class EndpointForm(TallyForm):
    url = StringField(
        "Endpoint URL",
        [InputRequired("Enter the URL Tally should send events to"), Length(max=2000)],
        filters=[strip_text],
        description="The https:// address on your server that receives the events.",
        render_kw={
            "type": "url",
            "inputmode": "url",
            "placeholder": "https://example.com/webhooks/tally",
            "autocomplete": "off",
            "spellcheck": "false",
        },
    )
    description = TextAreaField(
        "Description",
        [Length(max=500, message="Keep the description to 500 characters or fewer")],
        filters=[strip_text],
        description="A note for your team, e.g. “Grants access in the production app”.",
        render_kw={"rows": 2},
    )
    events = CheckboxesField(
        "Events to send",
        [_some_events],
        choices=[(event_types.ALL, "All events")] + [(name, name) for name in event_types.TYPES],
        default=[event_types.ALL],
    )

    error_fields = (
        ("url", "url", "Endpoint URL"),
        ("description", "description", "Description"),
        ("events", "events", "Events to send"),
    )

    @classmethod
    def of(cls, endpoint) -> "EndpointForm":
        return cls(
            data={
                "url": endpoint.url,
                "description": endpoint.description,
                "events": list(endpoint.events),
            }
        )

    def values(self) -> dict:
        """What ``create_endpoint`` and ``update_endpoint`` take: ``*`` ticked means every
        type, whatever else is ticked."""
        events = list(self.events.data or [])
        if event_types.ALL in events:
            events = [event_types.ALL]
        return {"url": self.url.data, "description": self.description.data, "events": events}
