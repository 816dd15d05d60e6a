"""``RunConfig``: what a worker was asked to be, fixed for its whole life (settings, limits, model, title, the
session to resume, the CLI's extra environment). Options of an agent's CLI are built from it; the run record keeps
``describe`` (never the environment: it may hold secrets).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from claude_agent_sdk.types import PermissionMode

from orchestrator.agents import AgentSpec
from orchestrator.settings import OrchestratorSettings


@dataclass(frozen=True)
class RunConfig:
    settings: OrchestratorSettings
    title: str = ""
    permission_mode: PermissionMode = "default"
    max_turns: int | None = None  # per agent spawn; None = the settings' own
    max_budget_usd: float | None = None  # per task; None = the settings' own
    model: str | None = None  # the planner's model; None = the settings' or the agent file's
    resume: str | None = None  # the session id to continue
    env: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        settings = self.settings
        if self.max_turns is None:
            object.__setattr__(self, "max_turns", settings.max_turns)
        if self.max_budget_usd is None:
            object.__setattr__(self, "max_budget_usd", settings.max_budget_usd)
        object.__setattr__(self, "env", MappingProxyType(dict(self.env)))

    @property
    def record_title(self) -> str:
        return self.title or "session"

    def model_for(self, agent: str) -> str | None:
        """The model this worker asks for ``agent`` (only the planner's can be set per worker)."""
        return self.model if agent == "planner" else None

    def describe(self, specs: Mapping[str, AgentSpec]) -> dict[str, object]:
        """The options worth keeping in the run record (no environment: it may hold secrets)."""
        settings = self.settings
        return {
            "lead": "planner (SDK session, Agent tool)",
            "agents": {name: {"model": settings.model_for(name) or spec.model, "tools": list(spec.tools)}
                       for name, spec in specs.items()},
            "max_turns": self.max_turns,
            "max_budget_usd": self.max_budget_usd,
            "resume": self.resume,
            "mcp_command": list(settings.mcp_command),
        }
