"""/v1/features: list and search, read, create, update, soft delete, slug check.

Response shapes the spec leaves open (our design): a single read, create and update answer the
bare feature object ``{id, slug, displayName, featureType, featureValue, metricIds, createdAt,
updatedAt}``; delete answers ``{success: true, message}``.
"""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, Query, document_required, iso
from api.schema_rules import CONTROL, one_of, pattern, text, text_schema
from billing.catalog import features
from billing.catalog.features import (
    FEATURE_TYPES,
    MAX_NUMBER,
    MAX_STRING_VALUE,
    SLUG_PATTERN,
)
from billing.catalog.models import Feature
from billing.core.validation import MAX_NAME
from webapp.auth import merchant_id

bp = Blueprint("features", __name__, url_prefix="/features")

FeatureValue = bool | int | float | str


# The rules of ``billing.catalog.features``, in the document.
SLUG = pattern(f"^{SLUG_PATTERN.pattern}$")
TYPE = one_of(*FEATURE_TYPES)
VALUE_BY_TYPE = {
    "boolean": {"type": "boolean"},
    "number": {"type": "number", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER},
    "string": text_schema(MAX_STRING_VALUE, blank=True),
}


def _value_fits_type(schema: dict, model: type) -> None:
    """``featureValue`` must fit ``featureType`` (boolean when the type is not given)."""
    schema["anyOf"] = [
        {
            **({} if kind == "boolean" else {"required": ["featureType"]}),
            "properties": {
                "featureType": {"const": kind},
                "featureValue": {"anyOf": [value, {"type": "null"}]},
            },
        }
        for kind, value in VALUE_BY_TYPE.items()
    ]
    document_required(schema, model)


class CreateFeature(Body):
    model_config = ConfigDict(json_schema_extra=_value_fits_type)
    slug: Annotated[str, SLUG]
    displayName: Annotated[str, text(MAX_NAME)]
    featureType: Annotated[str, TYPE] = "boolean"
    featureValue: FeatureValue | None = None
    metricIds: list[str] | None = Field(None, description="Ids of the merchant's live metrics")


class UpdateFeature(Body):
    slug: Annotated[str | None, SLUG] = None
    displayName: Annotated[str | None, text(MAX_NAME)] = None
    featureType: Annotated[str | None, TYPE] = None
    featureValue: FeatureValue | None = None
    metricIds: list[str] | None = Field(None, description="Ids of the merchant's live metrics")


class CheckSlug(Body):
    slug: Annotated[str, SLUG]


class SearchQuery(Query):
    search: Annotated[str | None, pattern(f"^[^{CONTROL}]*$")] = None


class FeatureOut(BaseModel):
    """A feature. ``featureValue`` is its default value, typed by ``featureType``: a boolean,
    a number or a string."""

    id: str
    slug: str
    displayName: str
    featureType: str
    featureValue: FeatureValue | None
    metricIds: list[str]
    createdAt: str
    updatedAt: str


class FeatureListOut(BaseModel):
    """The merchant's live features ordered by display name."""

    features: list[FeatureOut]


class FeatureDeletedOut(BaseModel):
    """The feature and its plan references are soft-deleted."""

    success: bool
    message: str


class SlugCheckOut(BaseModel):
    """Whether a live feature of the merchant already uses the slug."""

    conflict: bool


def feature_json(feature: Feature) -> dict:
    return {
        "id": feature.id,
        "slug": feature.slug,
        "displayName": feature.display_name,
        "featureType": feature.feature_type,
        "featureValue": feature.default_value,
        "metricIds": list(feature.metric_ids or []),
        "createdAt": iso(feature.created_at),
        "updatedAt": iso(feature.updated_at),
    }


@bp.get("")
@validate_querystring(SearchQuery)
@document_response(FeatureListOut)
async def list_features(query_args: SearchQuery):
    """List live features by display name; ``?search=`` matches part of the slug or the
    display name, ignoring case."""
    found = await features.list_features(merchant_id(), search=query_args.search)
    return {"features": [feature_json(feature) for feature in found]}


@bp.post("/checkSlug")
@validate_request(CheckSlug)
@document_response(SlugCheckOut)
@document_response(ErrorBody, 400)
async def check_slug(data: CheckSlug):
    """Whether ``slug`` is already used by a live feature (deleted features free their slug).

    A slug that breaks the slug rule answers 400 with the rule.
    """
    return {"conflict": await features.check_slug(merchant_id(), data.slug)}


@bp.get("/<feature_id>")
@document_response(FeatureOut)
@document_response(ErrorBody, 404)
async def read_feature(feature_id: str):
    """One feature with its metric ids."""
    return feature_json(await features.get_feature(merchant_id(), feature_id))


@bp.post("")
@validate_request(CreateFeature)
@document_response(FeatureOut, 201)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 409)
async def create_feature(data: CreateFeature):
    """Create a feature. Required: ``slug`` and ``displayName``.

    ``slug``: 1-100 lowercase letters, digits, ``-`` and ``_``, starting with a letter or digit,
    unique among the merchant's live features (409 otherwise). ``featureType`` is ``boolean``
    (default), ``number`` or ``string``; ``featureValue`` must have that type and defaults to
    ``true``, ``0`` or ``""``. ``metricIds`` must be the merchant's live metrics.
    """
    feature = await features.create_feature(
        merchant_id(),
        slug=data.slug,
        display_name=data.displayName,
        feature_type=data.featureType,
        feature_value=data.featureValue,
        metric_ids=data.metricIds,
    )
    return feature_json(feature), 201


@bp.put("/<feature_id>")
@validate_request(UpdateFeature)
@document_response(FeatureOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def update_feature(feature_id: str, data: UpdateFeature):
    """Update the fields given; absent or null fields keep their value.

    ``metricIds`` replaces the whole list. Changing ``featureType`` without a ``featureValue``
    resets the value to the new type's default.
    """
    feature = await features.update_feature(
        merchant_id(),
        feature_id,
        slug=data.slug,
        display_name=data.displayName,
        feature_type=data.featureType,
        feature_value=data.featureValue,
        metric_ids=data.metricIds,
    )
    return feature_json(feature)


@bp.delete("/<feature_id>")
@document_response(FeatureDeletedOut)
@document_response(ErrorBody, 404)
async def delete_feature(feature_id: str):
    """Soft-delete the feature and remove it from every plan version and subscription.

    It disappears from lists and reads, and its slug can be used again.
    """
    await features.delete_feature(merchant_id(), feature_id)
    return {"success": True, "message": "Feature deleted"}
