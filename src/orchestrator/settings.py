"""Orchestrator settings, read from the environment (prefix ``ORCH_``) and ``.env``.

Browser settings (``BROWSER_*``) belong to the MCP server; the orchestrator passes the few it owns (headful,
profile, artifacts) to the server it starts.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]


def default_agents_dir() -> Path:
    """The agent files shipped in the wheel (``orchestrator/agent_files``), else the repository's ``agents/``
    (the source of truth, copied into the wheel at build time)."""
    shipped = resources.files("orchestrator") / "agent_files"
    if shipped.is_dir():
        return Path(str(shipped))
    return REPO_ROOT / "agents"


class OrchestratorSettings(BaseSettings):
    """Models, budgets, limits and where things go."""

    model_config = SettingsConfigDict(env_prefix="ORCH_", env_file=".env", extra="ignore")

    # --- models (aliases sonnet/haiku/opus or full model ids); empty = the agent file's own model ---
    planner_model: str = Field("", description="Planner subagent (agents/planner.md says sonnet).")
    dom_analyzer_model: str = Field("", description="dom_analyzer subagent (haiku).")
    executor_model: str = Field("", description="executor subagent (sonnet).")
    validator_model: str = Field("", description="validator subagent (haiku).")
    answerer_model: str = Field("haiku", description="The LLM answerer (DeveloperAgent) for unattended runs.")

    # --- budgets ---
    max_turns: int = Field(40, ge=1, le=1000, description="Model turns per agent spawn.")
    max_budget_usd: float | None = Field(5.0, gt=0, description="Stop a task when it has cost this much.")
    wall_clock_s: float = Field(1800, gt=0, description="Stop a task after this many seconds.")
    max_requests: int | None = Field(None, ge=1, description="Stop a task after this many model requests (all agents).")
    stuck_repeats: int = Field(3, ge=2, le=20, description="Same action on an unchanged page this often = stuck.")
    retry_backoff_s: float = Field(0.5, ge=0, le=30, description="First retry delay after a retriable failure.")
    retry_backoff_max_s: float = Field(4.0, ge=0, le=120, description="Longest retry delay.")

    # --- humans ---
    question_timeout_s: int = Field(60, ge=1, le=300, description="How long a question waits for an answer.")
    confirm_timeout_s: int = Field(120, ge=1, le=3600, description="How long a destructive action waits for yes.")
    handoff_timeout_s: int = Field(600, ge=1, le=3600, description="How long a hand-off to the human may take.")
    answerer: Literal["auto", "terminal", "file", "llm", "none"] = Field(
        "auto", description="Who answers questions: auto = terminal when interactive, else file/llm/none."
    )
    answers_file: Path | None = Field(None, description="Scripted answers (YAML/JSON) for unattended runs.")
    max_answer_retries: int = Field(1, ge=0, le=5, description="LLM answerer retries on an unusable answer.")
    context_window_size: int = Field(10, ge=1, le=100, description="Recent messages given to the answerer.")

    # --- browser server ---
    headful: bool = Field(True, description="Show the browser window (needs a display).")
    profile_dir: Path | None = Field(None, description="Browser profile; default: the server's own default.")
    browser_env: dict[str, str] = Field(
        default_factory=dict, description="BROWSER_* settings for this worker's server only (e.g. its own CDP URL)."
    )
    secrets: str = Field(
        "", description="Comma-separated names of the secrets the agents may type by name (BROWSER_SECRET_<NAME> or "
        "the browser's secrets file); none by default. --secret NAME adds one.",
    )
    mcp_command: list[str] = Field(
        default_factory=lambda: [sys.executable, "-m", "mcp_server"], description="Command of the browser server."
    )

    # --- where ---
    run_dir: Path = Field(Path("runs"), description="Each run writes a folder here.")
    agents_dir: Path = Field(default_factory=default_agents_dir, description="Agent definition files.")
    cli_path: Path | None = Field(None, description="Claude Code CLI; default: the one bundled with the SDK.")
    log_level: str = Field("WARNING", description="Orchestrator log level (stderr).")

    @property
    def secret_names(self) -> list[str]:
        return sorted({n.strip().lower() for n in self.secrets.split(",") if n.strip()})

    def model_for(self, agent: str) -> str:
        return str(getattr(self, f"{agent}_model", "") or "")


def secrets_with(names: list[str]) -> str:
    """``ORCH_SECRETS`` with the names a command line adds (``--secret NAME``), as the ``secrets`` setting."""
    return ",".join([os.environ.get("ORCH_SECRETS", ""), *names]).strip(",")
