"""ASGI entry point for servers: ``granian --interface asgi webapp.asgi:app``."""

from webapp.app import create_app

app = create_app()
