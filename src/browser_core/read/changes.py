"""What an action changed, as a person would notice it: a new document (same URL included), the title, the
messages that appeared, and the interactive elements added, removed or changed since the model last saw them.

Within a small budget: after a new document the result is a digest of the page (``digest``): the elements observe
would list, one compact line each (so no observe is needed to act), except header and menu elements the model has
already been shown (their earlier ids still resolve: same role and name) and the middle of long tables and lists
(folded into a count; find_interactive_elements or extract reach them); the text excerpt is the content's own.
Otherwise only the difference from the last listing, with the text that appeared (``text_changes``).
"""

from __future__ import annotations

import contextlib
import json
from typing import Literal, Required, TypedDict

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.page.listing import ListedElement, PageMessage, PageObservation, shown_key
from browser_core.page.observation import CHROME_REGIONS, chrome_key, observe_page
from browser_core.page.registry import ElementRegistry
from browser_core.read.text_changes import NewText, message_key, plain_name, say_new_text
from browser_core.session.browser import BrowserSession
from browser_core.together import both

MAX_DIFF = 12
TEXT_AFTER_NAVIGATION = 240
FOLD_AT = 12  # a table or list with more rows/items listed than this is folded ...
FOLD_KEEP = 3  # ... to its first rows/items and its last one
MAX_OFF_SCREEN = 12  # a digest lists at most this many elements outside the viewport (those below first)
_FIELDS = ("textbox", "searchbox", "combobox", "listbox", "spinbutton", "slider")
BOUND_S = 2.0
# The document's mark. The first read also starts listening for the document's own navigations: a link or a script
# fires the Navigation API's navigate event at once, while a form's submission only fires its submit event at once and
# navigates from a task queued after the key press or click has returned. Every read clears both, so after an action
# NAVIGATION_ANNOUNCED_JS says whether that action set a cross-document navigation of this tab going
# (act/pending_nav.py), with the count of windows opened (the same read serves settle's popup check).
_DOC_JS = """k => {
  const w = window, n = w.navigation;
  if (!w[k + '_navw']) {
    w[k + '_navw'] = 1;
    w.addEventListener('submit', e => { w[k + '_submit'] = e; });
    if (n && typeof n.addEventListener === 'function') {
      n.addEventListener('navigate', e => {
        if (!e.destination.sameDocument && !e.downloadRequest) w[k + '_nav'] = 1;
      });
      const over = () => { w[k + '_nav'] = 0; w[k + '_submit'] = null; };
      n.addEventListener('navigatesuccess', over);
      n.addEventListener('navigateerror', over);
    }
  }
  w[k + '_nav'] = 0;
  w[k + '_submit'] = null;
  return [(w[k + '_doc'] = w[k + '_doc'] || Math.random().toString(36).slice(2)), w[k + '_opens'] || 0];
}"""
NAVIGATION_ANNOUNCED_JS = """k => {
  const w = window, s = w[k + '_submit'], opens = w[k + '_opens'] || 0;
  if (s && !s.defaultPrevented && s.target instanceof HTMLFormElement) {
    const b = s.submitter, f = s.target;
    const attr = name => ((b && b.getAttribute('form' + name)) || f.getAttribute(name) || '').toLowerCase();
    const target = attr('target');
    if (attr('method') !== 'dialog' && ['', '_self', '_top', '_parent'].includes(target)) return [true, opens];
  }
  return [!!w[k + '_nav'] && !(w.navigation && w.navigation.transition), opens];
}"""
_COMPARED: tuple[Literal["name", "value", "state"], ...] = ("name", "value", "state")


class ElementsDiff(TypedDict, total=False):
    """The elements added, changed and removed (ids) since the last listing; ``*_more``: how many past the cap."""

    added: list[ListedElement]
    changed: list[ListedElement]
    removed: list[str]
    added_more: int
    changed_more: int
    removed_more: int


class PageChanges(NewText, total=False):
    """What an action changed, as its result says it (the keys ``what_changed`` adds to an action's result)."""

    title: str
    navigated: bool
    messages: list[PageMessage]
    elements: list[str]
    folded: list[str]
    menus_folded: str
    as_before: str
    elements_more: str
    text: str
    elements_diff: ElementsDiff


class Layout(TypedDict):
    """Where an element sits: its landmark region, the table or list (group) and row or item (unit), its box."""

    region: str
    group: str
    unit: int
    box: list[int]
    primary: bool


