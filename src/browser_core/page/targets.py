"""Turning what the model names (an element id, or a description plus an optional role) into a live element."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.async_api import ElementHandle, Frame, Page

from browser_core.errors import AmbiguousTarget, ElementNotFound, InvalidInput, StaleElement
from browser_core.page.listing import ElementRef, ListedElement
from browser_core.page.observation import Element, find_all_by_fingerprint, find_by_fingerprint, search_elements
from browser_core.page.registry import ElementFingerprint, ElementRegistry
from browser_core.settings import BrowserSettings

ROLES = (
    "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option", "slider",
    "spinbutton", "switch", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "treeitem", "gridcell",
    "columnheader", "row", "clickable",
)
# What each kind of action can act on: a description only ever matches these.
EDITABLE = ("textbox", "searchbox", "combobox", "spinbutton")
SELECTABLE = ("combobox", "listbox")
_SECONDARY_REGIONS = {"navigation", "sidebar", "header", "footer"}
MAX_CANDIDATES = 8
# A description resolves only to an element answering each of its words (by its name, row, place or value): the
# walker's match.js scores weaker matches below this.
STRONG_MATCH = 0.9


@dataclass
class Target:
    id: str
    role: str
    name: str
    frame: Frame
    frame_path: str
    handle: ElementHandle
    re_resolved_from: str | None = None
    matched_by: str = "id"
    also_matched: list[ListedElement] | None = None

    def describe(self) -> ElementRef:
        out: ElementRef = {"id": self.id, "role": self.role, "name": self.name}
        if self.frame_path != "main":
            out["frame"] = self.frame_path
        if self.re_resolved_from:
            out["re_resolved_from"] = self.re_resolved_from
        if self.matched_by != "id":
            out["matched_by"] = self.matched_by
        if self.also_matched:
            out["also_matched"] = self.also_matched
        return out


def check_role(role: str | None) -> str | None:
    if role is None or role == "":
        return None
    role = role.strip().lower()
    if role not in ROLES:
        raise InvalidInput(f"unknown role '{role}'", hint=f"Use one of: {', '.join(ROLES)}")
    return role


async def _handle_for(registry: ElementRegistry, element: Element) -> ElementHandle:
    _, handle = await registry.resolve(element.id)
    if handle is None:
        raise StaleElement(f"element {element.id} disappeared while it was being resolved")
    return handle


async def resolve_target(
    page: Page,
    registry: ElementRegistry,
    settings: BrowserSettings,
    *,
    element_id: str | None,
    description: str | None,
    role: str | None = None,
    frame_prefix: str | None = None,
    accept: tuple[str, ...] = (),
) -> Target:
    """The element the model means; fails fast when an id is stale, lists candidates when ambiguous."""
    role = check_role(role)
    if element_id:
        frame, handle = await registry.resolve(element_id)
        fp = registry.fingerprint(element_id)
        assert fp is not None
        if handle is not None:
            now = await registry.identify(element_id)
            if now.get("same", True):
                return Target(element_id, fp.role, fp.name, frame, fp.frame_path, handle)
            await handle.dispose()
            if now.get("role") != fp.role or _bare(str(now.get("name", ""))) != _bare(fp.name):
                return await _reshown(page, registry, settings, element_id, fp, now)
            moved = await _moved_to(page, registry, settings, element_id, fp) if fp.context else None
            if moved is None:
                _, handle = await registry.resolve(element_id)
                if handle is None:
                    raise StaleElement(f"element {element_id} disappeared while it was being resolved")
                return Target(element_id, fp.role, fp.name, frame, fp.frame_path, handle)
            if isinstance(moved, Element):
                return Target(moved.id, moved.role, moved.name, moved.frame.frame, moved.frame.path,
                              await _handle_for(registry, moved), re_resolved_from=element_id)
            raise StaleElement(
                f"element {element_id} ({fp.role} '{fp.name}') now sits in {moved!r}, not in {fp.context!r}: the "
                "page redrew its rows",
                hint="Re-observe and use the id listed in the row you mean.",
                details={"was": {"role": fp.role, "name": fp.name, "context": fp.context}, "now": moved},
            )
        same = await find_by_fingerprint(page, registry, settings, fp)
        if len(same) == 1:
            el = same[0]
            return Target(el.id, el.role, el.name, el.frame.frame, el.frame.path, await _handle_for(registry, el),
                          re_resolved_from=element_id)
        raise StaleElement(
            f"element {element_id} ({fp.role} '{fp.name}') is no longer on the page",
            details={"was": {"role": fp.role, "name": fp.name, "frame": fp.frame_path}},
        )
    description = check_description(description)
    found, _ = await search_elements(
        page, registry, settings, query=description, role=role, limit=8, frame_prefix=frame_prefix, accept=accept
    )
    best, others = choose_element(found, description, role)
    return await target_of(registry, best, others)


_COUNT = re.compile(r"\s*[(\[]\s*\d+\s*[)\]]")


def _bare(name: str) -> str:
    """A name without a count in brackets ("Cart (3)"): what the walker's identity of an element compares."""
    return _COUNT.sub("", name)


