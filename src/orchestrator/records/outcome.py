"""How a task ended: status, reason and exit code, from the stop request, the CLI's result and the verdict."""

from __future__ import annotations

from claude_agent_sdk.types import ResultMessage

from orchestrator.records.run_files import TaskOutcome
from orchestrator.records.state import RunState

# 0 done · 1 not done (failed, or ended without a done verdict) · 2 stopped for/by the human (stuck, declined,
# hand-off refused) · 3 a budget ran out (turns, dollars, wall clock) · 4 error (model API, CLI, browser server)
EXIT_CODES = {"done": 0, "failed": 1, "incomplete": 1, "stuck": 2, "needs_human": 2, "aborted": 2, "budget": 3,
              "error": 4}

RESULT_SUBTYPES = {
    "error_max_turns": ("budget", "the turn limit (max_turns) was reached"),
    "error_max_budget_usd": ("budget", "the cost limit (max_budget_usd) was reached"),
}


def exit_code(status: str) -> int:
    return EXIT_CODES.get(status, 4)


def finish_outcome(
    outcome: TaskOutcome, state: RunState, result: ResultMessage | None, error: str, duration_s: float
) -> TaskOutcome:
    outcome.duration_s = round(duration_s, 3)
    if result is not None:
        outcome.num_turns = result.num_turns
        outcome.cost_usd = round(result.total_cost_usd or 0.0, 6)
        outcome.result = (result.result or "").strip()
    verdict = state.memory.last_verdict
    if state.stop is not None:
        outcome.status, outcome.reason = state.stop.status, state.stop.reason
    elif error:
        outcome.status, outcome.reason = "error", error
    elif result is None:
        outcome.status, outcome.reason = "error", "the session ended without a result"
    elif result.subtype in RESULT_SUBTYPES:
        outcome.status, outcome.reason = RESULT_SUBTYPES[result.subtype]
    elif result.is_error:
        detail = "; ".join(result.errors or []) or outcome.result or result.subtype
        status = f"model API error {result.api_error_status}: " if result.api_error_status else ""
        outcome.status, outcome.reason = "error", f"{status}{detail}"[:500]
    elif verdict is not None and verdict.done:
        outcome.status, outcome.reason = "done", ""
    elif state.last_report_status == "failed":
        outcome.status, outcome.reason = "failed", "the planner reported that the task cannot be done"
    else:
        outcome.status = "incomplete"
        outcome.reason = "the session ended without a validator verdict saying the task is done"
    return outcome
