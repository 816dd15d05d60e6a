"""Issue 29's network line on a corpus app: Flask-Admin's bulk deletion and an order's cancellation, through a proxy
that renames the words a person sees on the controls and in the app's own question to words no rule knows.

The page then says nothing the first line knows: "Blit" (the bulk action, its question "Proceed with the blit?"),
"Zorbed" (the status option whose value is Cancelled), "Frobnicate" (the form's submit). What the app sends still
says what it does: ``POST /admin/order/action/ action=delete …`` and ``POST /admin/order/edit/ … status=Cancelled``.
The deletion is held by the network line with that target named (the first line sees only "Blit"); the
cancellation is held by the first line, which reads the option's value, and its request then belongs to that
approval. Either way the human is asked once per act; the no leaves the database as it was, the yes completes it.
The MCP server runs on its own Chromium (stdio client with a human answering the elicitation).

The order: django-oscar's checkout through a proxy that renames its final button ("Place order") to "Zibble". The
button's words say nothing; the form it submits says ``action=place_order`` (a hidden field). The first line reads
that field and holds the click as a payment; the network line judges the same request
(``POST /checkout/preview/ action=place_order``, tests/unit/test_network_gate.py) and would hold it had the first
line missed it. Either way the human is asked once per act: no leaves no order in the database, yes places one.

The cancel: Wagtail's "Cancel workflow" (a page in moderation taken out of its workflow) through a proxy that renames
it "Zorb" on the button and in the value it sends. The page then says nothing of cancelling; the form's request does
(``POST /admin/pages/<id>/edit/ action-cancel-workflow=Zorb …``): the network line alone holds it, as a cancel, with
the request's target naming the page. No leaves the workflow in progress; yes cancels it (read from the database).
The page is handed in for review by the app's own code beforehand (the state the cancel ends).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from corpus.apps import REPO, Login, RunningApp, child_env
from corpus.runner import StepOutcome, find_id, run_step
from corpus.steps import Step, check, click, open_, select, type_
from tests.support.mcp_client import BrowserClient, Human, browser_client
from tests.support.rewriting_proxy import RewritingProxy

pytestmark = pytest.mark.realapps
APP = "flask_admin"
WORDS = {  # what a person sees -> a word no rule knows (the app's scripts and the values it sends are untouched)
    ">Delete</a>": ">Blit</a>",
    "Are you sure you want to delete selected records?": "Proceed with the blit?",
    ">Cancelled</option>": ">Zorbed</option>",
    'value="Save" />': 'value="Frobnicate" />',
}
ORDERS = 'SELECT count(*) FROM "order" WHERE reference IN (?, ?)'
STATUS = 'SELECT status FROM "order" WHERE reference = ?'


WAGTAIL_WORDS = {"Cancel workflow": "Zorb"}  # the button's label and the value it submits
WORKFLOW = ("SELECT status FROM wagtailcore_workflowstate WHERE object_id = ? "
            "ORDER BY id DESC LIMIT 1")
SHOP_WORDS = {"Place order": "Zibble"}  # the checkout's last button (its form still sends action=place_order)
ORDERED = "SELECT count(*) FROM order_line WHERE title = ?"


class WordingProxy(RewritingProxy):
    """The app's pages with the words above replaced (no cosmetic rewrite)."""

    words: dict[str, str] = WORDS

    async def _rewrite(self, path: str, html: str) -> str:
        for seen, unknown in self.words.items():
            html = html.replace(seen, unknown)
        return html


class ShopProxy(WordingProxy):
    words = SHOP_WORDS


class CmsProxy(WordingProxy):
    words = WAGTAIL_WORDS


IN_MODERATION = """
import sys
import django
django.setup()
from django.conf import settings
from django.contrib.auth.models import User
from wagtail.models import Page
settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # no moderator to notify
page = Page.objects.get(title=sys.argv[1]).specific
page.get_workflow().start(page, User.objects.get(username="admin"))
"""


async def in_moderation(app: RunningApp, title: str) -> None:
    """The page handed in for review (its site's default workflow started), by the app's own code."""
    env = child_env(app.spec, app.state) | {"DJANGO_SETTINGS_MODULE": "corpus.wagtail_cms.settings"}
    await anyio.run_process([sys.executable, "-c", IN_MODERATION, title], env=env, cwd=REPO)


