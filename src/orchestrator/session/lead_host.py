"""``LeadHost``: what the lead (``sdk_lead.SdkLead``) needs of the session that runs it.

``worker.WorkerAgent`` is one; the lead depends on this protocol, not on the worker, so the worker can import it
without an import cycle.
"""

from __future__ import annotations

from typing import Protocol

from orchestrator.questions import QuestionItem, Turn
from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState
from orchestrator.session.live_session import LiveSession
from orchestrator.session.spawn import AgentSession


class LeadHost(Protocol):
    live: LiveSession

    @property
    def state(self) -> RunState: ...

    @property
    def history(self) -> list[Turn]: ...

    @property
    def recorder(self) -> RunRecorder: ...

    async def planner_session(self) -> AgentSession: ...

    async def ask_human(self, items: list[QuestionItem]) -> str | None: ...
