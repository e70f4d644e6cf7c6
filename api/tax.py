"""/v1/tax: configuration, US nexus, rate definitions and registrations.

Bodies are read raw and checked by billing/tax/tax_fields.py, so every field problem
answers one 400 in the spec's array form ``{"error": [{code, message, path}]}``; a bad state
code in the path answers ``{"error": "Invalid US state or territory code"}`` and an unknown
rate definition 404 ``{"error": "Tax rate definition not found"}``. Creates answer 201,
updates 200. Rates are four-decimal strings, dates ``YYYY-MM-DD``.
"""

from quart import Blueprint, request
from quart_schema import document_request, document_response

from api.common import ErrorBody, fails_as, iso, path_pattern, require_json_body
from api.tax_models import (
    NewRateDefinitionIn,
    NexusIn,
    NexusOut,
    PreviewIn,
    PreviewOut,
    RateDefinitionIn,
    RateDefinitionOut,
    RegistrationIn,
    RegistrationOut,
    TaxConfigIn,
    TaxConfigOut,
    TaxConfigRecord,
    TaxFieldErrors,
    TaxFieldOrStateErrors,
)
from billing.core.errors import Invalid, InvalidFields
from billing.tax import tax_preview, tax_settings
from billing.tax.tax_fields import rate_text
from billing.tax.us_states import STATES
from webapp.auth import merchant_id

bp = Blueprint("tax", __name__, url_prefix="/tax")

FAILED = "Internal server error"


def _day(value) -> str | None:
    return value.isoformat() if value is not None else None


def _record(row) -> dict:
    return {
        "id": row.id,
        "merchantId": row.merchant_id,
        "createdAt": iso(row.created_at),
        "updatedAt": iso(row.updated_at),
    }


def config_json(config) -> dict:
    return {**_record(config), **tax_settings.config_json(config)}


def nexus_json(nexus) -> dict:
    return {
        **_record(nexus),
        "state": nexus.state,
        "isActive": nexus.is_active,
        "effectiveDate": _day(nexus.effective_date),
        "registrationNumber": nexus.registration_number,
    }


def definition_json(definition) -> dict:
    return {
        **_record(definition),
        "name": definition.name,
        "description": definition.description,
        "taxRate": rate_text(definition.tax_rate),
        "jurisdiction": definition.jurisdiction,
        "category": definition.category,
        "isActive": definition.is_active,
    }


def registration_json(registration) -> dict:
    return {
        **_record(registration),
        "jurisdiction": registration.jurisdiction,
        "registrationNumber": registration.registration_number,
        "registrationType": registration.registration_type,
        "effectiveDate": _day(registration.effective_date),
        "expirationDate": _day(registration.expiration_date),
        "isActive": registration.is_active,
    }


async def _body():
    """The JSON body as sent (None when it is not JSON: the service answers the 400). A body
    that does not say it is JSON is refused like on every /v1 write, in the tax error form."""
    try:
        require_json_body(request.content_type, await request.get_data())
    except Invalid as refused:
        issue = {"code": "invalid_type", "message": refused.message, "path": []}
        raise InvalidFields([issue]) from None
    return await request.get_json(force=True, silent=True)


@bp.get("/config")
@document_response(TaxConfigOut)
@fails_as(FAILED)
async def get_config():
    """Automatic calculation and the default rate (off and null until first updated)."""
    return tax_settings.config_json(await tax_settings.get_config(merchant_id()))


@bp.post("/config/update")
@document_request(TaxConfigIn)
@document_response(TaxConfigRecord)
@document_response(TaxFieldErrors, 400)
@fails_as(FAILED)
async def update_config():
    """Set either field (null clears the default rate); created on the first update."""
    return config_json(await tax_settings.update_config(merchant_id(), await _body()))


@bp.get("/nexus")
@document_response(list[NexusOut])
@fails_as(FAILED)
async def list_nexus():
    """Every state's nexus record (bare array, by state)."""
    return [nexus_json(row) for row in await tax_settings.list_nexus(merchant_id())]


@bp.post("/nexus/<state>/update")
@path_pattern(state=f"^({'|'.join(sorted(STATES))}|{'|'.join(sorted(STATES)).lower()})$")
@document_request(NexusIn)
@document_response(NexusOut)
@document_response(TaxFieldOrStateErrors, 400)
@fails_as(FAILED)
async def update_nexus(state: str):
    """Create or change one state's nexus (``state`` is a US state, DC or territory code)."""
    nexus = await tax_settings.update_nexus(merchant_id(), state, await _body())
    return nexus_json(nexus)


@bp.get("/rate-definitions")
@document_response(list[RateDefinitionOut])
@fails_as(FAILED)
async def list_rate_definitions():
    """Active rate definitions (bare array, oldest first)."""
    rows = await tax_settings.list_rate_definitions(merchant_id())
    return [definition_json(row) for row in rows]


@bp.post("/rate-definitions/create")
@document_request(NewRateDefinitionIn)
@document_response(RateDefinitionOut, 201)
@document_response(TaxFieldErrors, 400)
@fails_as(FAILED)
async def create_rate_definition():
    """``name`` and ``taxRate`` are required."""
    row = await tax_settings.create_rate_definition(merchant_id(), await _body())
    return definition_json(row), 201


@bp.post("/rate-definitions/<definition_id>/update")
@document_request(RateDefinitionIn)
@document_response(RateDefinitionOut)
@document_response(TaxFieldErrors, 400)
@document_response(ErrorBody, 404)
@fails_as(FAILED)
async def update_rate_definition(definition_id: str):
    """Any subset of the create fields; ``isActive: false`` deactivates."""
    row = await tax_settings.update_rate_definition(merchant_id(), definition_id, await _body())
    return definition_json(row)


@bp.get("/registrations")
@document_response(list[RegistrationOut])
@fails_as(FAILED)
async def list_registrations():
    """Active registrations (bare array, by effective date)."""
    rows = await tax_settings.list_registrations(merchant_id())
    return [registration_json(row) for row in rows]


@bp.post("/registrations/create")
@document_request(RegistrationIn)
@document_response(RegistrationOut, 201)
@document_response(TaxFieldErrors, 400)
@fails_as(FAILED)
async def create_registration():
    """jurisdiction, registrationNumber, registrationType (sales_tax, vat or gst) and
    effectiveDate are required."""
    row = await tax_settings.create_registration(merchant_id(), await _body())
    return registration_json(row), 201


@bp.post("/calculate-preview")
@document_request(PreviewIn)
@document_response(PreviewOut)
@document_response(TaxFieldOrStateErrors, 400)
@document_response(ErrorBody, 404)
@fails_as(FAILED)
async def calculate_preview():
    """The tax the customer would pay on ``amount`` (or the line items) today; stores
    nothing."""
    result = await tax_preview.calculate_preview(merchant_id(), await _body())
    return result.to_json()
