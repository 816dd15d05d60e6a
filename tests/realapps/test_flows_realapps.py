"""Issue 22's acceptance on the real-app corpus (Django admin), through the stdio MCP server on real Chromium:
flows recorded once with the corpus's plain steps, then replayed by ``replay_flow`` with no model, judged in the
app's database.

- an add with text, select and date, replayed with new values: the database holds them, the old title is typed 0
  times;
- search, open the row, edit, save, replayed for the book the add replay created: the row step follows the new
  value;
- a delete through the app's own confirmation: held at every replay (the host's held-confirmation flow, as for a
  live call); not confirmed leaves the database as it was, confirmed deletes exactly that book;
- a decoy (a second link of the same role and name inserted before the target, by the human's own hand in the
  page) stops the replay at that step with no server-side write at or after it.

The replays count model requests in the report (always 0: ``replay_flow`` has no model); the human's hand on the
page is ``host.human_page()``.
"""

from __future__ import annotations

from typing import Any

import pytest

from corpus.host import Host
from corpus.runner import confirm, run_step
from corpus.steps import Step, click, open_, press, select, type_

BOOK = "SELECT count(*) FROM library_book WHERE title = ?"
SURE = "Yes, I’m sure"
APP = pytest.mark.parametrize("app_name", [pytest.param("django_admin", id="django_admin")])


async def record(host: Host, base_url: str, name: str, steps: list[Step], params: dict[str, str]) -> dict[str, Any]:
    await host.call("save_flow", name="before-" + name)  # what the session did before: not part of this flow
    for step in steps:
        outcome = await run_step(host.call, base_url, step)
        if outcome.held:
            await confirm(host.call, outcome)
    saved = await host.call("save_flow", name=name, params=params)
    assert saved["success"], saved
    return dict(saved["data"])


async def replay(host: Host, name: str, **kw: Any) -> dict[str, Any]:
    payload = await host.call("replay_flow", name=name, **kw)
    assert payload["success"], payload
    report = dict(payload["data"])
    assert report["model_requests"] == 0
    return report


def add_steps(title: str, author: str, date: str) -> list[Step]:
    return [open_("/admin/library/book/add/"), type_("Title", title), select("Author", author),
            type_("Published", date), click("Save", "button")]


def edit_steps(title: str, pages: str) -> list[Step]:
    return [open_("/admin/library/book/"), type_("", title, "textbox", row="Search"), press("Enter"),
            click(title, "link"), type_("Pages", pages), click("Save", "button")]


def delete_steps(title: str) -> list[Step]:
    return [open_("/admin/library/book/"), type_("", title, "textbox", row="Search"), press("Enter"),
            click(title, "link"), click("Delete", "link"), click(SURE, "button", effect=True)]


