"""Whether a clicked control sits in a popup menu the element pressed before it opened: a menu the page marks
(``role=menu``/``listbox``, or a ``menuitem`` of one) that does not hold that element, or a small layer floating over
the page (positioned out of the flow, narrower and shorter than half the viewport) that does not hold it (a
right-click's context menu, a row's own ⋯ button's). The guard then keeps that element as the last pressed
(``guard.py``): the menu's commands act on what it acts on (issue 29 §2)."""

from __future__ import annotations

import contextlib

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

_IN_ITS_MENU_JS = """(el, opener) => {
  if (!opener || !opener.isConnected || opener === el || opener.contains(el) || el.contains(opener)) return false;
  if (opener.matches('input,select,textarea,[role=checkbox],[role=radio],[role=switch],[role=menuitem]')) return false;
  const menu = el.closest('[role=menu],[role=listbox]');
  if (menu) return !menu.contains(opener);
  for (let a = el; a && a !== document.body; a = a.parentElement) {
    if (a.contains(opener)) return false;
    const pos = getComputedStyle(a).position;
    if (pos !== 'absolute' && pos !== 'fixed') continue;
    const r = a.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.width < innerWidth / 2 && r.height < innerHeight / 2;
  }
  return false;
}"""


async def in_its_menu(control: ElementHandle, opener: ElementHandle) -> bool:
    """True when ``control`` sits in a popup menu ``opener`` opened (see the module's docstring); False when either
    element is gone or the page cannot be read (the control is then the last pressed, as before)."""
    with contextlib.suppress(PlaywrightError):
        return bool(await control.evaluate(_IN_ITS_MENU_JS, opener))
    return False
