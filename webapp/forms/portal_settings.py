"""Settings → Customer portal: which actions the hosted portal offers customers.

One field holding the actions that are on (``CheckboxesField``), so an action switched off is
simply not sent by the browser; which actions exist is ``portal_choices``' rule, and its
refusal of an unknown one comes back onto the field.
"""

from billing.accounts.models import PORTAL_ACTIONS
from webapp.forms import TallyForm, error_words
from webapp.forms.features import CheckboxesField

# What each action lets a customer do, as the merchant reads it beside its switch.
ACTION_WORDS = {
    "cancel": (
        "Cancel their subscription",
        "At the end of the period they paid for, with an optional reason; they can undo it "
        "until then.",
    ),
    "switch_plan": (
        "Change plan",
        "To another plan of your default pricing table, after a preview of what is charged "
        "or credited now.",
    ),
    "update_billing": (
        "Update billing address and tax ID",
        "Tax on their next invoice follows the new address.",
    ),
    "receipts": (
        "Download receipts",
        "A receipt for each payment, with the card it was made with.",
    ),
}


class PortalSettingsForm(TallyForm):
    allows = CheckboxesField(
        "What customers can do in the portal",
        choices=[(action, ACTION_WORDS[action][0]) for action in PORTAL_ACTIONS],
    )
    error_fields = (("portalAllows", "allows", "What customers can do"),)
    code_words = {**error_words.WORDS, "unknown_portal_action": "Choose among the actions listed"}
