"""No bare status word where Tally compares, filters, assigns or queries a stored status.

Every stored status has a ``StrEnum`` beside its model (``SubscriptionStatus``,
``InvoiceStatus``, ``PaymentStatus`` ...): a reader uses its members, so a misspelt word is
an ``AttributeError`` at import rather than a comparison that is silently never true. This
check reads the source of billing/, api/ and webapp/ for the forms a bare word takes on a
status field: ``x.status == "active"``, ``row["status"] != "failed"``,
``filter(status="paid")`` (and ``status__not=``, ``payment_status=``), ``x.status = "void"``
and SQL's ``s.status = 'active'``.

Provider status words are not Tally's: a provider's object (``intent``, ``found``, ``data``)
answers words like ``succeeded`` or ``requires_payment_method`` that Tally translates, so
comparisons on those receivers are left out.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("billing", "api", "webapp")
FIELD = r"(?:status|payment_status|status_after|checkout_outcome)"
PROVIDER_OBJECTS = ("intent", "found", "data")
PATTERNS = [
    # x.status == "word", x.status != "word", row["status"] == "word"
    re.compile(rf"""(\w+)(?:\.{FIELD}|\[["']{FIELD}["']\])\s*(?:==|!=)\s*["']\w+["']"""),
    # x.status in ("word", ...)
    re.compile(rf"""(\w+)\.{FIELD}\s+(?:not\s+)?in\s+[(\[{{]\s*["']\w+["']"""),
    # x.status = "word"
    re.compile(rf"""(\w+)\.{FIELD}\s*=\s*["']\w+["']"""),
    # filter(status="word"), update(payment_status="word"), status__not="word"
    re.compile(rf"""()(?<![\w."']){FIELD}(?:__\w+)?=["']\w+["']"""),
    # SQL: s.status = 'word', i.payment_status <> 'word'
    re.compile(rf"""()\b\w+\.{FIELD}\s*(?:=|<>|!=)\s*'\w+'"""),
]


def bare_status_words(source: str) -> list[str]:
    """The lines of ``source`` that compare, filter, assign or query a status with a bare
    word (provider objects left out)."""
    found = []
    for line in source.splitlines():
        code = line.split("#", 1)[0]
        for pattern in PATTERNS:
            match = pattern.search(code)
            if match and match.group(1) not in PROVIDER_OBJECTS:
                found.append(line.strip())
                break
    return found


def test_the_check_sees_every_form():
    source = "\n".join(
        [
            'if invoice.status == "unpaid":',
            'paid = row["amount_cents"] if row["status"] != "succeeded" else 0',
            'if live.status in ("active", "trialing"):',
            'payment.status = "failed"',
            'Invoice.filter(status="unpaid", payment_status="failed")',
            'Refund.filter(payment_id=pid, status__not="failed")',
            "WHERE i.status = 'unpaid' AND i.payment_status <> 'none'",
            'if intent.status == "succeeded":  # a provider word',
            "if invoice.status == InvoiceStatus.UNPAID:",
            "Invoice.filter(status=InvoiceStatus.UNPAID)",
            "WHERE i.status = '{unpaid}'",
            'return {"status": "succeeded", "message": None}',
        ]
    )
    assert bare_status_words(source) == [
        'if invoice.status == "unpaid":',
        'paid = row["amount_cents"] if row["status"] != "succeeded" else 0',
        'if live.status in ("active", "trialing"):',
        'payment.status = "failed"',
        'Invoice.filter(status="unpaid", payment_status="failed")',
        'Refund.filter(payment_id=pid, status__not="failed")',
        "WHERE i.status = 'unpaid' AND i.payment_status <> 'none'",
    ]


def test_no_stored_status_is_compared_with_a_bare_word():
    offenders = [
        f"{path.relative_to(ROOT)}: {line}"
        for folder in SOURCES
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in bare_status_words(path.read_text())
    ]
    assert offenders == []
