"""/v1/email-settings: how the key's mode's customer e-mails look and which of them go.

Each route parses, calls one ``billing.emails.settings`` service and shapes the answer. The
settings belong to one merchant row, so to the key's mode: test and live have their own.

Design decisions where the issue is silent:
- ``GET`` answers the defaults until the first save (every e-mail on, no sender name: the
  business's display name is used, the colour ``#2563eb``).
- ``POST`` is a partial update: only the fields sent change, and ``emails`` names only the
  e-mails to turn on or off. Every field is checked before anything is written; null is
  refused (an empty string clears a text field).
"""

from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import ErrorBody, fails_as
from api.email_models import EmailSettingsEnvelope, UpdateEmailSettings
from billing.emails import settings
from webapp.auth import merchant_id

bp = Blueprint("email_settings", __name__, url_prefix="/email-settings")

# The API's field names -> the service's keywords.
FIELDS = {
    "senderName": "sender_name",
    "replyTo": "reply_to",
    "brandColor": "brand_color",
    "logoUrl": "logo_url",
    "emails": "enabled",
}


def settings_json(chosen: settings.Settings) -> dict:
    return {
        "emailSettings": {
            "senderName": chosen.sender_name,
            "replyTo": chosen.reply_to,
            "brandColor": chosen.brand_color,
            "logoUrl": chosen.logo_url,
            "emails": dict(chosen.enabled),
        }
    }


@bp.get("")
@document_response(EmailSettingsEnvelope)
async def get_email_settings():
    """The sender name, reply-to, brand colour and logo of the key's mode, and which
    e-mails go (all of them until some are turned off)."""
    return settings_json(await settings.get(merchant_id()))


@bp.post("")
@validate_request(UpdateEmailSettings)
@document_response(EmailSettingsEnvelope)
@document_response(ErrorBody, 400)
@fails_as("Failed to update email settings")
async def update_email_settings(data: UpdateEmailSettings):
    """Change only the fields sent; ``emails`` turns the named e-mails on or off. The sender
    name may not hold control characters or line breaks, the reply-to must be one plain
    address, the colour ``#rrggbb`` and the logo an ``https://`` address."""
    changes = {FIELDS[name]: getattr(data, name) for name in data.model_fields_set}
    return settings_json(await settings.update(merchant_id(), **changes))
