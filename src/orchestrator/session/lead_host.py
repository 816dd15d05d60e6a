"""``LeadHost``: what a lead (``conductor.Conductor``, ``sdk_lead.SdkLead``) needs of the session that runs it.

``worker.WorkerAgent`` is one; the leads depend on this protocol, not on the worker, so the worker can import them
without an import cycle.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from orchestrator.memory.models import ToolInvocation
from orchestrator.questions import QuestionItem
from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState
from orchestrator.session.live_session import LiveSession
from orchestrator.session.spawn import AgentSession


class LeadHost(Protocol):
    live: LiveSession

    @property
    def state(self) -> RunState: ...

    @property
    def history(self) -> list[dict[str, Any]]: ...

    @property
    def recorder(self) -> RunRecorder: ...

    def session(self, agent: str, appendix: str = "") -> AbstractAsyncContextManager[AgentSession]: ...

    async def planner_session(self) -> AgentSession: ...

    def absorb(self, agent: str, text: str, call: ToolInvocation) -> None: ...

    def record_call(self, call: ToolInvocation) -> None: ...

    async def ask_human(self, items: list[QuestionItem]) -> str | None: ...
