"""The SQL of an hourly rollup row, in one place for everything that adds events up: the
intake (``event_writer``), the back-fill (``rollup_backfill``), the partial-hour edges of a
read (``usage_totals``) and checkpoints (``usage_checkpoints``). A rollup is only right if all
of them bucket and aggregate events exactly alike (LATEST's tie order above all)."""

ORIGIN = "timestamptz '2000-01-01 00:00:00+00'"

# The seven rollup columns (event_count, value_count, value_sum, value_min, value_max,
# latest_value, latest_at) of a group of usage_events rows (columns id, event_value,
# event_timestamp). LATEST: the newest valued event, a later-stored one winning a tie.
EVENT_TOTALS = """count(*), count(event_value), sum(event_value), min(event_value),
    max(event_value), (array_agg(event_value ORDER BY event_timestamp DESC, id DESC)
        FILTER (WHERE event_value IS NOT NULL))[1],
    max(event_timestamp) FILTER (WHERE event_value IS NOT NULL)"""


def hour_of(moment: str) -> str:
    """SQL: the start of the UTC hour (a rollup's ``bucket_start``) containing ``moment``."""
    return f"date_bin('1 hour', {moment}, {ORIGIN})"