async def _reshown(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, element_id: str, fp: ElementFingerprint,
    now: dict[str, object],
) -> Target:
    """The node under an id now shows another element (a list rewrote its rows after a delete): the element the id
    was given for, found again by what it is when it is still on the page once, else the id is stale."""
    same = [e for e in await find_by_fingerprint(page, registry, settings, fp) if e.id != element_id]
    if len(same) == 1:
        el = same[0]
        return Target(el.id, el.role, el.name, el.frame.frame, el.frame.path, await _handle_for(registry, el),
                      re_resolved_from=element_id)
    shown = f"{now.get('role') or 'nothing interactive'}" + (f" '{now.get('name')}'" if now.get("name") else "")
    raise StaleElement(
        f"element {element_id} was {fp.role} '{fp.name}', but the page reused its node: it now shows {shown}",
        hint="Re-observe and use the id listed for the element you mean; the old id is not acted on.",
        details={"was": {"role": fp.role, "name": fp.name, "context": fp.context},
                 "now": {"role": now.get("role"), "name": now.get("name"), "row": now.get("row")}},
    )


async def _moved_to(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, element_id: str, fp: ElementFingerprint
) -> Element | str | None:
    """Whether a row control's element now sits in another row (grids reuse a row's elements when they redraw, so
    an id may now point at another record's checkbox): None when it is where it was listed; else the element of
    that role and name in the row it was listed in (one), or the row it sits in now."""
    now = await find_all_by_fingerprint(page, registry, settings, fp)
    mine = next((e for e in now if e.id == element_id), None)
    if mine is None or mine.context == fp.context:
        return None
    there = [e for e in now if e.context == fp.context]
    return there[0] if len(there) == 1 else mine.context


def check_description(description: str | None) -> str:
    if description is None or not description.strip():
        raise InvalidInput("give element_id (from observe) or a non-empty element_description")
    if len(description) > 300:
        raise InvalidInput("element_description is longer than 300 characters; describe the element briefly")
    return description


def candidate(e: Element) -> ListedElement:
    out = e.to_dict()
    if e.frame.prefix:
        out["frame"] = e.frame.path
    if e.region:
        out["region"] = e.region
    return out


def choose_element(found: list[Element], description: str, role: str | None) -> tuple[Element, list[ListedElement]]:
    """The best match of a description search, and the equally good matches it was preferred over.

    Equal matches are ambiguous, except that one in the main content (or a dialog) is preferred over ones in
    navigation, sidebars, headers and footers, and one in view over ones out of view; the others are then
    returned so the result says so (nothing weaker or equal is ever picked silently).
    """
    if not found:
        raise ElementNotFound(
            f"no interactive element matches '{description}'" + (f" with role {role}" if role else ""),
            hint="Observe the page (or scroll) and retry with an id or another description.",
        )
    found = sorted(found, key=lambda e: (-e.score, not e.in_viewport, e.frame.index))
    best = found[0]
    if best.score < STRONG_MATCH:
        raise ElementNotFound(
            f"no interactive element answers every word of '{description}'"
            + (f" with role {role}" if role else "") + "; the nearest share only some of its words",
            hint="Pick one of details.candidates by id if it is the one meant, or observe the page and describe "
                 "the element by its own words.",
            details={"candidates": [candidate(e) | {"match": round(e.score, 2)} for e in found[:5]]},
        )
    ties = [e for e in found if abs(e.score - best.score) < 1e-6]
    if len(ties) == 1:
        return best, []
    primary = [e for e in ties if e.region not in _SECONDARY_REGIONS]
    pool = primary or ties
    visible = [e for e in pool if e.in_viewport]
    if len(pool) == 1 or len(visible) == 1:
        best = pool[0] if len(pool) == 1 else visible[0]
        return best, [candidate(e) for e in ties if e is not best][:5]
    ranked = ties + [e for e in found if e not in ties]  # best first: the equal matches, then the next best
    raise AmbiguousTarget(
        f"{len(ties)} elements match '{description}' equally well",
        hint="Retry with element_id of the one you mean, or name it with words from its row or section.",
        details={"candidates": [candidate(e) | {"match": round(e.score, 2)} for e in ranked[:MAX_CANDIDATES]]},
    )


async def target_of(registry: ElementRegistry, element: Element, others: list[ListedElement] | None = None) -> Target:
    return Target(element.id, element.role, element.name, element.frame.frame, element.frame.path,
                  await _handle_for(registry, element), matched_by="description", also_matched=others or None)

