"""A replay fingerprint of a live element: frame, role, exact name and its source, the anchors a person uses
(label, row and column, heading, landmark, dialog), value and state, how many share its role and name, its box."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.act.flow_model import Anchors, Fingerprint
from browser_core.act.replay_model import Candidate
from browser_core.page.observation import Element, find_all_by_fingerprint
from browser_core.page.registry import ElementFingerprint
from browser_core.session.browser import BrowserSession

# Generic structure only (labels, table headers, headings, landmarks, dialogs): no page's words.
ANCHORS_JS = """(el) => {
  const text = (n) => (n ? (n.innerText || n.textContent || "") : "").replace(/\\s+/g, " ").trim().slice(0, 80);
  const up = (n) => n.parentElement || (n.getRootNode && n.getRootNode().host) || null;
  const byId = (ids) => (ids || "").split(/\\s+/).map((i) => el.getRootNode().getElementById
    ? el.getRootNode().getElementById(i) : document.getElementById(i)).filter(Boolean).map(text).join(" ");
  const labels = el.labels && el.labels.length ? el.labels : null;
  const label = labels ? text(labels[0]) : "";
  const tag = el.tagName;
  const source = el.getAttribute("aria-labelledby") ? "aria-labelledby" : el.getAttribute("aria-label") ? "aria-label"
    : labels ? "label" : el.getAttribute("title") ? "title" : el.getAttribute("placeholder") ? "placeholder"
    : tag === "INPUT" && /^(submit|button|reset)$/.test(el.type) ? "value" : "content";
  let column = "";
  const cell = el.closest("td,th,[role=cell],[role=gridcell]");
  const table = cell && cell.closest("table,[role=grid],[role=table],[role=treegrid]");
  if (cell && table) {
    const row = cell.parentElement, at = Array.prototype.indexOf.call(row.children, cell);
    const head = table.querySelector("thead tr") || table.querySelector("[role=row]");
    if (head && head !== row && head.children[at]) column = text(head.children[at]);
  }
  const H = "h1,h2,h3,h4,h5,h6,[role=heading],legend";
  let heading = "";
  for (let n = el; n && !heading; n = up(n)) {
    for (let s = n.previousElementSibling; s && !heading; s = s.previousElementSibling) {
      if (s.matches(H)) heading = text(s);
      else { const hs = s.querySelectorAll(H); if (hs.length) heading = text(hs[hs.length - 1]); }
    }
  }
  let landmark = "", dialog = "";
  for (let n = el; n && n.nodeType === 1; n = up(n)) {
    const r = n.getAttribute("role") || "", t = n.tagName;
    if (!dialog && (t === "DIALOG" || r === "dialog" || r === "alertdialog"))
      dialog = n.getAttribute("aria-label") || byId(n.getAttribute("aria-labelledby")) || text(n.querySelector(H));
    if (!landmark) landmark = t === "NAV" || r === "navigation" ? "navigation" : t === "MAIN" || r === "main" ? "main"
      : t === "ASIDE" || r === "complementary" ? "complementary" : t === "HEADER" && r === "banner" ? "banner"
      : r === "banner" ? "banner" : r === "contentinfo" ? "contentinfo" : r === "search" ? "search" : "";
  }
  return {label, source, column, heading, landmark, dialog};
}"""


async def anchors_of(session: BrowserSession, element: Element) -> tuple[Anchors, str]:
    """The element's anchors (its walker context as the row) and the source of its name."""
    raw: dict[str, Any] = {}  # boundary: the page's evaluate result (ANCHORS_JS)
    _, handle = await session.registry.resolve(element.id)
    if handle is not None:
        with contextlib.suppress(PlaywrightError):
            raw = await handle.evaluate(ANCHORS_JS)
        await handle.dispose()
    anchors = Anchors(row=element.context, **{k: str(raw.get(k, "")) for k in
                                              ("label", "column", "heading", "landmark", "dialog")})
    return anchors, str(raw.get("source", ""))


async def population(session: BrowserSession, page: Page, frame: str, role: str, name: str) -> list[Element]:
    """Every element of that frame, role and exact name, in document order."""
    probe = ElementFingerprint(role, name, frame)
    return await find_all_by_fingerprint(page, session.registry, session.settings, probe)


async def capture(session: BrowserSession, element_id: str) -> Fingerprint | None:
    """The fingerprint of a listed element, or None when it is not on the page any more."""
    fp = session.registry.fingerprint(element_id)
    if fp is None:
        return None
    page = await session.page()
    with session.registry.fingerprints_kept():
        same = await population(session, page, fp.frame_path, fp.role, fp.name)
        me = next((e for e in same if e.id == element_id), None)
        if me is None:
            return None
        anchors, source = await anchors_of(session, me)
    peers = [e for e in same if e.context == me.context]
    return Fingerprint(frame=fp.frame_path, role=me.role, name=me.name, name_source=source, anchors=anchors,
                       value=me.value, state=me.state, input_type=me.input_type, population=len(peers),
                       ordinal=peers.index(me), box=list(me.box))


def describe(element: Element, anchors: Anchors) -> Candidate:
    """A candidate as a replay report lists it."""
    return Candidate(id=element.id, role=element.role, name=element.name, box=list(element.box),
                     **{k: v for k, v in anchors.model_dump().items() if v})
