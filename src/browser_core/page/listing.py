"""The shapes of what the page layer lists to the model: an element, a page message, an observation."""

from __future__ import annotations

from typing import Required, TypedDict


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
    was: dict[str, str]
    frame: str  # a matched candidate's frame (its path), outside the main frame


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
