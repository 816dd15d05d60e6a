"""Derived fields: small arithmetic over a task's fields, written in the suite (harness data), e.g.
``page: "(rank - 1) // 3 + 1"`` or ``back: "12 - int(date[:2])"``. Only numbers, strings, the fields, + - * // %,
slicing, and int/str/len/min/max: nothing else is evaluated."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
FUNCTIONS: dict[str, Callable[..., Any]] = {"int": int, "str": str, "len": len, "min": min, "max": max}


class DeriveError(ValueError):
    """An expression outside the small language, or one that fails on the task's fields."""


def _value(text: str) -> Any:
    return int(text) if text.strip().lstrip("-").isdigit() else text


def evaluate(expression: str, fields: Mapping[str, str]) -> Any:
    def ev(node: ast.AST) -> Any:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | str):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in fields:
                raise DeriveError(f"no field {node.id!r}")
            return _value(fields[node.id])
        if isinstance(node, ast.BinOp) and type(node.op) in BINARY:
            return BINARY[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.Subscript):
            return ev(node.value)[ev(node.slice)]
        if isinstance(node, ast.Slice):
            return slice(*(ev(n) if n is not None else None for n in (node.lower, node.upper, node.step)))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
            return FUNCTIONS[node.func.id](*(ev(a) for a in node.args))
        raise DeriveError(f"not allowed in a derived field: {ast.dump(node)[:80]}")

    try:
        return ev(ast.parse(expression, mode="eval"))
    except DeriveError:
        raise
    except (SyntaxError, TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
        raise DeriveError(f"{expression!r}: {exc}") from exc


def derive(expressions: Mapping[str, str], fields: Mapping[str, str]) -> dict[str, str]:
    out = dict(fields)
    for name, expression in expressions.items():
        out[name] = str(evaluate(expression, out))
    return out
