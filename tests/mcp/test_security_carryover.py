"""One approval per consequential act: the human's yes carries through the app's own confirmation of that act.

Through the stdio client on real Chromium, against a small stateful app (tests/fixtures/records_app.py) whose
records really get deleted on the server. Every test counts the human's questions (MCP elicitations, one per
confirm_action) and the holds, and checks the server: each act asks once and happens once.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest

from tests.fixtures.records_app import RecordsApp
from tests.mcp.test_security_adversarial import element_id, page_text
from tests.support.mcp_client import BrowserClient, ToolCall, browser_client, served_client

pytestmark = pytest.mark.mcp


@pytest.fixture
def app() -> Iterator[RecordsApp]:
    records = RecordsApp().start()
    try:
        yield records
    finally:
        records.close()


@dataclass
class Human:
    """The human at the other end: says yes, and counts the questions."""

    asked: list[str] = field(default_factory=list)

    async def __call__(self, _ctx: Any, params: Any) -> types.ElicitResult:
        self.asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})


def unfenced(dialogs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The dialogs as the page raised them (results fence page text: ``⟦page-content …⟧``)."""
    return [{**d, "message": re.sub(r"⟦/?page-content \w+⟧\n?", "", d["message"]).strip()} for d in dialogs]


Served = tuple[BrowserClient, Human]


@pytest.fixture(scope="module")
async def served(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Served]:
    """One server and its human for the tests that arm nothing with handle_dialog: each drives its own app (a
    fresh RecordsApp on a port of its own: an approval answers only its action's origin and tab, within seconds),
    and the human's questions are counted per test. The tests that arm handle_dialog start their own."""
    human = Human()
    async with served_client(tmp_path_factory.mktemp("carryover") / "profile", elicitation_callback=human) as client:
        yield client, human


@asynccontextmanager
async def client_and_human(shared: Served) -> AsyncIterator[Served]:
    client, human = shared
    human.asked.clear()  # this test's questions only
    yield client, human


@asynccontextmanager
async def own_client_and_human(tmp_path: Path) -> AsyncIterator[Served]:
    human = Human()
    async with browser_client(tmp_path / "profile", elicitation_callback=human) as client:
        yield client, human


async def hold(client: BrowserClient, name: str, role: str | None = None) -> dict[str, Any]:
    call = await client.call("click", element_id=await element_id(client, name, role))
    assert not call.ok and call.error["code"] == "requires_confirmation", (name, call.payload)
    return dict(call.error["details"])


async def confirm(client: BrowserClient, confirmation_id: str) -> ToolCall:
    call = await client.call("confirm_action", confirmation_id=confirmation_id)
    assert call.ok, call.payload
    return call


async def test_a_form_delete_whose_button_asks_confirm_is_asked_once_and_deletes(served: Served, app) -> None:
    """A server-rendered admin: a POST form's Delete with onclick="return confirm('Delete X?')"."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_form_list.html"))
        held = await hold(client, "Delete")
        assert app.deleted == []
        done = await confirm(client, held["confirmation_id"])
        assert unfenced(done.data["dialogs"]) == [{"type": "confirm", "message": "Delete Dune?", "accepted": True,
                                                   "answered_by": "approval", "approved_by": held["confirmation_id"]}]
        assert app.deleted == ["Dune"] and len(human.asked) == 1
        assert "Dune" not in await page_text(client)
        again = await client.call("confirm_action", confirmation_id=held["confirmation_id"])
        assert again.error["code"] == "confirmation_refused" and app.deleted == ["Dune"]


async def test_a_scripted_delete_raising_window_confirm_is_asked_once(served: Served, app) -> None:
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_fetch.html"))
        held = await hold(client, "Delete")
        done = await confirm(client, held["confirmation_id"])
        assert done.data["dialogs"][0]["accepted"] is True
        assert done.data["dialogs"][0]["approved_by"] == held["confirmation_id"]
        # The page deletes by fetch() after the confirm returns: the click's result can come back before the
        # server has the DELETE (a loaded machine). The page logs the deletion once the server answered: wait on it.
        assert (await client.call("wait_for", text="Deleted record 1", timeout_ms=8000)).ok
        assert app.deleted == ["Dune"] and len(human.asked) == 1


async def test_a_question_the_page_asks_on_its_own_later_is_not_covered(served: Served, app) -> None:
    """The approved Delete asks nothing; three seconds later (within CARRY_WINDOW_S, but after the action) the page
    asks on its own to delete everything: that question gets the default (Cancel), never the approval."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_fetch.html?later=3000"))
        held = await hold(client, "Delete")
        done = await confirm(client, held["confirmation_id"])
        assert "dialogs" not in done.data
        waited = await client.call("wait_for", text="Own question answered", timeout_ms=8000)
        assert waited.ok, waited.payload
        assert "Own question answered: false" in await page_text(client)
        assert app.deleted == ["Dune"] and len(human.asked) == 1