def caller(client: BrowserClient) -> Any:
    async def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
        return (await client.call(tool, **arguments)).payload

    return call


def secrets_file(tmp_path: Path, name: str, login: Login, base: str) -> Path:
    """The login's password under ``name``, for the proxy's origin only."""
    secrets = tmp_path / "secrets.toml"
    secrets.write_text(f"[{name}]\nvalue = {json.dumps(login.password)}\norigins = [{json.dumps(base)}]\n")
    secrets.chmod(0o600)
    return secrets


async def behind_proxy(
    proxy_type: type[RewritingProxy], app: RunningApp, tmp_path: Path, secret: str
) -> tuple[Login, RewritingProxy, str, Path]:
    """The app behind a renaming proxy (the caller closes it): its login, the proxy, the proxy's origin, and a
    secrets file with the login's password under ``secret`` for that origin only."""
    login = app.spec.login
    assert login is not None
    proxy = proxy_type(app.url("/").rstrip("/"), cosmetic=False)
    base = await proxy.start()
    return login, proxy, base, secrets_file(tmp_path, secret, login, base)


async def log_in(call: Any, base: str, login: Login, secret: str, button: str) -> None:
    """The username typed, the password by its secret's name, the button clicked."""
    await run(call, base, open_(login.path), type_(login.user_field, login.username))
    password = await find_id(call, Step("type", "Password"))
    assert (await call("type_text", element_id=password, text={"secret": secret}))["success"]
    await run(call, base, click(button, "button"))


async def run(call: Any, base: str, *steps: Any) -> StepOutcome:
    outcome = None
    for step in steps:
        outcome = await run_step(call, base, step)
        assert outcome.ok or outcome.held, outcome.payload
        if outcome.held:
            break
    assert outcome is not None
    return outcome


@pytest.mark.parametrize("app_name", [APP])  # the id names the app: only it is started (conftest.py)
async def test_bulk_delete_and_cancel_with_unknown_words_are_held_by_their_requests(
    tmp_path: Path, corpus_apps, app_name: str
) -> None:
    app = corpus_apps.get(app_name)
    proxy = WordingProxy(app.url("/").rstrip("/"), cosmetic=False)
    base = await proxy.start()
    human = Human([False, True, False, True])
    try:
        async with browser_client(
            tmp_path / "profile", elicitation_callback=human, BROWSER_NETWORK_GATE="true"
        ) as client:
            call = caller(client)
            pick = (
                open_("/admin/order/?search=ORD-106"),
                check(row="ORD-1061"),
                check(row="ORD-1062"),
                click("With selected", "button"),
            )
            for answer in (False, True):
                await run(call, base, *pick)
                armed = await call("handle_dialog", accept=True)  # the app's own question, in unknown words
                assert armed["success"], armed
                held = await run(call, base, click("Blit", "link"))
                assert held.held, held.payload
                target = held.summary["objects"][0]
                assert target.startswith("POST /admin/order/action/ action=delete"), held.summary
                assert held.summary["category"] == "delete"
                assert app.db.scalar(ORDERS, "ORD-1061", "ORD-1062") == 2, "held, yet the orders were deleted"
                confirmed = await call("confirm_action", confirmation_id=held.confirmation_id)
                assert confirmed["success"] is answer, confirmed
                await call("wait_for", load="load")
                assert app.db.scalar(ORDERS, "ORD-1061", "ORD-1062") == (0 if answer else 2)

            before = app.db.scalar(STATUS, "ORD-1051")
            assert before != "Cancelled"
            edit = (
                open_("/admin/order/?search=ORD-1051"),
                click("Edit Record", "link", row="ORD-1051"),
                select("Status", "Zorbed"),
                click("Frobnicate", "button"),
            )
            for answer in (False, True):
                held = await run(call, base, *edit)
                assert held.held and held.step.target == "Frobnicate", held.payload
                # The first line reads the option's value (Cancelled) although its label is unknown: held there,
                # and the edit's request then belongs to that approval (not asked about again).
                assert held.summary["category"] == "cancel", held.summary
                assert "ORD-1051" in held.summary["effect"], held.summary
                assert app.db.scalar(STATUS, "ORD-1051") == before
                confirmed = await call("confirm_action", confirmation_id=held.confirmation_id)
                assert confirmed["success"] is answer, confirmed
                assert app.db.scalar(STATUS, "ORD-1051") == ("Cancelled" if answer else before)
        assert len(human.asked) == 4, human.asked  # once per hold: the approved acts' requests were not asked about
        assert all("POST /admin/order/action/" in question for question in human.asked[:2]), human.asked
    finally:
        await proxy.close()


