"""Every error code the server can emit is in specs/tool-contract.yaml (issue 21: a probe saw `no_page_open`,
which the contract did not list). Walks every ToolFailure subclass of the product and every literal `code=`
that the result builders pass, so a new raise site with a new code fails here until the contract lists it."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import yaml

import browser_core
import mcp_server
from browser_core.errors import ToolFailure

REPO = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text(encoding="utf-8"))
_CODE_ARG = re.compile(r"""\bcode\s*=\s*["']([a-z_]+)["']""")


def _import_all(package: object) -> None:
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):  # type: ignore[attr-defined]
        importlib.import_module(info.name)


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_every_failure_class_code_is_in_the_contract() -> None:
    _import_all(browser_core)
    _import_all(mcp_server)
    codes = {ToolFailure.code} | {cls.code for cls in _subclasses(ToolFailure)}
    assert "no_page_open" in codes
    missing = sorted(codes - set(CONTRACT["error_codes"]))
    assert not missing, f"codes the server can emit but the contract does not list: {missing}"


def test_every_literal_code_passed_at_a_raise_or_result_site_is_in_the_contract() -> None:
    sources = [*(REPO / "src" / "browser_core").rglob("*.py"), *(REPO / "mcp_server").rglob("*.py")]
    literal = {code for path in sources for code in _CODE_ARG.findall(path.read_text(encoding="utf-8"))}
    assert {"internal", "configuration"} <= literal
    missing = sorted(literal - set(CONTRACT["error_codes"]))
    assert not missing, f"literal codes not in the contract: {missing}"
