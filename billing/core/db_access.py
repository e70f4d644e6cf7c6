"""Direct access to the asyncpg pool for hand-written SQL (event intake, rollups, pruning)."""

from tortoise import connections


def as_columns(rows: list[tuple], width: int) -> list[list]:
    """``rows`` of ``width`` values as ``width`` lists, one per column: the arrays an
    ``INSERT ... SELECT FROM unnest($1, $2, ...)`` or ``UPDATE ... FROM unnest`` takes."""
    return [[row[n] for row in rows] for n in range(width)]


def pool_client():
    """The pool's client even inside a caller's transaction.

    Hot paths need transactions of their own, never a savepoint of whatever transaction the
    caller holds. (Merchant-written metric SQL never runs here: ``usage.metric_sandbox`` has a
    pool and a role of its own.)
    """
    client = connections.get("default")
    while getattr(client, "_parent", None) is not None:
        client = client._parent
    return client


async def delete_older_than(table: str, column: str, cutoff, batch: int = 10_000) -> int:
    """Delete the rows of ``table`` whose ``column`` is before ``cutoff``, in batches so no
    single statement holds its locks for long; answers how many went. ``table`` and
    ``column`` are the caller's constants, never input."""
    removed = 0
    async with pool_client().acquire_connection() as connection:
        while True:
            status = await connection.execute(
                f"DELETE FROM {table} WHERE id IN"  # noqa: S608 - constants, see docstring
                f" (SELECT id FROM {table} WHERE {column} < $1 LIMIT $2)",
                cutoff,
                batch,
            )
            count = int(status.split()[-1])
            removed += count
            if count < batch:
                return removed
