"""``handle_dialog``: arm the answer for the next JavaScript dialog (the session answers every dialog at once,
``session/dialog_desk.py``), and the dialogs an action caused."""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from browser_core.errors import InvalidInput
from browser_core.security.intent import ActionIntent
from browser_core.session.browser import BrowserSession
from browser_core.session.dialog_desk import ARM_TTL_S, DEFAULT_POLICY, MAX_PROMPT_TEXT, DialogDetail


class ArmedDialog(TypedDict):
    """handle_dialog's answer: what is armed, for which dialog, and the last dialog seen."""

    armed: dict[str, object]
    applies_to: str
    next_step: str
    default: str
    last_dialog: NotRequired[DialogDetail]


def dialogs_since(session: BrowserSession, mark: int) -> list[DialogDetail]:
    """Dialogs answered since ``mark`` (an index into session.events), for the acting tool's own result."""
    return [cast(DialogDetail, e.detail) for e in session.events[mark:] if e.kind == "dialog"]  # the desk's note


async def handle_dialog(
    session: BrowserSession, *, accept: bool, prompt_text: str | None = None, confirmed: bool = False
) -> ArmedDialog:
    """Arm the answer for the next dialog; report the last one and the default."""
    if prompt_text is not None and len(prompt_text) > MAX_PROMPT_TEXT:
        raise InvalidInput(f"prompt_text is longer than {MAX_PROMPT_TEXT} characters")
    if prompt_text is not None and not accept:
        raise InvalidInput("prompt_text only makes sense with accept=true (Cancel sends no text)")
    page = await session.page()
    await session.guard.check(
        ActionIntent("handle_dialog", page, None, {"accept": accept, "prompt_text": prompt_text}), confirmed=confirmed
    )
    armed = session.dialogs.arm(accept, prompt_text)
    out: ArmedDialog = {
        "armed": {"accept": armed.accept} | ({"prompt_text": prompt_text} if prompt_text is not None else {}),
        "applies_to": f"the next dialog on any tab, within {int(ARM_TTL_S)} s, once",
        "next_step": "repeat the action that opens the dialog (click, type_text with press_enter, navigate...)",
        "default": DEFAULT_POLICY,
    }
    last = session.dialogs.last_seen()
    if last is not None:
        out["last_dialog"] = last
    return out
