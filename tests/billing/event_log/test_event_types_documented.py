"""The README's "Webhooks to your server" documents every type of ``event_types.TYPES`` and no
other: a row of the types table each (with its object kind), an example body each (one a
line, a delivered body's shape), a whole example object of each kind, and no example naming a
type the list lacks."""

import json
import re
from pathlib import Path

import pytest

from billing.event_log import event_types

README = Path(__file__).resolve().parents[3] / "README.md"
EXAMPLES_INTRO = "An example body of each type"


@pytest.fixture(scope="module")
def section() -> str:
    text = README.read_text()
    start = text.index("\n## Webhooks to your server\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def example_lines(section: str) -> list[str]:
    """The lines of the fenced block that follows the examples' introduction."""
    after = section[section.index(EXAMPLES_INTRO) :]
    block = re.search(r"\n```[a-z]*\n(.*?)\n```", after, re.S)
    assert block, "no fenced block after the examples' introduction"
    return block.group(1).splitlines()


def test_the_types_table_has_a_row_for_each_type_with_its_object(section):
    rows = re.findall(r"^\| `([^`]+)` \|[^|]*\| (\w+) \|$", section, re.M)
    assert sorted(name for name, _ in rows) == sorted(event_types.TYPES)
    for name, kind in rows:
        assert kind == event_types.TYPES[name].kind, name


def test_each_type_has_one_example_body_shaped_as_delivered(section):
    bodies = [json.loads(line) for line in example_lines(section)]
    assert sorted(body["type"] for body in bodies) == sorted(event_types.TYPES)
    for body in bodies:
        assert set(body) == {"id", "type", "createdAt", "data"}, body
        assert body["id"].startswith("evt_") and body["createdAt"].endswith("Z"), body
        assert set(body["data"]) == {"object"}, body
        assert isinstance(body["data"]["object"].get("id"), str), body


def test_each_kind_has_a_whole_example_object(section):
    summaries = set(re.findall(r"<summary>(\w+) ", section))
    kinds = {event_type.kind for event_type in event_types.TYPES.values()}
    assert kinds <= summaries, sorted(kinds - summaries)


def test_no_example_names_a_type_the_list_lacks(section):
    named = set(re.findall(r'"type": "([a-z_]+\.[a-z_]+)"', section))
    assert sorted(named - set(event_types.TYPES)) == []
