"""Typing a named secret (``{"secret": name}`` instead of text): checked, typed, and never said back.

Before anything is typed: the name is known; the field is a text input; the origin of the field's OWN frame (an
iframe's, not the top page's) is one the secret names; and, for an id from observe, that frame still has the
origin it had when the id was listed (a page that moved to another origin since is refused even where the new
origin would be allowed). The value is set on the element itself (never through the keyboard or a point on the
screen, which a covering frame could take), the field is marked so observe, extract and screenshots mask it, and
the result names the secret, never its value.
"""

from __future__ import annotations

from playwright.async_api import Page

from browser_core.act.actions import settle
from browser_core.act.dialogs import dialogs_since
from browser_core.act.outcome import ActionResult
from browser_core.act.pending_nav import navigating
from browser_core.act.retry import locate
from browser_core.act.secret_fields import check_field, fill_secret, secret_params
from browser_core.errors import InvalidInput, playwright_errors
from browser_core.page.targets import EDITABLE
from browser_core.read.changes import document_token
from browser_core.security.intent import ActionIntent
from browser_core.security.secret_marks import masked
from browser_core.session.browser import BrowserSession


async def type_secret(
    session: BrowserSession,
    *,
    name: str,
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    clear_first: bool = True,
    press_enter: bool = False,
    timeout_ms: int | None = None,
    frame: str | int | None = None,
    confirmed: bool = False,
) -> ActionResult:
    secret = session.secrets.get(name)
    if not clear_first:
        raise InvalidInput("a secret replaces the field's content: call again without clear_first=false")
    page: Page = await session.page()
    located = await locate(session, page, element_id=element_id, description=description, role=role, frame=frame,
                           accept=EDITABLE)
    target = located.target
    await check_field(session, target, secret, element_id)
    approved = await session.guard.check(ActionIntent("type_text", page, target, secret_params(secret, press_enter)),
                                         confirmed=confirmed)
    origin = await check_field(session, target, secret, element_id)  # again: the check may have taken a while
    before, before_doc, mark = page.url, await document_token(session, page), len(session.events)
    timeout = timeout_ms or session.settings.action_timeout_ms

    async def act() -> None:
        await fill_secret(target, secret, timeout)
        if press_enter:
            with playwright_errors("type_text"):
                await target.handle.press("Enter", timeout=timeout)
    await navigating(session, page, act)
    out: ActionResult = {"action": "type_text", "element": target.describe(), "value": masked(secret.name),
                         "secret": secret.name, "origin": origin}
    out |= await settle(session, page, before, before_doc=before_doc)
    dialogs = dialogs_since(session, mark)
    if dialogs:
        out["dialogs"] = dialogs
    if approved:
        out["approved_by"] = approved
    return out