@APP
async def test_add_edit_delete_flows_replay_with_new_values_and_ask_at_every_delete(
        app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    db = app.db
    saved = await record(host, app.base_url, "dj-add-book", add_steps("The Kestrel Almanac", "Ada Lindqvist",
                                                                      "2021-03-04"),
                         {"title": "The Kestrel Almanac", "author": "Ada Lindqvist", "published": "2021-03-04"})
    assert saved["params"]["title"] == "The Kestrel Almanac"
    assert db.scalar(BOOK, "The Kestrel Almanac") == 1, (await host.call("get_page_text"))["data"]["text"][:1500]
    report = await replay(host, "dj-add-book", params={"title": "The Heron Almanac", "author": "Boris Moreau",
                                                       "published": "2022-11-30"})
    assert report["status"] == "done", str({k: v for k, v in report.get("stopped", {}).items() if k != "candidates"})
    assert db.scalar(BOOK + " AND published = '2022-11-30'", "The Heron Almanac") == 1
    assert db.scalar("SELECT count(*) FROM library_book b JOIN library_author a ON a.id = b.author_id "
                     "WHERE b.title = ? AND a.name = ?", "The Heron Almanac", "Boris Moreau") == 1
    assert db.scalar(BOOK, "The Kestrel Almanac") == 1  # the old value typed 0 times

    await record(host, app.base_url, "dj-edit-book", edit_steps("The Kestrel Almanac", "321"),
                 {"search": "The Kestrel Almanac", "pages": "321"})
    report = await replay(host, "dj-edit-book", params={"search": "The Heron Almanac", "pages": "123"})
    assert report["status"] == "done", str({k: v for k, v in report.get("stopped", {}).items() if k != "candidates"})
    assert db.scalar(BOOK + " AND pages = 123", "The Heron Almanac") == 1
    assert db.scalar(BOOK + " AND pages = 321", "The Kestrel Almanac") == 1

    await record(host, app.base_url, "dj-delete-book", delete_steps("The Kestrel Almanac"),
                 {"search": "The Kestrel Almanac"})
    assert db.scalar(BOOK, "The Kestrel Almanac") == 0
    books = db.scalar("SELECT count(*) FROM library_book")
    for answer in (False, True):  # "no" first: nothing changes; then "yes": asked again, never a cached approval
        held = await replay(host, "dj-delete-book", params={"search": "The Heron Almanac"})
        assert held["status"] == "held", {k: v for k, v in held.get("stopped", {}).items() if k != "candidates"}
        assert db.scalar("SELECT count(*) FROM library_book") == books
        if answer:
            confirmed = await host.call("confirm_action",
                                        confirmation_id=held["stopped"]["held"]["confirmation_id"])
            assert confirmed["success"], confirmed
            rest = await replay(host, "dj-delete-book", params={"search": "The Heron Almanac"},
                                start_step=held["stopped"]["step"] + 1)
            assert rest["status"] == "done", rest.get("stopped")
    assert db.scalar(BOOK, "The Heron Almanac") == 0
    assert db.scalar("SELECT count(*) FROM library_book") == books - 1


DECOY_JS = """() => { const links = [...document.querySelectorAll('a')].filter(a => a.textContent.trim() === 'Save');
  const target = [...document.querySelectorAll('input[type=submit]')].find(i => i.value === 'Save');
  const decoy = document.createElement('input'); decoy.type = 'submit'; decoy.value = 'Save';
  target.parentElement.insertBefore(decoy, target); return links.length; }"""


@APP
async def test_a_decoy_save_button_stops_the_replay_with_no_write(app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    await record(host, app.base_url, "dj-add-author", [open_("/admin/library/author/add/"), type_("Name", "Ines Roca"),
                                                        type_("Country", "Chile"), click("Save", "button")],
                 {"name": "Ines Roca"})
    # The flow up to the Save: the human's page gets a decoy before the real button; the replay must stop there.
    flow_start = await replay(host, "dj-add-author", params={"name": "Luz Roca"}, start_step=0)
    assert flow_start["status"] == "done"
    authors = app.db.scalar("SELECT count(*) FROM library_author")
    await host.call("navigate", url=app.url("/admin/library/author/add/"))
    page = await host.human_page()
    await page.evaluate(DECOY_JS)
    report = await replay(host, "dj-add-author", params={"name": "Mara Roca"}, start_step=1)
    assert report["status"] == "stopped" and report["stopped"]["step"] == 3, report
    assert len(report["stopped"]["candidates"]) == 2
    assert app.db.scalar("SELECT count(*) FROM library_author") == authors


PAGE = "SELECT count(*) FROM wagtailcore_page WHERE title = ? AND live = 1"


def create_publish_steps(title: str, slug: str) -> list[Step]:
    return [open_("/admin/pages/3/"), click("Add child page", "link"), type_("Title", title, "textbox"),
            click("Promote", "tab"), type_("Slug", slug, "textbox"), click("Save draft", "button"),
            click("More actions", "button"), click("Publish", "button", effect=True)]


@pytest.mark.parametrize("app_name", [pytest.param("wagtail", id="wagtail")])
async def test_cms_page_created_and_published_replays_with_the_publish_asked_again(
        app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    await record(host, app.base_url, "wt-publish", create_publish_steps("Ferry timetable", "ferry-timetable"),
                 {"title": "Ferry timetable", "slug": "ferry-timetable"})
    assert app.db.scalar(PAGE, "Ferry timetable") == 1
    held = await replay(host, "wt-publish", params={"title": "Night bus", "slug": "night-bus"})
    assert held["status"] == "held", str({k: v for k, v in held.get("stopped", {}).items() if k != "candidates"})
    assert app.db.scalar(PAGE, "Night bus") == 0  # saved as a draft, not published while held
    confirmed = await host.call("confirm_action", confirmation_id=held["stopped"]["held"]["confirmation_id"])
    assert confirmed["success"], confirmed
    if held["stopped"]["step"] + 1 < 8:
        rest = await replay(host, "wt-publish", params={"title": "Night bus", "slug": "night-bus"},
                            start_step=held["stopped"]["step"] + 1)
        assert rest["status"] == "done", str(rest.get("stopped"))
    assert app.db.scalar(PAGE, "Night bus") == 1
