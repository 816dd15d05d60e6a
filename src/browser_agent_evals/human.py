"""The human of an unattended evaluation run, scripted by the task's answers: confirmations are denied unless the
task allows them (a decision list, or the categories its goal requires), and a sensitive field handed over is
typed into the page by the harness (``bridge.py``'s hands), the way a person would type it in the window."""

from __future__ import annotations

import time

import anyio

from browser_agent_evals.suite import Answers
from browser_agent_evals.web import TaskContext
from orchestrator.human import ConfirmRequest

HANDS_WAIT_S = 15.0


class EvalHuman:
    interactive = False

    def __init__(self, answers: Answers, ctx: TaskContext, *, sensitive: str | None = None) -> None:
        self.confirms = list(answers.confirm)
        self.allow = set(answers.allow_confirm)
        self.sensitive = sensitive
        self.ctx = ctx
        self.log: list[str] = []

    async def confirm(self, request: ConfirmRequest) -> bool:
        category = str(request.summary.get("category", ""))
        allowed = self.confirms.pop(0) if self.confirms else category in self.allow
        self.log.append(f"confirm {category} {request.summary.get('action', '?')}: {'yes' if allowed else 'no'}")
        return allowed

    async def handoff(self, message: str) -> bool:
        if self.sensitive is None:
            self.log.append("hand-off: refused (nothing to type)")
            return False
        since = time.time()
        self.ctx.give_hands({"fill": self.sensitive})
        done = await anyio.to_thread.run_sync(self.ctx.wait_report, "hands_done", since, HANDS_WAIT_S)
        filled = bool(done and done.get("filled"))
        self.log.append(f"hand-off: {'typed the value' if filled else 'could not type it'}")
        return filled
