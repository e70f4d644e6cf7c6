"""Direct access to the asyncpg pool for hand-written SQL (event intake, metric sandbox)."""

from tortoise import connections


def pool_client():
    """The pool's client even inside a caller's transaction.

    Hot paths and the metric sandbox need transactions of their own (the sandbox's must be READ
    ONLY from its first statement), never a savepoint of whatever transaction the caller holds.
    """
    client = connections.get("default")
    while getattr(client, "_parent", None) is not None:
        client = client._parent
    return client
