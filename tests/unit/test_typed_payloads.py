"""Payloads are typed: ``dict[str, Any]`` stays on at most 40 lines of product code (src/ without the eval harness,
and mcp_server/), each one a boundary (JSON-RPC arguments, a page's evaluate result, JSON Schema, a JSON file before
its model validates it) that says so in a comment on its line or the line above. An alias of ``dict[str, Any]``
counts with every line that uses it. Records, flow steps, events and results have their own models or TypedDicts."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 40
UNTYPED = re.compile(r"\bdict\[\s*str\s*,\s*(?:typing\.)?Any\s*\]|\bDict\[\s*str\s*,\s*(?:typing\.)?Any\s*\]")
ALIAS = re.compile(r"^\s*(\w+)\s*(?::\s*TypeAlias\s*)?=\s*(?:dict|Dict)\[\s*str\s*,\s*(?:typing\.)?Any\s*\]", re.M)


def product_files() -> list[Path]:
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "mcp_server").rglob("*.py")]
    return sorted(f for f in files if "browser_agent_evals" not in f.parts and "__pycache__" not in f.parts)


def untyped_lines() -> list[tuple[str, int, str, str]]:
    """(file, line number, the line, the line above) for each line naming dict[str, Any] or an alias of it."""
    sources = {f: f.read_text(encoding="utf-8") for f in product_files()}
    aliases = {name for text in sources.values() for name in ALIAS.findall(text)}
    alias_use = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(aliases))) + r")\b") if aliases else None
    found = []
    for path, text in sources.items():
        lines = text.splitlines()
        for n, line in enumerate(lines):
            code = line.split("#", 1)[0]
            if UNTYPED.search(code) or (alias_use is not None and alias_use.search(code)):
                found.append((str(path.relative_to(ROOT)), n + 1, line, lines[n - 1] if n else ""))
    return found


def test_dict_str_any_stays_rare() -> None:
    found = untyped_lines()
    listing = "\n".join(f"{f}:{n}: {line.strip()}" for f, n, line, _ in found)
    assert len(found) <= LIMIT, (
        f"dict[str, Any] (or an alias of it) on {len(found)} product lines, more than {LIMIT}: give the payload a "
        f"model, a TypedDict or Mapping[str, object]\n{listing}"
    )


def test_each_one_says_it_is_a_boundary() -> None:
    unmarked = [f"{f}:{n}: {line.strip()}" for f, n, line, above in untyped_lines()
                if "boundary" not in line and "boundary" not in above]
    assert not unmarked, "dict[str, Any] outside a boundary (say which in a '# boundary: …' comment):\n" + "\n".join(
        unmarked)


def test_the_counter_sees_an_alias() -> None:
    assert ALIAS.findall("Payload = dict[str, Any]\nOther: TypeAlias = dict[str, Any]\n") == ["Payload", "Other"]
    assert UNTYPED.search("def f(x: dict[str, Any]) -> None:") and not UNTYPED.search("x: dict[str, object]")
