"""Question callbacks (seed 003): the planner's question (with its options, or free text) → QuestionContext →
each answerer → the answer reaches the planner and the task memory. Also the LLM answerer's retry, the
DeveloperAgent's state machine and the question timeout.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import anyio
import pytest
from rich.console import Console

from orchestrator.human import LineReader
from orchestrator.questions import AnswerResult, QuestionContext
from orchestrator.session.answerers import AnswersFile, FileAnswerer, TerminalAnswerer
from orchestrator.session.developer import DeveloperAgent, DeveloperState
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ModelRequest, ScriptedModel, Text

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

QUESTION = "Which country should the account use?"


def asking(url: str) -> Scenario:
    return Scenario(
        intents=[Intent("open", "navigate", url=url)],
        expect="Create your account",
        ask={"question": QUESTION, "options": ["France", "Japan"]},
    )


def answered_text(model: ScriptedModel) -> str:
    """What the planner read back as the human's answer."""
    for req in model.requests:
        for text in req.texts("user") if req.agent == "planner" else []:
            if "The human answered:" in text:  # a new round: the task, the answer, the whole memory
                return text[text.index("The human answered:"):].split("\n\n<task_memory", 1)[0]
    return ""


async def run(e2e: E2E, task: str, **worker_kw: object) -> WorkerAgent:
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="questions", **worker_kw)  # type: ignore[arg-type]
    async with worker:
        await worker.run(task)
    return worker


async def test_answers_file_answer_reaches_the_model(e2e: E2E, model: ScriptedModel, pages, tmp_path: Path) -> None:
    url = pages.url_a("signup.html")
    model.reset(asking(url))
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - match: country\n    answer: '2'\n")
    worker = await run(e2e, f"Open {url}", on_question_callback=FileAnswerer(AnswersFile.load(answers)))
    outcome = worker.recorder.summary.tasks[0]
    assert outcome.status == "done", outcome
    assert f'"{QUESTION}"="Japan"' in answered_text(model)  # option 2 became its label
    assert any("Japan" in a for a in worker.state.memory.answers)
    planner_prompts = [r.prompt for r in model.requests if r.agent == "planner"]
    assert any("human_answers" in p and "Japan" in p for p in planner_prompts)  # memory carried it to the re-plan


async def test_terminal_answerer_takes_free_text(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(asking(url))
    read_fd, write_fd = os.pipe()
    typed = os.fdopen(write_fd, "w")
    typed.write("Brazil, if you can\n")  # not one of the options: free text is allowed
    typed.flush()
    shown = io.StringIO()
    answerer = TerminalAnswerer(Console(file=shown, width=120), LineReader(os.fdopen(read_fd)), timeout_s=30)
    worker = await run(e2e, f"Open {url}", on_question_callback=answerer)
    typed.close()
    assert f'"{QUESTION}"="Brazil, if you can"' in answered_text(model)
    screen = shown.getvalue()
    assert QUESTION in screen and "1" in screen and "France" in screen and "Japan" in screen
    assert worker.recorder.summary.tasks[0].status == "done"


async def test_free_text_question_reaches_the_callback_without_invented_options(
    e2e: E2E, model: ScriptedModel, pages
) -> None:
    url = pages.url_a("signup.html")
    free = "What name should the account use?"
    model.reset(Scenario(intents=[Intent("open", "navigate", url=url)], expect="Create your account",
                         ask={"question": free, "options": []}))
    seen: list[QuestionContext] = []

    async def answer(context: QuestionContext) -> AnswerResult:
        seen.append(context)
        return AnswerResult(answers={free: "Ada Lovelace"}, model_used="test", context_size=0, generation_time_ms=0,
                            attempt_number=1, source="test")

    worker = await run(e2e, f"Open {url}", on_question_callback=answer)
    assert [q.question for q in seen[0].questions] == [free] and seen[0].questions[0].options == []
    assert answered_text(model) == f'The human answered: "{free}"="Ada Lovelace"'
    assert any("Ada Lovelace" in a for a in worker.state.memory.answers)
    planner_prompts = [r.prompt for r in model.requests if r.agent == "planner"]
    assert any("human_answers" in p and "Ada Lovelace" in p for p in planner_prompts)
    assert worker.recorder.summary.tasks[0].status == "done"


class FlakyAnswerer:
    """The answerer model: 'I don't know' on the first attempt, then the last option."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.calls = 0

    def __call__(self, req: ModelRequest) -> list:
        if req.agent == "answerer":
            self.calls += 1
            if self.calls == 1:
                return [Text("ANSWER I don't know")]
        return self.scenario(req)


async def test_llm_answerer_retries_and_answers(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    policy = FlakyAnswerer(asking(url))
    model.reset(policy)
    # the developer reviews each plan the planner delegates (approve_plan)
    developer = DeveloperAgent(settings=e2e.settings(), env=e2e.cli_env(), max_answer_retries=1)
    outcome = await developer.run(f"Open {url}")
    assert outcome.status == "done", outcome
    assert policy.calls == 2
    assert f'"{QUESTION}"="Japan"' in answered_text(model)
    assert developer.current_state == DeveloperState.COMPLETED
    kinds = [d.kind for d in developer.decisions_log]
    assert "answer_retry" in kinds and "answer" in kinds and "approve_plan" in kinds
    visited = " ".join(d.detail for d in developer.decisions_log if d.kind == "transition")
    for state in ("prompting", "awaiting_response", "answering_question", "reviewing_plan", "evaluating_completion"):
        assert state in visited, visited
    answer = next(d for d in developer.decisions_log if d.kind == "answer")
    assert "attempt 2" in answer.detail
    answerer_requests = [r for r in model.requests if r.agent == "answerer"]
    assert answerer_requests[-1].model.startswith("claude-haiku")  # its own model (ORCH_ANSWERER_MODEL=haiku)
    assert "previous answer was not usable" in answerer_requests[-1].prompt


async def test_question_timeout_fails_the_run(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(asking(url))
    never = anyio.Event()

    async def silent(context: QuestionContext) -> AnswerResult:
        await never.wait()
        raise AssertionError("unreachable")

    worker = await run(e2e, f"Open {url}", on_question_callback=silent, question_timeout_seconds=1)
    outcome = worker.recorder.summary.tasks[0]
    assert outcome.status == "failed" and "within 1 s" in outcome.reason, outcome


def test_worker_validates_its_settings() -> None:
    def sync_callback(context: QuestionContext) -> AnswerResult:
        raise AssertionError

    with pytest.raises(TypeError):
        WorkerAgent(on_question_callback=sync_callback)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        WorkerAgent(question_timeout_seconds=301)
    with pytest.raises(ValueError):
        DeveloperAgent(context_window_size=0)
    with pytest.raises(ValueError):
        DeveloperAgent(max_answer_retries=6)
