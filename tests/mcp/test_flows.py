"""Flows (issue 22) through the stdio MCP server on real Chromium, against a small stateful app
(tests/support/notes_app.py; its state is the database the cases are judged in).

- Recorded once (save_flow), a flow replays with new parameters and no model: the app holds the new values, the
  old value is typed 0 times, and the row step follows the new value.
- The delete is held on every replay (the human is asked through elicitation each run); "no" leaves the app as it
  was.
- A decoy of the same role and name, look-alike rows, a removed target or a renamed field stop the replay at that
  step, with no server-side write at or after it; the report names the step, the fingerprint and the candidates,
  and a screenshot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest

from tests.support.mcp_client import BrowserClient, browser_client, served_client
from tests.support.notes_app import NotesApp, notes_app

pytestmark = pytest.mark.mcp


@pytest.fixture
def app() -> Iterator[NotesApp]:
    with notes_app() as running:
        yield running


@pytest.fixture(scope="module")
async def client(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    """One server with the flow tools for the tests that record and replay on their own app with no human asked:
    save_flow saves the actions since the last save, so each test's recording is its own. The tests of a delete
    (a human asked, a hold confirmed) and of another window size start their own."""
    async with served_client(tmp_path_factory.mktemp("flows") / "profile", BROWSER_FLOW_TOOLS="true") as shared:
        yield shared


class Human:
    """Answers the server's confirmation questions (elicitation) from a list, and counts them."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    async def __call__(self, _ctx: Any, params: Any) -> types.ElicitResult:
        self.asked.append(str(params.message))
        return types.ElicitResult(action="accept", content={"approve": self.answers.pop(0) if self.answers else False})


async def eid(client: BrowserClient, role: str, name: str, row: str | None = None) -> str:
    elements = (await client.call("observe")).data["elements"]
    hits = [e for e in elements if e["role"] == role and e["name"] == name
            and (row is None or row in e.get("context", ""))]
    assert len(hits) == 1, (role, name, row, hits)
    return str(hits[0]["id"])


async def ok(client: BrowserClient, tool: str, **args: Any) -> dict[str, Any]:
    call = await client.call(tool, **args)
    if not call.ok and call.error.get("code") == "requires_confirmation":
        call = await client.call("confirm_action", confirmation_id=call.error["details"]["confirmation_id"])
    assert call.ok, call.payload
    return dict(call.data)


async def record_add(client: BrowserClient, app: NotesApp, title: str) -> dict[str, Any]:
    await ok(client, "navigate", url=f"{app.base}/")
    await ok(client, "click", element_id=await eid(client, "link", "Add note"))
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Title"), text=title)
    await ok(client, "select_option", element_id=await eid(client, "combobox", "Kind"), values=["Idea"])
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Due"), text="2026-12-24")
    await ok(client, "click", element_id=await eid(client, "button", "Save"))
    return await ok(client, "save_flow", name="add-note", params={"title": title})


async def record_edit(client: BrowserClient, app: NotesApp, title: str, new_title: str) -> dict[str, Any]:
    await ok(client, "navigate", url=f"{app.base}/")
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Search"), text=title)
    await ok(client, "click", element_id=await eid(client, "button", "Search"))
    await ok(client, "click", element_id=await eid(client, "link", "Edit", row=title))
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Title"), text=new_title)
    await ok(client, "click", element_id=await eid(client, "button", "Save"))
    return await ok(client, "save_flow", name="edit-note", params={"search": title, "title": new_title})


async def record_delete(client: BrowserClient, app: NotesApp, title: str) -> dict[str, Any]:
    await ok(client, "navigate", url=f"{app.base}/")
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Search"), text=title)
    await ok(client, "click", element_id=await eid(client, "button", "Search"))
    await ok(client, "click", element_id=await eid(client, "link", "Delete", row=title))
    await ok(client, "click", element_id=await eid(client, "button", "Yes, I’m sure"))
    return await ok(client, "save_flow", name="delete-note", params={"search": title})


