"""How an e-mail's subject, HTML and text are made: by the front end's templates.

The domain never imports Jinja2, so the front end registers one renderer at start-up (as the
event log's object renderers are registered, in ``webapp/db.py``): given a template name of
``kinds`` and the context ``contexts`` built for it, the subject, the HTML and the plain text.
Rendering is pure (no database), so the dashboard's previews render sample contexts with the
very function that renders what is sent. A missing renderer is a programming error and raises.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str  # e.g. "application/pdf"
    content: bytes


@dataclass(frozen=True)
class Rendered:
    subject: str
    html: str
    text: str
    attachments: tuple[Attachment, ...] = ()


DEFAULT_COLOR = "#2563eb"
_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
_URL = re.compile(r"https?://[^\s\"'<>]+")


def safe_color(value: object) -> str:
    """A ``#rrggbb`` colour, else the default: the settings refuse anything else, but a
    template must not put a stored or sample value into a ``style`` attribute unchecked."""
    return value if isinstance(value, str) and _COLOR.fullmatch(value) else DEFAULT_COLOR


def safe_url(value: object) -> str:
    """An absolute http(s) URL, else "" (a logo or link of another scheme is not shown)."""
    return value if isinstance(value, str) and _URL.fullmatch(value) else ""


Renderer = Callable[[str, dict], Rendered]

_renderer: list[Renderer] = []


def register(renderer: Renderer) -> None:
    _renderer[:] = [renderer]


def render(template: str, context: dict) -> Rendered:
    """The e-mail ``template`` (a name of ``kinds``) rendered with ``context``."""
    if not _renderer:
        raise LookupError("no e-mail renderer registered (webapp/db.py registers it)")
    return _renderer[0](template, context)
