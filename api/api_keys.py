"""/v1/api-keys: create, list (never with values), read the publishable key, revoke.

A live secret key manages keys of both environments (its business's test keys live on the test
merchant row; billing/accounts/api_keys.py): it creates either (``environment``, default
``live`` as the spec says), lists both (each with its ``environment``), reads either
publishable key and revokes either. A test key manages test keys only: ``environment`` defaults
to ``test`` for it, naming ``live`` is a 403, and a live key's id answers 404 like a missing
one, so a leaked test key never mints, reads or revokes live keys.
"""

import logging
from typing import Annotated, Literal

from pydantic import BaseModel
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, Query, iso
from api.schema_rules import one_of, text
from billing.accounts import api_keys
from billing.accounts.models import ApiKey
from billing.core.errors import Failure, ServiceError
from billing.core.validation import MAX_NAME
from webapp.auth import merchant_id

log = logging.getLogger(__name__)

bp = Blueprint("api_keys", __name__, url_prefix="/api-keys")


class CreateApiKey(Body):
    name: Annotated[str, text(MAX_NAME)]
    keyType: Literal["secret", "publishable"]
    # The calling key's own mode when omitted (the spec's default, live, for a live key; test
    # for a test key). A live key may name test; a test key naming live is a 403.
    environment: Literal["live", "test"] | None = None


class PublishableQuery(Query):
    environment: Annotated[Literal["live", "test"] | None, one_of("live", "test")] = None


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
    """The keys the calling key manages (a live key: both environments; a test key: test
    keys), never with ``keyValue``."""

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
    """List the keys the calling key manages, newest first, revoked ones too, each with its
    ``environment``: a live key's list holds both environments, a test key's its test keys;
    never with ``keyValue``."""
    keys = await api_keys.list_api_keys(merchant_id())
    return {"success": True, "data": [api_key_json(key) for key in keys]}


@bp.get("/publishable")
@validate_querystring(PublishableQuery)
@document_response(ApiKeyEnvelope)
@document_response(ErrorBody, 403)
@document_response(ErrorBody, 404)
@document_response(PublishableFailure, 500)
async def read_publishable_key(query_args: PublishableQuery):
    """Read the active publishable key, with its value, of ``environment``.

    Design decision: the spec notes that the reference ignores ``environment`` and always
    returns the live key. Here it is honoured: it defaults to the calling key's own mode; a
    live key may read the test key, a test key naming ``live`` is a 403.
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

    A new publishable key revokes the environment's previous one. ``environment`` defaults
    to the calling key's mode (``live`` for a live key, as the spec says; ``test`` for a test
    key). A live key makes keys of either environment (a test key on the business's test
    merchant row); a test key naming ``live`` is a 403.
    """
    key, value = await api_keys.create_api_key(
        merchant_id(), name=data.name, key_type=data.keyType, environment=data.environment
    )
    return {"success": True, "data": api_key_json(key, value)}, 201


@bp.delete("/<key_id>")
@document_response(RevokedEnvelope)
@document_response(ErrorBody, 404)
async def revoke_key(key_id: str):
    """Revoke a key at once and for good; revoking again answers the first ``revokedAt``.
    A live key revokes keys of either environment; for a test key, a live key's id (like
    another merchant's) answers 404 ``API key not found or access denied``."""
    key = await api_keys.revoke_api_key(merchant_id(), key_id)
    return {"success": True, "data": {"id": key.id, "revokedAt": iso(key.revoked_at)}}