class Digest(TypedDict, total=False):
    """A new page's elements as compact lines (``digest``); ``omitted``: the plain names left out as shown before."""

    elements: Required[list[str]]
    folded: list[str]
    menus_folded: str
    as_before: str
    off_screen_more: int
    omitted: set[str]


async def document_token(session: BrowserSession, page: Page) -> str | None:
    """A mark on the current document: a different (or missing) mark later means a new document was loaded."""
    return (await document_marks(session, page))[0]


async def document_marks(session: BrowserSession, page: Page) -> tuple[str | None, int]:
    """The document's mark and how many windows its scripts have opened so far (``registry.py``), in one read."""
    with contextlib.suppress(PlaywrightError):
        token, opens = await page.evaluate(_DOC_JS, session.registry.key)
        return str(token), int(opens)
    return None, 0


async def what_changed(
    session: BrowserSession, page: Page, before_doc: str | None, *, new_page: bool = False
) -> PageChanges:
    """``new_page``: the caller loaded a page (navigate, back, reload): list it instead of diffing."""
    registry = session.registry
    before, before_messages, before_title = dict(registry.last_seen), list(registry.last_messages), registry.last_title
    before_text = registry.last_text  # what the model was last shown of the page's text, like the elements
    snap: PageObservation | None = None
    after_doc: str | None = before_doc
    with contextlib.suppress(PlaywrightError), anyio.move_on_after(BOUND_S):  # a frozen page: say less, not hang
        after_doc, snap = await both(  # read together: one wait for the page, not two
            document_token(session, page),
            observe_page(page, registry, session.settings, messages=True, digest=True))
    navigated = new_page or (before_doc is not None and after_doc != before_doc)
    if snap is None:
        return {"navigated": True} if navigated and not new_page else {}
    title = snap.get("title", "")  # said again only for a new page or a new title
    out: PageChanges = {"title": title} if navigated or title != before_title else {}
    if navigated and not new_page:
        out["navigated"] = True
    messages = [m for m in snap.get("messages", []) if message_key(m) not in before_messages or navigated]
    registry.last_messages = [message_key(m) for m in snap.get("messages", [])]
    if messages:
        out["messages"] = messages
    layout = {e["id"]: _take_layout(e) for e in snap["elements"]}
    if navigated or not before:
        return out | _page_listing(session, page, snap, layout, navigated=navigated, same_kind=not new_page)
    diff = await _difference(session, before, snap["elements"])
    if diff:
        out["elements_diff"] = diff
    say_new_text(out, before_text, registry.last_text, listed=snap["elements"], messages=snap.get("messages", []))
    return out


def _take_layout(e: ListedElement) -> Layout:
    """An element's layout keys, taken out of it (they are for the digest, not for the model)."""
    return {"region": e.pop("region", ""), "group": e.pop("group", ""), "unit": e.pop("unit", 0),
            "box": e.pop("box", [0, 0, 0, 0]), "primary": bool(e.pop("primary", False))}


def _page_listing(session: BrowserSession, page: Page, snap: PageObservation, layout: dict[str, Layout],
                  *, navigated: bool, same_kind: bool) -> PageChanges:
    """A new page (or the first listing): its digest, what the budget left out and the content's text."""
    elements = snap["elements"]
    listing = digest(session.registry, elements, layout, _viewport_height(page, session),
                     same_kind=same_kind)
    out: PageChanges = {"elements": listing["elements"]}
    if "folded" in listing:
        out["folded"] = listing["folded"]
    if "menus_folded" in listing:
        out["menus_folded"] = listing["menus_folded"]
    if "as_before" in listing:
        out["as_before"] = listing["as_before"]
    more = listing.get("off_screen_more", 0) + (snap["counts"]["total"] - len(elements) if "counts" in snap else 0)
    if more:
        out["elements_more"] = f"{more} more: scroll or find_interactive_elements"
    if navigated and snap.get("text"):
        text = _without(snap["text"], listing.get("omitted", set()) | {plain_name(e["name"]) for e in elements})
        out["text"] = text if len(text) <= TEXT_AFTER_NAVIGATION else text[: TEXT_AFTER_NAVIGATION - 1] + "…"
    return out


