"""Done when (issue 23): an unattended task logs in to a REAL app by secret name. The real bundled CLI, the
scripted model, the real browser server and Chromium, and the corpus Django admin (corpus/, started as
tests/realapps starts it): nobody is there to answer, the planner knows only the secret's name, the executor types
``{"secret": "django_admin_password"}``, and the password's bytes appear nowhere in the run folder (report.html
included)."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from corpus.apps import RunningApp
from orchestrator.human import NoHuman
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]
SECRET = "django_admin_password"


async def test_an_unattended_task_logs_in_to_django_admin_by_secret_name(
    e2e: E2E, model: ScriptedModel, django_admin: RunningApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    login = django_admin.spec.login
    assert login is not None
    parts = urlsplit(django_admin.base_url)
    monkeypatch.setenv("BROWSER_SECRET_DJANGO_ADMIN_PASSWORD", login.password)
    monkeypatch.setenv("BROWSER_SECRET_DJANGO_ADMIN_PASSWORD_ORIGINS", f"{parts.scheme}://{parts.netloc}")
    url = django_admin.url(login.path)
    model.reset(Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("user", "type", role="textbox", name="username", text=login.username),
            Intent("password", "type", role="textbox", name="password", secret=SECRET),
            Intent("login", "click", role="button", name="log in"),
        ],
        expect="Site administration",
    ))
    worker = WorkerAgent(settings=e2e.settings(secrets=SECRET, wall_clock_s=150), env=e2e.cli_env(),
                         human=NoHuman(), title="django-admin-login")
    async with worker:
        outcome = await worker.run(f"Open {url} and log in as {login.username}")
    assert outcome.status == "done", outcome  # no hand-off: nobody was there to take one
    typed = [c for c in worker.tool_invocations if c.tool.endswith("type_text")]
    assert [c.input["text"] for c in typed if c.success] == [login.username, {"secret": SECRET}]
    run = worker.recorder.dir
    summary = json.loads((run / "summary.json").read_text("utf-8"))
    assert summary["status"] == "done"
    files = [p for p in run.rglob("*") if p.is_file()]
    assert {"report.html", "tool_calls.jsonl", "transcript.jsonl", "events.jsonl"} <= {p.name for p in files}
    for path in files:
        data = path.read_bytes()
        assert login.password.encode() not in data and login.password[:10].encode() not in data, path.name
    assert SECRET in (run / "report.html").read_text("utf-8")  # the report names the secret, never its value
