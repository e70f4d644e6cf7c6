"""The application factory: one Quart app serving /v1, the dashboard and static files."""

import asyncio
import logging
from datetime import timedelta

from api import register_api
from api.docs import register_docs
from api.fast_lane import FastLane
from webapp import db
from webapp.assets import register_assets
from webapp.auth import csrf_token
from webapp.config import Settings
from webapp.db import PROJECT_ROOT
from webapp.due_loop import DueLoop
from webapp.event_stream import PaymentEventHub
from webapp.pages import register_pages
from webapp.routing import TallyApp
from webapp.security_headers import StrictTransportSecurity, register_security_headers


def create_app(settings: Settings | None = None) -> TallyApp:
    settings = settings or Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    app = TallyApp(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.update(
        SECRET_KEY=settings.secret_key,
        SESSION_COOKIE_NAME="tally_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=settings.cookies_secure,
        PERMANENT_SESSION_LIFETIME=timedelta(days=7),
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    app.extensions["tally.settings"] = settings
    settings.configure_domain()
    app.jinja_env.globals["csrf_token"] = csrf_token

    register_docs(app)
    register_api(app)
    register_pages(app)
    register_assets(app)
    register_security_headers(app)

    @app.get("/healthz")
    async def healthz():
        """Liveness probe; also the trivial baseline route of the benchmarks."""
        return {"status": "ok"}

    @app.before_serving
    async def open_database() -> None:
        url = settings.database_url
        if url is None:  # run straight under an ASGI server: start the embedded database here
            url = db.start_embedded(settings.pgdata_dir)
            await db.migrate(url)
        await db.init_orm(url)
        hub = PaymentEventHub(url)
        await hub.start()
        app.extensions["tally.payment_events"] = hub
        if settings.due_work_interval is not None:
            loop = DueLoop(url, settings.due_work_interval, exclusive=True)
            app.extensions["tally.due_loop"] = (loop, asyncio.create_task(loop.run()))

    @app.after_serving
    async def close_database() -> None:
        if "tally.due_loop" in app.extensions:
            loop, task = app.extensions.pop("tally.due_loop")
            loop.stop.set()
            await task
        if "tally.payment_events" in app.extensions:
            await app.extensions.pop("tally.payment_events").close()
        await db.close_orm()

    if settings.fast_lane:
        app.asgi_app = FastLane(app)
    if settings.https:  # outermost, so the fast lane's answers carry it too
        app.asgi_app = StrictTransportSecurity(app.asgi_app)
    return app
