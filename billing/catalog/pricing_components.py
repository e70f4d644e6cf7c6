"""The components form of ``pricingData`` (``{"components": [...]}``), validated and
normalised: ``fixed`` components (an amount on a recurrence rule) and ``per_unit`` ones (an
amount per seat or per metered unit, billed in advance or in arrears; a metered one may price
its quantity by a model, ``usage_models``). ``price_components``
reads the stored form back for billing; this module only says whether one may be stored.
"""

from typing import Any

from billing.catalog.pricing_checks import (
    MAX_COMPONENTS,
    amount,
    fail,
    only,
    text,
    validate_recurrence_rule,
)
from billing.catalog.usage_models import MODEL_FIELDS, validate_model


def _component(component: Any, index: int) -> dict:
    where = f"components[{index}]"
    if not isinstance(component, dict):
        raise fail(f"{where} must be an object")
    kind = component.get("type")
    if kind == "fixed":
        only(
            component,
            {"type", "amount_cents", "recurrence_rule", "component_id", "component_name"},
            where,
        )
        cleaned = {
            "type": "fixed",
            "amount_cents": amount(component.get("amount_cents"), f"{where}.amount_cents"),
            "recurrence_rule": validate_recurrence_rule(
                component.get("recurrence_rule"), f"{where}.recurrence_rule"
            ),
        }
        for key in ("component_id", "component_name"):
            if key in component:
                cleaned[key] = text(component[key], f"{where}.{key}")
        return cleaned
    if kind == "per_unit":
        allowed = {"type", "component_id", "component_name", "unit_label", "amount_cents"}
        allowed |= {"metric_id", "bill_immediately", "recurrence_rule"} | MODEL_FIELDS
        only(component, allowed, where)
        bill_now = component.get("bill_immediately", False)
        if not isinstance(bill_now, bool):
            raise fail(f"{where}.bill_immediately must be true or false")
        metric_id = component.get("metric_id")
        cleaned = {
            "type": "per_unit",
            "component_id": text(component.get("component_id"), f"{where}.component_id"),
            "component_name": text(component.get("component_name"), f"{where}.component_name"),
            "unit_label": text(component.get("unit_label"), f"{where}.unit_label"),
            "metric_id": None if metric_id is None else text(metric_id, f"{where}.metric_id"),
            "bill_immediately": bill_now,
            **validate_model(component, where),
        }
        if "recurrence_rule" in component:
            cleaned["recurrence_rule"] = validate_recurrence_rule(
                component["recurrence_rule"], f"{where}.recurrence_rule"
            )
        return cleaned
    raise fail(f"{where}.type must be 'fixed' or 'per_unit'")


def validate_components(data: dict) -> dict:
    """The normalised components form, or ``Invalid`` naming the part that is wrong."""
    only(data, {"components"}, "pricingData")
    components = data["components"]
    if not isinstance(components, list) or not 1 <= len(components) <= MAX_COMPONENTS:
        raise fail(f"components must be a list of 1 to {MAX_COMPONENTS} components")
    cleaned = [_component(component, index) for index, component in enumerate(components)]
    ids = [c["component_id"] for c in cleaned if "component_id" in c]
    if len(ids) != len(set(ids)):
        raise fail("component_id values must be unique within a price")
    return {"components": cleaned}
