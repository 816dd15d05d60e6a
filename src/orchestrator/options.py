"""``ClaudeAgentOptions`` for a browser-agent session: the lead, the four subagents from ``agents/*.md``, the
``browser`` MCP server over stdio, permissions, hooks and budgets.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from claude_agent_sdk import AgentDefinition, ClaudeAgentOptions
from claude_agent_sdk.types import CanUseTool, HookEvent, HookMatcher, McpStdioServerConfig

from orchestrator.agents import BROWSER_PREFIX, AgentSpec
from orchestrator.prompts import LEAD_PROMPT
from orchestrator.settings import OrchestratorSettings

# Claude Code's own general agents: the session only offers ours.
BUILTIN_AGENTS = ("claude", "general-purpose", "Explore", "Plan", "statusline-setup", "output-style-setup")
# What the CLI needs to behave predictably for an orchestrator: MCP tools listed directly (the subagents' tool
# lists are explicit), no telemetry side traffic, and no context from the folder it runs in (git status,
# CLAUDE.md files, auto memory): every prompt is ours alone.
CLI_ENV = {
    "ENABLE_TOOL_SEARCH": "false",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS": "1",
    "CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1",
    "CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1",
}
# The main thread runs as this agent (the CLI's `--agent`): its AgentDefinition's tool list is what the lead's
# requests carry, so the session's browser server serves the subagents without the lead seeing its schemas.
LEAD_AGENT = "lead"
LEAD_TOOLS = ["Agent", "AskUserQuestion"]
LEAD_DESCRIPTION = "The session's lead: delegates browser tasks to the planner and talks to the human."
SERVER_PASS_ENV = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "PYTHONPATH", "VIRTUAL_ENV")
CONFIRM_TOOL = BROWSER_PREFIX + "confirm_action"


class DisplayMissingError(RuntimeError):
    """Headful was asked for on a machine without a display."""


def browser_server(
    settings: OrchestratorSettings, artifacts_dir: Path, screenshots_dir: Path | None = None
) -> McpStdioServerConfig:
    env = {k: v for k, v in os.environ.items() if k in SERVER_PASS_ENV or k.startswith("BROWSER_")}
    env["PYTHONUNBUFFERED"] = "1"
    env["BROWSER_ARTIFACTS_DIR"] = str(artifacts_dir)
    if screenshots_dir is not None:  # the server photographs failures and each horizon's page into the run record
        env["BROWSER_RECORD_SCREENSHOTS_DIR"] = str(screenshots_dir)
    env["BROWSER_ELICIT_CONFIRMATIONS"] = "false"  # our PreToolUse gate asks the human; never ask twice
    if settings.headful:
        display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        if sys.platform.startswith("linux") and not display:
            raise DisplayMissingError(
                "a visible browser needs a display: run under a desktop session or `xvfb-run -a`, "
                "or set ORCH_HEADFUL=false"
            )
        for key in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_RUNTIME_DIR"):
            if os.environ.get(key):
                env[key] = os.environ[key]
        env["BROWSER_HEADLESS"] = "false"
    else:
        env["BROWSER_HEADLESS"] = "true"
    if settings.profile_dir is not None:
        env["BROWSER_USER_DATA_DIR"] = str(settings.profile_dir)
    env.update({k: v for k, v in settings.browser_env.items() if k.startswith("BROWSER_")})
    command, *args = settings.mcp_command
    return {"type": "stdio", "command": command, "args": args, "env": env}


def allowed_browser_tools(specs: dict[str, AgentSpec]) -> list[str]:
    """Every browser tool some agent lists, except ``confirm_action`` (its PreToolUse gate decides)."""
    tools = {t for spec in specs.values() for t in spec.browser_tools}
    return sorted(tools - {CONFIRM_TOOL})


def lead_definition(model: str) -> AgentDefinition:
    return AgentDefinition(description=LEAD_DESCRIPTION, prompt=LEAD_PROMPT, tools=list(LEAD_TOOLS),
                           model=model or None)


def build_options(
    settings: OrchestratorSettings,
    specs: dict[str, AgentSpec],
    *,
    artifacts_dir: Path,
    screenshots_dir: Path | None = None,
    workdir: Path | None = None,
    hooks: dict[HookEvent, list[HookMatcher]],
    can_use_tool: CanUseTool,
    resume: str | None = None,
    max_turns: int | None = None,
    max_budget_usd: float | None = None,
    model: str | None = None,
    extra_env: dict[str, str] | None = None,
    stderr: Any = None,
) -> ClaudeAgentOptions:
    lead_model = model or settings.lead_model or ""
    agents = {name: spec.definition(settings.model_for(name)) for name, spec in specs.items()}
    agents[LEAD_AGENT] = lead_definition(lead_model)
    return ClaudeAgentOptions(
        system_prompt=LEAD_PROMPT,
        model=lead_model or None,
        agents=agents,
        mcp_servers={"browser": browser_server(settings, artifacts_dir, screenshots_dir)},
        strict_mcp_config=True,
        tools=["Agent", "AskUserQuestion"],
        allowed_tools=["Agent", "Task", *allowed_browser_tools(specs)],
        disallowed_tools=[f"Agent({name})" for name in (*BUILTIN_AGENTS, LEAD_AGENT)],
        extra_args={"agent": LEAD_AGENT},
        can_use_tool=can_use_tool,
        hooks=hooks,
        max_turns=max_turns,
        max_budget_usd=max_budget_usd,
        resume=resume,
        setting_sources=[],
        forward_subagent_text=True,
        cwd=str((workdir or artifacts_dir.parent).resolve()),
        env={**CLI_ENV, **(extra_env or {})},
        cli_path=settings.cli_path,
        stderr=stderr,
    )
