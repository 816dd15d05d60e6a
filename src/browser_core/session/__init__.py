"""The browser session: one persistent Chromium context, its tabs, and what happens in them between tool calls."""

from browser_core.session.browser import BrowserSession
from browser_core.session.events import PageEvent

__all__ = ["BrowserSession", "PageEvent"]
