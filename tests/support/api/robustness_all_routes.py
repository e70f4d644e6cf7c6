"""Helpers for tests of api/robustness_all_routes, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import re

from webapp.auth import SESSION_ONLY

PARAM = re.compile(r"<(?:[^:>]+:)?([^>]+)>")


def v1_routes(app):
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if not rule.rule.startswith("/v1/") or getattr(view, "tally_auth", "") == SESSION_ONLY:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, rule.rule, view