async def _difference(session: BrowserSession, before: dict[str, ListedElement],
                      elements: list[ListedElement]) -> ElementsDiff:
    """The elements added, changed (with what they ``was``) and removed since the last listing, each capped."""
    added = [e for e in elements if e["id"] not in before]
    changed: list[ListedElement] = []
    for e in elements:
        old = before.get(e["id"])
        was: dict[str, str] = {}
        if old is not None:
            was = {k: _plain(old, k) for k in _COMPARED if _plain(old, k) != _plain(e, k)}
        if was:
            changed.append({**e, "was": was})
    removed = await _removed(session, [i for i in before if i not in {e["id"] for e in elements}])
    diff: ElementsDiff = {}
    if added:
        diff["added"] = added[:MAX_DIFF]
        if len(added) > MAX_DIFF:
            diff["added_more"] = len(added) - MAX_DIFF
    if changed:
        diff["changed"] = changed[:MAX_DIFF]
        if len(changed) > MAX_DIFF:
            diff["changed_more"] = len(changed) - MAX_DIFF
    if removed:
        diff["removed"] = removed[:MAX_DIFF]
        if len(removed) > MAX_DIFF:
            diff["removed_more"] = len(removed) - MAX_DIFF
    return diff


def _viewport_height(page: Page, session: BrowserSession) -> int:
    size = page.viewport_size
    return size["height"] if size else session.settings.viewport_height


def _without(text: str, names: set[str]) -> str:
    """The text excerpt without the lines that only name an element (listed, or left out as shown before) and
    without lines said already (the same cell text on every row)."""
    seen = set(names)
    kept = []
    for line in text.split("\n"):
        plain = plain_name(line)
        if plain not in seen:
            kept.append(line)
            seen.add(plain)
    return "\n".join(kept)


def digest(registry: ElementRegistry, elements: list[ListedElement],
           layout: dict[str, Layout], viewport_height: int, *, same_kind: bool = False) -> Digest:
    """A new page's elements as compact lines, without header/menu elements already shown (when their role, name
    and context are unique, so their earlier ids still resolve) and with long tables and lists folded.
    ``same_kind``: an action landed here, so elements the last page listed just the same are counted, not listed.
    On a form page an action lands on (``_is_form_page``), the links of its header, menus and sidebar are folded
    into a count: the form's own fields and buttons come first."""
    units, keep = _fold_plan(elements, layout)
    before, known = (registry.shown_lines if same_kind else set()), set()
    counts = {"chrome": 0, "repeated": 0, "aside": 0}
    names: dict[tuple[str, str, str], int] = {}
    for e in elements:
        names[_same(e)] = names.get(_same(e), 0) + 1
    form_page = same_kind and _is_form_page(elements, layout)
    listed: list[str] = []
    folded: dict[str, list[int]] = {}
    omitted: set[str] = set()
    below = [e["id"] for e in elements if e.get("off") and e["off"] != "above"]
    above = [e["id"] for e in elements if e.get("off") == "above"][::-1]  # the nearest first
    off_kept = set((below + above)[:MAX_OFF_SCREEN]) | {e["id"] for e in elements if layout[e["id"]].get("primary")}
    for e in elements:
        where = layout[e["id"]]
        if e.get("off") and e["id"] not in off_kept:
            continue
        if where["group"] in keep and where["unit"] not in keep[where["group"]] and not where.get("primary"):
            folded.setdefault(where["group"], []).append(where["unit"])
            continue
        kind = "aside" if form_page and _menu_link(e, where) else _left_out(
            registry, {**e, **where}, viewport_height, before, unique=names[_same(e)] == 1)
        if kind:
            counts[kind] += 1
            omitted.add(plain_name(e["name"]))
        else:
            listed.append(compact(e))
        if kind in ("", "repeated"):
            known.add(shown_key(e))
    registry.shown_lines = known
    out: Digest = {"elements": listed}
    if folded:
        out["folded"] = [_fold_note(g, units[g], set(u)) for g, u in folded.items()]
    off_left = len(below) + len(above) - len(off_kept & set(below + above))
    if off_left:
        out["off_screen_more"] = off_left
    _say_left_out(out, counts, omitted)
    return out


def _say_left_out(out: Digest, counts: dict[str, int], omitted: set[str]) -> None:
    """What the digest counted instead of listing (folded menus, elements shown before)."""
    if counts["aside"]:
        out["menus_folded"] = f"{counts['aside']} header/menu/sidebar links: find_interactive_elements(query)"
    if counts["chrome"] or counts["repeated"]:
        out["as_before"] = ", ".join(
            ([f"{counts['chrome']} header/menu elements as before"] if counts["chrome"] else [])
            + ([f"{counts['repeated']} as on the last page"] if counts["repeated"] else [])) + " (ids work)"
    if omitted:
        out["omitted"] = omitted


def _menu_link(e: ListedElement, where: Layout) -> bool:
    return e["role"] == "link" and where["region"] in CHROME_REGIONS and not where.get("primary")


