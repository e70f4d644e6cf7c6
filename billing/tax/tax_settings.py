"""A merchant's tax set-up: configuration, US nexus, rate definitions and registrations (the
/v1/tax endpoints and the dashboard's Tax page). The calculation that reads them lives in
``tax_engine``.

The configuration and each state's nexus row are created by their first update (an upsert on
the unique merchant, or merchant and state, so simultaneous first updates cannot make two).
Rate definitions and registrations are deactivated (``isActive`` false), never deleted, so
past invoices can still be explained; the lists answer active ones only, as the spec says.
"""

from billing.core.errors import NotFound
from billing.core.ids import is_well_formed
from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from billing.tax.tax_fields import Fields, present, rate_text
from billing.tax.us_states import state_code

RATE_NOT_FOUND = "Tax rate definition not found"
REGISTRATION_TYPES = ("sales_tax", "vat", "gst")
# Text lengths, the columns' (the API's document reads them from here).
MAX_REGISTRATION_NUMBER = 100
MAX_JURISDICTION = 100
MAX_CATEGORY = 100
MAX_REGISTRATION_TYPE = 40
MAX_RATE_DESCRIPTION = 2000


async def get_config(merchant_id: str) -> TaxConfig | None:
    return await TaxConfig.filter(merchant_id=merchant_id).first()


def config_json(config: TaxConfig | None) -> dict:
    """The spec's ``{autoTaxCalculation, defaultTaxRate}``; off and null before any update."""
    if config is None:
        return {"autoTaxCalculation": False, "defaultTaxRate": None}
    return {
        "autoTaxCalculation": config.auto_tax_calculation,
        "defaultTaxRate": rate_text(config.default_tax_rate),
    }


async def update_config(merchant_id: str, body) -> TaxConfig:
    """Set ``autoTaxCalculation`` and/or ``defaultTaxRate`` (null clears it); a field left
    out keeps its value."""
    fields = Fields(body)
    values = present(
        {
            "auto_tax_calculation": fields.flag("autoTaxCalculation"),
            "default_tax_rate": fields.rate("defaultTaxRate", nullable=True),
        }
    )
    fields.done()
    config, _ = await TaxConfig.get_or_create(merchant_id=merchant_id)
    if values:
        config.update_from_dict(values)
        await config.save(update_fields=[*values, "updated_at"])
    return config


async def list_nexus(merchant_id: str) -> list[TaxNexus]:
    return await TaxNexus.filter(merchant_id=merchant_id).order_by("state")


async def update_nexus(merchant_id: str, state: object, body) -> TaxNexus:
    """Create or change the nexus of one state; ``isActive`` defaults to true on creation."""
    code = state_code(state)
    fields = Fields(body)
    values = present(
        {
            "is_active": fields.flag("isActive"),
            "effective_date": fields.day("effectiveDate"),
            "registration_number": fields.text(
                "registrationNumber", max_length=MAX_REGISTRATION_NUMBER
            ),
        }
    )
    fields.done()
    nexus, created = await TaxNexus.get_or_create(
        merchant_id=merchant_id, state=code, defaults=values
    )
    if not created and values:
        nexus.update_from_dict(values)
        await nexus.save(update_fields=[*values, "updated_at"])
    return nexus


async def list_rate_definitions(merchant_id: str) -> list[TaxRateDefinition]:
    return await TaxRateDefinition.filter(merchant_id=merchant_id, is_active=True).order_by(
        "created_at", "id"
    )


def _definition_values(body, *, creating: bool) -> dict:
    fields = Fields(body)
    values = present(
        {
            # a name, once sent, must be non-blank (also when updating)
            "name": fields.text("name", required=creating or fields.has("name")),
            "tax_rate": fields.rate("taxRate", required=creating),
            "description": fields.text("description", max_length=MAX_RATE_DESCRIPTION),
            "jurisdiction": fields.text("jurisdiction", max_length=MAX_JURISDICTION),
            "category": fields.text("category", max_length=MAX_CATEGORY),
            "is_active": fields.flag("isActive"),
        }
    )
    fields.done()
    return values


async def create_rate_definition(merchant_id: str, body) -> TaxRateDefinition:
    values = _definition_values(body, creating=True)
    return await TaxRateDefinition.create(merchant_id=merchant_id, **values)


async def get_rate_definition(merchant_id: str, definition_id: object) -> TaxRateDefinition:
    definition = None
    if isinstance(definition_id, str) and is_well_formed(definition_id, "taxrate"):
        definition = await TaxRateDefinition.filter(
            merchant_id=merchant_id, id=definition_id
        ).first()
    if definition is None:
        raise NotFound(RATE_NOT_FOUND, code="rate_not_found")
    return definition


async def update_rate_definition(merchant_id: str, definition_id: object, body):
    """Change any subset of the create fields; ``isActive: false`` deactivates."""
    definition = await get_rate_definition(merchant_id, definition_id)
    values = _definition_values(body, creating=False)
    if values:
        definition.update_from_dict(values)
        await definition.save(update_fields=[*values, "updated_at"])
    return definition


async def list_registrations(merchant_id: str) -> list[TaxRegistration]:
    return await TaxRegistration.filter(merchant_id=merchant_id, is_active=True).order_by(
        "effective_date", "id"
    )


async def create_registration(merchant_id: str, body) -> TaxRegistration:
    """jurisdiction, registrationNumber, registrationType and effectiveDate are required;
    the type is one of ``REGISTRATION_TYPES``."""
    fields = Fields(body)
    values = present(
        {
            "jurisdiction": fields.text("jurisdiction", required=True, max_length=MAX_JURISDICTION),
            "registration_number": fields.text(
                "registrationNumber", required=True, max_length=MAX_REGISTRATION_NUMBER
            ),
            "registration_type": fields.text(
                "registrationType", required=True, max_length=MAX_REGISTRATION_TYPE
            ),
            "effective_date": fields.day("effectiveDate", required=True, nullable=False),
            "expiration_date": fields.day("expirationDate"),
            "is_active": fields.flag("isActive"),
        }
    )
    kind = values.get("registration_type")
    if kind is not None and kind not in REGISTRATION_TYPES:
        fields.fail(
            "registrationType",
            "invalid_enum",
            f"registrationType must be one of {', '.join(REGISTRATION_TYPES)}",
        )
    start, end = values.get("effective_date"), values.get("expiration_date")
    if start and end and end < start:
        fields.fail(
            "expirationDate", "invalid_range", "expirationDate must not be before effectiveDate"
        )
    fields.done()
    if "jurisdiction" in values:
        values["jurisdiction"] = values["jurisdiction"].upper()
    return await TaxRegistration.create(merchant_id=merchant_id, **values)


async def is_configured(merchant_id: str) -> bool:
    """The onboarding checklist's ``hasTax``: automatic calculation on, a default rate set, or
    any active nexus, rate definition or registration."""
    config = await get_config(merchant_id)
    if config and (config.auto_tax_calculation or config.default_tax_rate is not None):
        return True
    return (
        await TaxNexus.filter(merchant_id=merchant_id, is_active=True).exists()
        or await TaxRateDefinition.filter(merchant_id=merchant_id, is_active=True).exists()
        or await TaxRegistration.filter(merchant_id=merchant_id, is_active=True).exists()
    )