@pytest.mark.parametrize("kind", ["aria-modal", "dialog element", "shown after a fetch", "no role", "routed"])
async def test_the_modal_an_approved_click_opens_is_not_asked_again(served: Served, app, kind: str) -> None:
    """An ML tracker: a row's trash icon opens the app's modal "Delete experiment 'Dune'?" (Cancel / Delete): a
    role=dialog aria-modal element, or a <dialog> shown with showModal(), or a modal shown only after the app has
    fetched (its page still for 1.5 s, as a loaded machine makes any app), or a fixed layer over the page that the
    app marks with no role at all (a data-labelling app's "Delete selected tasks?"), or one whose router also puts
    the open modal in the URL (history.pushState: the same document at another URL, no navigation)."""
    query = {"aria-modal": "", "dialog element": "?native=1", "shown after a fetch": "?after=1500",
             "no role": "?bare=1", "routed": "?route=1"}[kind]
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_modal.html" + query))
        held = await hold(client, "delete", "button")
        opened = await confirm(client, held["confirmation_id"])
        assert app.deleted == []
        if kind != "shown after a fetch":
            assert "covered by this approval" in opened.data["carries_to"]
        assert (await client.call("wait_for", text="Delete experiment 'Dune'?", timeout_ms=8000)).ok
        commit = await client.call("click", element_id=await element_id(client, "Delete", "button"))
        assert commit.ok, commit.payload
        assert commit.data["approved_by"].startswith(held["confirmation_id"] + ": the human approved")
        assert (await client.call("wait_for", text="Deleted Dune", timeout_ms=8000)).ok
        assert app.deleted == ["Dune"] and len(human.asked) == 1

        # Only the modal the approved click opened: after a Cancel, the same question opened another way is held.
        reopened = await hold(client, "delete", "button")
        await confirm(client, reopened["confirmation_id"])
        assert (await client.call("wait_for", text="will be removed", timeout_ms=8000)).ok
        await client.call("click", element_id=await element_id(client, "Cancel", "button"))
        assert (await client.call("wait_for", text="Cancelled", timeout_ms=5000)).ok
        assert (await client.call("click", element_id=await element_id(client, "Review oldest"))).ok
        assert (await client.call("wait_for", text="Delete experiment 'Emma'?", timeout_ms=5000)).ok
        second = await hold(client, "Delete", "button")
        assert second["summary"]["category"] == "delete"
        assert app.deleted == ["Dune"] and len(human.asked) == 2


async def test_an_unheld_click_whose_confirm_says_delete_is_held_at_the_dialog(served: Served, app) -> None:
    """'Tidy up' names no effect, but its confirm() says it deletes two runs: held with the dialog's words; the
    human's yes re-runs it with the dialog accepted. A confirm about unsaved edits keeps its default."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_fetch.html"))
        held = await hold(client, "Tidy up")
        summary = held["summary"]
        assert summary["category"] == "delete"
        assert summary["dialog"] == "Delete 2 finished runs? This cannot be undone."
        assert "Delete 2 finished runs?" in summary["effect"]
        assert app.deleted == [] and "Nothing tidied" in await page_text(client)
        done = await confirm(client, held["confirmation_id"])
        assert done.data["dialogs"][0]["approved_by"] == held["confirmation_id"]
        assert (await client.call("wait_for", text="Deleted record 4", timeout_ms=8000)).ok
        assert (await client.call("wait_for", text="Deleted record 3", timeout_ms=8000)).ok
        assert sorted(app.deleted) == ["Ulysses", "Walden"] and len(human.asked) == 1

        leave = await client.call("click", element_id=await element_id(client, "Close the editor"))
        assert leave.ok, leave.payload
        assert leave.data["dialogs"][0]["accepted"] is False and "held" not in leave.data["dialogs"][0]

        # The app's own question says the work is unsaved: closing loses it, so it is held with the app's words and
        # the work is kept until the human says yes (issue 29: unsaved work was discarded unheld).
        drop = await hold(client, "Close the draft")
        assert "unsaved changes" in drop["summary"]["dialog"] and "Draft closed: false" in await page_text(client)
        done = await confirm(client, drop["confirmation_id"])
        assert done.data["dialogs"][0]["approved_by"] == drop["confirmation_id"]
        assert "Draft closed: true" in await page_text(client) and len(human.asked) == 2


async def test_an_armed_accept_never_answers_a_destructive_question_the_human_was_not_asked(tmp_path: Path,
                                                                                           app) -> None:
    async with own_client_and_human(tmp_path) as (client, human):
        await client.call("navigate", url=app.url("carry_fetch.html"))
        assert (await client.call("handle_dialog", accept=True)).ok
        held = await hold(client, "Tidy up")
        assert app.deleted == [] and held["summary"]["category"] == "delete"
        assert human.asked == []


async def test_leaving_a_page_with_unsaved_edits_by_an_approved_click_is_asked_once(served: Served, app) -> None:
    """The approved Delete link navigates; the page's beforeunload (unsaved edits) is answered by the approval."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_note.html"))
        assert (await client.call("type_text", element_id=await element_id(client, "Note"), text="draft")).ok
        held = await hold(client, "Delete", "link")
        done = await confirm(client, held["confirmation_id"])
        assert done.data["dialogs"][0]["type"] == "beforeunload"
        assert done.data["dialogs"][0]["approved_by"] == held["confirmation_id"]
        assert app.deleted == ["Walden"] and len(human.asked) == 1
        assert done.data["result"]["url"].endswith("carry_form_list.html")


