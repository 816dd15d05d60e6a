"""The shapes of what the page layer lists to the model: an element, a page message, an observation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Required, TypedDict


class ListedElement(TypedDict, total=False):
    """One element as a result lists it (``Element.to_dict``); ``was``: what a changed element's fields were."""

    id: Required[str]
    role: Required[str]
    name: Required[str]
    type: str
    value: str
    state: str
    context: str
    derived: bool
    off: str
    box: list[int]
    region: str
    group: str
    unit: int
    primary: bool  # a digest's layout key: a primary action, never folded
    was: dict[str, str]
    match: float  # how well a description matched (ambiguous_target candidates)
    frame: str  # a matched candidate's frame (its path), outside the main frame


def shown_key(e: ListedElement) -> str:
    """What the model read of an element, its id aside: a later page showing the very same is told in a count."""
    return "|".join(str(e.get(k, "")) for k in ("role", "name", "context", "value", "state", "type"))


class PageMessage(TypedDict, total=False):
    """A message the page shows (an alert, a success or error note, a field's error) and the field it is about."""

    text: Required[str]
    field: str


class PageObservation(TypedDict, total=False):
    """What ``observe`` returns: the compact snapshot of the page."""

    url: Required[str]
    title: Required[str]
    elements: Required[list[ListedElement]]
    text: Required[str]
    scroll: dict[str, int]
    frames: dict[str, str]
    notes: list[str]
    counts: dict[str, int]
    messages: list[PageMessage]



class ElementRef(TypedDict, total=False):
    """The element an action acted on, as its result names it (``Target.describe``)."""

    id: Required[str]
    role: Required[str]
    name: Required[str]
    frame: str
    re_resolved_from: str
    matched_by: str
    also_matched: list[ListedElement]


class WalkerArgs(TypedDict, total=False):
    """What ``js/walker.js`` is asked for: a budgeted listing, a search, or a re-resolution by fingerprint."""

    mode: Required[Literal["observe", "search", "fingerprint", "identify"]]
    number: int
    query: str
    role: str
    name: str
    accept: list[str]
    maxViewport: int
    maxOff: int
    maxText: int
    messages: bool
    mainText: bool


class CoverNote(TypedDict, total=False):
    """A modal dialog, or an overlay covering part of the viewport (``cover`` %, ``covered`` listed elements)."""

    kind: Required[str]
    name: Required[str]
    id: str | None
    cover: int
    covered: int
    listed: int  # the open modal's elements, listed first
    last: str  # a box that scrolls: its last listed element (name: its first), how many, where it holds more
    items: int
    more: str


class WalkerScan(TypedDict, total=False):
    """What the walker answers for one frame: element rows (one JSON array each), counts, text and notes."""

    elements: Required[list[list[Any]]]
    next: int
    total: int
    text: str
    notes: list[CoverNote]
    ready: str
    title: str
    scroll: list[int]
    messages: list[PageMessage]
    textCut: bool  # the text budget ended the excerpt (what followed was not read)
    textTops: list[int]  # where each line of the text starts in the document (its first block's top)


@dataclass(frozen=True)
class TextSeen:
    """The lines of a text excerpt the model was shown (an observe or an action's result) and whether the budget
    ended it: what an in-page action's result compares with to say the text that appeared (``new_text``)."""

    lines: tuple[str, ...] = ()
    cut: bool = False
    tops: tuple[int, ...] = ()  # where the main frame's lines (the first ones) start in the document
    window: tuple[int, int] = (0, 0)  # the part of the document the walker read text from (its scroll window)

    @classmethod
    def of(cls, text: str, raw: WalkerScan, viewport_height: int, *, budget: int) -> TextSeen:
        """The lines of the excerpt as observed (``text``, trimmed to ``budget``) with the main frame's scan."""
        cut = bool(raw.get("textCut")) or len(text) >= budget
        lines = tuple(" ".join(line.split()) for line in text.split("\n") if line.strip())
        y = int((raw.get("scroll") or [0])[0])
        window = (y - viewport_height // 4, y + viewport_height * 5 // 4)  # walker.js: the text's region
        return cls(lines[:-1] if cut else lines, cut, tuple(raw.get("textTops") or ()), window)  # a cut last line
