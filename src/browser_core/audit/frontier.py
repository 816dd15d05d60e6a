"""The crawl's queue: which found page the audit opens next.

Pages linked from the content come before those of the header, menus and footer, and those before other queries of
a path already queued (a sort order, a page number). Across those, the budget is spread over the app's sections: the
next page is one from the section audited least so far, so a large same-origin manual or archive cannot take every
page. A section is where an address sits: its path's folder and, for an app routed by a query value or a fragment
that is a path (``?route=/server/sql``, ``#/runs/7``), that route's folder.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit


def section(url: str) -> tuple[str, ...]:
    parts = urlsplit(url)
    routes = [v for _, v in parse_qsl(parts.query) if v.startswith("/")]
    if parts.fragment.startswith(("/", "!/")):
        routes.append(parts.fragment.lstrip("!").split("?")[0])
    return (_folder(parts.path or "/"), *(_folder(r) for r in routes))


def _folder(path: str) -> str:
    return path.rsplit("/", 1)[0] + "/"


@dataclass
class Frontier:
    """Found pages in three ranks; ``pop`` takes the least-covered section's first page, rank by rank."""

    ranks: tuple[list[tuple[str, tuple[str, ...]]], ...] = field(default_factory=lambda: ([], [], []))
    covered: Counter[tuple[str, ...]] = field(default_factory=Counter)

    def add(self, url: str, rank: int) -> None:
        self.ranks[rank].append((url, section(url)))

    def pop(self) -> str:
        best = min((self.covered[s], r, i) for r, found in enumerate(self.ranks) for i, (_, s) in enumerate(found))
        return self.ranks[best[1]].pop(best[2])[0]

    def audited(self, url: str) -> None:
        self.covered[section(url)] += 1

    def __bool__(self) -> bool:
        return any(self.ranks)

    def left(self) -> list[str]:
        return [u for found in self.ranks for u, _ in found]
