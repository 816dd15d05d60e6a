"""The lead: ONE ``ClaudeSDKClient`` session per orchestrator session, whose main agent is the planner
(``agents/planner.md``). It delegates each horizon through the Agent tool to the ``AgentDefinition``s built from the
other agent files (executor, validator, dom_analyzer, any file a user adds).

Python keeps the policy through the SDK's own extension points (``hooks.py``): least privilege, the
confirm_action gate, one subagent at a time with ``run_in_background`` forced off, the task memory in every
delegation and after every hand-back, budgets and stuck detection, the run record. A verdict that says done ends
the planner's turn from the hook. A ``REPORT need_human`` line ends it too: the question goes to the callback and
the answer back into the same conversation, as does a follow-up task; ``--resume`` passes the SDK's session id.
(The Python conductor that led before issue 20 was removed once this lead met every measure of the issue.)
"""

from __future__ import annotations

from dataclasses import dataclass

from claude_agent_sdk.types import ResultMessage

from orchestrator.memory.models import Report, parse_tagged
from orchestrator.policy.hand_back import round_message
from orchestrator.questions import QuestionItem, QuestionOption
from orchestrator.records.outcome import RESULT_SUBTYPES
from orchestrator.records.state import RunState
from orchestrator.session.lead_host import LeadHost
from orchestrator.session.spawn import AgentSession, AgentTurn

MAX_PLANNER_TURNS = 40
MAX_UNREADABLE = 2  # planner turns without a done verdict or a REPORT line before the task ends as failed
NO_END = ("Your turn ended without a done verdict or a REPORT line: delegate the next horizon with the Agent tool, "
          "or reply with one REPORT line.")


@dataclass
class SdkLead:
    worker: LeadHost
    task: str
    follow_up: bool = False
    result: ResultMessage | None = None  # the last CLI result (its error subtype ends the task)

    @property
    def state(self) -> RunState:
        return self.worker.state

    async def run(self) -> ResultMessage | None:
        state, worker = self.state, self.worker
        head = "Follow-up task (same browser page)" if self.follow_up else "Task"
        message = opening = f"{head}: {self.task.strip()}"
        unreadable = used = 0
        planner = await worker.planner_session()
        state.emit("delegate", agent="planner", description="plan the task")
        for _ in range(MAX_PLANNER_TURNS):
            if state.stop is not None:
                break
            memory = state.shown.render(state.memory, task=not message.startswith(opening))  # it states the task
            state.round_reports, state.round_over = [], False
            turn = await planner.ask(f"{message}\n\n{memory}" if memory else message)
            if turn.result is not None:
                self.result = turn.result
                worker.live.session_id = turn.result.session_id or worker.live.session_id
                used += turn.result.num_turns
            if self._ended(turn):
                break
            if state.round_over:  # the next round is a new conversation: the task, the reports, the whole memory
                if not await self._new_round(planner, used):
                    break
                message = round_message(opening, state.round_reports)
                continue
            worker.history.append({"role": "assistant", "text": turn.text[-1200:]})
            report = parse_tagged(turn.text, "REPORT", Report)
            if report is None:
                unreadable += 1
                if unreadable > MAX_UNREADABLE:
                    state.last_report_status = "failed"
                    break
                message = NO_END
                continue
            follow = await self._answered(report, planner, used, opening)
            if follow is None:
                break
            message = follow
        return self.result

    async def _answered(self, report: Report, planner: AgentSession, used: int, opening: str) -> str | None:
        """The planner's REPORT line: the next message (the human's answer, in a new round), or None to end."""
        follow = await self._report(report)
        if follow is None or report.status != "need_human":
            return follow
        if not await self._new_round(planner, used):  # the answer is in the memory too, as a hand-back's report is
            return None
        return f"{opening}\n\n{follow}"

    def _ended(self, turn: AgentTurn) -> bool:
        """The task ends with this turn: a stop, no result, the CLI's error or limit, or a done verdict."""
        result = turn.result
        if self.state.stop is not None or result is None:
            return True
        return result.is_error or result.subtype in RESULT_SUBTYPES or self.state.last_report_status == "done"

    async def _new_round(self, planner: AgentSession, used: int) -> bool:
        """Open the planner's next round, a new conversation; False when the task's rounds so far have used
        ``max_turns`` turns between them (each round, a spawn of its own, is also bounded by it, as every spawn is)."""
        limit = planner.options.max_turns
        if limit is not None and used >= limit:
            self.state.request_stop(*RESULT_SUBTYPES["error_max_turns"])
            return False
        await planner.restart()
        self.state.shown.reset()
        return True

    async def _report(self, report: Report) -> str | None:
        """``need_human``: ask, and hand the answer back; anything else ends the task."""
        state = self.state
        state.last_report_status = report.status
        state.memory.horizons += 1
        if state.current is not None:
            state.current.horizons += 1
        self.worker.recorder.event("report", report=report, raw=None)
        self.worker.recorder.horizon_ended()
        if report.status != "need_human" or not report.question.strip():
            if report.status == "done" and (state.memory.last_verdict is None or not state.memory.last_verdict.done):
                return "REPORT done needs a validator VERDICT with done true first: delegate to the validator."
            return None
        state.memory.ask(report.question)
        labels = [o for o in report.options if o.strip()][:4]
        options = [QuestionOption(label=o) for o in labels] if len(labels) >= 2 else []
        answer = await self.worker.ask_human([QuestionItem(question=report.question, options=options)])
        if answer is None:
            return None
        return f'The human answered: "{report.question}"="{answer}"'
