"""The checks and the typing shared by type_text and fill_form when the value is a named secret
(``secret_typing.py`` says the rules)."""

from __future__ import annotations

from browser_core.errors import SecretRefused, playwright_errors
from browser_core.page.origins import frame_origin
from browser_core.page.targets import Target
from browser_core.security.intent import ActionParams
from browser_core.security.named_secrets import Secret
from browser_core.security.secret_marks import MARK_ATTRIBUTE, masked
from browser_core.session.browser import BrowserSession
from browser_core.session.trace import TRACE_SETTING

TEXT_INPUTS = ("text", "password", "email", "tel", "number", "search", "url")
_FIELD_JS = """el => el.tagName === 'INPUT' ? (el.getAttribute('type') ? el.type.toLowerCase() : 'text')
  : el.tagName === 'TEXTAREA' ? 'textarea' : (el.isContentEditable ? 'contenteditable' : el.tagName.toLowerCase())"""
# Marked (masked in listings and screenshots), and kept out of the browser's own form history (autocomplete off).
_MARK_JS = f"(el, name) => {{ el.setAttribute('{MARK_ATTRIBUTE}', name); el.setAttribute('autocomplete', 'off'); }}"


async def check_field(session: BrowserSession, target: Target, secret: Secret, element_id: str | None) -> str:
    """The origin of the field's frame when the secret may be typed there; raises SecretRefused otherwise."""
    field = {"role": target.role, "name": target.name, "frame": target.frame_path}
    if session.trace.recording:  # a trace's snapshots keep input values (session/trace.py)
        raise SecretRefused(
            f"secret '{secret.name}' is not typed while a Playwright trace records ({TRACE_SETTING}=true): the "
            "trace would keep its value; nothing was typed",
            hint=f"Tell the human: a secret is typed only by a browser server started without {TRACE_SETTING}.",
            details={"secret": secret.name, "reason": "trace_recording", "setting": TRACE_SETTING, "field": field})
    with playwright_errors("type_text"):
        kind = await target.handle.evaluate(_FIELD_JS)
    if kind not in TEXT_INPUTS:
        raise SecretRefused(f"secret '{secret.name}' is only typed into a text input; {target.role} "
                            f"'{target.name}' is {kind}: nothing was typed",
                            details={"secret": secret.name, "reason": "not_a_text_input", "field": field})
    origin = frame_origin(target.frame)
    listed = session.registry.listed_origin(element_id) if element_id else None
    if element_id and listed != origin:
        raise SecretRefused(
            f"the page moved from {listed or 'an unknown origin'} to {origin or 'an opaque origin'} since "
            f"{element_id} was listed: nothing was typed",
            hint="Observe the page again and check it is the site you mean before typing the secret.",
            details={"secret": secret.name, "reason": "page_moved", "listed_origin": listed, "origin": origin})
    if not secret.allows(origin):
        top = frame_origin(target.frame.page.main_frame)
        where = "" if target.frame_path == "main" else f" (a frame inside {top or 'an opaque origin'})"
        raise SecretRefused(
            f"secret '{secret.name}' may not be typed into {origin or 'an opaque origin'}{where}: it is only for "
            f"{', '.join(secret.origins)}; nothing was typed",
            details={"secret": secret.name, "reason": "origin_not_allowed", "origin": origin, "top_origin": top,
                     "allowed": list(secret.origins), "field": field})
    return origin or ""


async def fill_secret(target: Target, secret: Secret, timeout_ms: int) -> None:
    """Set the field to the secret (marked first, so nothing reads it unmasked in between)."""
    with playwright_errors("type_text"):
        await target.handle.evaluate(_MARK_JS, secret.name)
        await target.handle.fill(secret.current(), timeout=timeout_ms)


def secret_params(secret: Secret, press_enter: bool) -> ActionParams:
    """What the guard judges (and a held action keeps): the name, never the value."""
    return {"text": masked(secret.name), "secret": secret.name, "press_enter": press_enter, "clear_first": True}
