"""The Claude Code plugin's generated files agree with their one source of truth: plugin.json's version is
pyproject's, and plugin/agents/*.md are agents/*.md with the plugin server's tool names (scripts/build_plugin.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
PLUGIN_PREFIX = "mcp__plugin_browser-agent_browser__"


def front(path: Path) -> dict:
    return dict(yaml.safe_load(path.read_text("utf-8").split("---", 2)[1]))


def test_plugin_version_is_the_project_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    plugin = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text("utf-8"))["version"]
    assert plugin == project, "run: uv run python scripts/build_plugin.py"


def test_generated_files_are_up_to_date() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_plugin.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_plugin_agents_carry_the_orchestrators_tool_lists() -> None:
    sources = sorted((ROOT / "agents").glob("*.md"))
    assert {p.name for p in sources} == {p.name for p in (ROOT / "plugin" / "agents").glob("*.md")}
    for source in sources:
        mine, theirs = front(source), front(ROOT / "plugin" / "agents" / source.name)
        # the orchestrator's own report tool is not served in a plugin: its agents end with their closing line
        assert theirs["tools"].split(", ") == [
            t.replace("mcp__browser__", PLUGIN_PREFIX) for t in mine["tools"].split(", ")
            if t != "mcp__orchestrator__report"
        ]
        assert {k: v for k, v in theirs.items() if k != "tools"} == {k: v for k, v in mine.items() if k != "tools"}
        assert (
            source.read_text("utf-8").split("---", 2)[2]
            == (ROOT / "plugin/agents" / source.name).read_text("utf-8").split("---", 2)[2]
        )


def test_marketplace_lists_the_plugin_from_this_repository() -> None:
    market = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text("utf-8"))
    [entry] = market["plugins"]
    assert entry["name"] == "browser-agent" and (ROOT / entry["source"] / ".claude-plugin" / "plugin.json").is_file()
