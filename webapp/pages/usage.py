"""Usage: the event explorer (the same filters and pagination as ``GET /v1/events``) and a
chart of events per day per event name.

The filter form is a plain GET form, so a filtered view is a shareable URL and works without
JavaScript; with HTMX it swaps only the results (table, pager and chart) and pushes the URL,
so Back returns to the previous filters. Bad filter values show their message in place of
the results instead of failing the page (with HTMX too: ``render_page`` answers them 422,
which htmx swaps), in the words of the form's labels rather than the API's field names: the
error's field names the filter, its code the words (``WORDS``, then the dashboard's own).
"""

from quart import Blueprint, g, request, url_for

from billing.core.errors import Invalid
from billing.usage import event_reads
from webapp.forms import error_words
from webapp.pages.common import login_required, page_headers, render_page
from webapp.pages.usage_chart import build_usage_chart

bp = Blueprint("usage", __name__, url_prefix="/dashboard/usage")
bp.after_request(page_headers)

PAGE = "dashboard/usage/index.html"
RESULTS = "dashboard/usage/_results.html"
PAGE_SIZE = 50
CHART_DAYS = 30
FILTER_FIELDS = ("eventName", "customerId", "startDate", "endDate")
# The API's field names in the event-query errors, as the filter form labels them, and the
# page's own words for the errors whose words differ here (a date is typed without a time).
NAMES = {"startDate": "The From date", "endDate": "The To date", "offset": "The page position"}
WORDS = {
    "dates_backwards": "The From date must be on or before the To date",
    "invalid_datetime": "{label} must be a date like 2026-01-31",
}


def _words(error: Invalid) -> str:
    """The event query's error (written for API callers: ``startDate must not be after
    endDate``) named the way the merchant sees the filters, as a sentence."""
    label = NAMES.get(error.field or "")
    if label is None:
        return error_words.words(error)
    return error_words.words(error, label, WORDS).rstrip(".") + "."


def _query_args() -> dict[str, list[str]]:
    return {name: request.args.getlist(name) for name in request.args}


def _page_url(values: dict[str, str], offset: int) -> str:
    kept = {name: value for name, value in values.items() if value}
    return url_for("usage.index", **kept, **({"offset": offset} if offset else {}))


@bp.get("")
@login_required
async def index():
    args = _query_args()
    values = {name: ", ".join(v for v in args.get(name, []) if v) for name in FILTER_FIELDS}
    context = {"values": values, "error": None, "events": [], "chart": None}
    context["event_names"] = await event_reads.unique_event_names(g.merchant.id)
    try:
        filters = event_reads.parse_filters(args)
        _, offset = event_reads.parse_page(args)
    except Invalid as error:
        context["error"] = _words(error)
        return await render_page(PAGE, RESULTS, status=400, **context)
    events, has_more = await event_reads.list_events(
        g.merchant.id, filters, limit=PAGE_SIZE, offset=offset
    )
    chart_data = await event_reads.daily_counts(g.merchant.id, filters, days=CHART_DAYS)
    context.update(
        events=events,
        chart=build_usage_chart(chart_data),
        first=offset + 1,
        last=offset + len(events),
        previous_url=_page_url(values, max(offset - PAGE_SIZE, 0)) if offset else None,
        next_url=_page_url(values, offset + PAGE_SIZE) if has_more else None,
        filtered=any(values.values()),
    )
    return await render_page(PAGE, RESULTS, **context)
