"""Agent definition files (``agents/*.md``, the Claude Code agent format) → ``AgentDefinition``.

A file is YAML front matter (``name``, ``description``, ``tools``, ``model``) and a Markdown body, the agent's
system prompt. The same files work in Claude Code (``.claude/agents/``) unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from claude_agent_sdk import AgentDefinition
from claude_agent_sdk.types import McpServerConfig

AGENT_NAMES = ("planner", "dom_analyzer", "executor", "validator")
BROWSER_PREFIX = "mcp__browser__"
DELEGATION_TOOLS = frozenset({"Agent", "Task"})
ITEM = re.compile(r"\s*([-*+]|\d+[.)])\s")  # a line that starts a list item
BLOCK = re.compile(r"\s*(#|```|\|)")  # a heading, a fence or a table row: a line of its own


class AgentFileError(ValueError):
    """An agent file is missing or malformed."""


@dataclass(frozen=True)
class AgentSpec:
    name: str
    description: str
    tools: tuple[str, ...]
    model: str
    prompt: str
    path: Path

    @property
    def browser_tools(self) -> frozenset[str]:
        return frozenset(t for t in self.tools if t.startswith(BROWSER_PREFIX))

    @property
    def delegates(self) -> bool:
        return bool(DELEGATION_TOOLS & set(self.tools))

    def definition(
        self, model: str = "", *, prompt: str = "", mcp_servers: list[str | dict[str, McpServerConfig]] | None = None
    ) -> AgentDefinition:
        """The SDK's definition of this agent: its description, prompt, tools and model (``inherit`` = the
        session's), and the MCP servers its spawns connect to."""
        return AgentDefinition(
            description=self.description, prompt=prompt or self.prompt, tools=list(self.tools),
            model=model or self.model, mcpServers=mcp_servers,
        )


def parse_agent_file(path: Path) -> AgentSpec:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---"):
        raise AgentFileError(f"{path}: no YAML front matter")
    try:
        _, front, body = text.split("---", 2)
        meta = yaml.safe_load(front) or {}
    except (ValueError, yaml.YAMLError) as exc:
        raise AgentFileError(f"{path}: bad front matter: {exc}") from exc
    missing = [key for key in ("name", "description", "tools") if not meta.get(key)]
    if missing:
        raise AgentFileError(f"{path}: front matter lacks {', '.join(missing)}")
    raw_tools = meta["tools"]
    tools = [t.strip() for t in raw_tools.split(",")] if isinstance(raw_tools, str) else [str(t) for t in raw_tools]
    prompt = unwrap(body.strip())
    if not prompt:
        raise AgentFileError(f"{path}: empty prompt")
    return AgentSpec(
        name=str(meta["name"]),
        description=" ".join(str(meta["description"]).split()),
        tools=tuple(t for t in tools if t),
        model=str(meta.get("model") or "inherit"),
        prompt=prompt,
        path=path,
    )


def unwrap(text: str) -> str:
    """The prompt with its soft line breaks joined: a line that continues a text line (neither is blank, a heading,
    a fence or a table row; the line starts no list item) goes on it after one space, its indentation dropped.
    Markdown reads both the same; the file stays wrapped for people, the model gets fewer characters. Text inside
    a fence is kept as it is."""
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        joins = bool(lines) and not fenced and all(x.strip() and not BLOCK.match(x) for x in (lines[-1], line))
        if joins and not ITEM.match(line):
            lines[-1] = f"{lines[-1].rstrip()} {line.strip()}"
            continue
        fenced ^= line.lstrip().startswith("```")
        lines.append(line)
    return "\n".join(lines)


def load_agents(folder: Path, names: tuple[str, ...] = AGENT_NAMES) -> dict[str, AgentSpec]:
    """Every required agent from ``folder``; a missing or malformed file is an error, not a silent default."""
    specs: dict[str, AgentSpec] = {}
    for name in names:
        path = folder / f"{name}.md"
        if not path.is_file():
            raise AgentFileError(f"agent file missing: {path}")
        spec = parse_agent_file(path)
        if spec.name != name:
            raise AgentFileError(f"{path}: name is {spec.name!r}, expected {name!r}")
        specs[name] = spec
    return specs


def discover_agents(folder: Path, names: tuple[str, ...] = AGENT_NAMES) -> dict[str, AgentSpec]:
    """The required agents and every other ``*.md`` in ``folder`` (a user's own agent: drop a file in, no code)."""
    specs = load_agents(folder, names)
    for path in sorted(folder.glob("*.md")):
        if path.stem in specs:
            continue
        spec = parse_agent_file(path)
        if spec.name != path.stem:
            raise AgentFileError(f"{path}: name is {spec.name!r}, expected {path.stem!r}")
        specs[spec.name] = spec
    return specs
