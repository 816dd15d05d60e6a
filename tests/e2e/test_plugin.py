"""The Claude Code plugin on the real bundled CLI against the scripted model: both manifests validate; the
marketplace is added from a checkout and the plugin installed into a temporary CLAUDE_CONFIG_DIR; a session's first
request carries the browser tools under the plugin server's names, the four agents and the skills; a task through
the ``browse`` skill clicks a button on a local page and its held delete is asked once, in the permission prompt.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import claude_agent_sdk
import pytest
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, PermissionResultAllow, ResultMessage

from browser_agent_evals.scripted.protocol import delegate, tagged
from tests.e2e.conftest import HAS_DISPLAY, REPO
from tests.e2e.policies import B, Intent, Scenario
from tests.e2e.scripted_model import Block, ModelRequest, Policy, ScriptedModel, Text, ToolUse

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.timeout(300),
    # the plugin's tools are allowed wholesale on purpose: only the hook's "ask" may reach can_use_tool
    pytest.mark.filterwarnings("ignore::claude_agent_sdk.types.CanUseToolShadowedWarning"),
]

CLAUDE = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
PLUGIN = "browser-agent"
PLUGIN_ID = f"{PLUGIN}@{PLUGIN}"
P = f"mcp__plugin_{PLUGIN}_browser__"  # how Claude Code names a plugin's server's tools
AGENTS = ("planner", "executor", "validator", "dom_analyzer")
SKILLS = ("browse", "replay", "report", "audit")


@dataclass
class Installed:
    checkout: Path
    root: Path
    env: dict[str, str]

    def claude(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(CLAUDE), *args],
            env=self.env,
            cwd=self.root / "project",
            text=True,
            capture_output=True,
            timeout=timeout,
            check=False,
        )


def checkout_copy(dest: Path) -> Path:
    """What a clone of this branch holds: the files git tracks or would track (no .venv, no caches)."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, model: ScriptedModel) -> Iterator[Installed]:
    root = tmp_path_factory.mktemp("plugin")
    for sub in ("home", "claude", "tmp", "project"):
        (root / sub).mkdir()
    checkout = checkout_copy(root / "checkout")
    base = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE", "BROWSER_"))}
    env = base | {
        "ANTHROPIC_BASE_URL": model.base_url,
        "ANTHROPIC_API_KEY": "test-key-not-a-secret",
        "CLAUDE_CODE_MAX_RETRIES": "2",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "ENABLE_TOOL_SEARCH": "false",
        "HOME": str(root / "home"),
        "CLAUDE_CONFIG_DIR": str(root / "claude"),
        "CLAUDE_CODE_TMPDIR": str(root / "tmp"),
        "MCP_TIMEOUT": "120000",  # the first start installs the project's venv (uv sync) in the plugin's folder
        "BROWSER_HEADLESS": "false" if HAS_DISPLAY else "true",
        "BROWSER_USER_DATA_DIR": str(root / "profile"),
        "BROWSER_ARTIFACTS_DIR": str(root / "artifacts"),
    }
    uv = shutil.which("uv")
    if uv:  # the user's uv cache: the first start's `uv sync` links from it instead of downloading everything
        cache = subprocess.run([uv, "cache", "dir"], capture_output=True, text=True, check=True).stdout.strip()
        env["UV_CACHE_DIR"] = os.environ.get("UV_CACHE_DIR", cache)
    done = Installed(checkout, root, env)
    added = done.claude("plugin", "marketplace", "add", str(checkout))
    assert added.returncode == 0, added.stdout + added.stderr
    install = done.claude("plugin", "install", PLUGIN_ID)
    assert install.returncode == 0, install.stdout + install.stderr
    yield done


def test_both_manifests_validate() -> None:
    for target in (REPO, REPO / ".claude-plugin" / "plugin.json"):
        out = subprocess.run(
            [str(CLAUDE), "plugin", "validate", str(target)], capture_output=True, text=True, timeout=60, check=False
        )
        assert out.returncode == 0, out.stdout + out.stderr
        assert "Validation passed" in out.stdout
    listed = subprocess.run(
        [str(CLAUDE), "plugin", "validate", str(REPO)], capture_output=True, text=True, timeout=60, check=False
    ).stdout
    for agent in AGENTS:
        assert f"agents: {PLUGIN}:{agent}" in listed
    for skill in SKILLS:
        assert f"skills: {PLUGIN}:{skill}" in listed
    assert f"PreToolUse {P}confirm_action" in listed


def test_installed_plugin_lists_its_parts_and_token_cost(installed: Installed) -> None:
    listed = installed.claude("plugin", "list")
    assert PLUGIN_ID in listed.stdout and "enabled" in listed.stdout, listed.stdout
    details = installed.claude("plugin", "details", PLUGIN_ID)
    assert details.returncode == 0, details.stdout + details.stderr
    assert "Projected token cost" in details.stdout and re.search(r"Always-on:\s+~\d+ tok", details.stdout)
    print(details.stdout)  # the closing note's figure (pytest -s)


async def server_connected(client: ClaudeSDKClient, name: str, bound_s: float = 150) -> None:
    """Claude Code connects MCP servers in the background (the first request may go before); the test waits for
    this one, bounded, so the first request carries its tools."""
    with anyio.fail_after(bound_s):
        while True:
            servers = {s["name"]: s for s in (await client.get_mcp_status())["mcpServers"]}
            status = servers.get(name, {}).get("status")
            if status == "connected":
                return
            assert status in ("pending", None), servers.get(name)
            await anyio.sleep(0.5)


