"""The customer e-mails' renderer (``billing.emails.rendering``), registered at start-up.

A Jinja2 environment of its own over ``templates/emails`` (not the app's: rendering happens in
the due-work pass, outside any request, and must not depend on Quart's). Each e-mail is
``<template>.html`` (autoescaped) and ``<template>.txt`` (plain text, not escaped: a name such
as "Smith & Jones" must read as typed). The subject is the HTML template's ``subject`` block
(also the page's ``<title>``), rendered once, unescaped and folded onto one line, so nothing
a merchant or customer typed can break a header.

Every style is an inline ``style=`` attribute (``_layout.html``): many mail clients drop
``<style>`` blocks. The brand colour reaches a ``style`` attribute, so it is used only when
it is a ``#rrggbb`` colour (``_safe_color``); anything else falls back to Tally's blue.
"""

import html
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from billing.emails import rendering
from billing.emails.rendering import Rendered

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates" / "emails"


def _text_on(color: str) -> str:
    """White text on a dark brand colour, near-black on a light one (a yellow button with
    white text cannot be read): the WCAG relative luminance decides."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#ffffff" if luminance < 0.4 else "#111827"


def _keep(value: object) -> Markup:
    """An amount, a date or a card kept on one line ("15.00 USD" never split after "15.00")."""
    return Markup('<span style="white-space:nowrap;">{}</span>').format(value)


def _first_upper(value: object) -> str:
    """A table cell's value starting with a capital ("card ending in 4242" → "Card ...")."""
    text = str(value)
    return text[:1].upper() + text[1:]


_env = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
_env.filters["safe_color"] = rendering.safe_color
_env.filters["safe_url"] = rendering.safe_url
_env.filters["text_on"] = _text_on
_env.filters["keep"] = _keep
_env.filters["first_upper"] = _first_upper


def _one_line(text: str) -> str:
    return " ".join(html.unescape(text).split())


def render(template: str, context: dict) -> Rendered:
    page = _env.get_template(f"{template}.html")
    subject = "".join(page.blocks["subject"](page.new_context(context)))
    text = _env.get_template(f"{template}.txt").render(context)
    return Rendered(subject=_one_line(subject), html=page.render(context), text=text.strip() + "\n")


def register() -> None:
    rendering.register(render)
