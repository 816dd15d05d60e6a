"""Popup menus and what they act on (issue 29 §2): a command in a menu acts on the item the menu was opened on.

A popup menu is one the page marks (``role=menu``/``listbox``, or a ``menuitem`` of one), or a small layer floating
over the page (positioned out of the flow, narrower and shorter than half the viewport; a list of commands may run to
four fifths of its height), never a dialog. A click in
one that does not hold the element pressed before it was opened by that element (a row's own ⋯ button's): the guard
keeps that element as the last pressed (``guard.py``). An item right-clicked names itself: its own words (a tree's
node, a file's name) are kept as the record the menu it opened acts on while the clicks stay in menus, since an app
may draw that item again (a new node) once it is marked active."""

from __future__ import annotations

import contextlib

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

_MENU_JS = """(el, opener) => {
  const menu = el.closest('[role=menu],[role=listbox]');
  if (!menu && el.closest('[role=dialog],[role=alertdialog],dialog[open],[aria-modal=true]')) return [false, false];
  const live = !!opener && opener.isConnected && opener !== el && !opener.contains(el) && !el.contains(opener) &&
    !opener.matches('input,select,textarea,[role=checkbox],[role=radio],[role=switch],[role=menuitem]');
  if (menu) return [true, live && !menu.contains(opener)];
  for (let a = el; a && a !== document.body; a = a.parentElement) {
    if (live && a.contains(opener)) return [false, false];
    const pos = getComputedStyle(a).position;
    if (pos !== 'absolute' && pos !== 'fixed') continue;
    const r = a.getBoundingClientRect();
    const tall = a.matches('ul,ol') ? 0.8 : 0.5;  // a list of commands may run long; a panel or dialog is no menu
    const small = r.width > 0 && r.height > 0 && r.width < innerWidth / 2 && r.height < innerHeight * tall;
    return [small, small && live];
  }
  return [false, false];
}"""

# The words an item right-clicked calls itself: one short line, not a command's or a field's.
_OWN_JS = """el => {
  const own = (el.innerText || '').trim();
  return own && own.length <= 100 && !own.includes('\\n') && !el.matches(
    'button,input,select,textarea,[role=button],[role=menuitem],[role=tab],[role=checkbox]') ? own : '';
}"""


async def in_a_menu(control: ElementHandle, opener: ElementHandle | None) -> tuple[bool, bool]:
    """Whether ``control`` sits in a popup menu, and whether that menu was opened by ``opener`` (it holds it not);
    (False, False) when the page cannot be read."""
    with contextlib.suppress(PlaywrightError):
        found = await control.evaluate(_MENU_JS, opener)
        return bool(found[0]), bool(found[1])
    return False, False


async def own_words(item: ElementHandle) -> str:
    """What an item right-clicked calls itself (see ``_OWN_JS``); empty when it is a command or cannot be read."""
    with contextlib.suppress(PlaywrightError):
        return str(await item.evaluate(_OWN_JS) or "")
    return ""
