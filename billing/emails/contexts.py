"""What each e-mail says, as data: the context its template is rendered with.

STAND-IN: the branch that writes the e-mails replaces this module. The interface stays:

- ``branding(merchant_id)``: the merchant row's sender name, reply-to, colour and logo;
- ``build(email)``: the context of an ``Email`` row and its attachments (the invoice's PDF);
  a row without an event (the dashboard's "send me a test") gets its template's sample;
- ``sample(template, brand)``: a context of made-up but plausible data, for previews.
"""

from billing.accounts.models import Merchant
from billing.emails import kinds
from billing.emails.models import Email, EmailSettings
from billing.emails.rendering import Attachment


async def branding(merchant_id: str) -> dict:
    merchant = await Merchant.get(id=merchant_id)
    settings = await EmailSettings.filter(merchant_id=merchant_id).first()
    return {
        "name": (settings.sender_name if settings else "") or merchant.display_name,
        "reply_to": settings.reply_to if settings else "",
        "color": settings.brand_color if settings else "#2563eb",
        "logo_url": settings.logo_url if settings else "",
    }


async def build(email: Email) -> tuple[dict, tuple[Attachment, ...]]:
    brand = await branding(email.merchant_id)
    return sample(email.template, brand), ()


def sample(template: str, brand: dict) -> dict:
    kind = kinds.BY_TEMPLATE.get(template)
    return {"brand": brand, "title": kind.title if kind else "Test e-mail"}