def test_first_use_installs_what_is_missing_on_stderr(installed: Installed) -> None:
    """The plugin's server command in a fresh checkout: the set-up says what it does on stderr, stdout stays empty
    (protocol only), then the server is ready."""
    run = subprocess.run(
        ["bash", str(installed.checkout / "scripts/run.sh")],
        input="",
        capture_output=True,
        text=True,
        env=installed.env,
        cwd=installed.root / "project",
        timeout=240,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout == ""
    assert "[install] project: uv sync --frozen" in run.stderr and "[install] done" in run.stderr
    assert 'MCP server "browser" ready' in run.stderr
    assert (installed.checkout / ".venv" / "bin" / "python").exists()


class PluginNames:
    """The e2e scenario speaks the orchestrator's names (``mcp__browser__click``, ``executor``); inside Claude Code
    the plugin's are ``mcp__plugin_browser-agent_browser__click`` and ``browser-agent:executor``."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, req: ModelRequest) -> list[Block]:
        body = json.loads(json.dumps(req.body).replace(P, B).replace(f"{PLUGIN}:", ""))
        blocks = self.policy(ModelRequest(body, req.headers, req.agent, req.chars))
        for block in blocks:
            if isinstance(block, ToolUse):
                block.name = block.name.replace(B, P)
                if block.name == "Agent":
                    block.input = {**block.input, "subagent_type": f"{PLUGIN}:{block.input['subagent_type']}"}
        return blocks


class BrowseSkill:
    """Claude Code's main agent: invokes the plugin's ``browse`` skill with the task, then does what it says:
    delegates the task to the planner until its REPORT is no longer ``continue``."""

    def __init__(self, task: str, scenario: Scenario) -> None:
        self.task, self.scenario = task, scenario

    def __call__(self, req: ModelRequest) -> list[Block]:
        if req.agent == "planner":  # the planner as a Claude Code subagent delegates with the Agent tool itself
            return self.scenario.delegating_planner(req)
        if req.agent != "main":
            return self.scenario(req)
        if req.last_result("Skill") is None:
            return [ToolUse("Skill", {"skill": f"{PLUGIN}:browse", "args": self.task})]
        reports = [r for r in req.results() if r.name == "Agent"]
        report = tagged(reports[-1].text, "REPORT") if reports else {"status": "continue"}
        if report is None or report.get("status") == "continue":
            return [delegate("planner", "run the task", f"Task: {self.task}")]
        return [Text(f"Task {report.get('status')}: {report.get('summary', '')}")]


async def test_browse_skill_clicks_and_asks_the_held_delete_once(
    installed: Installed, model: ScriptedModel, pages
) -> None:
    url = pages.url_a("inbox.html")
    task = f"Open {url} and delete the newsletter"
    scenario = Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("delete", "click", role="button", name="delete newsletter", confirm_twice=True),
        ],
        expect="2 messages (deleted 1)",
    )
    model.reset(PluginNames(BrowseSkill(task, scenario)))
    asked: list[tuple[str, dict[str, Any]]] = []

    async def permission(name: str, tool_input: dict[str, Any], ctx: Any) -> PermissionResultAllow:
        asked.append((name, tool_input))
        return PermissionResultAllow()

    options = ClaudeAgentOptions(
        cli_path=str(CLAUDE),
        env=installed.env,
        cwd=str(installed.root / "project"),
        setting_sources=["user"],
        allowed_tools=["Skill", "Agent", f"mcp__plugin_{PLUGIN}_browser"],
        can_use_tool=permission,
    )
    result: ResultMessage | None = None
    async with ClaudeSDKClient(options) as client:
        await server_connected(client, f"plugin:{PLUGIN}:browser")
        await client.query(task)
        async for message in client.receive_response():
            if isinstance(message, ResultMessage):
                result = message
    assert not model.errors, model.errors
    first = model.requests[0]
    tools = set(first.tool_names)
    assert {P + "navigate", P + "click", P + "observe", P + "confirm_action"} <= tools, sorted(tools)
    assert "Agent" in tools
    listing = next(t for t in first.all_text() if "Available agent types for the Agent tool" in t)
    for agent in AGENTS:  # the Agent tool's list of agent types (a system reminder in the first request)
        assert f"- {PLUGIN}:{agent}:" in listing, listing
    body = json.dumps(first.body)
    for skill in SKILLS:
        assert f"- {PLUGIN}:{skill}:" in body
    browser_tools = [t for t in first.body["tools"] if t["name"].startswith(P)]
    agent_lines = [line for line in listing.splitlines() if line.startswith(f"- {PLUGIN}:")]
    print(  # the closing note's figures (pytest -s): what the plugin puts in a session's first request
        f"first request: {len(browser_tools)} browser tools, {len(json.dumps(browser_tools, separators=(',', ':')))}"
        f" chars ({len(P) - len('mcp__browser__')} more per name than a bare `claude mcp add browser`);"
        f" agent listing {sum(map(len, agent_lines))} chars"
    )
    seen = {r.agent for r in model.requests}
    assert {"main", "planner", "dom_analyzer", "executor", "validator"} <= seen, seen
    executor_tools = next(r.tool_names for r in model.requests if r.agent == "executor")
    assert P + "click" in executor_tools and P + "get_page_text" not in executor_tools
    confirms = [(n, i) for n, i in asked if n == P + "confirm_action"]
    assert len(confirms) == 1, asked  # asked once; the second confirm of the same id is denied by the hook
    assert result is not None and "Task done" in (result.result or ""), result
    page_text = [r for r in model.requests if r.agent == "validator" and r.last_result("get_page_text")]
    assert page_text and "2 messages (deleted 1)" in page_text[-1].last_result("get_page_text").text  # type: ignore[union-attr]
