"""The rows invariants, read from the DOM by ``js/audit_rows.js`` (not by the walker, which they measure):

- every row of a visible table, grid or list that is acted on (it holds a listed control, or is selected,
  focusable, clicked, or a look-alike of such rows that holds a control or whose look-alikes act as rows themselves)
  holds a listed element: an agent can reach it;
- rows that differ are keyed apart: the key an agent reads for a row (the ``row '…'`` of its controls' context,
  else the name of the control that names the row) is not shared by another row with other text.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from importlib import resources
from typing import TypedDict, cast

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame

from browser_core.page.listing import ListedElement
from browser_core.page.registry import ElementRegistry

AUDIT_ROWS_JS = resources.files("browser_core.js").joinpath("audit_rows.js").read_text(encoding="utf-8")
_ROW_KEY = re.compile(r"\brow '(.+)'$")
_ROW_NUMBER = re.compile(r"^row (\d+)$")


class RowContainer(TypedDict):
    """A visible table or list, as ``audit_rows.js`` reads it."""

    kind: str  # table | list
    label: str
    rows: int


class AuditRow(TypedDict):
    """One row of a container: which container (``c``), its place in it, its text, and the listed ids of the
    elements inside it (``n``: their numbers in the frame)."""

    c: int
    i: int
    text: str
    sig: str
    acts: bool
    holds: bool  # it holds a control of its own (a row with none has nothing to reach)
    n: list[int]
    ids: list[str]


@dataclass
class FrameRead:
    """One frame's rows and links as the audit read them; ``ids`` maps the frame's numbers back to listed ids."""

    containers: list[RowContainer] = field(default_factory=list)
    rows: list[AuditRow] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)  # id -> absolute address
    opens: list[str] = field(default_factory=list)  # ids of controls that declare a popup
    text: str = ""
    plain: set[str] = field(default_factory=set)  # ids of links that only open a page (nothing for the gate)
    own: dict[str, list[str]] = field(default_factory=dict)  # id -> the lines of text the element shows
    chrome: set[str] = field(default_factory=set)  # ids of links in a header, navigation, sidebar or footer


async def read_frames(registry: ElementRegistry, elements: list[ListedElement]) -> dict[str, FrameRead]:
    """Per frame prefix: what ``audit_rows.js`` reads there for the listed elements of that frame."""
    by_frame: dict[str, tuple[Frame, dict[int, str]]] = {}
    for e in elements:
        try:
            frame, number = registry.frame_for(e["id"])
        except Exception:  # noqa: BLE001 - an id of a frame that went away: nothing to read there
            continue
        prefix = e["id"][: -len(f"e{number}")]
        by_frame.setdefault(prefix, (frame, {}))[1][number] = e["id"]
    out: dict[str, FrameRead] = {}
    for prefix, (frame, numbers) in by_frame.items():
        try:
            raw = await frame.evaluate(AUDIT_ROWS_JS, {"key": registry.key, "numbers": list(numbers)})
        except PlaywrightError:
            continue
        ids = {str(n): i for n, i in numbers.items()}
        out[prefix] = FrameRead(
            raw["containers"],
            # boundary: the page's evaluate result (audit_rows.js), read as the rows it describes
            cast(list[AuditRow], [{**r, "ids": [numbers[n] for n in r["n"] if n in numbers]} for r in raw["rows"]]),
            {ids[n]: href for n, href in raw["links"].items() if n in ids},
            [numbers[n] for n in raw["opens"] if n in numbers],
            raw["text"],
            {numbers[n] for n in raw["plain"] if n in numbers},
            {ids[n]: t for n, t in raw["own"].items() if n in ids},
            {numbers[n] for n in raw["chrome"] if n in numbers},
        )
    return out


def row_key(listed: list[ListedElement]) -> str:
    """The key an agent reads for a row: the ``row '…'`` its controls' context gives most, else a context that is a
    listed control's own name (the control that names a list item), else the name of the control that names the row
    (its first link, else its first named control), else a list item's own context."""
    keys: Counter[str] = Counter()
    for e in listed:
        found = _ROW_KEY.search(e.get("context", "")) or _ROW_NUMBER.match(e.get("context", ""))
        if found:
            keys[found.group(1) if found.re is _ROW_KEY else "#" + found.group(1)] += 1
    if keys:
        return keys.most_common(1)[0][0]
    # A list item's controls carry its key as their context, but the control that names the item carries none (its
    # name says it): a context that is one listed control's own name is the item's key, whatever link comes first.
    names = {e.get("name", "") for e in listed}
    contexts = Counter(e["context"] for e in listed if e.get("context"))
    if contexts and contexts.most_common(1)[0][0] in names:
        return contexts.most_common(1)[0][0]
    named = [e["name"] for e in listed if e["role"] == "link" and e.get("name", "").strip()] + [
        e["name"] for e in listed if e.get("name", "").strip()
    ]
    if named:
        return named[0]
    return contexts.most_common(1)[0][0] if contexts else ""


def container_name(container: RowContainer, index: int) -> str:
    label = container.get("label") or ""
    return f"{container['kind']} '{label}'" if label else f"{container['kind']} {index + 1}"


def row_violations(read: FrameRead, listed: dict[str, ListedElement]) -> list[tuple[str, str, str]]:
    """(kind, element, detail) for unreachable rows and for rows that differ but share their key."""
    out: list[tuple[str, str, str]] = []
    keyed: dict[int, dict[str, list[AuditRow]]] = defaultdict(lambda: defaultdict(list))
    for row in read.rows:
        where = container_name(read.containers[row["c"]], row["c"])
        if not row["ids"]:
            out.append(
                (
                    "row-unreachable",
                    f"row {row['i'] + 1} of {where}: '{row['text'][:60]}'",
                    "no element of this row is listed: an agent can neither name nor act on it",
                )
            )
            continue
        key = row_key([listed[i] for i in row["ids"] if i in listed])
        keyed[row["c"]][key].append(row)
    for c, by_key in keyed.items():
        where = container_name(read.containers[c], c)
        for key, rows in by_key.items():
            texts = {r["text"] for r in rows}
            if len(texts) > 1 and not _same_record(read, rows):
                numbers = ", ".join(f"{r['i'] + 1} '{r['text'][:30]}'" for r in rows[:6]) + (
                    " …" if len(rows) > 6 else ""
                )
                shown = f"'{key}'" if key else "no key at all"
                out.append(
                    (
                        "row-keys",
                        f"rows {numbers} of {where}",
                        f"{len(rows)} rows with different text are all keyed {shown}",
                    )
                )
    return out


def _same_record(read: FrameRead, rows: list[AuditRow]) -> bool:
    """Rows that only mention one record (each row's controls are plain links, all to the same addresses, as a log
    of changes lists a record once per change): whichever an agent picks, it opens the same page."""
    targets = set()
    for row in rows:
        if not row["ids"] or any(i not in read.plain or i not in read.links for i in row["ids"]):
            return False
        targets.add(frozenset(read.links[i] for i in row["ids"]))
    return len(targets) == 1


def counted_rows(reads: dict[str, FrameRead]) -> int:
    return sum(len(r.rows) for r in reads.values())
