"""Dashboard pages: one blueprint per area."""

from quart import Quart


def register_pages(app: Quart) -> None:
    pass
