"""The value a plan or a subscription override grants of a feature, set by the merchant.

A plan-feature link or a subscription's override may carry its own value instead of the
feature's default (``featureValue``): "Team members: 10" on Pro, "API calls: 50000" for one
customer. The value must have the feature's type, by the same rule as the feature's default
(``features.validate_feature_value``); None means "the feature's default".
"""

from billing.catalog.features import validate_feature_value
from billing.catalog.models import Feature
from billing.core.errors import Invalid


def granted_value(feature: Feature, value):
    """The value a plan or a subscription override grants of ``feature``, checked against
    the feature's type like ``featureValue``; None means "the feature's default" and stays
    None. The message names the feature, since a form sets the values of several at once."""
    if value is None:
        return None
    try:
        return validate_feature_value(feature.feature_type, value)
    except Invalid as error:
        detail = error.message.removeprefix("featureValue ")
        raise Invalid(f"{feature.display_name}: the value {detail}") from None


def granted_values(features: list[Feature], values: dict | None) -> dict:
    """``granted_value`` for each of ``features`` that ``values`` (by feature id) sets."""
    values = values or {}
    return {
        feature.id: granted_value(feature, values[feature.id])
        for feature in features
        if values.get(feature.id) is not None
    }
