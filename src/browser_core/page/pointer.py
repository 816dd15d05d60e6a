"""Where a click would land: hit tests across frames, uncovered points for a coordinate click, overlay controls.

A click on an element lands on whatever is on top at the click point: in the element's own document, and in
every ancestor document (an overlay in the page can cover an iframe). ``probe`` checks all levels, so an
intercepted click fails fast and says what covers the element (FR-018), and it returns points on the element
that nothing covers, in page coordinates, for the coordinate fallback of the retry chain (FR-017).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from playwright.async_api import ElementHandle, Frame
from playwright.async_api import Error as PlaywrightError

from browser_core.page.registry import ElementRegistry

# In the element's frame: the visible part of its box, whether its centre is on top, and up to 6 uncovered points.
_PROBE_JS = """el => {
  if (!el.isConnected) return {reason: 'redrawn', stale: true};
  // A checkbox or radio shrunk to nothing is clicked through its label, which draws it (the walker's clickBox).
  const shown = (b) => b.width >= 1 && b.height >= 1;
  const own = el.getBoundingClientRect();
  const byLabel = !shown(own) && /^(checkbox|radio)$/.test(el.type) && el.labels
    ? Array.from(el.labels).find((l) => shown(l.getBoundingClientRect())) : null;
  const r = byLabel ? byLabel.getBoundingClientRect() : own;
  if (!shown(r)) return {reason: 'the element has no size'};
  const vw = innerWidth, vh = innerHeight;
  const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0), x1 = Math.min(r.right, vw), y1 = Math.min(r.bottom, vh);
  if (x1 - x0 < 1 || y1 - y0 < 1) return {reason: 'the element is outside the visible area', outside: true};
  const root = el.getRootNode();
  const at = (x, y) => (root.elementFromPoint ? root.elementFromPoint(x, y) : document.elementFromPoint(x, y));
  // Through the composed tree: a custom element's slotted label sits inside the control its shadow root renders.
  const inside = (a, b) => {
    for (let n = a; n; n = n.assignedSlot || n.parentNode || n.host) if (n === b) return true;
    return false;
  };
  const label = (hit) => el.labels && Array.from(el.labels).some((l) => inside(hit, l));
  const describe = (h) => {
    const name = (h.getAttribute('aria-label') || h.getAttribute('title') || h.textContent || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 60);
    return {tag: h.tagName.toLowerCase(), id: h.id || '', name, frame: /^(IFRAME|FRAME|OBJECT|EMBED)$/.test(h.tagName)};
  };
  const grid = [[0.5, 0.5]];
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9])
    if (fx !== 0.5 || fy !== 0.5) grid.push([fx, fy]);
  const free = [];
  let centre = false, blocker = null;
  grid.forEach(([fx, fy], i) => {
    if (free.length >= 6) return;
    const x = x0 + (x1 - x0) * fx, y = y0 + (y1 - y0) * fy;
    const hit = at(x, y);
    if (hit && (inside(hit, el) || label(hit))) { free.push([x, y]); if (i === 0) centre = true; }
    else if (i === 0) {
      if (hit && inside(el, hit)) centre = true; else blocker = hit ? describe(hit) : null;
    }
  });
  // Ready for a click without the browser's own waits: wholly in view, enabled, and nothing animating it.
  const whole = r.left >= 0 && r.top >= 0 && r.right <= vw && r.bottom <= vh;
  let still = true;
  for (let n = el; n && still; n = n.parentNode || n.host)
    if (n.getAnimations) still = !n.getAnimations().some((a) => a.playState === 'running');
  const ready = whole && still && !el.matches(':disabled') && !el.closest('[aria-disabled="true"]');
  return {centre, free, blocker, ready: ready && !byLabel, byLabel: !!byLabel,
    point: [x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2]};
}"""

# In a parent frame: does each point of the child frame land on the child's <iframe> element?
_PARENT_JS = """(frameEl, pts) => {
  const r = frameEl.getBoundingClientRect();
  const cs = getComputedStyle(frameEl);
  if (r.width < 1 || r.height < 1 || cs.visibility === 'hidden' || cs.display === 'none' || +cs.opacity === 0)
    return {reason: 'its frame is hidden or has no size'};
  const ox = r.left + frameEl.clientLeft + (parseFloat(cs.paddingLeft) || 0);
  const oy = r.top + frameEl.clientTop + (parseFloat(cs.paddingTop) || 0);
  const root = frameEl.getRootNode();
  const at = (x, y) => (root.elementFromPoint ? root.elementFromPoint(x, y) : document.elementFromPoint(x, y));
  const describe = (h) => {
    const name = (h.getAttribute('aria-label') || h.getAttribute('title') || h.textContent || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 60);
    return {tag: h.tagName.toLowerCase(), id: h.id || '', name, frame: /^(IFRAME|FRAME|OBJECT|EMBED)$/.test(h.tagName)};
  };
  return {points: pts.map(([x, y]) => {
    const X = x + ox, Y = y + oy;
    if (X < 0 || Y < 0 || X >= innerWidth || Y >= innerHeight) return {at: [X, Y], hit: null, out: true};
    const h = at(X, Y);
    return {at: [X, Y], hit: h === frameEl ? null : (h ? describe(h) : {tag: 'nothing', id: '', name: ''})};
  })};
}"""

_BLOCKER_HANDLE_JS = "([x, y]) => document.elementFromPoint(x, y)"

# The layer an overlay belongs to (fixed/sticky ancestor, dialog) and the numbers of observed elements inside it.
_LAYER_CONTROLS_JS = """([x, y, key]) => {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return [];
  let layer = null;
  for (let n = hit; n && n !== document.body && n !== document.documentElement;
       n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) {
    const cs = getComputedStyle(n);
    if (cs.position === 'fixed' || cs.position === 'sticky' || n.tagName === 'DIALOG' ||
        n.getAttribute('role') === 'dialog' || n.getAttribute('role') === 'alertdialog' ||
        n.getAttribute('aria-modal') === 'true') layer = n;
  }
  layer = layer || hit;
  const st = window[key];
  if (!st) return [];
  const out = [];
  for (const [n, ref] of st.els) {
    const e = ref.deref();
    if (e && e.isConnected && (layer === e || layer.contains(e))) out.push(n);
  }
  return out;
}"""


class Blocker(TypedDict):
    """What lies on top of the element where it would be clicked (``describe`` in the probe's script)."""

    tag: str
    id: str
    name: str
    frame: NotRequired[bool]  # an <iframe> (or frame, object, embed): its own content may be the blocker


@dataclass
class Probe:
    """Where a click on an element would land."""

    centre_free: bool = False
    points: list[tuple[float, float]] = field(default_factory=list)
    blocker: Blocker | None = None
    blocker_frame: Frame | None = None
    blocker_point: tuple[float, float] | None = None
    reason: str | None = None
    ready: bool = False  # wholly in view, enabled, not animated, its centre on top: clickable as it is
    by_label: bool = False  # no box of its own: a checkbox or radio its label draws, clicked through the label
    outside: bool = False  # a box of its own, but none of it in view after scrolling (parked off the page)

    @property
    def covered_by(self) -> str | None:
        b = self.blocker
        if not b:
            return None
        return f"<{b['tag']}{' id=' + b['id'] if b.get('id') else ''}> '{b.get('name', '')}'"


async def _frame_element(frame: Frame) -> ElementHandle | None:
    with contextlib.suppress(PlaywrightError):
        return await frame.frame_element()
    return None


async def _hidden_frame(frame: Frame) -> str | None:
    """Why the element's frame (or one around it) cannot show anything: hidden, no size, detached."""
    child = frame
    while child.parent_frame is not None:
        element = await _frame_element(child)
        if element is None:
            return "its frame was detached"
        try:
            level = await element.evaluate(_PARENT_JS, [])
        finally:
            await element.dispose()
        if level.get("reason"):
            return str(level["reason"])
        child = child.parent_frame
    return None


async def probe(frame: Frame, handle: ElementHandle) -> Probe:
    """Hit-test the element at its centre and on a grid, in its frame and every ancestor frame."""
    raw = await handle.evaluate(_PROBE_JS)
    if raw.get("reason"):  # a redrawn element (gone from the page) says so; else a hidden frame says why
        hidden = None if raw.get("stale") else await _hidden_frame(frame)
        # Drawn outside the page's own area, where no scroll reaches (a row's actions until the pointer rests there).
        return Probe(reason=hidden or raw["reason"], outside=bool(raw.get("outside")) and not hidden)
    result = Probe(centre_free=bool(raw["centre"]), blocker=raw.get("blocker"), ready=bool(raw.get("ready")),
                   by_label=bool(raw.get("byLabel")))
    if result.blocker:
        result.blocker_frame, result.blocker_point = frame, (raw["point"][0], raw["point"][1])
    # Points to carry up: the centre (index 0, even when covered, to find an ancestor blocker) and the free ones.
    points: list[tuple[float, float]] = [(p[0], p[1]) for p in [raw["point"], *raw["free"]]]
    alive = [result.centre_free] + [True] * len(raw["free"])
    child = frame
    while child.parent_frame is not None:
        parent = child.parent_frame
        element = await _frame_element(child)
        if element is None:
            return Probe(reason="its frame was detached")
        try:
            level = await element.evaluate(_PARENT_JS, points)
        finally:
            await element.dispose()
        if level.get("reason"):
            return Probe(reason=level["reason"])
        for i, entry in enumerate(level["points"]):
            points[i] = (entry["at"][0], entry["at"][1])
            if entry["hit"] is not None or entry.get("out"):
                if i == 0 and alive[0] and entry["hit"] is not None:
                    result.blocker, result.blocker_frame = entry["hit"], parent
                    result.blocker_point = points[0]
                alive[i] = False
        child = parent
    result.centre_free = alive[0]
    result.points = [p for p, ok in zip(points[1:], alive[1:], strict=True) if ok]
    if result.centre_free:
        result.blocker = result.blocker_frame = result.blocker_point = None
    result.ready = result.ready and result.centre_free
    return result


async def covering_frame(registry: ElementRegistry, result: Probe) -> str | None:
    """When the blocker is an <iframe>, the prefix of the frame inside it (FR-018: intercepted by a frame)."""
    if not (result.blocker and result.blocker.get("frame") and result.blocker_frame and result.blocker_point):
        return None
    with contextlib.suppress(PlaywrightError):
        js = await result.blocker_frame.evaluate_handle(_BLOCKER_HANDLE_JS, list(result.blocker_point))
        element = js.as_element()
        if element is None:
            return None
        inner = await element.content_frame()
        await element.dispose()
        if inner is not None:
            return registry.slot(inner).prefix or "main"
    return None


async def layer_numbers(registry: ElementRegistry, result: Probe) -> list[int]:
    """Walker numbers of the observed elements inside the overlay layer that covers the element."""
    if not (result.blocker_frame and result.blocker_point):
        return []
    with contextlib.suppress(PlaywrightError):
        numbers = await result.blocker_frame.evaluate(_LAYER_CONTROLS_JS, [*result.blocker_point, registry.key])
        return [int(n) for n in numbers]
    return []
