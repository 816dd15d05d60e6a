"""The local sites serve from their data, and the suite refers to that data instead of copying page text: a guard
against page text pasted back into sites.yaml, and a changed datum that moves the page and the expectation
together."""

from __future__ import annotations

import shutil
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import yaml

from browser_agent_evals.checkers import check, expected_text
from browser_agent_evals.sites import SITES, Request
from browser_agent_evals.sites.data import (
    DATA_DIR,
    REFERENCE,
    PageText,
    SiteData,
    find_text,
    load_site_data,
)
from browser_agent_evals.suite import Checker, find_suite, load_tasks
from browser_agent_evals.web import EvalWeb

BASE_A, BASE_B = "http://a.test/r/t", "http://b.test/r/t"
SHOWN_ATTRIBUTES = {"aria-label", "placeholder", "title", "alt", "value"}
# Keys whose values are not page text: the task's prose and vocabulary, and what the human types or answers.
NOT_PAGE_TEXT = {"goal", "id", "start", "tags", "role", "match", "answers", "text"}


class _Page(HTMLParser):
    """A page's visible texts (text nodes, shown attributes) and where it leads (links, frames, forms)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.links: list[str] = []
        self.forms: list[dict[str, Any]] = []
        self._skip = 0
        self._select = ""  # the select whose first option is still to be read
        self._option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self._skip += tag in ("script", "style")
        shown = SHOWN_ATTRIBUTES if tag == "input" and a.get("type") != "hidden" else SHOWN_ATTRIBUTES - {"value"}
        self.texts += [a[k] for k in shown & a.keys()]
        fields = self.forms[-1]["fields"] if self.forms else {}
        if (tag == "a" and "href" in a) or (tag == "iframe" and "src" in a):
            self.links.append(a.get("href") or a["src"])
        elif tag == "form":
            self.forms.append({"action": a.get("action", ""), "method": a.get("method", "get").upper(), "fields": {}})
        elif tag in ("input", "textarea") and a.get("name"):
            fields[a["name"]] = a.get("value") or "Sample"
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
        elif tag == "option" and self._select:
            if "value" in a:
                fields[self._select], self._select = a["value"], ""
            else:
                self._option = True

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style")
        if tag == "select":
            self._select = ""

    def handle_data(self, data: str) -> None:
        if self._skip or not data.strip():
            return
        self.texts.append(" ".join(data.split()))
        if self._option:  # a select sends its first option's text when the option has no value
            self.forms[-1]["fields"][self._select] = data.strip()
            self._select, self._option = "", False


def _request(url: str, method: str, form: dict[str, str]) -> tuple[str, Request]:
    parts = urlsplit(url)
    base = BASE_A if url.startswith(BASE_A) else BASE_B
    site, _, path = url[len(base) + 1 :].split("?")[0].partition("/")
    return site, Request(method, path, dict(parse_qsl(parts.query)), form, BASE_A, BASE_B)


def crawl(data: SiteData, limit: int = 400) -> set[str]:
    """Every text the sites show, reached from their home pages by following links, frames and forms (a search
    with a letter most texts have; other fields with a sample value), all in one run's state."""
    state: dict[str, Any] = {}
    todo: list[tuple[str, str, dict[str, str]]] = [(f"{BASE_A}/{site}/", "GET", {}) for site in SITES]
    seen: set[tuple[str, str, tuple[tuple[str, str], ...]]] = set()
    texts: set[str] = set()
    while todo and len(seen) < limit:
        url, method, form = todo.pop(0)
        key = (url, method, tuple(sorted(form.items())))
        if key in seen or not url.startswith((BASE_A, BASE_B)):
            continue
        seen.add(key)
        site, request = _request(url, method, form)
        response = SITES[site](state, request, data)
        if "Location" in response.headers:
            todo.append((response.headers["Location"], "GET", {}))
            continue
        page = _Page()
        page.feed(response.body.decode())
        texts.update(page.texts)
        todo += [(link, "GET", {}) for link in page.links]
        for f in page.forms:
            if f["method"] == "GET":
                query = "&".join(f"{k}=e" for k in f["fields"])
                todo.append((f"{f['action']}?{query}", "GET", {}))
            else:
                todo.append((f["action"], "POST", dict(f["fields"])))
    return texts


def _literals(node: Any, key: str = "") -> list[tuple[str, str]]:
    """(where, text) for every string of the suite's tasks that may be page text, data references cut out."""
    if key in NOT_PAGE_TEXT or (isinstance(node, dict) and set(node) == set(PageText.model_fields)):
        return []
    if isinstance(node, dict):
        return [hit for k, v in node.items() for hit in _literals(v, str(k))]
    if isinstance(node, list):
        return [hit for v in node for hit in _literals(v, key)]
    if isinstance(node, str):
        return [(key, part.strip()) for part in REFERENCE.split(node)[::3] if len(part.strip()) > 1]
    return []


