"""``observe`` and the element searches behind it: one walker call per frame, merged under a budget."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.page.frames import FrameView, frame_views
from browser_core.page.hover import hover_for_words
from browser_core.page.listing import (
    CoverNote,
    ListedElement,
    PageObservation,
    TextSeen,
    WalkerArgs,
    WalkerScan,
    shown_key,
)
from browser_core.page.registry import WALKER_JSON_JS, ElementFingerprint, ElementRegistry
from browser_core.settings import BrowserSettings
from browser_core.together import each

_TYPE_SAID_BY_ROLE = {"checkbox", "radio", "search", "range", "number", "button"}


@dataclass
class Element:
    """One interactive element as listed to the model."""

    id: str
    role: str
    name: str
    value: str
    state: str
    input_type: str
    box: tuple[int, int, int, int]
    in_viewport: bool
    where: str
    frame: FrameView
    score: float = 0.0
    derived: bool = False
    region: str = ""
    context: str = ""
    group: str = ""  # the repeated structure it sits in (a table, a list) and its unit there (row, item)
    unit: int = 0
    modal: bool = False  # inside the modal that is open: listed first
    primary: bool = False  # a form's submit button or action bar, a pager's step: never left out of a listing

    def to_dict(self, *, boxes: bool = False) -> ListedElement:
        out: ListedElement = {"id": self.id, "role": self.role, "name": self.name}
        if self.input_type and self.input_type not in _TYPE_SAID_BY_ROLE:
            out["type"] = self.input_type
        if self.value:
            out["value"] = self.value
        if self.state:
            out["state"] = self.state
        if self.context:
            out["context"] = self.context
        if self.derived:
            out["derived"] = True
        if not self.in_viewport:
            out["off"] = self.where or "hidden"
        if boxes:
            out["box"] = list(self.box)
        return out


@dataclass
class FrameScan:
    view: FrameView
    raw: WalkerScan | None
    error: str | None = None


async def scan_frame(view: FrameView, registry: ElementRegistry, args: WalkerArgs, timeout_ms: int) -> FrameScan:
    """One walker call in one frame; a child frame that does not answer in time is reported, not waited for."""
    slot = registry.slot(view.frame)
    raw = None
    try:
        with anyio.move_on_after(None if view.index == 0 else timeout_ms / 1000):
            if args.get("mode") in ("observe", "search"):
                await hover_for_words(view.frame, registry.key)
            raw = await view.frame.evaluate(WALKER_JSON_JS, {**args, "key": registry.key, "start": slot.next_number})
        if isinstance(raw, str):
            raw = json.loads(raw)
    except PlaywrightError as exc:
        return FrameScan(view, None, str(exc).splitlines()[0][:160])
    except ValueError:  # the page replaced JSON.stringify
        return FrameScan(view, None, "the frame's answer could not be read (its page replaced JSON.stringify)")
    if raw is None:
        return FrameScan(view, None, f"no answer within {timeout_ms} ms (busy in a script?)")
    registry.advance(view.frame, int(raw.get("next", 1)))
    return FrameScan(view, raw)


def frame_elements(scan: FrameScan, registry: ElementRegistry, viewport: tuple[int, int]) -> list[Element]:
    if scan.raw is None:
        return []
    view, out = scan.view, []
    fx, fy = view.offset
    vw, vh = viewport
    for row in scan.raw["elements"]:
        number, role, name, value, state, x, y, w, h, where, itype, score, derived, region, context = row[:15]
        group, unit, modal, primary = row[15:19]
        gx, gy = int(x + fx), int(y + fy)
        in_viewport = not where
        if view.box is not None:
            bx, by, bw, bh = view.box
            inside_frame = gx < bx + bw and gx + w > bx and gy < by + bh and gy + h > by
            in_page = gx < vw and gx + w > 0 and gy < vh and gy + h > 0
            in_viewport = in_viewport and inside_frame and in_page and view.visible
            if not in_viewport and not where:
                where = "below" if gy >= vh else "above" if gy + h <= 0 else "clipped"
        element_id = registry.make_id(view.frame, number, ElementFingerprint(role, name, view.path, context))
        out.append(
            Element(element_id, role, name, value, state, itype, (gx, gy, w, h), in_viewport, where, view, score,
                    bool(derived), region, context, f"{view.prefix}{group}" if group else "", int(unit), bool(modal),
                    bool(primary))
        )
    return out


async def scan_frames(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, args: WalkerArgs
) -> list[FrameScan]:
    views = await frame_views(page, registry, settings.frame_depth_limit)
    return await each(scan_frame(v, registry, args, settings.iframe_timeout_ms) for v in views)


async def search_elements(
    page: Page,
    registry: ElementRegistry,
    settings: BrowserSettings,
    *,
    query: str = "",
    role: str | None = None,
    limit: int = 30,
    frame_prefix: str | None = None,
    accept: tuple[str, ...] = (),
) -> tuple[list[Element], int]:
    """Interactive elements anywhere on the page (all frames, not only the budget) matching query/role.

    ``accept``: the roles the caller can act on (type_text: editable fields); others are no candidates.
    """
    args: WalkerArgs = {"mode": "search", "query": query, "role": role or "", "maxOff": limit, "maxViewport": limit,
            "accept": list(accept)}
    scans = await scan_frames(page, registry, settings, args)
    viewport = viewport_size(page, settings)
    found: list[Element] = []
    total = 0
    for scan in scans:
        if frame_prefix is not None and scan.view.prefix != frame_prefix:
            continue
        found.extend(frame_elements(scan, registry, viewport))
        total += len(scan.raw["elements"]) if scan.raw else 0
    found.sort(key=lambda e: (-e.score, not e.in_viewport, e.frame.index))
    return found[:limit], total


async def find_by_fingerprint(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, fp: ElementFingerprint
) -> list[Element]:
    found = await _fingerprint_matches(page, registry, settings, fp, 5)
    if len(found) > 1 and fp.context:  # several of that role and name: the one in the same row or group
        found = [e for e in found if e.context == fp.context]
    return found


async def find_all_by_fingerprint(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, fp: ElementFingerprint
) -> list[Element]:
    """Every element of that role and name in the fingerprint's frame, each with its row or group as listed."""
    return await _fingerprint_matches(page, registry, settings, fp, 200)


