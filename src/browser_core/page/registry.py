"""The element registry: ids the model sees (``e12``, ``f3e7``) mapped to live elements, with no selectors.

An id is a frame prefix plus a number the page-side walker keeps in a WeakMap, so the same element keeps the
same id across observations. Numbers never repeat within a session (the walker continues from the highest
number issued), so an id from an old document can never point at a new element: it is stale instead.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from weakref import WeakKeyDictionary, WeakValueDictionary

from playwright.async_api import ElementHandle, Frame
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import InvalidInput, StaleElement
from browser_core.page.handles import taken
from browser_core.page.listing import ListedElement, TextSeen
from browser_core.page.origins import frame_origin

ID_PATTERN = re.compile(r"^(?:f(\d+))?e(\d+)$")
_JS = resources.files("browser_core.js")


def _walker_source() -> str:
    """walker.js with its parts spliced in (one scope): naming, description matching, key columns, rows, fields that
    stand for others and groups per record, list items, icons (and their vocabulary), modals, calendars, and what an
    observation reads beside the controls."""
    source = _JS.joinpath("walker.js").read_text(encoding="utf-8")
    parts = ("shown", "unused", "names", "shortcuts", "column_head", "twin", "tree", "pressed", "match", "columns",
             "rows", "records", "items", "icons", "modal", "calendar", "page_read")  # fmt: skip
    for part in parts:
        source = source.replace(f"/* {part}.js */", _JS.joinpath(f"{part}.js").read_text(encoding="utf-8"))
    vocabulary = json.loads(_JS.joinpath("icons.json").read_text(encoding="utf-8"))
    vocabulary.pop("_about", None)
    return source.replace("/* icons.json */", json.dumps(vocabulary, ensure_ascii=False, separators=(",", ":")))


WALKER_JS = _walker_source()
IS_SHOWN_JS = _JS.joinpath("shown.js").read_text(encoding="utf-8")
# Run before a walk: the tooltips an icon-only control's aria-describedby points at, drawn only on hover, read once.
DESCRIBED_JS = _JS.joinpath("described.js").read_text(encoding="utf-8")
# Then: the words a glyph-only control's hover brings up beside it with no link to them, read once (hovered.js).
HOVERED_JS = _JS.joinpath("hovered.js").read_text(encoding="utf-8")
TOOLTIP_ATTRIBUTES: list[str] = json.loads(_JS.joinpath("icons.json").read_text(encoding="utf-8"))["tooltip_attributes"]
# The same walk, its result handed back as one JSON string: the browser returns a string several times faster than
# a large nested value (a list page: ~60 against ~130 ms). A page that gave arrays or objects their own toJSON (old
# Prototype.js did), or replaced JSON.stringify, gets the value itself.
def handed_back_as_json(js: str, params: str, replacer: str = "") -> str:
    """``js`` (a function of ``params``) whose result comes back as one JSON string (``replacer``: JSON.stringify's
    second argument), or as the value itself on a page whose own toJSON or JSON.stringify would change it."""
    return (f"({params}) => {{ const r = ({js})({params}); return [Array, Object, String, Number, Boolean].some("
            "(t) => Object.prototype.hasOwnProperty.call(t.prototype, 'toJSON')) || !/\\[native code\\]\\s*}$/"
            f".test(Function.prototype.toString.call(JSON.stringify)) ? r : JSON.stringify(r{replacer}); }}")


WALKER_JSON_JS = handed_back_as_json(WALKER_JS, "a")

_RESOLVE_JS = """([key, n]) => {
  const s = window[key];
  const ref = s && s.els.get(n);
  const el = ref && ref.deref();
  return el && el.isConnected ? el : null;
}"""

# Runs before any page script in every frame: keeps closed shadow roots reachable, counts window.open and notes the
# elements given click listeners.
PAGE_INIT_SCRIPT = """(() => {
  const key = "%s_closed";
  if (window[key]) return;
  const roots = new WeakMap();
  Object.defineProperty(window, key, { value: roots, enumerable: false });
  let opens = 0;
  const open = window.open;
  window.open = function (...args) { opens++; return open.apply(this, args); };
  Object.defineProperty(window, "%s_opens", { get: () => opens, enumerable: false });
  // Elements a page's script made clickable (click, double-click or context-menu listeners): items selected by
  // click that no tabindex or role announces.
  const clicks = new WeakSet();
  Object.defineProperty(window, "%s_clicks", { value: clicks, enumerable: false });
  // Elements (or the whole document) given listeners for the pointer coming over them: what a hover may answer.
  // Elements given listeners for a pointer's press (a drawn shape picked on the press, dragged, opened on a second).
  const presses = new WeakSet();
  Object.defineProperty(window, "%s_presses", { value: presses, enumerable: false });
  const PRESSES = new Set(["mousedown", "pointerdown", "touchstart"]);
  const hovers = { els: new WeakSet(), page: false };
  Object.defineProperty(window, "%s_hovers", { value: hovers, enumerable: false });
  const HOVERS = new Set(["mouseenter", "mouseover", "pointerenter", "pointerover"]);
  const listen = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    const clicked = type === "click" || type === "dblclick" || type === "contextmenu";
    if (clicked && this instanceof Element) clicks.add(this);
    if (PRESSES.has(type) && this instanceof Element) presses.add(this);
    if (HOVERS.has(type)) { if (this instanceof Element) hovers.els.add(this); else hovers.page = true; }
    return listen.call(this, type, ...rest);
  };
  // The fields a person edited (an input, change or beforeinput event reached them), each with its text before the
  // first edit when it is an editable block: leaving loses what was typed, never a value the page's own script set
  // after loading (that raises no event). ``security/draft.py`` reads them.
  const edits = new WeakMap(), blocks = [];
  Object.defineProperty(window, "%s_edits", { value: { edits, blocks }, enumerable: false });
  const edited = (e) => {
    const t = e.target;
    if (!(t instanceof Element) || edits.has(t)) return;
    const block = t.isContentEditable && !/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
    edits.set(t, block && e.type === "beforeinput" ? t.innerText : null);
    if (block && blocks.length < 200) blocks.push(new WeakRef(t));
  };
  for (const type of ["beforeinput", "input", "change"]) window.addEventListener(type, edited, true);
  // The controls a person clicked (trusted clicks), each with its clicks counted and how it and its ancestors looked
  // before the first (their attributes; its own markup): a row-select box that shows its tick only by drawing it
  // is read from what changed (``js/picked.js``).
  const picks = { boxes: new WeakMap(), refs: [] };
  Object.defineProperty(window, "%s_picks", { value: picks, enumerable: false });
  const boxOf = (t) => {
    for (let a = t, i = 0; a instanceof Element && i < 5; a = a.parentElement, i++)
      if (clicks.has(a) || a.hasAttribute("tabindex") || a.matches("button,input,a[href],[role]")) return a;
    return null;
  };
  const look = (a) => Array.from(a.attributes, (x) => (x.name === "aria-expanded" ? "" : `${x.name}=${x.value}`))
    .join(" ");
  window.addEventListener("pointerdown", (e) => {
    const box = e.isTrusted && e.target instanceof Element ? boxOf(e.target) : null;
    if (!box || picks.boxes.has(box) || picks.refs.length >= 200) return;
    const chain = [];
    for (let a = box, i = 0; a && a !== document.body && i < 10; a = a.parentElement, i++) chain.push([a, look(a)]);
    picks.boxes.set(box, { count: 0, inner: box.innerHTML.slice(0, 2000), chain });
    picks.refs.push(new WeakRef(box));
  }, true);
  window.addEventListener("click", (e) => {
    const box = e.isTrusted && e.target instanceof Element ? boxOf(e.target) : null;
    const kept = box && picks.boxes.get(box);
    if (kept) kept.count++;
  }, true);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (init && init.mode === "closed") roots.set(this, root);
    return root;
  };
})();"""


# Ids handed out are remembered (fingerprint, origin) so an old id can still be re-found or refused by name; past
# this many the oldest are forgotten (a forgotten id reads as stale: re-observe). Memory stays bounded over a day.
MAX_IDS_KEPT = 5_000


@dataclass(frozen=True)
class ElementFingerprint:
    """What identifies an element to a person: its role, its name and the frame it is in."""

    role: str
    name: str
    frame_path: str
    context: str = ""  # what told it apart from others of the same role and name (their row, group, description)


@dataclass
class FrameSlot:
    prefix: str
    next_number: int = 1


@dataclass
class ElementRegistry:
    """Frame prefixes, the next number per frame, and the fingerprint of every id handed out."""

    key: str = field(default_factory=lambda: "__bca_" + secrets.token_hex(4))
    _slots: WeakKeyDictionary[Frame, FrameSlot] = field(default_factory=WeakKeyDictionary)
    _frames_by_prefix: WeakValueDictionary[str, Frame] = field(default_factory=WeakValueDictionary)  # gone: stale
    _fingerprints: dict[str, ElementFingerprint] = field(default_factory=dict)
    _origins: dict[str, str | None] = field(default_factory=dict)  # the frame's origin when the id was handed out
    _frame_counter: int = 0
    _main_claimed: bool = False
    # The elements as last listed to the model (by observe or an action result): what "changed" compares with.
    last_seen: dict[str, ListedElement] = field(default_factory=dict)
    last_messages: list[str] = field(default_factory=list)
    last_text: TextSeen = field(default_factory=TextSeen)  # the text excerpt's lines as last read for the model
    # Header/menu elements already listed to the model (``observation.chrome_key``): a digest need not repeat them.
    shown_chrome: set[str] = field(default_factory=set)
    # The elements of the last page listed (``listing.shown_key``): an action landing on a page of the same kind
    # lists only what differs.
    shown_lines: set[str] = field(default_factory=set)
    # The page's title and URL as last said to the model: a result repeats them only when they changed.
    last_title: str = ""
    said_url: str = ""

    @property
    def init_script(self) -> str:
        return PAGE_INIT_SCRIPT % ((self.key,) * 7)

    def slot(self, frame: Frame) -> FrameSlot:
        slot = self._slots.get(frame)
        if slot is None:
            if frame.parent_frame is None and not self._main_claimed:
                self._main_claimed = True
                prefix = ""
            else:
                self._frame_counter += 1
                prefix = f"f{self._frame_counter}"
            slot = FrameSlot(prefix)
            self._slots[frame] = slot
            self._frames_by_prefix[prefix] = frame
        return slot

    def make_id(self, frame: Frame, number: int, fingerprint: ElementFingerprint) -> str:
        element_id = f"{self.slot(frame).prefix}e{number}"
        self._fingerprints.pop(element_id, None)  # re-inserted: the newest ids are the last ones forgotten
        self._fingerprints[element_id] = fingerprint
        self._origins[element_id] = frame_origin(frame)
        if len(self._fingerprints) > MAX_IDS_KEPT:
            for oldest in list(itertools.islice(self._fingerprints, len(self._fingerprints) - MAX_IDS_KEPT)):
                del self._fingerprints[oldest]
                self._origins.pop(oldest, None)
        return element_id

    def advance(self, frame: Frame, next_number: int) -> None:
        slot = self.slot(frame)
        slot.next_number = max(slot.next_number, next_number)

    def fingerprint(self, element_id: str) -> ElementFingerprint | None:
        return self._fingerprints.get(element_id)

    def listed_origin(self, element_id: str) -> str | None:
        """The origin of the id's frame when the id was handed out (None: unknown id or an opaque origin)."""
        return self._origins.get(element_id)

    @contextlib.contextmanager
    def fingerprints_kept(self) -> Iterator[None]:
        """Scans inside leave what every id already handed out stands for as it was (a flow's fingerprint is a look
        aside: the row an id was listed in must still be the one an action checks it against)."""
        before = dict(self._fingerprints)
        try:
            yield
        finally:
            self._fingerprints.update(before)

    def frame_for(self, element_id: str) -> tuple[Frame, int]:
        """The frame an id belongs to and its number there; raises for malformed or unknown ids."""
        match = ID_PATTERN.match(element_id.strip())
        if not match:
            raise InvalidInput(
                f"'{element_id}' is not an element id (ids look like e12 or f3e7)",
                hint="Use an id from observe or find_interactive_elements, or pass element_description.",
            )
        prefix = f"f{match.group(1)}" if match.group(1) else ""
        frame = self._frames_by_prefix.get(prefix)
        if frame is None or element_id not in self._fingerprints:
            raise StaleElement(f"element {element_id} is not known in this session: re-observe")
        return frame, int(match.group(2))

    async def identify(self, element_id: str) -> dict[str, object]:
        """What the node under an id shows now: its role, name and row, and whether that is what the id was given
        for (``same``); ``gone`` when the id has no node."""
        frame, number = self.frame_for(element_id)
        if frame.is_detached():
            return {"gone": True}
        args = {"mode": "identify", "number": number, "key": self.key, "start": self.slot(frame).next_number}
        try:
            found = await frame.evaluate(WALKER_JS, args)
        except PlaywrightError:  # the frame is navigating: the usual checks of a gone element follow
            return {}
        return found if isinstance(found, dict) else {"gone": True}

    async def resolve(self, element_id: str) -> tuple[Frame, ElementHandle | None]:
        """The live element for an id, or None when it is gone (the caller may re-resolve by fingerprint)."""
        frame, number = self.frame_for(element_id)
        if frame.is_detached():
            return frame, None
        handle = await frame.evaluate_handle(_RESOLVE_JS, [self.key, number])
        element = handle.as_element()
        if element is None:
            await handle.dispose()
            return frame, None
        return frame, taken(element)
