"""The record of one action's retry chain (FR-019): the strategies planned, every attempt, where it stands.

It goes into every click/type_text result as ``retry_chain`` and into ``error.details`` on failure; the search
and the running of the chain are in ``retry.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Required, TypedDict, cast

from pydantic import BaseModel, Field, computed_field

from browser_core.errors import ToolFailure
from browser_core.page.targets import Target

COORDINATE = "coordinate_click"
MAX_LISTED_STRATEGIES = 8


class InteractionAttempt(BaseModel):
    """One try of one strategy."""

    strategy: str
    frame: str | None = None
    success: bool
    error: str | None = None
    code: str | None = None
    duration_ms: int = 0
    detail: str | None = None


class AttemptNote(TypedDict, total=False):
    """An attempt as a result lists it (no empty fields)."""

    strategy: Required[str]
    frame: str
    success: Required[bool]
    error: str
    code: str
    duration_ms: int
    detail: str


class ChainSummary(TypedDict, total=False):
    """The chain as it goes into a result (``RetryChain.summary``)."""

    strategies: list[str]
    attempts: Required[list[AttemptNote]]
    stopped: str
    succeeded: Required[bool]
    exhausted: bool


class RetryChain(BaseModel):
    """The strategies of one action, the attempts made, and where the chain stands."""

    strategies: list[str]
    attempts: list[InteractionAttempt] = Field(default_factory=list)
    current_index: int = 0
    timeout_per_frame_ms: int = 10000
    stopped: str | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def succeeded(self) -> bool:
        return any(a.success for a in self.attempts)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exhausted(self) -> bool:
        return not self.succeeded and self.stopped is None and self.current_index >= len(self.strategies)

    @property
    def current_strategy(self) -> str | None:
        return self.strategies[self.current_index] if self.current_index < len(self.strategies) else None

    def advance(self, to: str | None = None) -> None:
        """Move to the next strategy, or straight to ``to``."""
        if to is not None and to in self.strategies[self.current_index:]:
            self.current_index = self.strategies.index(to, self.current_index)
        else:
            self.current_index += 1

    def add_attempt(self, attempt: InteractionAttempt) -> None:
        self.attempts.append(attempt)

    @property
    def at_once(self) -> bool:
        """The first strategy, the main frame, found the element and the action worked (most actions)."""
        first = self.attempts[0] if len(self.attempts) == 1 else None
        return first is not None and first.success and first.strategy == "main_frame" == self.strategies[0]

    def summary(self) -> ChainSummary:
        """The chain as it goes into a result: no empty fields; a click or typing that worked at once in the main
        frame in short (an action's result leaves that out: ``at_once``)."""
        if self.at_once:
            return {"attempts": [{"strategy": "main_frame", "success": True}], "succeeded": True}
        out = cast(ChainSummary, self.model_dump(exclude={"current_index", "timeout_per_frame_ms"}, exclude_none=True))
        out["attempts"] = [cast(AttemptNote, a.model_dump(exclude_none=True)) for a in self.attempts]
        if len(self.strategies) > MAX_LISTED_STRATEGIES:
            tried = {a.strategy for a in self.attempts}
            head = [s for s in self.strategies[:-1] if s in tried] or self.strategies[:1]
            rest = len(self.strategies) - 1 - len(head)
            out["strategies"] = [*head, f"... {rest} more frames", self.strategies[-1]]
        return out

    def fail(self, failure: ToolFailure) -> ToolFailure:
        """Attach the chain to a failure (FR-019) and return it for raising."""
        failure.details = {**failure.details, "retry_chain": self.summary()}
        return failure


@dataclass
class Located:
    """The element an action will act on, and the chain so far (frames searched on the way)."""

    target: Target
    chain: RetryChain
    frame_label: str