@pytest.mark.parametrize("app_name", ["oscar"])  # the id names the app: only it is started (conftest.py)
async def test_an_order_placed_by_a_button_of_unknown_words_is_held_once(
    tmp_path: Path, corpus_apps, app_name: str
) -> None:
    app = corpus_apps.get(app_name)
    login, proxy, base, secrets = await behind_proxy(ShopProxy, app, tmp_path, "shop")
    human = Human([False, True])
    placed = app.db.scalar(ORDERED, "Olive Tree")  # the gate's place-order task may have run first on this app
    try:
        async with browser_client(tmp_path / "profile", elicitation_callback=human,
                                  BROWSER_SECRETS_FILE=str(secrets)) as client:  # the line on by default
            call = caller(client)
            await log_in(call, base, login, "shop", "Log In")
            checkout = (
                open_("/catalogue/olive-tree_5/"),
                click("Add to basket", "button"),
                open_("/checkout/"),
                click("Ship to your default shipping address", "button"),
                click("Continue", "link"),
                click("Zibble", "button"),
            )
            for answer in (False, True):
                held = await run(call, base, *checkout)
                assert held.held and held.step.target == "Zibble", held.payload
                assert held.summary["category"] == "payment", held.summary
                by_request = [o for o in held.summary["objects"] if o.startswith("POST /checkout/preview/")]
                assert not by_request or by_request == ["POST /checkout/preview/ action=place_order"], held.summary
                assert app.db.scalar(ORDERED, "Olive Tree") == placed, "held, yet the order was placed"
                confirmed = await call("confirm_action", confirmation_id=held.confirmation_id)
                assert confirmed["success"] is answer, confirmed
                assert app.db.scalar(ORDERED, "Olive Tree") == placed + (1 if answer else 0)
        assert len(human.asked) == 2, human.asked  # once per act: the approved act's request was not asked about
    finally:
        await proxy.close()


@pytest.mark.parametrize("app_name", ["wagtail"])  # the id names the app: only it is started (conftest.py)
async def test_a_workflow_cancelled_by_a_button_of_unknown_words_is_held_by_its_request(
    tmp_path: Path, corpus_apps, app_name: str
) -> None:
    app = corpus_apps.get(app_name)
    page = str(app.db.scalar("SELECT id FROM wagtailcore_page WHERE title = ?", "Orchestra moves"))
    login, proxy, base, secrets = await behind_proxy(CmsProxy, app, tmp_path, "cms")
    human = Human([])
    edit = (open_(f"/admin/pages/{page}/edit/"), click("More actions", "button"))
    await in_moderation(app, "Orchestra moves")  # the state the cancel ends, set up outside the browser
    assert app.db.scalar(WORKFLOW, page) == "in_progress"
    try:
        async with browser_client(tmp_path / "profile", elicitation_callback=human, BROWSER_SECRETS_FILE=str(secrets),
                                  BROWSER_NETWORK_GATE="true") as client:
            call = caller(client)
            await log_in(call, base, login, "cms", "Sign in")
            for answer in (False, True):
                held = await run(call, base, *edit, click("Zorb", "button"))
                assert held.held and held.step.target == "Zorb", held.payload
                # Held by the network line: the only words of cancelling are in the request the click sent.
                assert held.summary["category"] == "cancel", held.summary
                target = held.summary["objects"][0]
                assert target.startswith(f"POST /admin/pages/{page}/edit/"), held.summary
                assert "Orchestra moves" in target, held.summary
                assert app.db.scalar(WORKFLOW, page) == "in_progress", "held, yet the workflow was cancelled"
                human.answers.append(answer)
                confirmed = await call("confirm_action", confirmation_id=held.confirmation_id)
                assert confirmed["success"] is answer, confirmed
                assert app.db.scalar(WORKFLOW, page) == ("cancelled" if answer else "in_progress")
        assert len(human.asked) == 2, human.asked  # once per act: the approved request was not asked about again
        assert all(f"POST /admin/pages/{page}/edit/" in question for question in human.asked), human.asked
    finally:
        await proxy.close()
