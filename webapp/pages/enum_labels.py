"""Stored codes as a merchant reads them: ``COUNT`` is "Count", ``vat`` is "VAT".

Services and the API speak in codes (the spec's enum values); a page shows a code through the
``label`` template filter with the kind of code it is, ``{{ metric.aggregation_type |
label("aggregation") }}``, so every page names the same code the same way. A code without a
label (a merchant's own tax category, say) is shown as it is.
"""

LABELS: dict[str, dict[str, str]] = {
    "aggregation": {
        "SUM": "Sum",
        "COUNT": "Count",
        "MAX": "Maximum",
        "UNIQUE_COUNT": "Unique count",
    },
    "value_type": {"NUMERIC": "Number", "STRING": "Text"},
    "query_type": {"simple": "Simple", "indexed": "Indexed", "complex": "Custom query"},
    # A tax breakdown row's type: the rule's kind, else the rate's own category.
    "tax_type": {
        "default": "Default rate",
        "state": "State tax",
        "local": "Local tax",
        "vat": "VAT",
        "gst": "GST",
        "sales_tax": "Sales tax",
    },
    "registration_type": {"vat": "VAT", "gst": "GST", "sales_tax": "Sales tax"},
}


def label(code: object, kind: str) -> str:
    """The words for ``code`` of ``kind``; unknown codes as they are, None as a dash."""
    if code is None or code == "":
        return "—"
    return LABELS[kind].get(str(code), str(code))
