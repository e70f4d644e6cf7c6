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

A page that shows customer e-mails (Settings → Customer e-mails' previews, a message in the
e-mail log) calls ``allow_email_previews``: an e-mail is shown in a sandboxed ``srcdoc`` frame,
which inherits the page's policy, and its inline styles and https logo would otherwise be
refused. That answer alone allows inline styles and https images; scripts stay Tally's own.

When Tally's public URL is https (``Settings.https``) every answer, of every kind (pages,
JSON, the fast lane's, static files, errors, the event stream), carries
``Strict-Transport-Security: max-age=31536000``: for a year a browser that has seen it reaches
this host over HTTPS only, even from a typed ``http://`` address or an old link. It is set in
an ASGI wrapper (``StrictTransportSecurity``) around everything, since the fast lane answers
without Quart's hooks. It is never sent when the public URL is http: a laptop's
``http://127.0.0.1:8000`` would otherwise become unreachable in that browser for a year.
(Browsers ignore the header on a plain-http answer anyway, so a TLS-ending proxy in front,
which makes every request Tally sees ``http``, changes nothing.)

It leaves out ``includeSubDomains`` (and ``preload``): Tally runs on a host of the merchant's
own domain, and when that host is the domain itself (``example.com``) the directive would
force HTTPS for a year on every other host of it (an intranet server, a shop on another
machine), which Tally knows nothing about and cannot take back. A merchant whose whole domain
is HTTPS can add it at the proxy that serves the domain.
"""

from quart import Quart, Response, g, request

HSTS_HEADER = (b"strict-transport-security", b"max-age=31536000")

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


def allow_email_previews() -> None:
    """Let this request's page show customer e-mails in sandboxed ``srcdoc`` frames, which
    inherit the page's policy: their inline styles, and images (a merchant's logo) from any
    https address. Scripts stay Tally's own, and the frames are sandboxed besides."""
    g.csp_email_previews = True


EMAIL_PREVIEWS = (
    ("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    ("img-src 'self' data:", "img-src 'self' data: https:"),
)


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
            if g.get("csp_email_previews"):
                for strict, relaxed in EMAIL_PREVIEWS:
                    policy = policy.replace(strict, relaxed, 1)
            response.headers["Content-Security-Policy"] = policy
            if not request.path.startswith("/embed/"):
                response.headers["X-Frame-Options"] = "DENY"
        return response


class StrictTransportSecurity:
    """ASGI middleware adding ``HSTS_HEADER`` to every HTTP answer of the app it wraps."""

    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.inner(scope, receive, send)

        async def send_with_header(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), HSTS_HEADER]}
            await send(message)

        await self.inner(scope, receive, send_with_header)
