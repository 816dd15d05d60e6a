"""``LiveSession``: what one worker's session has lived through so far. The run state (memory, calls, usage, stop
request), the conversation a question answerer gets to see, the session id, how many tasks ran, and the time spent
in the orchestrator's own message handling. It outlives ``close()``, so a caller can still read it afterwards.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from orchestrator.questions import Turn
from orchestrator.records.state import RunState


@dataclass
class LiveSession:
    state: RunState = field(default_factory=RunState)
    history: list[Turn] = field(default_factory=list)
    session_id: str | None = None
    active: bool = False
    tasks: int = 0
    handling_s: float = 0.0  # time spent in our own message handling (records, memory, progress)

    def start(self, resume: str | None) -> str:
        """The session begins (a new id, or the resumed one)."""
        self.session_id = resume or str(uuid.uuid4())
        self.active = True
        return self.session_id

    def new_task(self, task: str) -> int:
        """A task (the first or a follow-up) is asked for; its number in this session."""
        self.tasks += 1
        self.said("user", task)
        return self.tasks

    def said(self, role: str, text: str) -> None:
        self.history.append({"role": role, "text": text})

    def recent(self, window: int) -> list[Turn]:
        return self.history[-window:]

    @contextmanager
    def handling(self) -> Iterator[None]:
        """Count the time inside as the orchestrator's own message handling."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.handling_s += time.perf_counter() - started
