"""Which methods a path answers, for ``Allow`` (``OPTIONS`` and 405 answers).

Werkzeug lists the methods of every rule matching the path, so ``/v1/merchants/current``
borrowed the GET of ``/v1/merchants/<requested_id>`` and ``/v1/features/checkSlug`` (POST) the
GET, PUT and DELETE of ``/v1/features/<feature_id>``, although a static segment names its own
route. ``Allow`` here lists only the methods of the route the path names: the one that answers
``OPTIONS`` there (every route does, and a static segment wins), with every rule of the same
pattern (GET and POST of one path are often two rules).
"""

from quart import Quart, Response, current_app
from quart.globals import request_ctx
from werkzeug.exceptions import HTTPException


def allowed_methods() -> list[str]:
    """The methods of the route this request's path names."""
    adapter = request_ctx.url_adapter
    try:
        named, _ = adapter.match(method="OPTIONS", return_rule=True)
    except HTTPException:  # no route at all, or a redirect: werkzeug's answer stands
        return sorted(adapter.allowed_methods())
    methods: set[str] = set()
    for rule in current_app.url_map.iter_rules():
        if rule.rule == named.rule and rule.methods:
            methods |= rule.methods
    return sorted(methods)


class TallyApp(Quart):
    """Quart, with ``OPTIONS`` answering the methods of the route the path names."""

    async def make_default_options_response(self) -> Response:
        return self.response_class("", headers={"Allow": ", ".join(allowed_methods())})
