"""The sandbox for merchant-written metric SQL (``queryType`` complex).

A merchant's query is accepted only if a real SQL parser (sqlglot, PostgreSQL dialect) reads it
as exactly one SELECT (set operations such as UNION allowed) whose only table is ``events``:

- every table reference, in subqueries, joins and CTEs included, names ``events`` or a CTE the
  merchant defined *in scope* (a CTE body may use only CTEs defined before it, unless the WITH
  is RECURSIVE), never a schema-qualified name, never a table function;
- no writes or DDL anywhere (a ``DELETE ... RETURNING`` inside a CTE included), no
  ``SELECT ... INTO``, no ``FOR UPDATE``/``FOR SHARE``, no ``$1`` parameters;
- functions: those with a deny-listed name or prefix (``pg_*``, ``lo_*``, ``dblink*``,
  ``set_config``, ``current_setting``, ``version``, functions that run SQL text such as
  ``query_to_xml``...) are refused by name, and so are the bare keywords that name the role
  (``user``, ``current_role``...); other functions that sqlglot does not know are accepted
  only from a short list of harmless PostgreSQL functions, so an unknown function can never
  read files, run SQL text or change state.

The query that runs is never the merchant's text: it is the parsed tree written back by sqlglot
(comments dropped), checked a second time, and embedded as a subquery under a CTE named
``events`` that holds only this merchant's and this customer's events in the timeframe, read
from the ``metric_events`` view (:func:`wrap`). ``billing/usage/metric_sandbox.py`` runs it as
a database role that may read only that view, in a READ ONLY transaction with a statement
timeout and a row limit, so even a function we missed could neither write, read another table
nor run for long.
"""

import re

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from billing.core.errors import Invalid

VIEW = "events"
# What the wrapper reads: the one relation the metric role may read (a view of usage_events,
# see the migration that creates it).
SOURCE = "metric_events"
ROW_LIMIT = 1000
PROPERTY_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")

DENIED_PREFIXES = (
    "pg_",
    "lo_",
    "dblink",
    "txid_",
    "has_",
    "query_to_",
    "table_to_",
    "cursor_to_",
    "schema_to_",
    "database_to_",
    "inet_",
    "to_reg",
)
DENIED_NAMES = {
    "set_config",
    "current_setting",
    "nextval",
    "setval",
    "currval",
    "lastval",
    "ts_stat",
    "crosstab",
    "connectby",
    "version",
    "current_version",  # sqlglot's name for version()
    "current_database",
    "current_catalog",
    "current_user",
    "current_role",
    "session_user",
    "current_schema",
    "current_schemas",
    "row_security_active",
}
# SQL keywords PostgreSQL evaluates as functions when written bare, which sqlglot reads as a
# column (``SELECT user`` is the role's name); no column of the events view has these names.
DENIED_BARE_WORDS = {
    "user",
    "current_role",
    "current_catalog",
    "current_user",
    "session_user",
    "system_user",
}
# PostgreSQL functions sqlglot parses as "anonymous" that metric queries may use.
ALLOWED_UNKNOWN = {
    "width_bucket",
    "split_part",
    "btrim",
    "jsonb_extract_path_text",
    "json_extract_path_text",
    "jsonb_typeof",
    "json_typeof",
    "jsonb_array_length",
    "json_array_length",
    "to_number",
    "to_char",
    "to_timestamp",
    "date_part",
    "percentile_cont",
    "percentile_disc",
    "mode",
    "bool_and",
    "bool_or",
    "every",
    "trunc",
    "scale",
    "sign",
    "cbrt",
    "factorial",
    "gcd",
    "lcm",
    "num_nonnulls",
    "num_nulls",
    "justify_days",
    "justify_hours",
    "age",
    "make_interval",
}
FORBIDDEN_NODES = (
    exp.Insert,
    exp.Update,
    exp.Delete,
    exp.Merge,
    exp.Create,
    exp.Drop,
    exp.Alter,
    exp.Command,
    exp.Into,
    exp.Lock,
    exp.Copy,
    exp.Set,
    exp.Transaction,
    exp.Commit,
    exp.Rollback,
    exp.TruncateTable,
    exp.Placeholder,
    exp.Parameter,
)
ONLY_EVENTS = (
    "A metric query may read only the events view: no other tables, schemas or system catalogs"
)


def validate_property_key(key) -> str:
    """The property key an indexed metric aggregates: a simple identifier."""
    if not isinstance(key, str) or PROPERTY_KEY.fullmatch(key.strip()) is None:
        raise Invalid(
            "customQuery of an indexed metric is the property key to aggregate: 1-100 letters, "
            "digits and underscores, not starting with a digit (for example tokens)",
            field="customQuery",
        )
    return key.strip()


