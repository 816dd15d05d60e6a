"""Every relative link in README.md and docs/*.md resolves: the file exists and, for a Markdown target, the anchor is
one of its headings (GitHub's slugs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code removed."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", "", line) if not line.startswith("#") else line)
    return lines


def slug(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for line in prose_lines(page.read_text("utf-8")):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        base = slug(heading.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    return [target for line in prose_lines(page.read_text("utf-8")) for target in LINK.findall(line)]


def broken(page: Path) -> list[str]:
    bad = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # http:, https:, mailto: — not checked offline
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no heading #{anchor} in {dest.name}")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(REPO)) for p in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken(page) == []


def test_the_readme_is_short_and_links_every_docs_page() -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 300
    linked = {target.partition("#")[0] for target in links(REPO / "README.md")}
    assert {f"docs/{p.name}" for p in PAGES[1:]} <= linked


def test_the_checker_sees_a_broken_anchor_and_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "# Title\n\n## Scaling (`bench.py`)\n\n[ok](#scaling-benchpy) [x](#nope) "
        "[y](b.md) `[code](c.md)`\n```\n[fenced](d.md)\n```\n"
    )
    assert broken(tmp_path / "a.md") == ["#nope: no heading #nope in a.md", "b.md: no such file"]
