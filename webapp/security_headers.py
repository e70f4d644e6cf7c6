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

A page that loads provider A's card script (the portal's live card form, the live checkout)
calls ``allow_script_origins`` while it is made: that answer alone also allows the script's
origins for scripts, requests and frames; every other page keeps Tally's own origin only.
"""

from quart import Quart, Response, g, request

BASE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; "
    "base-uri 'self'"
)
DASHBOARD_POLICY = f"{BASE_POLICY}; form-action 'self'; frame-ancestors 'none'"
DOCS_POLICY = DASHBOARD_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
EMBED_POLICY = f"{BASE_POLICY}; form-action 'none'; frame-ancestors *"


def allow_script_origins(origins: tuple[str, ...]) -> None:
    """Let this request's page load scripts, connect and frame from ``origins`` too."""
    g.csp_script_origins = origins


def _with_origins(policy: str, origins: tuple[str, ...]) -> str:
    extra = " ".join(origins)
    for directive in ("script-src", "connect-src", "frame-src"):
        policy = policy.replace(f"{directive} 'self'", f"{directive} 'self' {extra}", 1)
    return policy


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
            policy = _policy_for(request.path)
            origins = g.get("csp_script_origins")
            if origins:
                policy = _with_origins(policy, origins)
            response.headers["Content-Security-Policy"] = policy
            if not request.path.startswith("/embed/"):
                response.headers["X-Frame-Options"] = "DENY"
        return response
