"""Dashboard pages: one blueprint per area, plus the app-wide CSRF check for every form."""

from quart import Quart

from webapp.pages import api_keys, auth, features, metrics, onboarding, settings
from webapp.pages.common import check_csrf

BLUEPRINTS = (auth.bp, onboarding.bp, api_keys.bp, settings.bp, features.bp, metrics.bp)


def register_pages(app: Quart) -> None:
    app.before_request(check_csrf)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
