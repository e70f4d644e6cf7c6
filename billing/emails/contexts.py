"""What each e-mail says, as data: the context its template is rendered with.

- ``branding(merchant_id)``: the merchant row's sender name (its display name when none is
  set), reply-to, brand colour and logo, as every e-mail's header and footer show them;
- ``build(email)``: the context of an ``Email`` row and its attachments (the invoice's PDF),
  from the row's event (``event_contexts``); a row without an event (the dashboard's "send
  me a test") gets its template's sample with the merchant's branding;
- ``sample(template, brand)``: a context of made-up but plausible data, for previews.

Every context has ``brand``, ``customer_name`` ("" when the merchant stored none: the e-mail
then greets without a name) and the template's own keys, all text in the customer's words
(``wording``: ``29.00 USD``, ``12 March 2027``).
"""

from copy import deepcopy

from billing.accounts.models import Merchant
from billing.emails import event_contexts, samples
from billing.emails.models import Email, EmailSettings
from billing.emails.rendering import Attachment
from billing.event_log.models import Event

DEFAULT_COLOR = "#2563eb"


async def branding(merchant_id: str) -> dict:
    merchant = await Merchant.get(id=merchant_id)
    settings = await EmailSettings.filter(merchant_id=merchant_id).first()
    return {
        "name": (settings.sender_name if settings else "").strip() or merchant.display_name,
        "reply_to": settings.reply_to if settings else "",
        "color": (settings.brand_color if settings else "") or DEFAULT_COLOR,
        "logo_url": settings.logo_url if settings else "",
    }


async def build(email: Email) -> tuple[dict, tuple[Attachment, ...]]:
    """The row's context and attachments. A row with an event whose event or builder is
    missing raises ``LookupError``: made-up sample data must never reach a real customer."""
    brand = await branding(email.merchant_id)
    if email.event_id is None:
        return sample(email.template, brand), ()
    builder = event_contexts.BUILDERS.get(email.template)
    event = await Event.filter(merchant_id=email.merchant_id, id=email.event_id).first()
    if builder is None or event is None:
        raise LookupError(f"e-mail {email.id}: no event {email.event_id} or template")
    context, attachments = await builder(email, event.data)
    customer_id = email.customer_id or event.data.get("customerId")
    name = await event_contexts.customer_name(email.merchant_id, customer_id)
    return {**context, "brand": brand, "customer_name": name}, attachments


def sample(template: str, brand: dict) -> dict:
    return {
        **deepcopy(samples.SAMPLES.get(template, {})),
        "brand": brand,
        "customer_name": samples.CUSTOMER,
    }
