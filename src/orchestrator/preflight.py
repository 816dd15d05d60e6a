"""What is checked before a run starts, so an expected failure is one clear line instead of a traceback (or 30
horizons of a model talking to a browser server that never started): the folders, the browser server's command,
the Claude credentials. Also the words for the model API's own failures.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from orchestrator.settings import OrchestratorSettings

LOG_NAME = "browser-agent.log"
CREDENTIAL_ENV = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
PROVIDER_ENV = ("CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY")
NO_CREDENTIALS = (
    "no Claude credentials: set ANTHROPIC_API_KEY (export ANTHROPIC_API_KEY=sk-ant-…, or put it in .env), "
    "or log in to Claude Code once (`claude`, then /login)"
)


class StartError(RuntimeError):
    """Something the user must fix before a run can start; the message says what and how."""


def writable_folder(folder: Path, setting: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise StartError(
            f"{setting}={folder} is not a writable folder ({exc.strerror or exc}): choose another one"
        ) from None


def credentials_problem(env: Mapping[str, str] | None = None) -> str | None:
    """Why the Claude Code CLI will refuse to talk to the model, or ``None`` when credentials are there."""
    env = os.environ if env is None else env
    if any(env.get(k) for k in CREDENTIAL_ENV + PROVIDER_ENV):
        return None
    config = Path(env.get("CLAUDE_CONFIG_DIR") or Path(env.get("HOME") or Path.home()) / ".claude")
    if (config / ".credentials.json").is_file() or sys.platform == "darwin":  # macOS keeps logins in the keychain
        return None
    return NO_CREDENTIALS


def mcp_command_problem(command: list[str]) -> str | None:
    if not command or not command[0]:
        return 'ORCH_MCP_COMMAND is empty (accepted: a JSON list, e.g. ["browser-agent-mcp"])'
    program = command[0]
    found = shutil.which(program) if os.sep not in program else (program if os.access(program, os.X_OK) else None)
    if found is None:
        return (
            f"the browser server command cannot be started: {program!r} is not an executable file or on PATH "
            f"(ORCH_MCP_COMMAND={command}); install the package (browser-agent-mcp) or fix ORCH_MCP_COMMAND"
        )
    return None


def preflight(settings: OrchestratorSettings) -> Path:
    """Every check that needs no model and no browser; the run's log file (in the run folder) on success."""
    writable_folder(settings.run_dir, "ORCH_RUN_DIR (--run-dir)")
    if settings.profile_dir is not None:
        writable_folder(settings.profile_dir, "ORCH_PROFILE_DIR (--profile-dir)")
    for problem in (mcp_command_problem(settings.mcp_command), credentials_problem()):
        if problem:
            raise StartError(problem)
    return settings.run_dir / LOG_NAME


def explain_model_error(text: str) -> str:
    """The Claude Code CLI's words for a model API failure, said with what to do about it."""
    lowered = text.lower()
    if "not logged in" in lowered or "/login" in lowered or "invalid api key" in lowered:
        return f"{text.strip()} — {NO_CREDENTIALS}"
    if any(w in lowered for w in ("connection refused", "econnrefused", "enotfound", "connection error",
                                  "etimedout", "network")):
        base = os.environ.get("ANTHROPIC_BASE_URL", "https://api.anthropic.com")
        return f"cannot reach the model API at {base}: check the network (or ANTHROPIC_BASE_URL). {text.strip()}"
    return text
