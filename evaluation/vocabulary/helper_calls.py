"""Parse `NAME(arg, ...)` strings of task files into `HelperCall`s, without ever evaluating them.

Python's `ast` module is used only to *parse*: the expression must be one call of a bare name that is
in the helper registry, with literal arguments (strings, numbers, booleans, None, lists/tuples/dicts
of literals) or the two symbols `__page__` (the browser page) and `__last_url__` (the episode's final
URL). Anything else (attributes, subscripts, nested calls, operators, lambdas) is refused.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

PAGE = "__page__"
LAST_URL = "__last_url__"
SYMBOLS = (PAGE, LAST_URL)


class HelperSyntaxError(ValueError):
    """The string is not a call of a registered helper with literal arguments."""


@dataclass(frozen=True)
class Symbol:
    name: str  # "__page__" or "__last_url__"

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class HelperCall:
    name: str
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...]
    source: str

    def bind(self, page: Any, last_url: str | None) -> tuple[list[Any], dict[str, Any]]:
        """Arguments with `__page__` / `__last_url__` replaced (also inside string literals)."""

        def sub(value: Any) -> Any:  # a literal of the task file, or the page object
            if isinstance(value, Symbol):
                if value.name == PAGE:
                    return page
                return last_url or ""
            if isinstance(value, str) and LAST_URL in value:
                return value.replace(LAST_URL, last_url or "")
            if isinstance(value, list):
                return [sub(v) for v in value]
            if isinstance(value, tuple):
                return tuple(sub(v) for v in value)
            return value

        return [sub(a) for a in self.args], {k: sub(v) for k, v in self.kwargs}


def _literal(node: ast.AST, text: str) -> Any:
    if isinstance(node, ast.Name):
        if node.id in SYMBOLS:
            return Symbol(node.id)
        raise HelperSyntaxError(
            f"{text!r}: argument {node.id!r} is a name; only literals, {PAGE} and {LAST_URL} are allowed"
        )
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [_literal(e, text) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    try:
        return ast.literal_eval(node)  # literals only (strings, numbers, dicts/sets of literals, -1)
    except (ValueError, SyntaxError, TypeError) as exc:
        raise HelperSyntaxError(f"{text!r}: argument `{ast.unparse(node)}` is not a literal") from exc


def parse_helper_call(text: str, known: Iterable[str]) -> HelperCall:
    """Parse `text` (without the `func:` prefix) as a call of a name in `known`."""
    known = set(known)
    source = text.strip()
    if not source:
        raise HelperSyntaxError("empty helper call")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise HelperSyntaxError(f"{source!r} does not parse: {exc.msg}") from exc
    call = tree.body
    if not isinstance(call, ast.Call):
        raise HelperSyntaxError(f"{source!r} is not a function call")
    if not isinstance(call.func, ast.Name):
        raise HelperSyntaxError(
            f"{source!r}: only a registered helper name may be called, not `{ast.unparse(call.func)}`"
        )
    name = call.func.id
    if name not in known:
        raise HelperSyntaxError(f"{source!r}: {name!r} is not a registered helper (known: {', '.join(sorted(known))})")
    args = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            raise HelperSyntaxError(f"{source!r}: *args are not allowed")
        args.append(_literal(arg, source))
    kwargs = []
    for kw in call.keywords:
        if kw.arg is None:
            raise HelperSyntaxError(f"{source!r}: **kwargs are not allowed")
        kwargs.append((kw.arg, _literal(kw.value, source)))
    return HelperCall(name=name, args=tuple(args), kwargs=tuple(kwargs), source=source)
