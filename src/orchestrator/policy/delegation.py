"""``DelegationQueue``: one subagent at a time on the one browser.

The CLI starts the Agent calls of one planner reply together (an executor's horizon and the validator's check of
it). Each call's PreToolUse hook waits here until the calls before it have handed back, so agents never act on
the page at the same time; a later call of the same batch is skipped when an earlier one did not succeed (no
check after a horizon that failed: the planner re-plans from the executor's result instead).
"""

from __future__ import annotations

import asyncio
import re
from typing import get_args

from orchestrator.memory.memory import clip
from orchestrator.memory.models import Plan, Step

PLANNED_AGENTS = frozenset(get_args(Step.model_fields["agent"].annotation))
NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.+)$", re.M)
SKIPPED = "Skipped: the call before it did not succeed; re-plan from its result."


class DelegationQueue:
    def __init__(self) -> None:
        self._pending: dict[str, asyncio.Event] = {}  # call id → set when it handed back (in start order)
        self._failed = False  # a call of the current batch failed: the rest are skipped

    async def wait_turn(self, call_id: str) -> str:
        """Wait for the delegations started before this one; '' to go ahead, else why it is skipped."""
        earlier = list(self._pending.values())
        self._pending[call_id] = asyncio.Event()
        for handed_back in earlier:
            await handed_back.wait()
        return SKIPPED if self._failed else ""

    def done(self, call_id: str, *, ok: bool) -> None:
        """A delegation handed back (or was denied); the next may start."""
        event = self._pending.pop(call_id, None)
        if not ok and self._pending:
            self._failed = True
        if not self._pending:
            self._failed = False
        if event is not None:
            event.set()

    @property
    def idle(self) -> bool:
        """No delegation of the current batch is still waiting or running."""
        return not self._pending

    def release_all(self) -> None:
        for event in self._pending.values():
            event.set()
        self._pending.clear()
        self._failed = False


def delegated_plan(subagent: str, prompt: str, horizon: int) -> Plan | None:
    """The plan a planner's delegation carries, as the run record keeps plans (``plans.json``, the ``plan`` event a
    reviewer follows): the prompt's numbered steps for that agent, else the prompt as one step. None for an agent
    plans do not name (a user's own agent)."""
    if subagent not in PLANNED_AGENTS:
        return None
    actions = NUMBERED.findall(prompt) or [prompt.strip()]
    steps = [Step(action=clip(a, 2000), agent=subagent) for a in actions if a.strip()][:8]
    return Plan(reason="delegation", steps=steps, horizon=horizon) if steps else None
