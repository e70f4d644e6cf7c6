"""How an event's ``data.object`` is made: the API's own JSON of that kind of object.

The domain never imports the front ends, yet an event must carry the object exactly as
``GET /v1/<kind>s/{id}`` answers it. So the API registers, once at start-up
(``api/event_objects.py``, imported by ``webapp/db.py``), one renderer per kind: given a
merchant row and ids, the objects' JSON by id, read in the caller's transaction (so the
object as the change left it). A kind with no renderer is a programming error and raises.
"""

from collections.abc import Awaitable, Callable

Renderer = Callable[[str, list[str]], Awaitable[dict[str, dict]]]

_renderers: dict[str, Renderer] = {}


def register(kind: str, renderer: Renderer) -> None:
    _renderers[kind] = renderer


async def render(kind: str, merchant_id: str, ids: list[str]) -> dict[str, dict]:
    """The JSON of each of ``ids`` (one merchant row's objects of ``kind``), by id."""
    renderer = _renderers.get(kind)
    if renderer is None:
        raise LookupError(f"no renderer registered for {kind!r} event objects")
    return await renderer(merchant_id, ids)
