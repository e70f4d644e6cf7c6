"""The error page of Tally's public pages (the embedded pricing table, the hosted checkout).

Their readers are the merchant's visitors, not the merchant: they read one neutral sentence
whatever went wrong (a revoked key, a table taken down), while the reason (the API's message)
stays in the markup for the merchant's developer to find by inspecting the page.
"""

from quart import render_template

from billing.core.errors import ServiceError


async def public_error_page(
    error: ServiceError, *, sentence: str, page_title: str = "Pricing"
) -> tuple[str, int]:
    """The page and status of ``error``: ``sentence`` shown, ``error.message`` kept in
    ``data-reason``."""
    html = await render_template(
        "embed/error.html",
        status=error.status,
        title=sentence,
        page_title=page_title,
        reason=error.message,
    )
    return html, error.status
