"""WTForms classes for the dashboard.

Quart has no Flask-WTF, so a form is built with ``Form(formdata=await request.form)`` and CSRF
is checked once for the whole app (``webapp.pages.common.check_csrf``), not per form. Forms
only check shape (required, number, one of the choices); the business rules live in the
services, and their messages are put back onto the matching field by ``attach_error``.
"""

import re

from wtforms import Form

from billing.core.currencies import ISO_4217
from billing.core.currency_names import CURRENCY_NAMES
from webapp.forms.plain_words import plain


def currency_choices() -> list[tuple[str, str]]:
    """Every currency as ``("EUR", "EUR — Euro")``: the code is what is stored, the name is
    what lets a person find theirs."""
    return [(code, f"{code} — {CURRENCY_NAMES[code]}") for code in sorted(ISO_4217)]


class TallyForm(Form):
    """A form that can show a service error next to the field it is about.

    ``error_fields`` maps a word the service uses in its message (the API's camelCase field
    name, or a plain word like "password") to the form field and, optionally, the words to
    show instead of the API name ("legalName is required" -> "Legal name is required").
    Whatever is shown is then put in plain words (``plain_words.plain``).
    """

    error_fields: tuple[tuple[str, str, str | None], ...] = ()

    def attach_error(self, message: str) -> None:
        for word, field_name, label in self.error_fields:
            if re.search(rf"\b{re.escape(word)}\b", message, re.IGNORECASE):
                if label and message.startswith(word):
                    message = label + message[len(word) :]
                field = self[field_name]
                field.errors = [*field.errors, plain(message)]
                return
        self.form_errors.append(plain(message))

    @property
    def has_errors(self) -> bool:
        return bool(self.form_errors or any(field.errors for field in self))
