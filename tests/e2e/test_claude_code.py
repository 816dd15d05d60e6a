"""The real CLI as Claude Code users run it (``claude -p``) against the scripted model server:
with the repo's ``.mcp.json`` a browser tool runs; with ``agents/*.md`` copied into ``.claude/agents/`` the four
subagents work as-is (planner → dom_analyzer → executor → validator).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
import claude_agent_sdk
import pytest

from tests.e2e.conftest import E2E, HAS_DISPLAY, REPO
from tests.e2e.policies import B, Intent, Scenario
from tests.e2e.scripted_model import Block, ModelRequest, ScriptedModel, Text, ToolUse

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150)]

CLAUDE = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"


def claude_env(e2e: E2E) -> dict[str, str]:
    return e2e.process_env(
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        ENABLE_TOOL_SEARCH="false",
        BROWSER_HEADLESS="false" if HAS_DISPLAY else "true",
        BROWSER_USER_DATA_DIR=str(e2e.root / "profile"),
        BROWSER_ARTIFACTS_DIR=str(e2e.root / "artifacts"),
    )


async def claude_p(e2e: E2E, prompt: str, cwd: Path, *args: str) -> dict:
    with anyio.fail_after(120):
        proc = await anyio.run_process(
            [str(CLAUDE), "-p", prompt, "--output-format", "json", *args], env=claude_env(e2e), cwd=cwd, check=False
        )
    assert proc.returncode == 0, proc.stdout.decode()[-2000:] + proc.stderr.decode()[-2000:]
    return dict(json.loads(proc.stdout))


class OpenAndRead:
    """Claude Code's own main agent: navigate, observe, then answer with the page title it observed."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __call__(self, req: ModelRequest) -> list[Block]:
        observed = req.last_result("observe")
        if req.last_result("navigate") is None:
            return [ToolUse(B + "navigate", {"url": self.url})]
        if observed is None:
            return [ToolUse(B + "observe", {})]
        data = (observed.envelope() or {}).get("data") or {}
        return [Text(f"The page title is {data.get('title')!r} with {len(data.get('elements', []))} elements.")]


async def test_claude_p_with_the_repo_mcp_json_runs_a_browser_tool(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(OpenAndRead(url))
    out = await claude_p(
        e2e, f"Open {url} and tell me its title", REPO,
        "--mcp-config", str(REPO / ".mcp.json"), "--strict-mcp-config", "--allowedTools", "mcp__browser",
    )
    assert not model.errors
    assert "Sign up – Orchestrator fixture" in out["result"], out
    navigated = [r for r in model.requests if (r.last_result("navigate") or None)]
    envelope = navigated[-1].last_result("navigate").envelope()  # type: ignore[union-attr]
    assert envelope and envelope["success"] is True


async def test_agents_work_as_is_in_claude_code(e2e: E2E, model: ScriptedModel, pages, tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".claude" / "agents").mkdir(parents=True)
    for agent in (REPO / "agents").glob("*.md"):
        shutil.copy(agent, project / ".claude" / "agents" / agent.name)
    config = {"mcpServers": {"browser": {"type": "stdio", "command": "bash", "args": [str(REPO / "scripts/run.sh")]}}}
    (project / "mcp.json").write_text(json.dumps(config))
    url = pages.url_a("signup.html")
    scenario = Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("name", "type", role="textbox", name="full name", text="Ada Lovelace"),
            Intent("submit", "click", role="button", name="register"),
        ],
        expect="Registered: Ada Lovelace, France",
        horizon=5,
    )
    def policy(req: ModelRequest) -> list[Block]:
        if req.agent == "main":
            return scenario.lead(req)
        return scenario.delegating_planner(req) if req.agent == "planner" else scenario(req)

    model.reset(policy)
    out = await claude_p(
        e2e, f"Use the planner agent to open {url} and register Ada Lovelace", project,
        "--mcp-config", str(project / "mcp.json"), "--strict-mcp-config", "--allowedTools", "Agent,mcp__browser",
    )
    assert not model.errors
    seen = set(model.agents())
    assert {"main", "planner", "dom_analyzer", "executor", "validator"} <= seen, seen
    assert "Task done" in out["result"] and "Registered: Ada Lovelace, France" in out["result"], out
    planner_tools = next(r.tool_names for r in model.requests if r.agent == "planner")
    assert planner_tools == ["Agent"]  # the file's least privilege holds in Claude Code too
    executor_tools = next(r.tool_names for r in model.requests if r.agent == "executor")
    assert B + "click" in executor_tools
    validator_tools = next(r.tool_names for r in model.requests if r.agent == "validator")
    assert not {B + "click", B + "type_text", B + "select_option"} & set(validator_tools)  # may navigate, not act
