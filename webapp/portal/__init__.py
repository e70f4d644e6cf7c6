"""The hosted customer portal: ``/portal/{token}`` opens it, ``/portal/`` is its one page.

A merchant's server asks for a link (``POST /v1/customers/portal/sessions``); the link signs
the customer in (``session``) and every handler here takes the customer from that session,
never from the request, so a page can only ever show or change that one customer's billing.
Writes are HTMX or form posts carrying the app-wide CSRF token (``webapp.pages.common``
checks it for every unsafe request outside ``/v1``), so a forged post from another site is
refused even though the browser would send the cookie.

``pages`` holds the link, the page and signing out; ``actions`` the customer's changes (pay
now, choose or remove a payment method, add a card); ``plan_actions`` cancelling, keeping
and switching plan; ``account_actions`` the billing address and tax id; ``receipts`` a
payment's receipt PDF; ``words`` the statuses and messages in an end customer's words. What
the merchant offers of these is ``billing.portal.portal_choices``.
"""

from webapp.portal import (  # noqa: F401 - the routes register on pages.bp
    account_actions,
    actions,
    pages,
    plan_actions,
    receipts,
)
from webapp.portal.pages import bp

__all__ = ["bp"]
