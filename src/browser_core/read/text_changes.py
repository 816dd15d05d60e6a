"""The text an in-page action made appear or change (``new_text``): the lines of the page's own text excerpt (as
the walker builds it: one line per text block, a table row's cells on one line) that the model was not shown the
last time it saw the page (an observe or an earlier result, ``registry.last_text``).

Only the page's text structure decides: a line is new when no line of the earlier excerpt reads the same. Lines
that only name a listed element or repeat a message are left out, and so are lines the model could not have read
before: past the end of an earlier excerpt its budget cut, or outside the part of the document it was read from
when the page has scrolled since (they came into view, they did not appear). Bounded:
the first ``MAX_LINES`` in the page's order within ``MAX_CHARS`` (a ticking clock costs one short line); the count
of the others is said (``new_text_more``). Page text: the result fences it like the rest (``security/fence.py``).
"""

from __future__ import annotations

from typing import TypedDict

from browser_core.page.listing import ListedElement, PageMessage, TextSeen

MAX_LINES = 3
MAX_CHARS = 240


class NewText(TypedDict, total=False):
    """The lines that appeared or changed, one per line of ``new_text``; ``new_text_more``: how many past the bound."""

    new_text: str
    new_text_more: int


def say_new_text(out: NewText, before: TextSeen, after: TextSeen, *, listed: list[ListedElement],
                 messages: list[PageMessage]) -> None:
    """Adds to ``out`` the text that appeared or changed (``new_text``), when there is any."""
    out.update(new_text(before, after, listed=listed, messages=messages))


def new_text(before: TextSeen, after: TextSeen, *, listed: list[ListedElement],
             messages: list[PageMessage]) -> NewText:
    """The lines of ``after`` not in ``before``, without those the result says already (bounded); {} if none, or
    when nothing was seen before (no baseline: the result is a listing then)."""
    if not before.lines:
        return {}
    lines = _in_view_before(before, after)
    seen = set(before.lines)
    if before.cut:  # what followed the earlier excerpt's last line was not read then: not new, only unread
        last = max((i for i, line in enumerate(lines) if line in seen), default=-1)
        lines = lines[: last + 1]
    names = {_plain(e["name"]) for e in listed if e.get("name")}
    said = [_plain(m.get("text", "")) for m in messages]
    fresh: list[str] = []
    for line in lines:
        if line in seen or _says_only(line, names, said):
            continue
        seen.add(line)
        fresh.append(line)
    return _bounded(fresh)


def message_key(message: PageMessage) -> str:
    """A message as remembered between results (``registry.last_messages``): said again only when it changed."""
    return f"{message.get('field', '')}|{message.get('text', '')}"


def _in_view_before(before: TextSeen, after: TextSeen) -> list[str]:
    """The lines of ``after`` the model could have read before: all of them, unless the page scrolled (a click on an
    element below the fold scrolls it into view); then those in the part of the document read before (a line
    scrolled into view is not new text, only unread)."""
    if after.window == before.window:
        return list(after.lines)
    low, high = before.window
    return [line for line, top in zip(after.lines, after.tops, strict=False) if low <= top < high]


def plain_name(name: str) -> str:
    """A name or line as compared with another: no edge spaces, no trailing colon, any case."""
    return name.strip().rstrip(":").strip().casefold()


def _plain(text: str) -> str:
    return plain_name(" ".join(text.split()))


def _says_only(line: str, names: set[str], said: list[str]) -> bool:
    """A line that only names listed elements (a row of links: its cells) or is part of a message."""
    plain = _plain(line)
    if not plain or any(plain in message for message in said):
        return True
    return all(_plain(cell) in names for cell in line.split(" | "))


def _bounded(lines: list[str]) -> NewText:
    kept: list[str] = []
    room = MAX_CHARS
    for line in lines[:MAX_LINES]:
        if room < 16:
            break
        shown = line if len(line) <= room else line[: room - 1] + "…"
        kept.append(shown)
        room -= len(shown) + 1
    if not kept:
        return {}
    out: NewText = {"new_text": "\n".join(kept)}
    if len(lines) > len(kept):
        out["new_text_more"] = len(lines) - len(kept)
    return out
