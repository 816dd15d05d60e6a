"""The session's ``ClaudeAgentOptions`` (the planner from ``agents/planner.md`` as main agent) and the
``AgentDefinition`` of every other agent file (its own system prompt, model and browser endpoint); and the
``browser`` MCP server's stdio command, which the orchestrator itself starts once per session (``browser_link``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from claude_agent_sdk import AgentDefinition, ClaudeAgentOptions
from claude_agent_sdk.types import CanUseTool, HookEvent, HookMatcher, McpServerConfig, McpStdioServerConfig

from orchestrator.agents import BROWSER_PREFIX, AgentSpec
from orchestrator.memory.report_tool import REPORT_SERVER, REPORT_TOOL
from orchestrator.session.cli_text import SDK_SESSION_ENV
from orchestrator.settings import OrchestratorSettings

# What the CLI needs to behave predictably for an orchestrator: MCP tools listed directly (each agent's list is
# explicit), no telemetry side traffic, and no context from the folder it runs in (git status, CLAUDE.md files,
# auto memory): every prompt is ours alone.
CLI_ENV = {
    "ENABLE_TOOL_SEARCH": "false",
    "CLAUDE_CODE_TOTAL_TOKENS_REMINDER": "off",  # no "<total_tokens>… tokens left" notes (the CLI adds them for haiku)
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS": "1",
    "CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1",
    "CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1",
}
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
        env["BROWSER_FLOW_LOG"] = str(screenshots_dir.parent / "flow_steps.jsonl")  # `flows save RUN NAME` reads it
        env["BROWSER_TRACE_DIR"] = str(screenshots_dir.parent)  # with BROWSER_TRACE=true: <run>/trace.zip
    env["BROWSER_SECRETS_ALLOWED"] = ",".join(settings.secret_names)  # only the names the user allowed
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


def planner_options(
    settings: OrchestratorSettings,
    specs: dict[str, AgentSpec],
    *,
    agents: dict[str, AgentDefinition],
    workdir: Path,
    hooks: dict[HookEvent, list[HookMatcher]],
    can_use_tool: CanUseTool,
    max_turns: int | None = None,
    model: str | None = None,
    resume: str | None = None,
    extra_env: dict[str, str] | None = None,
    stderr: Any = None,
) -> ClaudeAgentOptions:
    """The session's one ``ClaudeSDKClient``: the planner (``agents/planner.md``) is the main agent, its only tool
    the Agent tool; every other agent file is an ``AgentDefinition`` it delegates to. No MCP server belongs to the
    session itself (each definition names its own endpoint), so the planner's requests carry no browser schema."""
    spec = specs["planner"]
    return ClaudeAgentOptions(
        system_prompt=spec.prompt,
        model=model or settings.model_for("planner") or (spec.model if spec.model != "inherit" else None),
        agents=agents,
        mcp_servers={},
        strict_mcp_config=True,
        tools=["Agent"],
        allowed_tools=sorted({t for s in specs.values() for t in s.browser_tools if t != CONFIRM_TOOL}
                             | {REPORT_TOOL for s in specs.values() if REPORT_TOOL in s.tools}),
        can_use_tool=can_use_tool,
        hooks=hooks,
        max_turns=max_turns,
        resume=resume,
        forward_subagent_text=True,  # every subagent reply reaches the stream: counted, budgeted, in the transcript
        setting_sources=[],
        cwd=str(workdir.resolve()),
        env={**CLI_ENV, **SDK_SESSION_ENV, **effort_pin(), **(extra_env or {})},
        cli_path=settings.cli_path,
        stderr=stderr,
    )


def effort_pin() -> dict[str, str]:
    """The reasoning effort the CLI would use anyway (medium, as every request body shows) or the user's own
    ``CLAUDE_CODE_EFFORT_LEVEL``, set explicitly: the Agent tool then has no ``effort`` parameter (~360 characters
    of its schema on every planner request) and every request still carries the same effort."""
    return {"CLAUDE_CODE_EFFORT_LEVEL": os.environ.get("CLAUDE_CODE_EFFORT_LEVEL") or "medium"}


def agent_definitions(
    specs: dict[str, AgentSpec], servers: dict[str, McpServerConfig], shared: dict[str, str],
    models: dict[str, str], reports: dict[str, McpServerConfig] | None = None,
) -> dict[str, AgentDefinition]:
    """Every agent but the planner, as the SDK defines subagents: its file's prompt (plus the line describing the
    parameters its tools share), model, its own browser endpoint (``servers``), which lists its tools, and the
    endpoint of its ``report`` tool (``reports``) when its file lists that tool."""
    out: dict[str, AgentDefinition] = {}
    for name, spec in specs.items():
        if name == "planner":
            continue
        prompt = f"{spec.prompt}\n\n{shared[name]}" if shared.get(name) else spec.prompt
        mcp: list[str | dict[str, McpServerConfig]] | None = [{"browser": servers[name]}] if name in servers else None
        report = (reports or {}).get(name) if REPORT_TOOL in spec.tools else None
        if mcp is not None and report is not None:
            mcp.append({REPORT_SERVER: report})
        definition = spec.definition(models.get(name, ""), prompt=prompt, mcp_servers=mcp)
        if mcp and set(spec.tools) == spec.browser_tools | ({REPORT_TOOL} if report is not None else set()):
            # Its endpoint lists exactly its tools, so the definition names none: the planner's list of agent
            # types then says "All tools except Agent" instead of every tool name, on every planner request.
            # Agent must be named (the CLI would hand a subagent the Agent tool too); the hooks still deny any
            # call outside the agent file's tools.
            definition.tools, definition.disallowedTools = None, ["Agent"]
        out[name] = definition
    return out
