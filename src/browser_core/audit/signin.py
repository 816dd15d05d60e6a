"""A sign-in form, recognised by structure, and the audit's own sign-in through it.

A sign-in form is a form with one shown password field (two or more: a new password is being set) and a control
that submits it. A page is a login wall when
such a form is what the address asked for led to: the app redirected there, or the form holds most of the page's
shown controls (it is the only thing on the page). The audit reports a wall instead of passing it off as clean,
and with a user and the name of a secret it signs in itself: the form's shown text or e-mail field before the
password gets the user, the password the named secret (``type_text``'s secret rules: its origin check, masked,
never said back), then the form's submit control is clicked, all through the session's guard.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.act.actions import click, type_text
from browser_core.act.secret_typing import type_secret
from browser_core.errors import ToolFailure
from browser_core.page.observation import observe_page
from browser_core.session.browser import BrowserSession

MARK = "data-audit-signin"
# The first form with a shown password field and a submit control: its fields marked (password, user, submit);
# 'share' is the part of the page's shown controls the form holds.
_FIND_JS = """(mark) => {
  const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const controls = 'input:not([type=hidden]),select,textarea,button,a[href]';
  document.querySelectorAll('[' + mark + ']').forEach(el => el.removeAttribute(mark));
  for (const pw of document.querySelectorAll('input[type=password]')) {
    if (!shown(pw) || !pw.form) continue;
    const form = pw.form;
    if ([...form.elements].filter(el => el.type === 'password' && shown(el)).length !== 1) continue;  // a new one
    const submit = [...form.elements].find(el => shown(el) && (
      (el.tagName === 'BUTTON' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit') ||
      (el.tagName === 'INPUT' && ['submit', 'image'].includes(el.type))));
    if (!submit) continue;
    const fields = [...form.elements];
    const user = fields.slice(0, fields.indexOf(pw)).reverse().find(el => el.tagName === 'INPUT' && shown(el) &&
      ['text', 'email', 'tel', ''].includes((el.getAttribute('type') || '').toLowerCase()));
    pw.setAttribute(mark, 'password'); submit.setAttribute(mark, 'submit');
    if (user) user.setAttribute(mark, 'user');
    const all = [...document.querySelectorAll(controls)].filter(shown).length;
    const mine = [...form.querySelectorAll(controls)].filter(shown).length;
    return {share: all ? mine / all : 1, user: !!user};
  }
  return null;
}"""


@dataclass(frozen=True)
class SignInForm:
    share: float  # of the page's shown controls, the part the form holds
    user: bool  # it has a user field before the password


class SignInFailed(Exception):
    """The audit's own sign-in did not get in: the command's error (exit 4), not a tool's (no code of the contract)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


async def sign_in_form(page: Page) -> SignInForm | None:
    with contextlib.suppress(PlaywrightError):
        found = await page.evaluate(_FIND_JS, MARK)
        if found:
            return SignInForm(float(found["share"]), bool(found["user"]))
    return None


def is_wall(form: SignInForm | None, redirected: bool) -> bool:
    return form is not None and (redirected or form.share >= 0.5)


async def _ids(session: BrowserSession, page: Page) -> dict[str, str]:
    """The listed ids of the marked fields, by their part."""
    observed = await observe_page(page, session.registry, session.settings)
    ids: dict[str, str] = {}
    for element in observed["elements"]:
        with contextlib.suppress(ToolFailure, PlaywrightError):
            _, handle = await session.registry.resolve(element["id"])
            part = await handle.get_attribute(MARK) if handle else None
            if part and part not in ids:
                ids[part] = element["id"]
    return ids


async def sign_in(session: BrowserSession, page: Page, user: str, secret: str) -> None:
    """Fill and submit the page's sign-in form; raises SignInFailed when the app still asks for a password after."""
    form = await sign_in_form(page)
    if form is None:
        raise SignInFailed("no sign-in form (a shown password field in a form with a submit control) was found")
    ids = await _ids(session, page)
    if "password" not in ids or "submit" not in ids:
        raise SignInFailed("the sign-in form's password field or submit control is not among the page's elements")
    if "user" in ids:
        await type_text(session, element_id=ids["user"], text=user)
    await type_secret(session, name=secret, element_id=ids["password"])
    await click(session, element_id=ids["submit"])
    page = await session.page()
    with contextlib.suppress(PlaywrightError):
        await page.wait_for_load_state("load", timeout=10_000)
    if await sign_in_form(page) is not None:
        raise SignInFailed(
            f"signing in as '{user}' did not get past the sign-in form ({page.url[:160]}): the user or the "
            f"secret '{secret}' was refused; nothing was audited as signed in")
