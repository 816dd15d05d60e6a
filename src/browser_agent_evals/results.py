"""What an eval run produces: one ``TaskResult`` per task, and the ``EvalRun`` that holds them (read by the
runner, the live progress and the report; a module of its own so none of them imports another back)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class TaskResult(BaseModel):
    id: str
    suite: str = ""
    tags: list[str] = Field(default_factory=list)
    success: bool = False
    status: str = ""  # the orchestrator's outcome (done, failed, budget, error, ...)
    checker: str = ""
    reward: float | None = None
    goal: str = ""
    steps: int = 0
    tool_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    wall_s: float = 0.0
    run_dir: str = ""
    worker: int = 0
    endpoint: str = ""  # the browser server it ran on (a fleet)
    retried: bool = False  # its first endpoint was lost under it: this is the second run, elsewhere
    error: str = ""
    reason: str = ""


class EvalRun(BaseModel):
    suite: str
    mode: str
    model: str = ""
    workers: int = 1
    browser: str = "local"
    started_at: str = ""
    wall_s: float = 0.0
    out_dir: str = ""
    results: list[TaskResult] = Field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(r.success for r in self.results)
