"""``fill_form`` with ``submit``: the fields filled, then the form's own button clicked, in one call.

The click is an ordinary click, judged by the gate after the fields hold their values (so a form whose action select
now says "delete" is judged as the delete it has become); a held click leaves the fields filled and says so, and
``confirm_action`` clicks it. A field the page marks invalid after filling stops the click: the model sees why.
"""

from __future__ import annotations

from browser_core.act import actions, forms
from browser_core.act.outcome import ActionResult
from browser_core.errors import ConfirmationRequired
from browser_core.session.browser import BrowserSession


async def fill_and_submit(session: BrowserSession, *, fields: list[forms.FieldToFill],
                          submit: str | None) -> ActionResult:
    filled = await forms.fill_form(session, fields=fields)
    if submit is None:
        return filled
    invalid = filled.get("invalid")
    if invalid:
        filled["note"] = f"not submitted: {invalid} field(s) invalid"
        return filled
    try:
        clicked = await actions.click(session, element_id=submit)
    except ConfirmationRequired as exc:
        exc.message = f"the {len(fields)} field(s) are filled; the submit click is held: {exc.message}"
        raise
    head: ActionResult = {"action": "fill_form", "fields": filled.get("fields", []), "note": "submitted"}
    out: ActionResult = {**head, **clicked}  # then the click's own result: its element and what changed
    out["action"], out["note"] = "fill_form", "submitted" + (f"; {clicked['note']}" if clicked.get("note") else "")
    return out