async def test_add_and_edit_replay_with_new_parameters_and_no_model(client: BrowserClient, app: NotesApp) -> None:
    saved = await record_add(client, app, "Buy seeds")
    assert saved["params"] == {"title": "Buy seeds", "kind": "Idea", "due": "2026-12-24"}
    assert "Buy seeds" in app.titles()
    report = await ok(client, "replay_flow", name="add-note",
                      params={"title": "Call the plumber", "kind": "Bug", "due": "2027-01-02"})
    assert report["status"] == "done", report
    assert report["model_requests"] == 0 and report["steps_done"] == 6
    added = next(n for n in app.notes.values() if n.title == "Call the plumber")
    assert (added.kind, added.due) == ("Bug", "2027-01-02")
    assert sum(n.title == "Buy seeds" for n in app.notes.values()) == 1  # the old value typed 0 times

    saved = await record_edit(client, app, "Buy seeds", "Buy more seeds")
    assert saved["params"] == {"search": "Buy seeds", "title": "Buy more seeds"}
    writes = len(app.writes)
    report = await ok(client, "replay_flow", name="edit-note",
                      params={"search": "Call the plumber", "title": "Call the plumber today"})
    assert report["status"] == "done", report
    assert "row" in report["steps"][3]["matched"]  # the row step followed the new value
    assert app.writes[writes:] == [f"edit {added.id}"]
    assert "Call the plumber today" in app.titles() and "Buy more seeds" in app.titles()


async def test_a_fill_that_submits_is_recorded_with_its_button_and_replays(client: BrowserClient,
                                                                         app: NotesApp) -> None:
    await ok(client, "navigate", url=f"{app.base}/")
    await ok(client, "click", element_id=await eid(client, "link", "Add note"))
    fields = [{"element_id": await eid(client, "textbox", "Title"), "value": "Buy seeds"},
              {"element_id": await eid(client, "combobox", "Kind"), "value": "Idea"},
              {"element_id": await eid(client, "textbox", "Due"), "value": "2026-12-24"}]
    done = await ok(client, "fill_form", fields=fields, submit=await eid(client, "button", "Save"))
    assert done["navigated"] and done["note"].startswith("submitted") and len(done["fields"]) == 3
    assert "Buy seeds" in app.titles()
    saved = await ok(client, "save_flow", name="add-note", params={"title": "Buy seeds"})
    assert saved["params"]["title"] == "Buy seeds"
    report = await ok(client, "replay_flow", name="add-note", params={"title": "Call the plumber"})
    assert report["status"] == "done" and report["steps_done"] == 3, report
    assert "Call the plumber" in app.titles()  # the replayed fill clicked Save too


async def test_delete_asks_the_human_on_every_replay_and_no_changes_nothing(tmp_path: Path, app: NotesApp) -> None:
    human = Human(True, False, True)
    async with browser_client(tmp_path / "profile", elicitation_callback=human, BROWSER_FLOW_TOOLS="true") as client:
        await record_delete(client, app, "Water the plants")
        assert "Water the plants" not in app.titles()
        recorded_asks = len(human.asked)
        app.add("Old invoices", "Task", "2026-01-01")
        app.add("Spare keys", "Idea", "2026-02-02")

        declined = await ok(client, "replay_flow", name="delete-note", params={"search": "Old invoices"})
        assert declined["status"] == "declined", declined
        assert len(human.asked) == recorded_asks + 1 and "Old invoices" in app.titles()

        done = await ok(client, "replay_flow", name="delete-note", params={"search": "Old invoices"})
        assert done["status"] == "done", done
        assert len(human.asked) == recorded_asks + 2  # asked again: an approval is never cached
        assert "Old invoices" not in app.titles() and "Spare keys" in app.titles()


async def test_held_step_without_a_human_channel_is_held_like_a_live_call(tmp_path: Path, app: NotesApp) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_FLOW_TOOLS="true") as client:
        await record_delete(client, app, "Water the plants")
        app.add("Old invoices", "Task", "2026-01-01")
        held = await ok(client, "replay_flow", name="delete-note", params={"search": "Old invoices"})
        assert held["status"] == "held", held
        step = held["stopped"]["step"]
        assert "Old invoices" in app.titles()
        confirmed = await client.call("confirm_action", confirmation_id=held["stopped"]["held"]["confirmation_id"])
        assert confirmed.ok, confirmed.payload
        rest = await ok(client, "replay_flow", name="delete-note", params={"search": "Old invoices"},
                        start_step=step + 1)
        assert rest["status"] == "done", rest
        assert "Old invoices" not in app.titles()


