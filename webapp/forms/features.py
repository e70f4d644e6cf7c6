"""The feature form: what a plan can grant, as the features library edits it.

The default value is typed by the feature type, so it arrives as text and is turned into a
boolean, a number or a string here (``typed_value``); whether that value is allowed for the
type is the features service's rule.
"""

from wtforms import SelectField, SelectMultipleField, StringField, ValidationError, widgets
from wtforms.validators import InputRequired, Length

from billing.catalog.features import validate_slug
from billing.core.validation import clean_name
from webapp.forms import TallyForm, service_rule

FEATURE_TYPES = [
    ("boolean", "Switch: on or off"),
    ("number", "Limit: a number"),
    ("string", "Value: a piece of text"),
]
TRUE_WORDS = {"true", "on", "yes", "1"}
FALSE_WORDS = {"false", "off", "no", "0"}


class CheckboxesField(SelectMultipleField):
    """Several choices as a list of checkboxes (accessible, no JavaScript needed)."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()

    def pre_validate(self, form) -> None:
        """Unknown ids are left for the service to refuse with its own message."""


def typed_value(feature_type: str, text: str | None):
    """The default value as the features service wants it; blank means the type's default."""
    text = (text or "").strip()
    if not text:
        return None
    if feature_type == "boolean":
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise ValueError("For a switch, enter on or off")
    if feature_type == "number":
        try:
            number = float(text.replace(",", ""))
        except ValueError as error:
            raise ValueError("For a limit, enter a number like 10 or 2.5") from error
        return int(number) if number.is_integer() else number
    return text


def value_text(feature_type: str, value) -> str:
    """A stored default value as the form shows it."""
    if value is None:
        return ""
    if feature_type == "boolean":
        return "on" if value else "off"
    return str(value)


class FeatureForm(TallyForm):
    display_name = StringField(
        "Name",
        [
            InputRequired("Give the feature a name"),
            Length(max=200),
            service_rule(lambda name: clean_name(name, "displayName")),
        ],
        description="What customers see on pricing tables, e.g. “Team members”.",
        render_kw={"data-slug-source": ""},
    )
    slug = StringField(
        "Slug",
        [InputRequired("Enter a slug"), Length(max=100), service_rule(validate_slug)],
        description="How your code asks for it: lowercase letters, digits, - and _.",
        render_kw={"autocomplete": "off", "spellcheck": "false", "data-slug-target": ""},
    )
    feature_type = SelectField("Type", choices=FEATURE_TYPES, default="boolean")
    feature_value = StringField(
        "Default value",
        description="What customers without a plan get: on/off for a switch, a number for a "
        "limit, text for a value. Empty: on, 0 or empty text.",
    )
    metric_ids = CheckboxesField("Metered by", choices=[])

    error_fields = (
        ("slug", "slug", "Slug"),
        ("displayName", "display_name", "Name"),
        ("featureType", "feature_type", "Type"),
        ("featureValue", "feature_value", "Default value"),
        ("metricIds", "metric_ids", None),
    )

    def validate_feature_value(self, field) -> None:
        try:
            typed_value(self.feature_type.data, field.data)
        except ValueError as error:
            raise ValidationError(str(error)) from error

    @property
    def typed_value(self):
        return typed_value(self.feature_type.data, self.feature_value.data)