async def _fingerprint_matches(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, fp: ElementFingerprint, cap: int
) -> list[Element]:
    """The elements of the fingerprint's role and name in its frame (up to ``cap`` on and off screen)."""
    args: WalkerArgs = {"mode": "fingerprint", "role": fp.role, "name": fp.name, "maxOff": cap, "maxViewport": cap}
    scans = await scan_frames(page, registry, settings, args)
    viewport = viewport_size(page, settings)
    return [e for s in scans if s.view.path == fp.frame_path for e in frame_elements(s, registry, viewport)]


def viewport_size(page: Page, settings: BrowserSettings) -> tuple[int, int]:
    size = page.viewport_size
    if size:
        return size["width"], size["height"]
    return settings.viewport_width, settings.viewport_height


def _select(elements: list[Element], settings: BrowserSettings) -> list[Element]:
    """All in-viewport elements (up to the hard cap), then the nearest off-screen ones up to the budget.

    While a modal is open, its elements come first and whole; the page behind it (covered) gets the ordinary
    budget that is left."""
    modal = [e for e in elements if e.modal][: settings.max_viewport_elements]
    behind = [e for e in elements if not e.modal]
    cap = settings.max_viewport_elements if not modal else max(settings.max_elements - len(modal), 0)
    visible = [e for e in behind if e.in_viewport][:cap]
    room = max(settings.max_elements - len(modal) - len(visible), 0)
    off = sorted((e for e in behind if not e.in_viewport), key=lambda e: (not e.primary, _distance(e, settings)))
    primary = sum(1 for e in off[:MAX_PRIMARY] if e.primary)  # a form's Save, a pager's Next: past the budget too
    off = off[: max(room, primary)]
    modal.sort(key=lambda e: (e.frame.index, e.box[1], e.box[0]))
    chosen = visible + off
    chosen.sort(key=lambda e: (e.frame.index, e.box[1], e.box[0]))
    return modal + chosen


