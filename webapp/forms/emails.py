"""The customer e-mail settings form: the sender, the brand and a switch per e-mail.

Only shape is checked here (lengths); what a sender name, reply-to, colour and logo address
may be is the settings service's rule (``billing.emails.settings``), and its messages come
back onto the matching field through ``error_fields``, in ``error_words``'s words. The
switches are one field holding the templates that are on, so an e-mail switched off is simply
not sent by the browser (and all off is an empty list).
"""

from wtforms import ColorField, StringField
from wtforms.validators import InputRequired, Length

from billing.emails import kinds
from billing.emails.settings import DEFAULT_COLOR, MAX_LOGO_URL, MAX_REPLY_TO, MAX_SENDER_NAME
from webapp.forms import TallyForm, strip_text
from webapp.forms.features import CheckboxesField


class EmailSettingsForm(TallyForm):
    sender_name = StringField(
        "Sender name",
        [Length(max=MAX_SENDER_NAME)],
        filters=[strip_text],
        description="The name customers see the e-mails come from. Empty: your display name.",
        render_kw={"autocomplete": "organization", "placeholder": "Acme Billing"},
    )
    reply_to = StringField(
        "Reply-to address",
        [Length(max=MAX_REPLY_TO)],
        filters=[strip_text],
        description="Where customers' replies go, e.g. billing@example.com. Empty: no replies.",
        render_kw={
            "type": "email",
            "inputmode": "email",
            "autocomplete": "email",
            "spellcheck": "false",
        },
    )
    brand_color = ColorField(
        "Brand colour",
        [InputRequired("Choose a colour")],
        default=DEFAULT_COLOR,
        description="The colour of the e-mails' buttons and top line.",
    )
    logo_url = StringField(
        "Logo URL",
        [Length(max=MAX_LOGO_URL)],
        filters=[strip_text],
        description="An https:// image shown at the top of each e-mail, about 200 × 50 pixels.",
        render_kw={
            "type": "url",
            "inputmode": "url",
            "placeholder": "https://example.com/logo.png",
            "spellcheck": "false",
        },
    )
    enabled = CheckboxesField(
        "E-mails to send", choices=[(kind.template, kind.title) for kind in kinds.KINDS]
    )

    error_fields = (
        ("senderName", "sender_name", "Sender name"),
        ("replyTo", "reply_to", "Reply-to address"),
        ("brandColor", "brand_color", "Brand colour"),
        ("logoUrl", "logo_url", "Logo URL"),
        ("emails", "enabled", "E-mails to send"),
    )

    @classmethod
    def of(cls, chosen) -> "EmailSettingsForm":
        """The form filled with the stored settings (``settings.Settings``)."""
        on = [template for template, is_on in chosen.enabled.items() if is_on]
        return cls(
            data={
                "sender_name": chosen.sender_name,
                "reply_to": chosen.reply_to,
                "brand_color": chosen.brand_color,
                "logo_url": chosen.logo_url,
                "enabled": on,
            }
        )

    def values(self) -> dict:
        """What ``settings.update`` takes."""
        return {
            "sender_name": self.sender_name.data or "",
            "reply_to": self.reply_to.data or "",
            "brand_color": self.brand_color.data or "",
            "logo_url": self.logo_url.data or "",
            "enabled": list(self.enabled.data or []),
        }