def _left_out(registry: ElementRegistry, placed: ListedElement, viewport_height: int, before: set[str], *,
              unique: bool) -> Literal["chrome", "repeated", ""]:
    """Why a digest need not list an element: a header/menu element shown before, or one the last page listed
    just the same (unique on this page, so its earlier id re-resolves); "" to list it."""
    if _shown_before(registry, placed, viewport_height, unique=unique):
        return "chrome"
    return "repeated" if unique and shown_key(placed) in before else ""


def _is_form_page(elements: list[ListedElement], layout: dict[str, Layout]) -> bool:
    """A page whose content is a form: three or more fields of its own (outside the header, menus, sidebar and any
    table or list: a list page's search box, action and row fields are no form of the page's own)."""
    return sum(e["role"] in _FIELDS and layout[e["id"]]["region"] not in CHROME_REGIONS
               and not layout[e["id"]]["group"] for e in elements) >= 3


def _fold_note(group: str, units: list[int], hidden_units: set[int]) -> str:
    """What a fold left out, by position ("rows 4-12 of 13 of a table"), never by an element's name."""
    hidden = [i + 1 for i, u in enumerate(units) if u in hidden_units]
    kind = "rows" if group.lstrip("f0123456789").startswith("t") else "items"
    where = "a table" if kind == "rows" else "a list"
    span = f"{hidden[0]}-{hidden[-1]}" if len(hidden) > 1 else str(hidden[0])
    return (f"{len(hidden)} {kind} of {where} folded ({kind} {span} of {len(units)}): "
            "find_interactive_elements(query) or extract")


def _fold_plan(elements: list[ListedElement], layout: dict[str, Layout]
               ) -> tuple[dict[str, list[int]], dict[str, set[int]]]:
    """Each table's or list's units (rows, items) and, for the long ones to fold, the units kept: the first few
    and the last. A table or list holding text fields or selects is a form: never folded."""
    units: dict[str, list[int]] = {}
    forms = set()
    for e in elements:
        where = layout[e["id"]]
        if where["group"] and where["unit"] not in units.setdefault(where["group"], []):
            units[where["group"]].append(where["unit"])
        if e["role"] in _FIELDS:
            forms.add(where["group"])
    keep = {g: set(u[:FOLD_KEEP] + u[-1:]) for g, u in units.items() if len(u) > FOLD_AT and g not in forms}
    return units, keep


def _shown_before(registry: ElementRegistry, placed: ListedElement, viewport_height: int, *, unique: bool) -> bool:
    """A header/menu element the model was shown already (left out when its role, name and context are unique, so
    its earlier id still resolves); one not shown yet is remembered as shown now."""
    key = chrome_key(placed, viewport_height)
    if key is None:
        return False
    if unique and key in registry.shown_chrome:
        return True
    registry.shown_chrome.add(key)
    return False


def _same(e: ListedElement) -> tuple[str, str, str]:
    """What an earlier id is re-resolved by (``registry.ElementFingerprint``): role, name and context."""
    return e["role"], e["name"], e.get("context", "")


def compact(e: ListedElement) -> str:
    """One listed element as a line: id role "name" ~"context" ="value" [state] (derived) (off below)."""
    parts = [e["id"], e["role"] + (f":{e['type']}" if e.get("type") else ""), json.dumps(e["name"], ensure_ascii=False)]
    if e.get("context"):
        parts.append("~" + json.dumps(e["context"], ensure_ascii=False))
    if e.get("value"):
        parts.append("=" + json.dumps(e["value"], ensure_ascii=False))
    if e.get("state"):
        parts.append(f"[{e['state']}]")
    if e.get("derived"):
        parts.append("(derived)")
    if e.get("off"):
        parts.append(f"(off {e['off']})")
    return " ".join(parts)


def _plain(element: ListedElement, key: Literal["name", "value", "state"]) -> str:
    """A field compared for "changed"; focus moving along with every click is not a change worth listing."""
    value = str(element.get(key, ""))
    return ",".join(s for s in value.split(",") if s != "focused") if key == "state" else value


async def _removed(session: BrowserSession, ids: list[str]) -> list[str]:
    """Ids no longer listed that are really gone from the page (not just scrolled out of the budget)."""
    gone = []
    for element_id in ids[: MAX_DIFF * 2]:
        with contextlib.suppress(Exception):
            _, handle = await session.registry.resolve(element_id)
            if handle is None:
                gone.append(element_id)
            else:
                await handle.dispose()
    return gone
