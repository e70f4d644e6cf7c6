"""Security headers on every answer, set in one place so no page or route can forget them.

- ``X-Content-Type-Options: nosniff`` everywhere (JSON, pages, static files): a browser never
  guesses a type other than the one we send.
- HTML pages get a Content-Security-Policy: scripts, styles, images, fonts and requests only
  from Tally itself (no inline scripts or style attributes: the dashboard's scripts are files),
  no plugins, forms posting only to Tally. Dashboard pages (everything but ``/embed/``) also
  refuse to be framed (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``) against
  click-jacking; the embeddable pricing table is meant to sit in merchants' sites, so it
  allows any framing site and posts no forms. The API reference (``/docs``) allows inline
  styles, which the vendored Swagger UI sets on the fly.
"""

from quart import Quart, Response, request

BASE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; "
    "base-uri 'self'"
)
DASHBOARD_POLICY = f"{BASE_POLICY}; form-action 'self'; frame-ancestors 'none'"
DOCS_POLICY = DASHBOARD_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
EMBED_POLICY = f"{BASE_POLICY}; form-action 'none'; frame-ancestors *"


def _policy_for(path: str) -> str:
    if path.startswith("/embed/"):
        return EMBED_POLICY
    if path == "/docs" or path.startswith("/docs/"):
        return DOCS_POLICY
    return DASHBOARD_POLICY


def register_security_headers(app: Quart) -> None:
    @app.after_request
    async def security_headers(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        if response.mimetype == "text/html":
            response.headers["Content-Security-Policy"] = _policy_for(request.path)
            if not request.path.startswith("/embed/"):
                response.headers["X-Frame-Options"] = "DENY"
        return response
