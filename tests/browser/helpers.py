"""Small helpers for in-process browser tests: observe and look elements up by what a user sees."""

from __future__ import annotations

from typing import Any

from browser_core.page.observation import observe_page
from browser_core.session import BrowserSession


async def observe(session: BrowserSession, **kw: Any) -> dict[str, Any]:
    page = await session.page()
    return await observe_page(page, session.registry, session.settings, **kw)


def find(snapshot: dict[str, Any], name: str, role: str | None = None) -> dict[str, Any]:
    hits = [e for e in snapshot["elements"] if e["name"] == name and (role is None or e["role"] == role)]
    assert len(hits) == 1, f"expected one {role or 'element'} named {name!r}, got {hits}"
    return hits[0]


async def goto(session: BrowserSession, url: str) -> None:
    page = await session.page()
    await page.goto(url, wait_until="load")


async def text_of(session: BrowserSession) -> str:
    page = await session.page()
    return str(await page.evaluate("() => document.body.innerText"))
