"""The card's shape, the default lead: ONE ``ClaudeSDKClient`` session per orchestrator session, whose main agent
is the planner (``agents/planner.md``). It delegates each horizon through the Agent tool to the
``AgentDefinition``s built from the other agent files (executor, validator, dom_analyzer, any file a user adds).

Python keeps the policy through the SDK's own extension points (``hooks.py``): least privilege, the
confirm_action gate, one subagent at a time with ``run_in_background`` forced off, the task memory in every
delegation and after every hand-back, budgets and stuck detection, the run record. A verdict that says done ends
the planner's turn from the hook. A ``REPORT need_human`` line ends it too: the question goes to the callback and
the answer back into the same conversation, as does a follow-up task; ``--resume`` passes the SDK's session id.
"""

from __future__ import annotations

from dataclasses import dataclass

from claude_agent_sdk.types import ResultMessage

from orchestrator.memory.models import Report, parse_tagged
from orchestrator.records.outcome import RESULT_SUBTYPES
from orchestrator.session.conductor import MAX_PLANNER_TURNS, MAX_UNREADABLE, Conductor

NO_END = ("Your turn ended without a done verdict or a REPORT line: delegate the next horizon with the Agent tool, "
          "or reply with one REPORT line.")


@dataclass
class SdkLead(Conductor):
    async def run(self) -> ResultMessage | None:
        state, worker = self.state, self.worker
        head = "Follow-up task (same browser page)" if self.follow_up else "Task"
        message = opening = f"{head}: {self.task}"
        unreadable = 0
        planner = await worker.planner_session()
        state.emit("delegate", agent="planner", description="plan the task")
        for _ in range(MAX_PLANNER_TURNS):
            if state.stop is not None:
                break
            memory = state.memory.render(full=True, task=message != opening)  # the opening message states it
            turn = await planner.ask(f"{message}\n\n{memory}")
            if turn.result is not None:
                self.result = turn.result
                worker.live.session_id = turn.result.session_id or worker.live.session_id
            if state.stop is not None or turn.result is None:
                break
            if turn.result.is_error or turn.result.subtype in RESULT_SUBTYPES or state.last_report_status == "done":
                break
            worker.history.append({"role": "assistant", "text": turn.text[-1200:]})
            report = parse_tagged(turn.text, "REPORT", Report)
            if report is None:
                unreadable += 1
                if unreadable > MAX_UNREADABLE:
                    state.last_report_status = "failed"
                    break
                message = NO_END
                continue
            follow = await self._report(report)
            if follow is None:
                break
            message = follow
        return self.result
