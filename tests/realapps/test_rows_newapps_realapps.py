"""Rows and ids on JupyterLab's file browser (issue 29, "every row reachable", "no id drift"), through the stdio MCP
server on real Chromium:

- the file list's rows are ``li`` items selected by a click (no link, no checkbox, one of them focusable): every
  file the folder holds is listed by its name, as a control a model can act on;
- two files that are not adjacent are selected with a click and a Control+click, as a person selects them;
- after a file is deleted the list recycles its row nodes: the id a model read for the deleted file's row is
  ``stale_element``, never the file that now shows in that node.

ROW_GAPS holds what today's page model gets wrong (strict xfails naming the general rule that is missing; a fix shows
as XPASS until its key is removed; ``REALAPPS_TARGET=1`` runs them as plain tests).
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import anyio
import pytest

from corpus.host import Host
from corpus.jupyter_files.seed import FOLDER, NOTEBOOKS, TEXTS

FILES = sorted([FOLDER[0], *NOTEBOOKS, *TEXTS], key=str.casefold)
ROW_GAPS: dict[str, str] = {}  # the row rule of issue 29 (items.js) closed both gaps measured on s10-i29apps


def gap(key: str) -> Any:
    if os.environ.get("REALAPPS_TARGET") == "1" or key not in ROW_GAPS:
        return ()
    return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"current page model: {ROW_GAPS[key]}")


async def listed(host: Host) -> dict[str, str]:
    """name -> id of every element the server lists."""
    payload = await host.call("find_interactive_elements", query="", limit=100)
    assert payload["success"], payload
    return {str(e.get("name", "")): str(e["id"]) for e in payload["data"]["elements"]}


async def open_files(host: Host, app: Any, want: list[str]) -> dict[str, str]:
    """Open JupyterLab on a fresh workspace (the file browser on the root folder, whatever an earlier test left open)
    and wait (bounded) until its file browser has loaded (the page text shows the files)."""
    assert (await host.call("navigate", url=app.url("/lab?reset")))["success"]
    with anyio.move_on_after(60):  # the single-page app loads its widgets and then the folder
        while True:
            text = await host.call("get_page_text", max_length=20000)
            if text["success"] and all(name in text["data"]["text"] for name in want):
                break
            await host.call("wait_for", load="networkidle", timeout_ms=2000)
    return await listed(host)


@pytest.mark.parametrize(
    "case", [pytest.param("rows-listed", id="jupyterlab:rows-listed", marks=gap("jupyterlab:rows-listed"))]
)
async def test_click_selected_rows_are_listed(case: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get("jupyterlab")
    # The folder as it is now (the gate's tasks before this one delete and rename files), read from the disk.
    files = sorted((p.name for p in (app.state / app.spec.db_file).iterdir() if not p.name.startswith(".")),
                   key=str.casefold)
    assert len(files) >= len(FILES) - 3, files
    names = await open_files(host, app, files)
    missing = [f for f in files if f not in names]
    assert not missing, f"{len(files) - len(missing)} of {len(files)} files listed; missing {missing}"


@pytest.mark.parametrize(
    "case",
    [pytest.param("recycled-row", id="jupyterlab:recycled-row-stale", marks=gap("jupyterlab:recycled-row-stale"))],
)
async def test_recycled_row_id_is_stale(case: str, corpus_apps, host: Host) -> None:
    """Someone else deletes sales-2025.csv (the server's API); the list refreshes and reuses the row's node for the
    next file. Clicking the old id must fail as stale_element and select nothing."""
    app = corpus_apps.get("jupyterlab")
    gone, following = "sales-2025.csv", "scratchpad.ipynb"
    names = await open_files(host, app, [gone, following])
    assert gone in names, f"the row of {gone} is not listed: {sorted(names)[:30]}"
    old_id = names[gone]
    request = urllib.request.Request(app.url(f"/api/contents/{gone}"), method="DELETE")
    await anyio.to_thread.run_sync(lambda: urllib.request.urlopen(request, timeout=30).close())
    with anyio.move_on_after(30):
        while gone in (await listed(host)):
            refresh = (await listed(host)).get("Refresh the file browser.")
            if refresh:
                await host.call("click", element_id=refresh)
            await host.call("wait_for", load="networkidle", timeout_ms=2000)
    assert gone not in await listed(host), "the file list did not refresh"
    clicked = await host.call("click", element_id=old_id)
    assert not clicked["success"], f"the old id acted on another row: {json.dumps(clicked)[:400]}"
    assert clicked["error"]["code"] == "stale_element", clicked["error"]


@pytest.mark.parametrize("case", [pytest.param("modifier-click", id="jupyterlab:modifier-click")])
async def test_two_files_apart_are_selected_with_a_control_click(case: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get("jupyterlab")
    first, second = "cleaning.ipynb", "report.csv"
    names = await open_files(host, app, [first, second])
    assert (await host.call("click", element_id=names[first]))["success"]
    clicked = await host.call("click", element_id=names[second], modifiers=["Control"])
    assert clicked["success"] and clicked["data"]["action"] == "Control+click", clicked
    page = await host.human_page()
    chosen = await page.evaluate(
        "() => Array.from(document.querySelectorAll('.jp-DirListing-item.jp-mod-selected'), (li) => li.innerText.trim()"
        ".split('\\n')[0])"
    )
    assert sorted(chosen) == [first, second], chosen
