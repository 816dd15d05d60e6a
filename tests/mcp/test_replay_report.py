"""A replay's run folder and its report (issue 23, part 2: "Replays use the same page, with a divergence column").

Flows recorded over stdio on the notes app, then replayed with the real ``browser-agent replay`` (its own browser
server, real Chromium): each replay writes ``runs/<id>/`` with its record and ``report.html``, opened here from
file:// in Chromium. Unchanged, every step is there with the page after it and the parts of its fingerprint that
matched, and the delete's hold shows the human's answer; on a changed page (a second "Add note" link) the replay
stops and the report shows where, why and the candidates; a step typed from a secret by name shows the name and
never the value, in the report's bytes or anywhere in the run folder. ``browser-agent report last`` finds it.
"""

from __future__ import annotations

import json
import re
import secrets
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from playwright.async_api import Browser, async_playwright

from tests.mcp.test_flows import eid, ok, record_add, record_delete
from tests.mcp.test_flows_cli import BIN, cli_env
from tests.support.mcp_client import browser_client
from tests.support.notes_app import NotesApp, notes_app

pytestmark = [pytest.mark.mcp, pytest.mark.timeout(600)]
CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
LIMIT_S = 240
SECRET = "note_token"


@pytest.fixture
def app() -> Iterator[NotesApp]:
    with notes_app() as running:
        yield running


