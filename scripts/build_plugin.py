"""Builds the Claude Code plugin's generated files from their one source of truth, or checks them (``--check``).

- ``.claude-plugin/plugin.json``: its ``version`` is pyproject's ``[project] version``.
- ``plugin/agents/<name>.md``: each ``agents/<name>.md`` with its browser tools named as Claude Code names a
  plugin's server (``mcp__plugin_browser-agent_browser__<tool>``) and without the orchestrator's ``report`` tool
  (only the orchestrator serves it: a plugin agent ends with its closing line, as its prompt says); the prompt and
  every other field unchanged.

    uv run python scripts/build_plugin.py          # write them
    uv run python scripts/build_plugin.py --check  # exit 1 and name the files that differ (tests/unit runs it)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_NAME = "browser-agent"
SERVER_NAME = "browser"
ORCHESTRATOR_PREFIX = f"mcp__{SERVER_NAME}__"
PLUGIN_PREFIX = f"mcp__plugin_{PLUGIN_NAME}_{SERVER_NAME}__"
MANIFEST = ROOT / ".claude-plugin" / "plugin.json"
AGENTS_OUT = ROOT / "plugin" / "agents"
GENERATED = "# generated from agents/{name} by scripts/build_plugin.py: edit that file, then run the script"
TOOLS_LINE = re.compile(r"^tools:.*$", re.MULTILINE)
REPORT_TOOL = re.compile(r",\s*mcp__orchestrator__report\b")


def project_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"])


def plugin_agent(source: Path) -> str:
    text = source.read_text("utf-8")
    _, front, body = text.split("---", 2)
    front = TOOLS_LINE.sub(lambda m: REPORT_TOOL.sub("", m.group(0)).replace(ORCHESTRATOR_PREFIX, PLUGIN_PREFIX),
                           front, count=1)
    return f"---\n{GENERATED.format(name=source.name)}{front}---{body}"


def manifest() -> str:
    data = json.loads(MANIFEST.read_text("utf-8"))
    data["version"] = project_version()
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def expected() -> dict[Path, str]:
    files = {MANIFEST: manifest()}
    for source in sorted((ROOT / "agents").glob("*.md")):
        files[AGENTS_OUT / source.name] = plugin_agent(source)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when a file differs")
    args = parser.parse_args(argv)
    files = expected()
    stale = sorted(p for p, text in files.items() if not p.is_file() or p.read_text("utf-8") != text)
    extra = sorted(set(AGENTS_OUT.glob("*.md")) - set(files))
    if args.check:
        for path in [*stale, *extra]:
            print(f"out of date: {path.relative_to(ROOT)} (run: uv run python scripts/build_plugin.py)")
        return 1 if stale or extra else 0
    AGENTS_OUT.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.write_text(files[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path in extra:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