MAX_PRIMARY = 8


def _distance(e: Element, settings: BrowserSettings) -> float:
    y, h = e.box[1], e.box[3]
    if y >= settings.viewport_height:
        return y - settings.viewport_height
    if y + h <= 0:
        return -(y + h)
    return 10_000 + abs(e.box[0])


async def observe_page(
    page: Page, registry: ElementRegistry, settings: BrowserSettings, *, boxes: bool = False, messages: bool = False,
    digest: bool = False,
) -> PageObservation:
    """The compact page snapshot of 001: url, title, elements, a text excerpt and notes.

    ``messages``: also the messages shown (alerts, success and error notes, field errors), for action results.
    ``digest``: for an action's result: the text excerpt of the content only (no header, menus, footer) and
    each element's region and repeated structure (``region``, ``group``, ``unit``) for ``changes.digest``.
    The listed elements are remembered (``registry.last_seen``) so an action result can say what changed.
    """
    args: WalkerArgs = {
        "mode": "observe",
        "maxViewport": settings.max_viewport_elements,
        "maxOff": settings.max_elements,
        "maxText": settings.max_text_chars,
        "messages": messages,
        "mainText": digest,
    }
    scans = await scan_frames(page, registry, settings, args)
    viewport = viewport_size(page, settings)
    merged = _Merged()
    for scan in scans:
        merged.add(scan, registry, viewport)
    main_raw = merged.main_raw
    title = main_raw.get("title")  # read with the walk, one wait less
    if not isinstance(title, str):
        title = await _title(page)
    chosen = _select(merged.elements, settings)
    registry.last_seen = {e.id: e.to_dict() for e in chosen}
    registry.last_title = title
    if not digest:  # everything was listed: the page's header and menus are known to the model from now on
        registry.shown_lines = {shown_key(registry.last_seen[e.id]) for e in chosen}
        _remember_chrome(registry, chosen, int((main_raw.get("scroll") or [0])[0]), viewport[1])
    notes = merged.notes
    text = _budget_notes(merged, chosen, settings)
    registry.last_text = TextSeen.of(text, main_raw, viewport[1], budget=settings.max_text_chars)
    scroll_y, scroll_max = (main_raw.get("scroll") or [0, 0])[:2]
    data: PageObservation = {
        "url": page.url,
        "title": title,
        "elements": [_listed(e, boxes=boxes, layout=digest, scroll_y=scroll_y) for e in chosen],
        "text": text,
    }
    if scroll_max:
        data["scroll"] = {"y": scroll_y, "max": scroll_max}
    if merged.frames:
        data["frames"] = merged.frames
    if notes:
        data["notes"] = notes
    if merged.totals > len(chosen):
        data["counts"] = {"listed": len(chosen), "total": merged.totals}
    if messages:
        data["messages"] = main_raw.get("messages") or []
    return data


@dataclass
class _Merged:
    """The frames' scans put together: their elements, counts, notes and text excerpts."""

    elements: list[Element] = field(default_factory=list)
    totals: int = 0
    notes: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    frames: dict[str, str] = field(default_factory=dict)
    main_raw: WalkerScan = field(default_factory=lambda: WalkerScan(elements=[]))

    def add(self, scan: FrameScan, registry: ElementRegistry, viewport: tuple[int, int]) -> None:
        view = scan.view
        if view.prefix:
            self.frames[view.prefix] = view.path + ("" if view.visible else " (hidden)")
        if scan.raw is None:
            self.notes.append(f"frame {view.prefix or 'main'} ({view.path}) could not be read: {scan.error}")
            return
        if view.index == 0:
            self.main_raw = scan.raw
        elif scan.raw.get("ready") == "loading":
            self.notes.append(f"frame {view.prefix} ({view.path}) is still loading: observe again for its elements")
        self.totals += int(scan.raw.get("total", 0))
        self.elements.extend(frame_elements(scan, registry, viewport))
        text = scan.raw.get("text") or ""
        if text and (view.index == 0 or view.visible):
            self.texts.append(text if view.index == 0 else f"[frame {view.prefix}: {view.label}]\n{text}")
        where = "" if view.index == 0 else f" in frame {view.prefix}"
        for note in scan.raw.get("notes", []):
            if note.get("listed") is not None:  # the open modal: said first
                self.notes.insert(0, _cover_note(note, where))
            else:
                self.notes.append(_cover_note(note, where))


