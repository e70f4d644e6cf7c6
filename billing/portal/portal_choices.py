"""What the merchant lets customers do in the portal (``Merchant.portal_allows``).

The four actions are ``PORTAL_ACTIONS``: cancel at period end, switch plan, update the billing
details, download receipts. A merchant turns some off in Settings; each portal service asks
``require`` first, so an action turned off is refused whatever the page showed (a stale page,
a hand-made post). The choice is one for the business: saved on both modes' rows, as the
business profile is, so what was tried in test mode is what live customers get.
"""

from billing.accounts.merchants import get_merchant
from billing.accounts.models import PORTAL_ACTIONS, Merchant
from billing.core.errors import Forbidden, Invalid
from billing.core.models import utcnow

NOT_OFFERED = "This billing portal does not offer this"
UNKNOWN_ACTION = "portalAllows may list only: cancel, switch_plan, update_billing, receipts"


def allowed(merchant: Merchant, action: str) -> bool:
    """Whether the merchant row's portal offers ``action``."""
    return action in (merchant.portal_allows or [])


async def require(merchant_id: str, action: str) -> Merchant:
    """The merchant row, when its portal offers ``action``; else 403 in plain words."""
    merchant = await get_merchant(merchant_id)
    if not allowed(merchant, action):
        raise Forbidden(NOT_OFFERED, code="portal_action_off")
    return merchant


async def save_choices(merchant_id: str, actions: list[str]) -> list[str]:
    """Store the actions the portal offers (in ``PORTAL_ACTIONS`` order, each once) on both
    modes of the business; an unknown action is a 400 and changes nothing."""
    if not isinstance(actions, list) or any(action not in PORTAL_ACTIONS for action in actions):
        raise Invalid(UNKNOWN_ACTION, code="unknown_portal_action", field="portalAllows")
    chosen = [action for action in PORTAL_ACTIONS if action in actions]
    merchant = await get_merchant(merchant_id)
    await Merchant.filter(account_id=merchant.account_id).update(
        portal_allows=chosen, updated_at=utcnow()
    )
    return chosen
