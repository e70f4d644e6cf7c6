"""WTForms classes for the dashboard.

Quart has no Flask-WTF, so a form is built with ``Form(formdata=await request.form)`` and CSRF
is checked once for the whole app (``webapp.pages.common.check_csrf``), not per form. Forms
only check shape (required, number, one of the choices); the business rules live in the
services, and their messages are put back onto the matching field by ``attach_error``.

Every field error comes in one round: a service's format rule (a slug's characters, a URL)
runs as a field validator (``service_rule``) beside the form's own checks, and the service's
database checks of single fields (a slug already taken) run with them in
``validate_together``, so a merchant never fixes one error only to be shown the next.
"""

import re
from collections.abc import Awaitable, Callable
from typing import Any

from wtforms import Form, ValidationError

from billing.core.currencies import ISO_4217
from billing.core.currency_names import CURRENCY_NAMES
from billing.core.errors import ServiceError
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

    def _route(self, message: str) -> tuple[str | None, str]:
        """The field a service message is about, and the message in the form's words."""
        for word, field_name, label in self.error_fields:
            if re.search(rf"\b{re.escape(word)}\b", message, re.IGNORECASE):
                if label and message.startswith(word):
                    message = label + message[len(word) :]
                return field_name, message
        return None, message

    def relabel(self, message: str) -> str:
        """A service message in the form's words, then in plain words."""
        return plain(self._route(message)[1])

    def attach_error(self, message: str) -> None:
        field_name, message = self._route(message)
        if field_name is None:
            self.form_errors.append(plain(message))
            return
        field = self[field_name]
        field.errors = [*field.errors, plain(message)]

    async def validate_together(self, **checks: Callable[[Any], Awaitable[Any]]) -> bool:
        """``validate()`` plus the service's database checks of single fields (``slug=`` a
        check that raises when the slug is taken), so those errors come in the same round as
        every other; a field that already has an error, or is blank, is not checked again."""
        valid = self.validate()
        for field_name, check in checks.items():
            field = self[field_name]
            value = field.data.strip() if isinstance(field.data, str) else field.data
            if field.errors or not value:
                continue
            try:
                await check(value)
            except ServiceError as error:
                field.errors = [*field.errors, self.relabel(error.message)]
                valid = False
        return valid

    @property
    def has_errors(self) -> bool:
        return bool(self.form_errors or any(field.errors for field in self))


def service_rule(check: Callable[[Any], Any]):
    """A field validator running a service's own format rule (``features.validate_slug``)
    in the form's round, its message in the form's words. Blank is left to the field's
    InputRequired or Optional."""

    def validator(form: TallyForm, field) -> None:
        value = field.data.strip() if isinstance(field.data, str) else field.data
        if value is None or value == "":
            return
        try:
            check(value)
        except ServiceError as error:
            raise ValidationError(form.relabel(error.message)) from None

    return validator
