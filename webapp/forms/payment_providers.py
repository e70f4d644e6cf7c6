"""Payment provider forms: provider A's two keys, its webhook signing secret, provider B's key.

The keys' rules (their kind, this mode's prefix, what the provider says) are the services';
these forms only ask for something to be typed. Secret inputs are password fields that keep
what was typed, so "Check keys" followed by "Save" does not make the merchant paste again.
"""

from wtforms import PasswordField, StringField
from wtforms.validators import InputRequired, Length, Optional
from wtforms.widgets import PasswordInput

from webapp.forms import TallyForm

KEY_INPUT = {"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}
SECRET_INPUT = PasswordInput(hide_value=False)


class ProviderForm(TallyForm):
    """Each form's fields are prefixed (``a-secret_key``, ``b-secret_key``): the forms share
    one page, and a label must name its own input. A key of the other mode's kind is worded
    by its code (``error_words``: "you are in live mode"), not the API's "this merchant"."""

    prefix = ""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("prefix", self.prefix)
        super().__init__(*args, **kwargs)


class ProviderAForm(ProviderForm):
    prefix = "a"
    public_key = StringField(
        "Publishable key",
        [InputRequired("Enter the publishable key"), Length(max=300)],
        render_kw=KEY_INPUT,
    )
    secret_key = PasswordField(
        "Secret key",
        [InputRequired("Enter the secret key"), Length(max=300)],
        widget=SECRET_INPUT,
        render_kw=KEY_INPUT,
    )

    error_fields = (
        ("secretKey", "secret_key", "Secret key"),
        ("publicKey", "public_key", "Publishable key"),
    )

    def for_mode(self, mode: str) -> "ProviderAForm":
        """Help text naming the kind of key this mode takes."""
        self.public_key.description = f"Starts with pk_{mode}_."
        self.secret_key.description = (
            f"Starts with sk_{mode}_. Stored encrypted; only its last four characters are shown."
        )
        return self


class SigningSecretForm(ProviderForm):
    prefix = "hook"
    webhook_secret = PasswordField(
        "Webhook signing secret",
        [InputRequired("Paste the signing secret of the webhook you added"), Length(max=500)],
        widget=SECRET_INPUT,
        render_kw=KEY_INPUT,
        description="Shown by provider A once the webhook is added; it starts with whsec_.",
    )

    error_fields = (("webhookSecret", "webhook_secret", "Signing secret"),)


class ProviderBForm(ProviderForm):
    prefix = "b"
    secret_key = PasswordField(
        "Secret key",
        [InputRequired("Enter the secret key"), Length(max=300)],
        widget=SECRET_INPUT,
        render_kw=KEY_INPUT,
    )
    webhook_secret = PasswordField(
        "Webhook signing secret",
        [Optional(), Length(max=300)],
        widget=SECRET_INPUT,
        render_kw=KEY_INPUT,
        description="Only if you added Tally's webhook at provider B yourself (whsec_…). "
        "Leave it empty and Tally adds the webhook for you.",
    )

    error_fields = (
        ("secretKey", "secret_key", "Secret key"),
        ("webhookSecret", "webhook_secret", "Signing secret"),
    )

    def for_mode(self, mode: str) -> "ProviderBForm":
        self.secret_key.description = (
            f"Your provider B {mode}-mode API key. Stored encrypted; only its last four "
            "characters are shown."
        )
        return self
