"""What a model sees on the corpus apps' list and grid pages and in their modals (issue 19's "Done when"):

- every control on a list or grid page has a name of its own (not empty, not an icon's CSS class: "icon: …");
- every control on a data row carries that row's identifying text (in its name or its ``context``), so a model can
  tell the rows' checkboxes and icon buttons apart;
- while an app's own modal is open, ``observe`` lists the modal's buttons.

Each case is checked through the stdio MCP server on real Chromium. OBSERVE_GAPS lists what today's observation
gets wrong (strict xfails, as GATE_GAPS in test_gate_realapps.py).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

import anyio
import pytest

from corpus.host import Host
from corpus.runner import confirm, run_step
from corpus.steps import check, click
from tests.realapps.gaps_mlflow import MLFLOW_OBSERVE_GAPS, ORDER_DEPENDENT

OBSERVE_GAPS: dict[str, str] = {**MLFLOW_OBSERVE_GAPS}
CONTROLS = {"button", "checkbox", "link", "menuitem", "combobox", "textbox", "radio", "switch", "tab"}
UNNAMED = re.compile(r"^\s*$|^icon:")


@dataclass(frozen=True)
class ListPage:
    """A list or grid page of a corpus app: ``rows`` names a few of its data rows (each shown as a link)."""

    app: str
    id: str
    path: str
    rows: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.app}:{self.id}"


ML = "?workflowType=machine_learning&searchFilter=&orderByKey=attributes.start_time&orderByAsc=false"
PAGES = [
    ListPage("mlflow", "runs-grid", "/#/experiments/2/runs" + ML, ("vision-cnn-09", "vision-resnet-10")),
    ListPage("mlflow", "experiments", "/#/experiments", ("sweep-2025-26", "sweep-2025-25")),  # its first page
]


def gap(key: str) -> Any:
    if os.environ.get("REALAPPS_TARGET") == "1":
        return ()
    if key in OBSERVE_GAPS:
        return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"current observation: {OBSERVE_GAPS[key]}")
    if key in ORDER_DEPENDENT:
        return pytest.mark.xfail(strict=False, reason=f"order-dependent: {ORDER_DEPENDENT[key]}")
    return ()


async def elements(host: Host, query: str = "") -> list[dict[str, Any]]:
    payload = await host.call("find_interactive_elements", query=query, limit=100)
    assert payload["success"], payload
    return list(payload["data"]["elements"])


async def open_list(host: Host, corpus_apps, page: ListPage) -> list[dict[str, Any]]:
    """Open the page and wait (bounded) until its rows are shown, as a model would look again."""
    app = corpus_apps.get(page.app)
    assert (await host.call("navigate", url=app.url(page.path)))["success"]
    found: list[dict[str, Any]] = []
    with anyio.move_on_after(30):  # a single-page app fetches its rows once the page has loaded
        while not all(any(e.get("name") == row for e in found) for row in page.rows):
            found = await elements(host)
            await host.call("wait_for", load="networkidle", timeout_ms=1000)
    assert all(any(e.get("name") == row for e in found) for row in page.rows), [e.get("name") for e in found]
    return await elements(host)


def on_line(element: dict[str, Any], anchor: dict[str, Any]) -> bool:
    box, mark = element.get("box") or [0, 0, 0, 0], anchor["box"]
    return bool(box[2] and box[3]) and abs((box[1] + box[3] / 2) - (mark[1] + mark[3] / 2)) <= max(mark[3], 12)


def within(element: dict[str, Any], line: dict[str, Any]) -> bool:
    """The element's horizontal centre lies inside the row's box."""
    box, row = element["box"], line["box"]
    return bool(row[0] <= box[0] + box[2] / 2 <= row[0] + row[2])


def span(elements: list[dict[str, Any]]) -> dict[str, Any]:
    """A box from the leftmost to the rightmost of the elements (their list's width)."""
    left = min(e["box"][0] for e in elements if e.get("box"))
    right = max(e["box"][0] + e["box"][2] for e in elements if e.get("box"))
    return {"box": [left, 0, right - left, 0]}


def describe(element: dict[str, Any]) -> str:
    return f"{element.get('role')} {element.get('name')!r}" + (f" ({element['context']})" if element.get("context")
                                                                 else "")


@pytest.mark.parametrize("list_page", [pytest.param(p, id=f"{p.key}:named", marks=gap(f"{p.key}:named"))
                                       for p in PAGES])
async def test_every_control_on_a_list_page_has_a_name(list_page: ListPage, corpus_apps, host: Host) -> None:
    listed = await open_list(host, corpus_apps, list_page)
    unnamed = [describe(e) for e in listed if e.get("role") in CONTROLS | {"row", "columnheader", "gridcell"}
               and UNNAMED.search(e.get("name", ""))]
    assert not unnamed, f"controls without a name of their own: {unnamed[:10]}"


@pytest.mark.parametrize("list_page", [pytest.param(p, id=f"{p.key}:rows", marks=gap(f"{p.key}:rows"))
                                       for p in PAGES])
async def test_every_control_on_a_row_names_its_row(list_page: ListPage, corpus_apps, host: Host) -> None:
    listed = await open_list(host, corpus_apps, list_page)
    missing = []
    for row in list_page.rows:
        anchor = next(e for e in listed if e.get("name") == row and e.get("box"))
        lines = [e for e in listed if e.get("role") == "row" and on_line(e, anchor) and within(anchor, e)]
        if not lines:  # rows not listed as such: the list spans from its leftmost row control to its rightmost
            lines = [span([e for e in listed
                           if e.get("context", "").startswith("row") or e.get("name") in list_page.rows])]
        for element in listed:
            if element is anchor or element.get("role") not in CONTROLS or not on_line(element, anchor):
                continue
            if not any(within(element, line) for line in lines):  # beside the list (a sidebar), not on its row
                continue
            if row not in element.get("name", "") and row not in element.get("context", ""):
                missing.append(f"{describe(element)} on the row of {row!r}")
    assert not missing, f"row controls that do not name their row: {missing[:10]}"


@pytest.mark.parametrize("key", [pytest.param("mlflow:run-delete-modal", marks=gap("mlflow:run-delete-modal"))])
async def test_an_open_modal_lists_its_buttons(key: str, corpus_apps, host: Host) -> None:
    """MLflow's 'Delete Experiment Run' modal over the 24-run grid: observe lists its Cancel and Delete selected.
    The modal is then cancelled: nothing is deleted."""
    app = corpus_apps.get("mlflow")
    run = "churn-boosting-23"
    open_list_page = ListPage("mlflow", "grid-1", "/#/experiments/1/runs" + ML, (run,))
    await open_list(host, corpus_apps, open_list_page)
    await run_step(host.call, app.base_url, check(row=run, column="Select all runs"))
    opened = await run_step(host.call, app.base_url, click("Delete", "button"))
    if opened.held:  # today's gate holds the button that only opens the modal: the human says yes to see it
        await confirm(host.call, opened)
    buttons: list[dict[str, Any]] = []
    with anyio.move_on_after(10):
        while not any(b.get("name") == "Cancel" for b in buttons):
            buttons = [e for e in await elements(host, "Cancel") if e.get("role") == "button"]
    assert any(b.get("name") == "Cancel" for b in buttons), "the modal did not open"
    observed = await host.call("observe")
    listed = [e.get("name") for e in observed["data"]["elements"]]
    try:
        assert "Cancel" in listed and "Delete selected" in listed, \
            f"observe with the modal open lists {listed[:12]}… ({observed['data'].get('notes')})"
    finally:
        cancel = next(b for b in buttons if b.get("name") == "Cancel")
        assert (await host.call("click", element_id=cancel["id"]))["success"]
        assert app.db.count("runs", "name = ? AND lifecycle_stage = 'active'", run) == 1


@pytest.mark.parametrize("app_name", [pytest.param("wagtail", id="wagtail:page-editor")])
async def test_a_rich_text_editor_is_named_by_its_fields_label(app_name: str, corpus_apps, host: Host) -> None:
    """Wagtail's page editor: the Body field's label points at the hidden input that stores the rich-text editor's
    value; the editor itself (a contenteditable textbox) is named by that label, like every textbox of the form."""
    app = corpus_apps.get(app_name)
    await host.login(app)
    page = app.db.scalar("SELECT id FROM wagtailcore_page WHERE title = ?", "Harbour moves")
    assert (await host.call("navigate", url=app.url(f"/admin/pages/{page}/edit/")))["success"]
    boxes: list[dict[str, Any]] = []
    with anyio.move_on_after(30):  # the editor is drawn by the page's script once it has loaded
        while not any(b.get("name") == "Body" for b in boxes):
            boxes = [e for e in await elements(host, "Body") if e.get("role") == "textbox"]
            await host.call("wait_for", load="networkidle", timeout_ms=1000)
    textboxes = [e for e in await elements(host) if e.get("role") == "textbox"]
    assert any(b.get("name") == "Body" for b in boxes), [describe(b) for b in textboxes]
    assert textboxes and not [describe(e) for e in textboxes if UNNAMED.search(e.get("name", ""))]
