"""The value beside each feature in the forms that attach features to something.

The plan wizard, the plan edit form and a subscription's feature overrides list the feature
library as checkboxes; next to each is the value it grants, typed by the feature's type: on or
off for a switch, a number for a limit, text for a value. The fields are named
``value-<feature id>``; a value is read only for a ticked feature. Text is turned into the
value the services take (``typed_value``) and checked against the same rule as the API's
``featureValue`` (``validate_feature_value``), so a mistake is shown beside its feature before
anything is stored. Blank means "the feature's default value".
"""

from dataclasses import dataclass, field

from billing.catalog.features import validate_feature_value
from billing.catalog.models import Feature
from billing.core.errors import Invalid
from webapp.forms import error_words
from webapp.forms.features import typed_value, value_text

PREFIX = "value-"
KINDS = {"boolean": "Switch", "number": "Limit", "string": "Text"}


def _checked(feature: Feature, text: str):
    """The typed value of ``text`` for ``feature``; ValueError in plain words when it does
    not fit the feature's type."""
    value = typed_value(feature.feature_type, text)
    if value is None:
        return None
    try:
        return validate_feature_value(feature.feature_type, value)
    except Invalid as error:
        raise ValueError(error_words.words(error, "The value")) from None


@dataclass
class FeatureValues:
    """The library (by id, in display order), the text each value field shows and the
    error beside it."""

    library: dict[str, Feature]
    texts: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    values: dict = field(default_factory=dict)

    @classmethod
    def showing(cls, features: list[Feature], granted: dict | None = None) -> "FeatureValues":
        """Fields filled with what is granted now (by feature id); others blank."""
        granted = granted or {}
        texts = {
            feature.id: value_text(feature.feature_type, granted.get(feature.id))
            for feature in features
        }
        return cls({feature.id: feature for feature in features}, texts)

    @classmethod
    def read(cls, features: list[Feature], formdata, chosen: list[str]) -> "FeatureValues":
        """The values typed for the ``chosen`` features; errors collected per feature."""
        result = cls({feature.id: feature for feature in features})
        for feature in features:
            text = (formdata.get(PREFIX + feature.id) or "").strip()
            result.texts[feature.id] = text
            if feature.id not in chosen:
                continue
            try:
                value = _checked(feature, text)
            except ValueError as error:
                result.errors[feature.id] = str(error)
                continue
            if value is not None:
                result.values[feature.id] = value
        return result

    def kind(self, feature_id: str) -> str:
        feature = self.library.get(feature_id)
        return KINDS.get(feature.feature_type, "Value") if feature else "Value"

    def default_text(self, feature_id: str) -> str:
        feature = self.library[feature_id]
        shown = value_text(feature.feature_type, feature.default_value)
        return shown if shown != "" else "empty"


def attach_library(form, library: list[Feature], *, formdata=None, granted=None) -> bool:
    """Fill ``form.feature_ids`` with the library and ``form.values`` with the values shown
    (``granted``) or typed (``formdata``); answers whether the typed values are all valid,
    adding a line above the form when one is not (the message itself is beside it)."""
    form.feature_ids.choices = [
        (feature.id, f"{feature.display_name} ({feature.slug})") for feature in library
    ]
    if formdata is None:
        form.values = FeatureValues.showing(library, granted)
        return True
    form.values = FeatureValues.read(library, formdata, form.feature_ids.data or [])
    if form.values.errors:
        form.form_errors.append("Some feature values do not fit their feature; see below.")
        return False
    return True
