"""Hearing PostgreSQL notifications in a test: what a channel is told, as it arrives (a
NOTIFY sent in a transaction arrives only when it commits)."""

import asyncio
import contextlib

from webapp import db


@contextlib.asynccontextmanager
async def listening(database_url: str, channel: str):
    """A queue of the payloads told on ``channel`` while the block runs."""
    heard: asyncio.Queue[str] = asyncio.Queue()
    connection = await db.connect(database_url)
    await connection.add_listener(channel, lambda *args: heard.put_nowait(args[-1]))
    try:
        yield heard
    finally:
        await connection.close()