def _name(identifier) -> str:
    """How PostgreSQL sees a name: unquoted names fold to lower case."""
    if isinstance(identifier, exp.Identifier):
        return identifier.this if identifier.quoted else identifier.this.lower()
    return str(identifier or "").lower()


def _function_name(node: exp.Func) -> str:
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower()
    return node.sql_name().lower()


def _check_function(node: exp.Func) -> None:
    name = _function_name(node)
    denied = name in DENIED_NAMES or name.startswith(DENIED_PREFIXES)
    if denied or (isinstance(node, exp.Anonymous) and name not in ALLOWED_UNKNOWN):
        raise Invalid(f"Function {name} is not allowed in a metric query")


def _check_bare_word(column: exp.Column) -> None:
    word = column.this
    if column.table or not isinstance(word, exp.Identifier) or word.quoted:
        return
    if word.this.lower() in DENIED_BARE_WORDS:
        raise Invalid(f"{word.this.lower()} is not allowed in a metric query")


def _visible_ctes(table: exp.Table) -> set[str]:
    """The CTE names a table reference can resolve to, following PostgreSQL's scoping."""
    names: set[str] = set()
    child: exp.Expression = table
    parent = table.parent
    while parent is not None:
        if isinstance(parent, exp.With):
            ctes = list(parent.expressions)
            index = ctes.index(child) if child in ctes else len(ctes)
            visible = ctes if parent.args.get("recursive") else ctes[:index]
            names.update(_name(cte.args["alias"].this) for cte in visible)
        else:
            with_ = parent.args.get("with_") or parent.args.get("with")
            if isinstance(with_, exp.With) and with_ is not child:
                names.update(_name(cte.args["alias"].this) for cte in with_.expressions)
        child, parent = parent, parent.parent
    return names


def _check_table(table: exp.Table) -> None:
    if table.args.get("db") or table.args.get("catalog"):
        raise Invalid(ONLY_EVENTS, code="only_events")
    if not isinstance(table.this, exp.Identifier):
        raise Invalid("A metric query may not call table functions; read from events")
    name = _name(table.this)
    if name != VIEW and name not in _visible_ctes(table):
        raise Invalid(ONLY_EVENTS, code="only_events")


def _check_tree(tree: exp.Expression) -> None:
    if not isinstance(tree, (exp.Select, exp.SetOperation)):
        raise Invalid("A metric query must be a single SELECT statement")
    for node in tree.walk():
        if isinstance(node, FORBIDDEN_NODES):
            raise Invalid(
                "A metric query may only read: no writes, DDL, SELECT INTO, FOR UPDATE, "
                "settings or parameters"
            )
        if isinstance(node, exp.Table):
            _check_table(node)
        elif isinstance(node, exp.Func):
            _check_function(node)
        elif isinstance(node, exp.Column):
            _check_bare_word(node)


def _parse(text: str) -> exp.Expression:
    try:
        statements = [s for s in sqlglot.parse(text, read="postgres") if s is not None]
    except SqlglotError as error:
        first = str(error).splitlines()[0] if str(error) else "syntax error"
        raise Invalid(f"customQuery is not valid SQL: {first[:200]}", field="customQuery") from None
    except (RecursionError, ValueError):
        raise Invalid("customQuery is not valid SQL", field="customQuery") from None
    if len(statements) != 1:
        raise Invalid("A metric query must be exactly one SELECT statement")
    return statements[0]


def sanitize(text: str) -> str:
    """The merchant's query as the SQL we run: parsed, checked, written back without comments
    and checked again (so the written form can never say more than the checked tree)."""
    tree = _parse(text)
    _check_tree(tree)
    try:
        written = tree.sql(dialect="postgres", comments=False)
    except SqlglotError:
        raise Invalid("customQuery could not be read back as SQL", field="customQuery") from None
    _check_tree(_parse(written))
    return written


def wrap(safe_sql: str, *, with_start: bool, with_end: bool) -> str:
    """The statement run for a complex metric. Parameters: $1 merchant id, $2 customer keys,
    then the timeframe's start and end when present."""
    conditions = ["merchant_id = $1", "customer_key = ANY($2::text[])"]
    if with_start:
        conditions.append(f"event_timestamp >= ${len(conditions) + 1}")
    if with_end:
        conditions.append(f"event_timestamp < ${len(conditions) + 1}")
    return (
        f"WITH {VIEW} AS MATERIALIZED (SELECT event_name, customer_key, event_value, "
        f"event_string, properties, event_timestamp FROM {SOURCE} "
        f"WHERE {' AND '.join(conditions)}) "
        f"SELECT * FROM ({safe_sql}) AS q LIMIT {ROW_LIMIT}"
    )
