"""The complex-metric sandbox: what the parser check accepts, refuses, and what actually runs."""

import pytest

from billing.catalog import metric_sql
from billing.core.errors import Invalid

REFUSED = [
    ("SELECT count(*) FROM usage_events", "only the events view"),
    ("SELECT count(*) FROM public.usage_events", "only the events view"),
    ("SELECT * FROM pg_catalog.pg_tables", "only the events view"),
    ("SELECT * FROM information_schema.tables", "only the events view"),
    ("SELECT (SELECT count(*) FROM pg_class)", "only the events view"),
    ("SELECT * FROM events e JOIN merchants m ON true", "only the events view"),
    ('SELECT * FROM "EVENTS"', "only the events view"),
    ("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", "only the events view"),
    ("WITH a AS (SELECT * FROM a) SELECT * FROM a", "only the events view"),
    ("SELECT * FROM (WITH usage_events AS (SELECT 1) SELECT 1) x, usage_events", "only the"),
    ("SELECT 1; DELETE FROM usage_events", "exactly one SELECT"),
    ("DELETE FROM usage_events", "single SELECT"),
    ("INSERT INTO usage_events (id) VALUES (1)", "single SELECT"),
    ("UPDATE usage_events SET event_value = 0", "single SELECT"),
    ("DROP TABLE usage_events", "single SELECT"),
    ("SET statement_timeout = 0", "single SELECT"),
    ("WITH x AS (DELETE FROM usage_events RETURNING 1) SELECT 1", "may only read"),
    ("SELECT * FROM events FOR UPDATE", "may only read"),
    ("SELECT count(*) INTO copied FROM events", "may only read"),
    ("SELECT $1", "may only read"),
    ("SELECT pg_sleep(10)", "pg_sleep is not allowed"),
    ("SELECT pg_read_file('/etc/passwd')", "pg_read_file is not allowed"),
    ("SELECT lo_import('/etc/passwd')", "lo_import is not allowed"),
    ("SELECT set_config('statement_timeout', '0', false)", "set_config is not allowed"),
    ("SELECT current_setting('data_directory')", "current_setting is not allowed"),
    ("SELECT query_to_xml('select * from usage_events', true, true, '')", "not allowed"),
    ("SELECT dblink('host=x', 'select 1')", "dblink is not allowed"),
    ("SELECT nextval('usage_events_id_seq')", "nextval is not allowed"),
    ("SELECT * FROM generate_series(1, 3)", "table functions"),
    ("SELECT made_up_function(1)", "made_up_function is not allowed"),
    ("SELECT CAST(version() AS int)", "current_version is not allowed"),
    ("SELECT length(VERSION())", "current_version is not allowed"),
    ("SELECT CAST(user AS int) FROM events", "user is not allowed"),
    ("SELECT ascii(current_role)", "current_role is not allowed"),
    ("SELECT count(*) FROM events WHERE current_catalog = 'x'", "not allowed"),
    ("SELECT length(session_user)", "session_user is not allowed"),
    ("SELEC 1", "not valid SQL"),
    ("", "exactly one SELECT"),
]


@pytest.mark.parametrize(("query", "message"), REFUSED)
def test_refused(query, message):
    with pytest.raises(Invalid, match=message):
        metric_sql.sanitize(query)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT 1",
        "SELECT count(*) FROM events WHERE properties->>'plan' = 'pro'",
        "SELECT sum(event_value) FROM EVENTS WHERE event_name = 'api.call'",
        "WITH a AS (SELECT * FROM events), b AS (SELECT * FROM a) SELECT count(*) FROM b",
        "WITH usage_events AS (SELECT * FROM events) SELECT count(*) FROM usage_events",
        "SELECT count(DISTINCT customer_key) FROM events e1 JOIN events e2 USING (event_name)",
        "SELECT max(v) FROM (SELECT date_trunc('day', event_timestamp) d, sum(event_value) v "
        "FROM events GROUP BY 1) per_day",
        "SELECT count(*) FROM events e WHERE e.event_timestamp < current_date",
        "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY event_value) FROM events",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) "
        "SELECT count(*) FROM r",
    ],
)
def test_accepted(query):
    assert metric_sql.sanitize(query)


def test_comments_never_reach_the_database():
    written = metric_sql.sanitize("SELECT 1 -- */ DELETE FROM usage_events; /*\n")
    assert written == "SELECT 1"


def test_wrap_scopes_the_view_and_limits_rows():
    sql = metric_sql.wrap("SELECT 1", with_start=True, with_end=True)
    assert "FROM metric_events WHERE merchant_id = $1 AND customer_key = ANY($2::text[])" in sql
    assert "event_timestamp >= $3 AND event_timestamp < $4" in sql
    assert sql.endswith("SELECT * FROM (SELECT 1) AS q LIMIT 1000")
    assert "$3" not in metric_sql.wrap("SELECT 1", with_start=False, with_end=False)


@pytest.mark.parametrize("key", ["tokens", "user_id", "_x1"])
def test_property_keys(key):
    assert metric_sql.validate_property_key(f" {key} ") == key


@pytest.mark.parametrize("key", ["", "1abc", "a.b", "a b", "x'--", None, 5, "k" * 101])
def test_bad_property_keys(key):
    with pytest.raises(Invalid, match="property key"):
        metric_sql.validate_property_key(key)
