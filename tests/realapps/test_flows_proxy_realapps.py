"""Issue 22's acceptance (b) and (c) on Django admin and Wagtail, through an HTML-rewriting proxy
(tests/support/rewriting_proxy.py) in front of the real app: the flows are recorded once on the app itself
(1280 px), then replayed by ``replay_flow`` with ``origin`` = the proxy, judged in the app's database. The
session's MCP server (tests/realapps/conftest.py; no second browser, server and sign-in for this module) runs with
``ANTHROPIC_BASE_URL`` pointed at a stub that fails and counts every request (tests/support/model_stub.py): it must
count 0. (The fixture flow's (b) and (c): tests/mcp/test_flows_shadow.py.)

- (b) cosmetic variant (fixed seed: ids and what refers to them renamed, class names randomised, table rows and
  fieldsets reordered, wrapper divs, the app's scripts still working; the window 1024 px wide): Django's add, edit
  and delete and Wagtail's create-and-publish reach their end state; the delete and the publish are held and asked
  again; each report names the fingerprint parts that matched.
- (c) each unresolvable mutation (target removed; a same-role same-name decoy before it; two look-alike rows; the
  name changed) injected by the proxy on the page of EACH targeted step in turn: the replay stops at that step,
  and nothing was written (no non-GET request through the proxy, the database as it was). Each case starts at its
  step's page (``start_step``), one page load each; Django's pages addressed by the recorded book's number (deleted
  by the recording) are reached from the search results they were opened from.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from browser_core.act.flow_model import fill
from browser_core.act.flow_store import load
from corpus.apps import RunningApp
from corpus.host import Host
from corpus.steps import Step, click, open_, press, select, type_
from tests.realapps.test_flows_realapps import record
from tests.support.model_stub import ModelStub
from tests.support.rewriting_proxy import Kind, Mutation, RewritingProxy, masked

SURE = "Yes, I’m sure"
BOOK = "SELECT count(*) FROM library_book WHERE title = ?"
STATE = ("SELECT group_concat(id || '|' || title || '|' || coalesce(pages, '') || '|' || published || '|' || "
         "author_id, ';') FROM (SELECT * FROM library_book ORDER BY id)")
KINDS: tuple[Kind, ...] = ("removed", "decoy", "rows", "renamed")
FLOWS = {  # flow -> (recorded steps, recorded params, params of the (c) replays)
    "px-add-book": ([open_("/admin/library/book/add/"), type_("Title", "The Kestrel Almanac"),
                     select("Author", "Ada Lindqvist"), type_("Published", "2021-03-04"), click("Save", "button")],
                    {"title": "The Kestrel Almanac", "author": "Ada Lindqvist", "published": "2021-03-04"},
                    {"title": "The Plover Almanac", "author": "Boris Moreau", "published": "2020-01-02"}),
    "px-edit-book": ([open_("/admin/library/book/"), type_("", "The Kestrel Almanac", "textbox", row="Search"),
                      press("Enter"), click("The Kestrel Almanac", "link"), type_("Pages", "321"),
                      click("Save", "button")],
                     {"search": "The Kestrel Almanac", "pages": "321"}, {"search": "The Wren Almanac", "pages": "77"}),
    "px-delete-book": ([open_("/admin/library/book/"), type_("", "The Kestrel Almanac", "textbox", row="Search"),
                        press("Enter"), click("The Kestrel Almanac", "link"), click("Delete", "link"),
                        click(SURE, "button", effect=True)],
                       {"search": "The Kestrel Almanac"}, {"search": "The Wren Almanac"}),
}
APP = "django_admin"


class Proxied:
    def __init__(self, app: RunningApp, host: Host, stub: ModelStub, folder: Path) -> None:
        self.app, self.host, self.stub, self.folder = app, host, stub, folder

    async def replay(self, name: str, origin: str, **kw: Any) -> dict[str, Any]:
        payload = await self.host.call("replay_flow", name=name, origin=origin, **kw)
        assert payload["success"], payload
        report = dict(payload["data"])
        assert report["model_requests"] == 0 and self.stub.requests == [], self.stub.requests
        return report


async def _record(host: Host, base_url: str, name: str, steps: list[Step], params: dict[str, str]) -> Path:
    """The flow recorded as test_flows_realapps records it; the folder its file was saved in."""
    return Path((await record(host, base_url, name, steps, params))["saved"]).parent


@pytest.fixture(scope="module")
def model_host(host: Host, model_stub: ModelStub) -> tuple[Host, ModelStub]:
    """The session's MCP server (signed in once per app, tests/realapps/conftest.py), its model endpoint a stub that
    fails and counts: no second Chromium, server and sign-in for this module."""
    return host, model_stub


async def _leave(host: Host, app: RunningApp) -> None:
    """The session's server back on the app's home page for the tests after this module: a case that stopped inside
    an editor with its edit unsaved is held once on leaving (a loss); the harness, as the human, lets it go."""
    opened = await host.call("navigate", url=app.url(app.spec.home_path))
    held = (opened.get("error") or {}).get("details", {})
    if not opened["success"] and held.get("summary", {}).get("category") == "loss":
        opened = await host.call("confirm_action", confirmation_id=held["confirmation_id"])
    assert opened["success"], opened


@pytest.fixture(scope="module")
async def proxied(corpus_apps, model_host: tuple[Host, ModelStub]) -> AsyncIterator[Proxied]:
    """One recording per flow (on the app itself), then a book for the (c) replays to find: The Wren Almanac."""
    app = corpus_apps.get(APP)
    host, stub = model_host
    await host.login(app)
    folder = Path()
    for name, (steps, params, _) in FLOWS.items():
        folder = await _record(host, app.base_url, name, steps, params)
        if name == "px-add-book":  # the edit and delete recordings then find the book the add made
            assert app.db.scalar(BOOK, "The Kestrel Almanac") == 1
    assert app.db.scalar(BOOK, "The Kestrel Almanac") == 0  # the delete recording deleted it
    px = Proxied(app, host, stub, folder)
    wren = await px.replay("px-add-book", app.base_url, params={"title": "The Wren Almanac"})
    assert wren["status"] == "done" and app.db.scalar(BOOK, "The Wren Almanac") == 1, wren
    yield px
    await _leave(host, app)


async def _window_width(host: Host, width: int) -> int:
    page = await host.human_page()
    cdp = await page.context.new_cdp_session(page)
    window = await cdp.send("Browser.getWindowForTarget")
    await cdp.send("Browser.setWindowBounds", {"windowId": window["windowId"], "bounds": {"width": width}})
    await cdp.detach()
    return int(await page.evaluate("() => window.innerWidth"))


@asynccontextmanager
async def _cosmetic_at_1024(px: Proxied) -> AsyncIterator[str]:
    """The cosmetic proxy (seed 22) in front of the app, the window 1024 px wide: its origin; afterwards the window
    is 1280 px again and the proxy closed."""
    proxy = RewritingProxy(px.app.base_url, seed=22)
    origin = await proxy.start()
    try:
        assert await _window_width(px.host, 1024) <= 1024
        yield origin
    finally:
        await _window_width(px.host, 1280)
        await proxy.close()


def _matched(report: dict[str, Any]) -> list[str]:
    return [f"{s['step']}:{'+'.join(s['matched'])}" for s in report["steps"] if s.get("matched")]


@pytest.mark.parametrize("app_name", [pytest.param(APP, id=APP)])
async def test_cosmetic_variant_through_the_proxy_at_1024_reaches_every_end_state(
        app_name: str, proxied: Proxied) -> None:
    px, db = proxied, proxied.app.db
    async with _cosmetic_at_1024(px) as origin:
        page = await px.host.human_page()
        await page.goto(origin + "/admin/library/book/add/")
        html = await page.content()
        assert 'id="id_title"' not in html and "Title" in html  # ids renamed, labels kept
        add = await px.replay("px-add-book", origin, params={"title": "The Heron Almanac", "author": "Boris Moreau",
                                                             "published": "2022-11-30"})
        assert add["status"] == "done", add.get("stopped")
        assert db.scalar(BOOK + " AND published = '2022-11-30'", "The Heron Almanac") == 1
        edit = await px.replay("px-edit-book", origin, params={"search": "The Heron Almanac", "pages": "123"})
        assert edit["status"] == "done", edit.get("stopped")
        assert db.scalar(BOOK + " AND pages = 123", "The Heron Almanac") == 1
        books = db.scalar("SELECT count(*) FROM library_book")
        held = await px.replay("px-delete-book", origin, params={"search": "The Heron Almanac"})
        assert held["status"] == "held" and db.scalar("SELECT count(*) FROM library_book") == books, held
        confirmed = await px.host.call("confirm_action", confirmation_id=held["stopped"]["held"]["confirmation_id"])
        assert confirmed["success"], confirmed
        rest = await px.replay("px-delete-book", origin, params={"search": "The Heron Almanac"},
                               start_step=held["stopped"]["step"] + 1)
        assert rest["status"] == "done", rest.get("stopped")
        assert db.scalar(BOOK, "The Heron Almanac") == 0 and db.scalar("SELECT count(*) FROM library_book") == books - 1
        for report in (add, edit, held):
            for part in ("frame", "role", "name", "population"):
                assert all(part in s["matched"] for s in report["steps"] if s.get("matched")), _matched(report)
        print("\n(b) matched parts:", {r["flow"]: _matched(r) for r in (add, edit, held)})


@dataclass(frozen=True)
class Targeted:
    """A step that acts on a target: its fingerprint's role, name and row, the path of its page (numbers as '#'),
    and where a replay can start to reach that page: the step that opens it and the URL to open first ("": none)."""

    step: int
    role: str
    name: str
    row: str
    path: str
    entry: int
    entry_url: str


def _targeted_steps(folder: Path, name: str, params: dict[str, str], *, open_numbered: bool = True) -> list[Targeted]:
    """``open_numbered`` False: a page whose address holds a record's number (the recorded book's change page, which
    the recording's own delete removed) is not opened by that address; it is reached as recorded, from where the
    page before it was entered."""
    flow = load(folder, name)
    values = flow.values(params)
    out, url, entry = [], "", (0, "")
    for index, step in enumerate(flow.steps):
        if step.target is not None:
            out.append(Targeted(index, step.target.role, fill(step.target.name, values),
                                fill(step.target.anchors.row, values), masked(urlsplit(url).path), *entry))
        went = fill(step.args.url or "", values) if step.action == "navigate" else (
            fill(step.post.url, values) if step.post.navigated else url)
        if urlsplit(went)._replace(fragment="") != urlsplit(url)._replace(fragment=""):  # another page
            if step.action == "navigate":
                entry = (index, "")
            elif open_numbered or masked(urlsplit(went).path) == urlsplit(went).path:
                entry = (index + 1, went)
        url = went
    return out


Judge = Callable[[int, dict[str, str], list[str]], str]  # (stopped-at step, params, writes) -> what is wrong, or ""


async def _stop_each_step(px: Proxied, proxy: RewritingProxy, flow: str, params: Callable[[int], dict[str, str]],
                          judge: Judge, *, from_page: bool = False, open_numbered: bool = True) -> list[str]:
    """Each mutation on the page of each targeted step in turn, one replay each; what went wrong, case by case.
    ``from_page``: each replay starts at the step that opens its step's page (opened first when a step before went
    there), not at the flow's first step: one page load a case instead of the whole way there (``open_numbered``:
    see ``_targeted_steps``)."""
    origin, missed, case_no, started = proxy.base_url, [], 0, time.monotonic()
    steps = _targeted_steps(px.folder, flow, params(0), open_numbered=open_numbered)
    assert len(steps) >= 2, steps
    for t in steps:
        for kind in KINDS:
            case_no += 1
            given = params(case_no)
            proxy.mutation = Mutation(kind, t.role, t.name, t.path, t.row)
            if from_page and t.entry_url:
                opened = await px.host.call("navigate", url=origin + t.entry_url)
                held = (opened.get("error") or {}).get("details", {})
                if not opened["success"] and held.get("summary", {}).get("category") == "loss":
                    # the case before stopped inside an editor with its edit unsaved: the app's leave warning is
                    # held once (a loss); the harness, as the human, lets the draft go to start the next case
                    opened = await px.host.call("confirm_action", confirmation_id=held["confirmation_id"])
                assert opened["success"], opened
            proxy.writes.clear()
            report = await px.replay(flow, origin, params=given, start_step=t.entry if from_page else 0)
            stopped = report.get("stopped", {})
            case = f"step {t.step} {t.role} {t.name!r} {kind}"
            if not proxy.mutation.applied:
                missed.append(f"{case}: not injected on {t.path}")
            elif report["status"] != "stopped" or stopped.get("step") != t.step:
                missed.append(f"{case}: {report['status']} at {stopped.get('step')} ({stopped.get('reason')})")
            if wrong := judge(t.step, given, list(proxy.writes)):
                missed.append(f"{case}: {wrong}")
    print(f"\n(c) {flow}: {case_no - len(missed)}/{case_no} stopped at the step ({time.monotonic() - started:.0f} s)")
    return missed


@pytest.mark.parametrize("flow", [pytest.param(n, id=f"{APP}:{n}") for n in FLOWS])
async def test_each_unresolvable_mutation_at_each_step_stops_there_with_no_write(
        flow: str, proxied: Proxied) -> None:
    px, db = proxied, proxied.app.db
    proxy = RewritingProxy(px.app.base_url, cosmetic=False)
    await proxy.start()
    before = db.scalar(STATE)

    def judge(_step: int, _params: dict[str, str], writes: list[str]) -> str:
        # Every write of these flows is at their last step: a stop anywhere writes nothing.
        return f"written {writes}" if writes or db.scalar(STATE) != before else ""

    try:
        missed = await _stop_each_step(px, proxy, flow, lambda _: FLOWS[flow][2], judge, from_page=True,
                                       open_numbered=False)
        assert not missed, "\n".join(missed)
    finally:
        await proxy.close()


PAGE = "SELECT count(*) FROM wagtailcore_page WHERE title = ? AND live = ?"
PAGES = ("SELECT count(*) || ' pages, ' || sum(live) || ' live, ' || (SELECT count(*) FROM wagtailcore_revision) "
         "|| ' revisions' FROM wagtailcore_page")
PUBLISH = [open_("/admin/pages/3/"), click("Add child page", "link"), type_("Title", "Tram map", "textbox"),
           click("Promote", "tab"), type_("Slug", "tram-map", "textbox"), click("Save draft", "button"),
           click("More actions", "button"), click("Publish", "button", effect=True)]
WAGTAIL = pytest.mark.parametrize("app_name", [pytest.param("wagtail", id="wagtail")])


@pytest.fixture(scope="module")
async def published(corpus_apps, model_host: tuple[Host, ModelStub]) -> AsyncIterator[Proxied]:
    """The CMS flow (a page created, its slug set on the Promote tab, saved, published) recorded once."""
    app = corpus_apps.get("wagtail")
    host, stub = model_host
    await host.login(app)
    folder = await _record(host, app.base_url, "px-publish", PUBLISH, {"title": "Tram map", "slug": "tram-map"})
    await host.call("wait_for", url="re:/admin/pages/3/$", timeout_ms=20000)  # the publish's redirect, bounded
    assert app.db.scalar(PAGE, "Tram map", 1) == 1, (await host.call("get_page_text"))["data"]["text"][:1500]
    yield Proxied(app, host, stub, folder)
    await _leave(host, app)


@WAGTAIL
async def test_cms_publish_through_the_cosmetic_proxy_at_1024_is_asked_again_and_published(
        app_name: str, published: Proxied) -> None:
    px, db = published, published.app.db
    async with _cosmetic_at_1024(px) as origin:
        params = {"title": "Cable car", "slug": "cable-car"}
        held = await px.replay("px-publish", origin, params=params)
        assert held["status"] == "held", str({k: v for k, v in held.get("stopped", {}).items() if k != "candidates"})
        assert db.scalar(PAGE, "Cable car", 1) == 0 and db.scalar(PAGE, "Cable car", 0) == 1  # a draft, held
        confirmed = await px.host.call("confirm_action", confirmation_id=held["stopped"]["held"]["confirmation_id"])
        assert confirmed["success"], confirmed
        if held["stopped"]["step"] + 1 < len(PUBLISH):
            rest = await px.replay("px-publish", origin, params=params, start_step=held["stopped"]["step"] + 1)
            assert rest["status"] == "done", str(rest.get("stopped"))
        assert db.scalar(PAGE, "Cable car", 1) == 1
        for part in ("frame", "role", "name", "population"):
            assert all(part in s["matched"] for s in held["steps"] if s.get("matched")), _matched(held)
        print("\n(b) matched parts:", {held["flow"]: _matched(held)})


@WAGTAIL
async def test_each_unresolvable_mutation_at_each_cms_step_stops_there_with_no_write(
        app_name: str, published: Proxied) -> None:
    """Each case starts at its step's page (the draft's steps on the recorded page's editor), so no case writes
    before its step either: the pages, their revisions and what is live stay as they were."""
    px, db = published, published.app.db
    proxy = RewritingProxy(px.app.base_url, cosmetic=False)
    await proxy.start()
    before = db.scalar(PAGES)

    def judge(_step: int, _params: dict[str, str], writes: list[str]) -> str:
        posts = [w for w in writes if w.startswith("POST /admin/pages/")]
        return f"written {posts}: {db.scalar(PAGES)} (was {before})" if posts or db.scalar(PAGES) != before else ""

    try:
        missed = await _stop_each_step(px, proxy, "px-publish", lambda _: {"title": "Tram map", "slug": "tram-map"},
                                       judge, from_page=True)
        assert not missed, "\n".join(missed)
    finally:
        await proxy.close()
