"""Multi-turn: ``python -m orchestrator`` with no task is an interactive session (driven here through a pty):
follow-up tasks run on the same browser page, with the session's task memory. ``--resume <session>``
continues the saved session in a new process.
"""

from __future__ import annotations

import json

import anyio
import pytest

from tests.e2e.conftest import E2E, PYTHON, REPO
from tests.e2e.policies import ByTask, Intent, Scenario
from tests.e2e.pty_session import PtySession
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]


async def test_interactive_follow_ups_on_the_same_page_then_resume(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    first = f"Open {url} and type the name Ada Lovelace"
    second = "Now pick Japan and register"
    model.reset(
        ByTask(
            {
                "type the name": Scenario(
                    intents=[
                        Intent("open", "navigate", url=url),
                        Intent("name", "type", role="textbox", name="full name", text="Ada Lovelace"),
                    ],
                    expect="Create your account",
                ),
                # no navigation: this only works on the page the first task left behind
                "pick Japan": Scenario(
                    intents=[
                        Intent("country", "select", role="combobox", name="country", text="Japan"),
                        Intent("submit", "click", role="button", name="register"),
                    ],
                    expect="Registered: Ada Lovelace, Japan",
                ),
                # a resumed session runs in a new process: a new browser, so it opens the page again
                "what did we do": Scenario(intents=[Intent("open", "navigate", url=url)], expect="Create your"),
            }
        )
    )
    env = e2e.process_env(TERM="xterm-256color")
    session = PtySession([PYTHON, "-m", "orchestrator"], env, REPO, e2e.root / "stderr.txt")
    try:
        at = await session.expect("task>")
        session.send(first)
        at = await session.expect("task>", after=await session.expect("done", after=at))
        session.send(second)
        at = await session.expect("task>", after=await session.expect("done", after=at))
        session.send("exit")
        assert await session.wait() == 0, session.text[-3000:]
        await session.expect("Run summary", after=at)
    finally:
        session.close()
    (run,) = e2e.runs()
    summary = json.loads((run / "summary.json").read_text())
    assert [t["status"] for t in summary["tasks"]] == ["done", "done"], summary
    assert summary["tasks"][1]["verdict"]["evidence"].endswith("Registered: Ada Lovelace, Japan")  # quoted
    sid = summary["session_id"]
    follow_up = [r for r in model.requests if r.agent == "planner" and second in r.prompt]
    assert follow_up and first in follow_up[0].prompt  # the session's task memory carried the first task
    # ... and the follow-up went into the same SDK conversation: the first task's delegations are in it
    assert any(b.get("type") == "tool_use" and b.get("name") == "Agent" for m in follow_up[0].messages
               if m.get("role") == "assistant" and isinstance(m.get("content"), list) for b in m["content"])
    navigations = [c for c in map(json.loads, (run / "tool_calls.jsonl").read_text().splitlines())
                   if c["tool"].endswith("navigate")]
    assert len(navigations) == 1  # the second task acted on the page the first one opened

    # --resume: a new process continues the saved session (conversation and task memory)
    third = "what did we do so far?"
    with anyio.fail_after(120):
        proc = await anyio.run_process(
            [PYTHON, "-m", "orchestrator", "--resume", "last", third], env=e2e.process_env(), cwd=REPO, check=False
        )
    assert proc.returncode == 0, proc.stdout.decode()[-3000:] + proc.stderr.decode()[-2000:]
    resumed = [r for r in model.requests if r.agent == "planner" and third in r.prompt]
    assert resumed and first in resumed[0].prompt and second in resumed[0].prompt
    assert "previous_tasks" in resumed[0].prompt  # the task memory came back from the run record
    earlier = [m for m in resumed[0].messages if m.get("role") == "assistant"]
    # the SDK conversation itself came back (resume=<session id>), not only the memory: the planner's last round
    # (each round after a hand-back is a new conversation; the memory holds the earlier ones)
    assert earlier and any(b.get("type") == "tool_use" for m in earlier for b in m["content"])
    newest = max(e2e.runs(), key=lambda p: p.stat().st_mtime)
    # it names the conversation a further --resume continues: the resumed one, or the new round it went on in
    newest_sid = json.loads((newest / "summary.json").read_text())["session_id"]
    assert newest_sid == sid or newest_sid in (newest / "transcript.jsonl").read_text()
