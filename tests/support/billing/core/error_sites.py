"""Every ``raise`` of a service error under ``billing/``, read from the source: its code, its
field and its message as a template (``{}`` for what is filled in: numbers, the field's
name), with constants looked up in their own module or the module they are imported from.

Used by the error tests to check that a code names one message and that every code the
dashboard words exists somewhere.
"""

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
BILLING = ROOT / "billing"
ERRORS = {
    "ServiceError",
    "Invalid",
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "Conflict",
    "TooManyRequests",
    "Unavailable",
    "BadGateway",
    "Failure",
}


@dataclass(frozen=True)
class RaiseSite:
    path: str
    line: int
    code: str | None  # None when the raise names no code (or computes one)
    field: str | None  # the field's name, or the expression giving it
    message: str | None  # None when the message is computed


def _module_path(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _template(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        return None if left is None or right is None else left + right
    return None


@cache
def _module(path: Path) -> tuple[dict[str, ast.expr], dict[str, str], dict[str, str]]:
    """A module's constants, the names it imports (name -> module) and the modules it imports
    under a name (``from billing.customers import customers``)."""
    tree = ast.parse(path.read_text())
    constants, names, modules = {}, {}, {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                constants[target.id] = node.value
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                name = alias.asname or alias.name
                if _module_path(f"{node.module}.{alias.name}").exists():
                    modules[name] = f"{node.module}.{alias.name}"
                else:
                    names[name] = node.module
    return constants, names, modules


def _resolve(node: ast.expr, path: Path, depth: int = 0) -> str | None:
    if depth > 5:
        return None
    constants, names, modules = _module(path)
    if isinstance(node, ast.Name):
        if node.id in constants:
            return _resolve(constants[node.id], path, depth + 1)
        if node.id in names and _module_path(names[node.id]).exists():
            return _resolve(node, _module_path(names[node.id]), depth + 1)
        return None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.value.id in modules:
            return _resolve(ast.Name(node.attr), _module_path(modules[node.value.id]), depth + 1)
        return None
    if isinstance(node, ast.BinOp):  # "…" + ", ".join(…): a constant built from parts
        left = _resolve(node.left, path, depth + 1)
        return None if left is None else left + "{}"
    return _template(node)


def _site(call: ast.Call, path: Path) -> RaiseSite:
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    code = keywords.get("code")
    field = keywords.get("field")
    message = _resolve(call.args[0], path) if call.args else None
    field_name = field.value if isinstance(field, ast.Constant) else None
    if message is not None and field_name and message.startswith(field_name):
        message = "{}" + message[len(field_name) :]
    return RaiseSite(
        path=str(path.relative_to(ROOT)),
        line=call.lineno,
        code=code.value if isinstance(code, ast.Constant) else None,
        field=field_name or (ast.unparse(field) if field is not None else None),
        message=message,
    )


def raise_sites() -> list[RaiseSite]:
    """Every construction of a service error under ``billing/`` (raised or kept to raise)."""
    sites = []
    for path in sorted(BILLING.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ERRORS
            ):
                sites.append(_site(node, path))
    return sites
