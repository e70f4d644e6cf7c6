"""/v1/events (reads): list with filters and pagination, count, unique event names and
unique customer ids."""

from quart import Blueprint

bp = Blueprint("event_reads", __name__)
