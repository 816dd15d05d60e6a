"""Architecture rules the linters cannot state: no private name imported across modules, small product modules.

(The layer order and the package boundaries are import-linter contracts in pyproject.toml.)"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PRODUCT = [REPO / "src" / "browser_core", REPO / "src" / "orchestrator", REPO / "mcp_server"]
CODE = [*PRODUCT, REPO / "src" / "browser_agent_evals"]
MAX_LINES = 400


def _modules(roots: list[Path]) -> list[Path]:
    return sorted(p for root in roots for p in root.rglob("*.py"))


def test_no_private_name_is_imported_from_another_module() -> None:
    found = []
    for path in _modules(CODE):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if private:
                    found.append(f"{path.relative_to(REPO)}:{node.lineno} imports {private} from {node.module}")
    assert not found, "make the name public (and name it for what it does), or move it:\n" + "\n".join(found)


def test_no_product_module_is_over_400_lines() -> None:
    long = {str(p.relative_to(REPO)): n for p in _modules(PRODUCT)
            if (n := len(p.read_text("utf-8").splitlines())) > MAX_LINES}
    assert not long, f"split these by concern: {long}"