@pytest.mark.parametrize("origin", ["same site", "other site (out-of-process frame)"])
async def test_a_dialog_of_another_origins_frame_is_never_answered_by_the_approval(served: Served, app, site,
                                                                                  origin: str) -> None:
    """While the approved click runs, a frame of another origin asks "Delete everything?": it gets no yes."""
    child = (site.url_a if origin == "same site" else site.url_b)("carry_frame_child.html")
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url(f"carry_frame.html?child={child}"))
        held = await hold(client, "Delete")
        done = await confirm(client, held["confirmation_id"])
        assert (await client.call("wait_for", text="Frame answered", timeout_ms=8000)).ok
        assert "Frame answered: false" in await page_text(client)
        assert "dialogs" not in done.data
        assert app.deleted == ["Dune"] and len(human.asked) == 1


async def test_a_prompt_is_answered_only_with_the_text_armed_for_it(tmp_path: Path, app) -> None:
    """An approved click whose app asks for typed text: without an armed answer the prompt is cancelled (and the
    result says how to arm one); with handle_dialog's text armed first, one question does it."""
    async with own_client_and_human(tmp_path) as (client, human):
        await client.call("navigate", url=app.url("carry_prompt.html"))
        first = await hold(client, "Delete")
        done = await confirm(client, first["confirmation_id"])
        dialog = done.data["result"]["dialogs"][0]
        assert dialog["type"] == "prompt" and dialog["accepted"] is False and "prompt_text" in dialog["hint"]
        assert app.deleted == []

        assert (await client.call("handle_dialog", accept=True, prompt_text="Dune")).ok
        second = await hold(client, "Delete")
        done = await confirm(client, second["confirmation_id"])
        assert done.data["dialogs"][0]["approved_by"] == second["confirmation_id"]
        assert app.deleted == ["Dune"] and len(human.asked) == 2


async def test_a_modal_offering_a_stronger_act_beside_the_approved_one_holds_it(served: Served, app) -> None:
    """A parish library: a row's "Remove title" opens the library's own question, which offers the same act
    ("Remove title") and, in a link inside its text, a stronger one that also erases the loans. The human's yes
    chose the removal: the link is held (asked again), the modal's "Remove title" goes through unasked (issue 29:
    a budgeting app's "Close account" approval carried to its modal's "force close", which erased the account and
    its transactions)."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_modal_choice.html"))
        held = await hold(client, "Remove title", "button")
        await confirm(client, held["confirmation_id"])
        assert (await client.call("wait_for", text="from the catalogue?", timeout_ms=8000)).ok
        stronger = await hold(client, "erase it with every loan record")
        assert stronger["summary"]["category"] == "delete" and app.deleted == [] and len(human.asked) == 1

        # Its own question again (the hold spent the approval): the human's second yes is for the removal.
        await client.call("navigate", url=app.url("carry_modal_choice.html"))
        again = await hold(client, "Remove title", "button")
        await confirm(client, again["confirmation_id"])
        assert (await client.call("wait_for", text="from the catalogue?", timeout_ms=8000)).ok
        commit = await client.call("click", element_id=await element_id(client, "Remove title", "button"))
        assert commit.ok and commit.data["approved_by"].startswith(again["confirmation_id"]), commit.payload
        assert (await client.call("wait_for", text="Removed ", timeout_ms=8000)).ok
        assert len(app.deleted) == 1 and len(human.asked) == 2


async def test_a_confirmation_whose_buttons_are_script_links_is_not_asked_again(served: Served, app) -> None:
    """A reading list: a book's bin (a span with role=link) opens the app's veil, whose 'Go ahead' is a link that only
    runs the page's script and deletes by fetch: the human is asked once, at the bin; the link is covered by that
    approval and its DELETE belongs to it (no second hold by the network line)."""
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("carry_link_modal.html"))
        held = await hold(client, "Delete")
        assert held["summary"]["objects"] == ["Dune"], held
        opened = await confirm(client, held["confirmation_id"])
        assert "covered by this approval" in opened.data["carries_to"] and app.deleted == []
        commit = await client.call("click", element_id=await element_id(client, "Go ahead", "link"))
        assert commit.ok, commit.payload
        assert commit.data["approved_by"].startswith(held["confirmation_id"] + ": the human approved")
        assert (await client.call("wait_for", text="Deleted record 1", timeout_ms=8000)).ok
        assert app.deleted == ["Dune"] and len(human.asked) == 1
