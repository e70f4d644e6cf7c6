"""Static file URLs that change when the file changes, so browsers may cache them for good.

Templates link our own files through ``asset_url("tally.css")``, which adds ``?v=`` with a
hash of the content: such requests are cached for a year, and a release that changes the file
changes its URL. A request without ``v`` (the embed script pasted into merchants' sites, old
links) is cached for an hour only, so fixes reach everyone the same day.

The icon is ``favicon.svg``, linked from every layout. Browsers and tools that ask for
``/favicon.ico`` without reading the page are redirected to it, so no request for the icon
ever ends in a 404.
"""

import hashlib
from datetime import timedelta
from functools import cache
from pathlib import Path

from quart import Quart, Response, redirect, request, url_for

UNVERSIONED_MAX_AGE = timedelta(hours=1)
VERSIONED_CACHE = "public, max-age=31536000, immutable"


@cache
def _version(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def register_assets(app: Quart) -> None:
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = UNVERSIONED_MAX_AGE
    static_folder = Path(app.static_folder)

    def asset_url(filename: str) -> str:
        return url_for("static", filename=filename, v=_version(static_folder / filename))

    app.jinja_env.globals["asset_url"] = asset_url

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return redirect(asset_url("favicon.svg"), 301)

    @app.after_request
    async def cache_versioned_assets(response: Response) -> Response:
        if (
            request.path.startswith("/static/")
            and request.args.get("v")
            and response.status_code in {200, 304}
        ):
            response.headers["Cache-Control"] = VERSIONED_CACHE
            response.headers.pop("Expires", None)
        return response