@pytest.mark.parametrize(("mutation", "step"), [
    ("decoy_add", 1), ("renamed_title", 2), ("decoy_title", 2), ("removed_kind", 3), ("decoy_due", 4),
    ("no_save", 5), ("decoy_save", 5)])
async def test_unresolvable_target_stops_at_that_step_with_nothing_written(
        client: BrowserClient, app: NotesApp, mutation: str, step: int) -> None:
    await record_add(client, app, "Buy seeds")
    app.mutations.add(mutation)
    writes = list(app.writes)
    report = await ok(client, "replay_flow", name="add-note", params={"title": "Another"})
    assert report["status"] == "stopped", report
    stopped = report["stopped"]
    assert stopped["step"] == step and stopped["fingerprint"]["role"] and Path(stopped["screenshot"]).is_file()
    assert app.writes == writes and "Another" not in app.titles()
    if mutation.startswith("decoy_"):
        assert len(stopped["candidates"]) == 2, stopped


async def test_lookalike_rows_stop_the_row_step(client: BrowserClient, app: NotesApp) -> None:
    await record_edit(client, app, "Water the plants", "Water the ferns")
    app.mutations.add("lookalike_rows")
    writes = list(app.writes)
    report = await ok(client, "replay_flow", name="edit-note", params={"search": "Fix the gate hinge"})
    assert report["status"] == "stopped" and report["stopped"]["step"] == 3, report
    assert len(report["stopped"]["candidates"]) == 2
    assert app.writes == writes


async def test_cosmetic_variant_replays_and_the_report_names_the_parts_that_matched(
        tmp_path: Path, app: NotesApp) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_FLOW_TOOLS="true") as client:
        await record_add(client, app, "Buy seeds")
        await record_edit(client, app, "Buy seeds", "Buy more seeds")
    app.mutations.add("cosmetic")
    # Another browser at 1024 px wide (the same flows folder): the replay does not depend on the layout.
    async with browser_client(tmp_path / "profile-1024", BROWSER_FLOW_TOOLS="true",
                              BROWSER_VIEWPORT_WIDTH="1024") as client:
        report = await ok(client, "replay_flow", name="add-note", params={"title": "Paint the fence"})
        assert report["status"] == "done", report.get("stopped")
        edit = await ok(client, "replay_flow", name="edit-note",
                        params={"search": "Paint the fence", "title": "Paint the fence blue"})
        assert edit["status"] == "done", edit.get("stopped")
        assert {"frame", "role", "name", "population", "row"} <= set(edit["steps"][3]["matched"])
        assert "Paint the fence blue" in app.titles()


async def test_nested_iframe_closed_shadow_flow_replays_with_a_new_value(client: BrowserClient, app: NotesApp) -> None:
    await ok(client, "navigate", url=f"{app.base}/widgets")
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Your email"), text="ann@example.org")
    await ok(client, "click", element_id=await eid(client, "button", "Join list"))
    saved = await ok(client, "save_flow", name="join-list")
    assert list(saved["params"]) == ["your_email"]
    assert app.subscribers == ["ann@example.org"]
    report = await ok(client, "replay_flow", name="join-list", params={"your_email": "bob@example.org"})
    assert report["status"] == "done", report.get("stopped")
    assert app.subscribers == ["ann@example.org", "bob@example.org"]


async def test_flow_tools_are_listed_when_opted_in_and_match_the_contract(client: BrowserClient) -> None:
    import yaml

    from tests.support.mcp_client import REPO

    contract = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text(encoding="utf-8"))["tools"]
    listed = {t.name: t for t in (await client.session.list_tools()).tools}
    for name in ("save_flow", "replay_flow"):
        assert contract[name]["opt_in"] == "BROWSER_FLOW_TOOLS"
        assert set(listed[name].input_schema["properties"]) == set(contract[name]["params"])
        assert listed[name].annotations is not None
        assert listed[name].annotations.destructive_hint is contract[name].get("destructive", False)