def test_the_site_suite_copies_no_page_text() -> None:
    data = load_site_data()
    shown = crawl(data)
    assert {"View Ceramic pour-over kettle", "The message was deleted.", "Application received"} <= shown
    assert any(find_text(data.shop.messages.order_confirmed, t) for t in shown)  # the crawl placed an order
    suite = yaml.safe_load(find_suite("sites").read_text("utf-8"))
    copied = [
        f"{task['id']}: {where}: {text!r} is page text ({pages[0]!r})"
        for task in suite["tasks"]
        for where, text in _literals(task)
        if (pages := sorted(page for page in shown if text in page))
    ]
    assert not copied, "refer to the site data ({shop.…}, {site: …, message: …}) instead:\n" + "\n".join(copied)


def _modified_data(tmp_path: Path) -> SiteData:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    edits = {
        "shop.yaml": [("name: Ceramic pour-over kettle", "name: Stoneware drip kettle"),
                      ("is confirmed: {items}", "is on its way with {items}")],
        "mail.yaml": [("deleted: The message was deleted.", "deleted: Moved to the bin.")],
        "jobs.yaml": [("submit: Submit application", "submit: Send my application")],
    }
    for name, changes in edits.items():
        text = (copy / name).read_text("utf-8")
        for old, new in changes:
            assert old in text
            text = text.replace(old, new)
        (copy / name).write_text(text, "utf-8")
    return load_site_data(copy)


def test_a_changed_datum_changes_the_page_and_the_expectation(tmp_path: Path) -> None:
    data = _modified_data(tmp_path)
    tasks = {t.id: t for t in load_tasks(find_suite("sites"), sites=data)}
    shop, mail, jobs = tasks["shop-checkout"], tasks["webmail-reply-delete"], tasks["job-application"]
    assert {"click": {"name": "Stoneware drip kettle", "role": "link"}} in shop.config.solution
    assert {"click": {"name": "Send my application", "role": "button"}, "confirm": True} in jobs.config.solution
    assert expected_text(mail.config.expect, data) == "Moved to the bin."
    with EvalWeb(sites=data) as web:
        ctx = web.register()
        results = urllib.request.urlopen(f"{web.base(ctx.token)}/shop/search?q=kettle").read().decode()
        assert "View Stoneware drip kettle" in results and "Ceramic" not in results
        form = urllib.request.urlopen(f"{web.base(ctx.token, 'b')}/jobs/form/data-analyst").read().decode()
        assert "Send my application" in form
        order = urllib.request.Request(f"{web.base(ctx.token)}/shop/cart/add", data=b"sku=pour-over-kettle&qty=1")
        urllib.request.urlopen(order)
        done = urllib.request.urlopen(urllib.request.Request(
            f"{web.base(ctx.token)}/shop/order", data=b"name=Ada&address=1+Road&city=London&shipping=standard"))
        page = done.read().decode()
    assert "Order #1001 is on its way with 1 × Stoneware drip kettle" in page
    ctx.report({"kind": "load", "text": "Thank you, Ada! Order #1001 is on its way with 1 × Stoneware drip kettle. "
                "Total €43.95. Shipping to 1 Road, London"})
    page_check = Checker(page_text=shop.checker.page_text)
    assert check(page_check, ctx, sites=data).success  # the check reads the message from the data served
    stale = check(page_check, ctx, sites=load_site_data())
    assert not stale.success and "is confirmed" in stale.detail


def test_messages_match_with_their_fields_standing_for_any_text() -> None:
    template = load_site_data().shop.messages.order_confirmed
    page = "Thank you, Ada!  Order #1001 is confirmed: 1 × Ceramic pour-over kettle. Total €43.95. Shipping to"
    assert find_text(template, page) == "Order #1001 is confirmed: 1 × Ceramic pour-over kettle. Total €43.95."
    assert find_text(template, "Order #1001 is pending: 1 × kettle. Total €43.95.") is None
    assert find_text("no {fields", "a NO {FIELDS here") == "NO {FIELDS"  # unbalanced braces: plain text


def test_a_reference_to_missing_data_fails_at_load(tmp_path: Path) -> None:
    suite = tmp_path / "s.yaml"
    task = {"id": "t", "start": "shop/", "goal": "g", "checker": {"state": {"a": 1}}}
    suite.write_text(yaml.safe_dump({"name": "s", "tasks": [task | {"solution": [{"click": "{shop.labels.nope}"}]}]}))
    with pytest.raises(ValueError, match=r"no site data at 'shop.labels.nope'"):
        load_tasks(suite)
    suite.write_text(yaml.safe_dump({"name": "s", "tasks": [task | {"expect": {"site": "mail", "message": "gone"}}]}))
    with pytest.raises(ValueError, match=r"mail.messages.gone"):
        load_tasks(suite)
    assert isinstance(load_tasks(find_suite("sites"))[0].checker.page_text, PageText)
