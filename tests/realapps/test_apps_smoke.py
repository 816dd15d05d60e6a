"""The corpus apps start, show their seeded data through observe, and their databases read back."""

from __future__ import annotations

import anyio
import pytest

from corpus.apps import APPS
from corpus.host import Host
from corpus.tasks import BY_DESCRIPTION, TASKS

# app -> (a path, text its seeded page shows, a table and its seeded row count)
SEEDED = {
    "django_admin": ("/admin/library/book/?q=Broken", "The Broken Forest", "library_author", 40),
    "wagtail": ("/admin/pages/3/", "Harbour moves", "news_newspage", 60),
    "trac": ("/report/1", "Crash when saving an empty form", "component", 8),
    "flask_admin": ("/admin/order/edit/?id=1", "Ivy Quinn", "customer", 30),
    "mlflow": ("/#/experiments/2/runs?workflowType=machine_learning", "vision-cnn-09", "runs", 40),
    "oscar": ("/catalogue/", "Olive Tree", "catalogue_product", 8),
    "datasette": ("/survey/birds", "Grey Heron", "birds", 16),
}


@pytest.mark.parametrize("app_name", sorted(SEEDED))
async def test_app_starts_with_its_seed_data(app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    path, shown, table, rows = SEEDED[app_name]
    assert app.db.count(table) == rows
    logins = await host.login(app)
    assert all(o.ok for o in logins), [o.describe() for o in logins]
    assert (await host.call("navigate", url=app.url(path)))["success"]
    observed = await host.call("observe")
    with anyio.move_on_after(30):  # a single-page app renders once its script has loaded: look again, as a model would
        while observed["success"] and not observed["data"]["elements"]:
            await host.call("wait_for", load="networkidle", timeout_ms=2000)
            observed = await host.call("observe")
    assert observed["success"], observed
    assert observed["data"]["elements"] and observed["data"]["url"].startswith(app.url(path))
    names: list[str] = []
    with anyio.move_on_after(30):  # a single-page app fetches its rows once the page has loaded
        while not any(shown in name for name in names):
            found = await host.call("find_interactive_elements", query=shown)
            names = [e.get("name", "") for e in found["data"]["elements"]]
            if not any(shown in name for name in names):
                await host.call("wait_for", load="networkidle", timeout_ms=2000)
    assert any(shown in name for name in names), names[:20]


def test_tasks_are_well_formed() -> None:
    """Each destructive task marks exactly one effect step and says what it touches; keys are unique."""
    keys = [t.key for t in [*TASKS, *BY_DESCRIPTION]]
    assert len(keys) == len(set(keys))
    assert all(s.said for t in BY_DESCRIPTION for s in t.steps[1:] if s.do in ("click", "check")), "said tasks"
    for task in [*TASKS, *BY_DESCRIPTION]:
        assert task.app in APPS and task.steps[0].do == "open", task.key
        if task.kind == "destructive":
            assert len(task.effect_steps) == 1 and task.objects and task.checks, task.key
        else:
            assert not task.effect_steps and (task.checks or task.page_text or task.id.startswith("open-")), task.key
