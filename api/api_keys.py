"""/v1/api-keys: create, list (never with values), read the publishable key, revoke."""

import logging
from typing import Literal

from pydantic import BaseModel
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, iso
from billing.accounts import api_keys
from billing.accounts.models import ApiKey
from billing.core.errors import Failure, ServiceError
from webapp.auth import merchant_id

log = logging.getLogger(__name__)

bp = Blueprint("api_keys", __name__, url_prefix="/api-keys")


class CreateApiKey(Body):
    name: str
    keyType: Literal["secret", "publishable"]
    # The calling key's own mode when omitted (the spec's default, live, for a live key); the
    # other mode is refused with 403: a key manages keys of its own mode only.
    environment: Literal["live", "test"] | None = None


class PublishableQuery(BaseModel):
    environment: Literal["live", "test"] | None = None


class PublishableFailure(ErrorBody):
    """The publishable key could not be read; ``details`` says what to do."""

    details: str


class ApiKeyOut(BaseModel):
    id: str
    name: str
    keyType: str
    environment: str
    prefix: str
    keyValue: str | None = None
    createdAt: str
    revokedAt: str | None


class ApiKeyEnvelope(BaseModel):
    """One key; ``keyValue`` only at creation and in the publishable-key read."""

    success: bool
    data: ApiKeyOut


class ApiKeyListEnvelope(BaseModel):
    """The merchant's keys, never with ``keyValue``."""

    success: bool
    data: list[ApiKeyOut]


class RevokedOut(BaseModel):
    id: str
    revokedAt: str


class RevokedEnvelope(BaseModel):
    """The revoked key's id and the time it was (first) revoked."""

    success: bool
    data: RevokedOut


def api_key_json(key: ApiKey, value: str | None = None) -> dict:
    data = {
        "id": key.id,
        "name": key.name,
        "keyType": key.key_type,
        "environment": key.environment,
        "prefix": key.prefix,
        "createdAt": iso(key.created_at),
        "revokedAt": iso(key.revoked_at),
    }
    if value is not None:
        data["keyValue"] = value
    return data


@bp.get("")
@document_response(ApiKeyListEnvelope)
async def list_keys():
    """List the merchant's keys, newest first, revoked ones too; never with ``keyValue``."""
    keys = await api_keys.list_api_keys(merchant_id())
    return {"success": True, "data": [api_key_json(key) for key in keys]}


@bp.get("/publishable")
@validate_querystring(PublishableQuery)
@document_response(ApiKeyEnvelope)
@document_response(ErrorBody, 403)
@document_response(ErrorBody, 404)
@document_response(PublishableFailure, 500)
async def read_publishable_key(query_args: PublishableQuery):
    """Read the active publishable key, with its value, of the calling key's mode.

    Design decision: the spec notes that the reference ignores ``environment`` and always
    returns the live key. Modes never mix here: ``environment`` defaults to the calling key's
    own, and naming the other mode is a 403 (a test key reads the test publishable key).
    """
    try:
        key = await api_keys.get_publishable_key(merchant_id(), environment=query_args.environment)
    except ServiceError:
        raise
    except Exception as error:  # the spec gives this read its own failure body
        log.exception("publishable key read failed")
        raise Failure(
            "Failed to get publishable key", details="The key store could not be read; retry"
        ) from error
    return {"success": True, "data": api_key_json(key, key.key_value)}


@bp.post("")
@validate_request(CreateApiKey)
@document_response(ApiKeyEnvelope, 201)
@document_response(ErrorBody, 403)
async def create_key(data: CreateApiKey):
    """Create a key; the answer holds its full ``keyValue``, shown this once.

    A new publishable key revokes the environment's previous one. Keys are made in the
    calling key's mode only (``environment`` defaults to it; the other mode is a 403).
    """
    key, value = await api_keys.create_api_key(
        merchant_id(), name=data.name, key_type=data.keyType, environment=data.environment
    )
    return {"success": True, "data": api_key_json(key, value)}, 201


@bp.delete("/<key_id>")
@document_response(RevokedEnvelope)
async def revoke_key(key_id: str):
    """Revoke a key at once and for good; revoking again answers the first ``revokedAt``."""
    key = await api_keys.revoke_api_key(merchant_id(), key_id)
    return {"success": True, "data": {"id": key.id, "revokedAt": iso(key.revoked_at)}}
