"""The test suite's own rules: no module imports a ``test_*`` module, and no helper module
sits at the top of ``tests/``.

A test module is collected by pytest, not imported: importing one runs its imports, ties two
test files together and hides shared helpers where nobody looks for them. Helpers that more
than one test module needs live in ``tests/support/`` (factories, fakes, processes, or the
tree that mirrors the tests); fixtures shared across directories are pytest plugins listed in
``tests/conftest.py``.
"""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def imports_of_test_modules(source: str) -> list[str]:
    """The ``test_*`` modules a piece of Python source imports, at any depth of the file."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if _is_test_module(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if _is_test_module(module):
                found.append(module)
            found += [
                f"{module}.{alias.name}" for alias in node.names if _is_test_module(alias.name)
            ]
    return found


def test_the_check_sees_every_form_of_import():
    source = (
        "from tests.api.test_plans import create_plan\n"
        "import tests.webapp.test_catalog_pages\n"
        "from tests.api import test_prices\n"
        "def later():\n"
        "    from tests.test_cli import run\n"
        "from tests.support.api.plans import create_plan\n"
        "from tests.support.factories.catalog import make\n"
    )
    assert imports_of_test_modules(source) == [
        "tests.api.test_plans",
        "tests.webapp.test_catalog_pages",
        "tests.api.test_prices",
        "tests.test_cli",
    ]


def test_no_module_under_tests_imports_a_test_module():
    offenders = [
        f"{path.relative_to(TESTS.parent)}: {module}"
        for path in sorted(TESTS.rglob("*.py"))
        for module in imports_of_test_modules(path.read_text())
    ]
    assert offenders == []


def helper_modules_at_the_top(names: list[str]) -> list[str]:
    """The modules directly in ``tests/`` that are neither tests nor the suite's conftest:
    helpers belong under ``tests/support/`` (factories, fakes, processes, or the mirrored
    tree), where whoever looks for a shared helper finds it."""
    allowed = {"__init__.py", "conftest.py"}
    return sorted(n for n in names if n not in allowed and not n.startswith("test_"))


def test_the_top_level_check_allows_only_tests_and_conftest():
    names = ["__init__.py", "conftest.py", "test_cli.py", "factories.py", "processes.py"]
    assert helper_modules_at_the_top(names) == ["factories.py", "processes.py"]


def test_no_helper_module_sits_at_the_top_of_tests():
    assert helper_modules_at_the_top([path.name for path in TESTS.glob("*.py")]) == []
