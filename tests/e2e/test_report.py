"""``report.html`` (issue 23, part 2): every run folder gets one, self-contained and offline. A real run (the real
CLI, a scripted model, the real browser server) that asks a question, holds a destructive click for the human and
reads a page whose title and text carry markup; then the report is opened from file:// in Chromium: every browser
call and step is there, every thumbnail loads, the hold and the answer are shown, nothing is fetched, no script
runs, and the password field is masked in the thumbnails.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import anyio
import pytest
from PIL import Image
from playwright.async_api import async_playwright

from orchestrator.cli.main import main as cli_main
from orchestrator.human import ScriptedHuman
from orchestrator.questions import AnswerResult, QuestionContext
from orchestrator.records.report import write_report
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]
QUESTION = "Which draft should go?"
PASSWORD = "hunter2-not-in-any-picture"
CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def drafts(url: str) -> Scenario:
    return Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("note", "type", role="textbox", name="note", text="tidy up"),
            Intent("delete", "click", role="button", name="delete old draft"),
        ],
        expect="1 drafts (deleted 1)",
        ask={"question": QUESTION, "options": ["Old draft", "New draft"]},
    )


async def answer(context: QuestionContext) -> AnswerResult:
    return AnswerResult(answers={q.question: "Old draft" for q in context.questions}, model_used="test",
                        context_size=0, generation_time_ms=0, attempt_number=1, source="the test")


def masked_share(jpeg: bytes) -> float:
    """The share of the picture in the mask's colour (Playwright masks with magenta)."""
    rgb = Image.open(io.BytesIO(jpeg)).convert("RGB").tobytes()
    pixels = [rgb[i:i + 3] for i in range(0, len(rgb), 3)]
    return sum(1 for r, g, b in pixels if r > 200 and g < 80 and b > 200) / len(pixels)


async def test_every_run_has_a_report_a_browser_opens_offline(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("drafts.html")
    model.reset(drafts(url))
    human = ScriptedHuman(confirms=[True], handoffs=[])
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=human, on_question_callback=answer,
                         title="report")
    async with worker:
        outcome = await worker.run(f"Open {url}, note 'tidy up' and delete the draft the human picks")
    assert outcome.status == "done", outcome
    run = worker.recorder.dir
    report = run / "report.html"
    assert report.is_file()
    calls = [json.loads(line) for line in (run / "tool_calls.jsonl").read_text().splitlines()]
    browser_calls = [c for c in calls if c["tool"].startswith("mcp__browser__")]
    acted = [c for c in browser_calls if c["tool"].endswith(("navigate", "type_text", "click", "confirm_action"))
             and c["error_code"] != "denied"]
    thumbs = sorted((run / "screenshots").glob("*-step-*.jpg"))
    assert len(thumbs) >= len(acted) >= 4, (thumbs, [c["tool"] for c in acted])
    # The password field is masked in the thumbnails (its value is never in a picture) and nowhere in the report.
    assert all(masked_share(p.read_bytes()) > 0.005 for p in thumbs), [masked_share(p.read_bytes()) for p in thumbs]
    assert PASSWORD not in report.read_text("utf-8")
    steps = [json.loads(line) for line in (run / "events.jsonl").read_text().splitlines()]
    step_lines = [e["line"] for e in steps if e["event"] == "step"]
    assert step_lines

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        page = await browser.new_page()
        requests: list[str] = []
        console: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        with anyio.fail_after(30):
            await page.goto(report.resolve().as_uri())
            rows = await page.eval_on_selector_all("tr.call", "rows => rows.map(r => r.dataset.call)")
            images = await page.eval_on_selector_all(
                "img", "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.closest('tr.call')?.dataset.call])")
            body = await page.inner_text("body")
            pwned = await page.evaluate("() => window.__pwned === undefined")
        await browser.close()
    # every browser call and every step is in the timeline, each acting call with the page after it
    assert {c["tool_use_id"] for c in calls} <= set(rows)
    assert all(line.split(": ")[0] in body for line in step_lines), step_lines
    assert images and all(done and width > 0 for done, width, _ in images), images
    assert {c["tool_use_id"] for c in acted} <= {call for _, _, call in images}
    # the hold with the human's answer, the question with its answer, the verdict, the cost per agent
    holds = body.split("Confirmation holds", 1)[1].split("Questions", 1)[0]
    assert "Delete old draft" in holds and "yes" in holds, holds
    asked = body.split("Questions", 1)[1].split("Requests, tokens", 1)[0]
    assert QUESTION in asked and "Old draft" in asked and "the test" in asked, asked
    assert "1 drafts (deleted 1)" in body and "Verdict" in body
    per_agent = body.split("Requests, tokens and cost per agent", 1)[1]
    assert "planner" in per_agent and "executor" in per_agent and "$" in per_agent
    # offline and inert: nothing fetched, nothing ran; the page's markup is shown as text
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == [], requests
    assert console == [] and pwned, console
    assert "<script>window.__pwned = 1</script>" in body


def test_the_report_command_prints_and_rewrites_the_last_runs_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`browser-agent report [RUN|last]`: a run recorded before reports existed (no report.html) gets one; a
    hostile value in the record stays text; an unknown run is a clear error."""
    runs = tmp_path / "runs"
    old, new = runs / "20261101-101010-old", runs / "20261102-101010-new"
    for folder in (old, new):
        (folder / "screenshots").mkdir(parents=True)
        summary = {"status": "failed", "reason": "<b>bold</b>", "started_at": "2026-11-02T10:10:10",
                   "tasks": [{"task": "<script>alert(1)</script>", "status": "failed"}]}
        (folder / "summary.json").write_text(json.dumps(summary))
    (new / "tool_calls.jsonl").write_text(json.dumps({
        "tool_use_id": "c1", "tool": "mcp__browser__click", "agent": "executor", "input": {"element_id": "e1"},
        "started_at": 1793614211.0, "success": False, "error_code": "intercepted",
        "result": json.dumps({"success": False, "data": None, "error": {
            "code": "intercepted", "category": "recoverable", "message": "covered", "hint": "close the <dialog>"},
            "metadata": {"tool": "click", "duration_ms": 5}})}) + "\n")
    assert cli_main(["report", "--run-dir", str(runs)]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == str((new / "report.html").resolve())
    text = Path(printed).read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>" not in text
    assert "&lt;b&gt;bold&lt;/b&gt;" in text
    failures = text.split("Failures", 1)[1]  # the failure with its error category and hint
    assert "<td>intercepted</td><td>recoverable</td>" in failures
    assert "<b>Hint:</b> close the &lt;dialog&gt;" in failures
    assert cli_main(["report", "--run-dir", str(runs), old.name]) == 0 and (old / "report.html").is_file()
    assert cli_main(["report", "--run-dir", str(runs), "no-such-run"]) == 4
    assert write_report(new) == new / "report.html"
