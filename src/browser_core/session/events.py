"""Events the session reports once, with the next tool result: a popup, a dialog answered, a download saved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class PageEvent:
    """Something that happened outside a tool call's own action (a popup, a dialog), reported once."""

    kind: str
    detail: dict[str, Any]  # boundary: the page event's own JSON details


MAX_PENDING_EVENTS = 50  # events kept between two tool calls; later ones are only counted (dialog storms)


def keep(events: list[PageEvent], omitted: dict[str, int], event: PageEvent) -> None:
    """Keep the event for the next result; past MAX_PENDING_EVENTS only count it (a page can loop alerts)."""
    if len(events) < MAX_PENDING_EVENTS:
        events.append(event)
    else:
        omitted[event.kind] = omitted.get(event.kind, 0) + 1


def summed(events: list[PageEvent], omitted: dict[str, int]) -> list[PageEvent]:
    """The events kept, and one for those only counted."""
    if not omitted:
        return events
    return [*events, PageEvent("omitted", {"count": sum(omitted.values()), "by_kind": dict(omitted)})]
