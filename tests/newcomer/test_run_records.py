"""Run records as a person reads them after `browser-agent` ran: screenshots of the page at each horizon, after a
failed tool call and when a task failed; verdicts never cut inside a page-content fence; decisions from an
answers file logged as the answers file's, not the human's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from tests.e2e.conftest import E2E, REPO
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel
from tests.newcomer.commands import ORCHESTRATOR

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]
FENCE = re.compile(r"⟦(/?)page-content ([^⟧]*)⟧")


async def browser_agent(e2e: E2E, *args: str) -> tuple[int, str, Path]:
    with anyio.fail_after(150):
        done = await anyio.run_process([ORCHESTRATOR, *args], env=e2e.process_env(), cwd=REPO, check=False)
    (run,) = e2e.runs()
    return done.returncode, done.stdout.decode() + done.stderr.decode()[-2000:], run


def events(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "events.jsonl").read_text("utf-8").splitlines()]


def assert_fences_closed(text: str) -> None:
    opened: set[str] = set()
    for match in FENCE.finditer(text):
        (opened.discard if match.group(1) else opened.add)(match.group(2))
    assert not opened, f"page-content fence left open: {opened}\n{text[-1500:]}"


async def test_screenshots_per_horizon_and_failure_and_verdicts_never_cut(
    e2e: E2E, model: ScriptedModel, pages
) -> None:
    url = pages.url_a("signup.html#cookies")
    submit = Intent("submit", "click", role="button", name="register")
    submit.fallback = [Intent("cookies", "click", role="button", name="accept cookies")]
    model.reset(Scenario(
        intents=[Intent("open", "navigate", url=url),
                 Intent("name", "type", role="textbox", name="full name", text="Grace Hopper"),
                 Intent("country", "select", role="combobox", name="country", text="France"), submit],
        expect="Registered: Grace Hopper, France",
        same_reply=False,  # it reads first and quotes the page as read, the server's fence included
    ))
    code, out, run = await browser_agent(e2e, f"Open {url} and register Grace Hopper from France")
    assert code == 0, out
    shots = sorted(p.name for p in (run / "screenshots").glob("*.png"))
    assert any("horizon-1" in name for name in shots), shots
    assert any("failed-click-intercepted" in name for name in shots), shots  # the cookie banner in the way
    horizons = json.loads((run / "summary.json").read_text())["horizons"]
    assert len([n for n in shots if "horizon-" in n]) == horizons, shots  # one per horizon, the last included
    assert all((run / "screenshots" / name).read_bytes().startswith(b"\x89PNG") for name in shots)

    verdicts = [line for line in out.splitlines() if "verdict done=" in line]
    assert verdicts and any(FENCE.search(line) for line in verdicts), out  # page text was quoted...
    assert_fences_closed(out)  # ...and every quote is closed (the validator itself quoted only a part)
    assert_fences_closed((run / "summary.md").read_text("utf-8"))


def delete_newsletter(url: str) -> Scenario:
    return Scenario(intents=[Intent("open", "navigate", url=url),
                             Intent("delete", "click", role="button", name="delete newsletter")],
                    expect="2 messages (deleted 1)")


@pytest.mark.parametrize("decision", ["yes", "no"])
async def test_answers_file_decisions_are_logged_as_the_answers_files(
    decision: str, e2e: E2E, model: ScriptedModel, pages
) -> None:
    url = pages.url_a("inbox.html")
    model.reset(delete_newsletter(url))
    answers = e2e.root / "answers.yaml"
    answers.write_text(f"confirm: [{decision}]\n")
    code, out, run = await browser_agent(e2e, "--answers", str(answers), f"Open {url} and delete the newsletter")
    (confirm,) = [e for e in events(run) if e["event"] == "confirm"]
    assert "The human" not in confirm["reason"]
    if decision == "yes":
        assert code == 0, out
        assert confirm["allowed"] is True and confirm["reason"] == "The answers file approved this action."
    else:
        assert code != 0
        assert confirm["allowed"] is False and confirm["reason"].startswith("The answers file declined this action.")
        shots = [p.name for p in (run / "screenshots").glob("*.png")]
        assert any("task-failed" in name for name in shots), shots  # the page as the task ended