def _listed(e: Element, *, boxes: bool, layout: bool, scroll_y: int) -> ListedElement:
    """An element as listed; ``layout``: with its region, repeated structure and box in the document."""
    out = e.to_dict(boxes=boxes)
    if layout:
        return {**out, "region": e.region, "group": e.group, "unit": e.unit, "box": _in_document(e, scroll_y),
                "primary": e.primary}
    return out


def _cover_note(note: CoverNote, where: str) -> str:
    if note["kind"] == "modal":
        if note.get("listed") is not None:
            return (f"modal dialog open{where}: '{note['name']}' - its {note['listed']} element(s) are listed first;"
                    " handle it before other elements")
        return f"modal dialog open{where}: '{note['name']}' - handle it before other elements"
    if note["kind"] == "scrolls":
        return (f"a box scrolls{where}: it shows {note['items']} listed ('{note['name']}' … '{note['last']}'), more"
                f" {note['more']}: scroll with one of their ids to reach the rest")
    return (f"overlay{where} covers {note['cover']}% of the viewport and {note['covered']} listed"
            f" element(s): '{note['name'][:60]}' - dismiss it first")


def _remember_chrome(registry: ElementRegistry, chosen: list[Element], scroll: int, viewport_height: int) -> None:
    """The header and menu elements just listed: a later digest leaves them out."""
    if len(registry.shown_chrome) > 5000:  # a long session over many sites: start over
        registry.shown_chrome.clear()
    keys = (chrome_key({**e.to_dict(), "region": e.region, "box": _in_document(e, scroll)}, viewport_height)
            for e in chosen)
    registry.shown_chrome |= {k for k in keys if k}


def _budget_notes(merged: _Merged, chosen: list[Element], settings: BrowserSettings) -> str:
    """The notes on what the budget left out (added to ``merged.notes``) and the text excerpt, trimmed."""
    if merged.main_raw.get("ready") == "loading":
        merged.notes.append("navigation in progress: the page is still loading (wait_for load, then observe)")
    more = max(merged.totals - len(chosen), 0)
    if more:
        merged.notes.append(
            f"{more} more interactive elements are outside this budget: scroll, or find_interactive_elements(query)"
        )
    text = "\n".join(merged.texts)
    if len(text) > settings.max_text_chars:
        text = text[: settings.max_text_chars - 1] + "…"
        merged.notes.append("text excerpt trimmed: get_page_text gives more")
    return text


CHROME_REGIONS = ("navigation", "sidebar", "header", "footer")


def _in_document(e: Element, scroll_y: int) -> list[int]:
    """The box in the main document's coordinates (a header stays where it is when the page is scrolled)."""
    x, y, w, h = e.box
    return [x, y + scroll_y if e.frame.index == 0 else y, w, h]


TOP_BAND = 0.2  # the top fifth of the viewport: where a site's header and menu bar sit


def chrome_key(e: ListedElement, viewport_height: int) -> str | None:
    """What identifies a header/menu element across pages of a site (its ids change with each document): one in
    a navigation, sidebar, header or footer landmark, or one outside any landmark (region "page") at the very same
    place in the top band of the page; None for the page's own content."""
    what = f"{e['role']}|{e['name']}|{e.get('context', '')}"
    if e.get("region") in CHROME_REGIONS:
        return f"{e['region']}|{what}"
    x, y, w, h = e.get("box") or (0, -1, 0, 0)
    if e.get("region") == "page" and y >= 0 and y + h <= viewport_height * TOP_BAND:  # outside any landmark
        return f"top|{what}|{x},{y},{w},{h}"
    return None


async def _title(page: Page) -> str:
    try:
        return await page.title()
    except PlaywrightError:
        return ""