async def cli(tmp: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    with anyio.fail_after(LIMIT_S + 5):
        return await anyio.to_thread.run_sync(lambda: subprocess.run(
            [str(BIN / "browser-agent"), *args], cwd=tmp, env=cli_env(tmp) | env, capture_output=True, text=True,
            timeout=LIMIT_S, check=False))


def run_folder(out: subprocess.CompletedProcess[str]) -> Path:
    found = re.search(r"^report: (.+report\.html)$", out.stdout, re.M)
    assert found, out.stdout + out.stderr
    return Path(found.group(1)).parent


@asynccontextmanager
async def report_reader() -> AsyncIterator[Browser]:
    """One Chromium for every report this test opens (each in a fresh context of its own)."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def opened(browser: Browser, report: Path) -> dict[str, Any]:
    """The report as Chromium shows it: its step rows (text, divergence cell), its images, the console."""
    context = await browser.new_context()
    page = await context.new_page()
    console: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    try:
        with anyio.fail_after(30):
            await page.goto(report.resolve().as_uri())
            steps = await page.eval_on_selector_all("tr.step", """rows => rows.map(r => ({
                step: Number(r.dataset.step), text: r.innerText,
                divergence: r.querySelector('td.divergence').innerText,
                images: [...r.querySelectorAll('img')].map(i => i.complete && i.naturalWidth > 0)}))""")
            images = await page.eval_on_selector_all("img", "imgs => imgs.map(i => i.complete && i.naturalWidth > 0)")
            body = await page.inner_text("body")
    finally:
        await context.close()
    return {"steps": steps, "images": images, "body": body, "console": console,
            "fetched": [u for u in requests if not u.startswith(("file:", "data:"))]}


async def record_secret_note(client: Any, app: NotesApp) -> None:
    await ok(client, "navigate", url=f"{app.base}/")
    await ok(client, "click", element_id=await eid(client, "link", "Add note"))
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Title"), text={"secret": SECRET})
    await ok(client, "click", element_id=await eid(client, "button", "Save"))
    await ok(client, "save_flow", name="secret-note")


async def test_a_replay_writes_a_run_folder_whose_report_shows_each_step_and_where_it_diverged(
    tmp_path: Path, app: NotesApp
) -> None:
    value = "tok-" + secrets.token_hex(12)
    env = {f"BROWSER_SECRET_{SECRET.upper()}": value, f"BROWSER_SECRET_{SECRET.upper()}_ORIGINS": app.base}
    async with browser_client(tmp_path / "profile", BROWSER_FLOW_TOOLS="true", **env) as client:
        await record_add(client, app, "Buy seeds")
        await record_delete(client, app, "Water the plants")
        await record_secret_note(client, app)  # replayed last, below
    async with report_reader() as browser:
        await _replays_and_their_reports(tmp_path, app, env, value, browser)


async def _replays_and_their_reports(tmp_path: Path, app: NotesApp, env: dict[str, str], value: str,
                                     browser: Browser) -> None:
    # Unchanged: every step replayed, each with the page after it and what of its fingerprint matched.
    done = await cli(tmp_path, {}, "replay", "add-note", "--param", "title=Repot cactus")
    assert done.returncode == 0, done.stdout + done.stderr
    folder = run_folder(done)
    assert {"replay.json", "summary.json", "report.html"} <= {p.name for p in folder.iterdir()}
    seen = await opened(browser, folder / "report.html")
    assert [s["step"] for s in seen["steps"]] == list(range(6)), seen["steps"]
    assert all(s["images"] == [True] for s in seen["steps"]), seen["steps"]
    assert seen["images"] and all(seen["images"]) and seen["console"] == [] and seen["fetched"] == []
    add = seen["steps"][1]["divergence"]  # the "Add note" link: resolved by its fingerprint
    assert "matched: frame, role, name, count" in add and "post-condition met" in add, add
    assert "Stopped" not in seen["body"] and "6 of 6 steps replayed" in seen["body"]
    assert "Replay flow 'add-note'" in seen["body"] and "{{title}}" in seen["steps"][2]["text"]
    report_last = await cli(tmp_path, {}, "report", "last")
    assert report_last.returncode == 0 and report_last.stdout.strip() == str((folder / "report.html").resolve())

    # Held: the delete asks the human here; the report shows the hold and the answer.
    (tmp_path / "yes.yaml").write_text("confirm: [yes]\n")
    deleted = await cli(tmp_path, {}, "replay", "delete-note", "--param", "search=Repot cactus",
                        "--answers", str(tmp_path / "yes.yaml"))
    assert deleted.returncode == 0, deleted.stdout + deleted.stderr
    assert "Repot cactus" not in app.titles()
    seen = await opened(browser, run_folder(deleted) / "report.html")
    assert [s["step"] for s in seen["steps"]] == list(range(5)), seen["steps"]
    assert all(s["images"] == [True] for s in seen["steps"]) and seen["console"] == [], seen
    held = seen["steps"][4]["text"]
    assert "the human's answer: yes" in held, held
    holds = seen["body"].split("Confirmation holds", 1)[1].split("Questions", 1)[0]
    assert "Yes, I’m sure" in holds and "yes" in holds, holds

    # A changed page: a second "Add note" link. The replay stops there, with the reason and both candidates.
    app.mutations.add("decoy_add")
    stopped = await cli(tmp_path, {}, "replay", "add-note", "--param", "title=Sow tomatoes")
    assert stopped.returncode == 1, stopped.stdout + stopped.stderr
    assert "Sow tomatoes" not in app.titles()
    folder = run_folder(stopped)
    reason = json.loads((folder / "replay.json").read_text())["stopped"]["reason"]
    assert "share this role, name and row (recorded: 1)" in reason, reason
    seen = await opened(browser, folder / "report.html")
    assert [s["step"] for s in seen["steps"]] == [0, 1], seen["steps"]
    assert all(s["images"] == [True] for s in seen["steps"]) and seen["console"] == [], seen
    stop = seen["steps"][1]["divergence"]
    assert "matched:" not in stop and f"Stopped: {reason}" in stop, stop
    assert "Candidates (2)" in stop and stop.count("link “Add note” ·") == 2, stop
    assert "differs from the recording in: context (row)" in stop, stop  # the decoy moved the link's context
    assert reason in seen["body"].split("Failures", 1)[1]
    app.mutations.clear()

    # A secret typed by name: its name in the report, its value nowhere in the run folder.
    before = app.titles().count(value)
    typed = await cli(tmp_path, env, "replay", "secret-note", "--secret", SECRET)
    assert typed.returncode == 0, typed.stdout + typed.stderr
    assert app.titles().count(value) == before + 1  # the value arrived: typed by the server
    folder = run_folder(typed)
    report = (folder / "report.html").read_bytes()
    assert f"(secret {SECRET})".encode() in report
    for path in (p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        assert value.encode() not in data and value[:8].encode() not in data, path
    seen = await opened(browser, folder / "report.html")
    assert all(seen["images"]) and seen["console"] == [] and len(seen["steps"]) == 4
