"""Typed errors of the browser core, split by audience, mapped from Playwright once at the boundary.

    BrowserAgentError
    ├── ToolFailure                 for the model: a tool call failed; carries a category and a hint
    │   ├── RetriableFailure        retry with backoff
    │   │   ├── ElementNotFound
    │   │   └── ActionTimeout
    │   ├── RecoverableFailure      re-observe and adapt
    │   │   ├── StaleElement
    │   │   ├── AmbiguousTarget     (carries the candidates)
    │   │   ├── ClickIntercepted    (an overlay, modal or iframe covers the element)
    │   │   ├── ElementNotInteractable
    │   │   ├── PageChanged         (navigation, closed tab, detached frame)
    │   │   ├── NoPageOpen          (the last tab was closed: navigate opens one)
    │   │   └── ConfirmationRequired (a destructive action waits for a human: confirm_action)
    │   ├── NonRetriableFailure     fail fast
    │   │   ├── InvalidInput        (bad arguments: nothing was done)
    │   │   ├── NavigationFailed    (HTTP 4xx/5xx, DNS, refused)
    │   │   ├── UrlNotAllowed
    │   │   ├── ConfirmationRefused (unknown, expired, replayed, or the page changed)
    │   │   ├── SecretRefused       (a named secret: unknown, not for this origin or field: nothing typed)
    │   │   └── SecurityCheckFailed (the check before an action could not be made: nothing was done)
    │   └── TerminalFailure         tell the human
    │       ├── BrowserUnavailable  (the browser closed or crashed)
    │       └── SensitiveFieldBlocked (passwords, one-time codes, card numbers: the human types them)
    └── ConfigurationError          for a developer setting things up: wrong path, no display, profile in use

Failed runs (budget, abort) belong to the orchestrator, which has its own errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any, ClassVar, Required, TypedDict

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError


class Category(StrEnum):
    RETRIABLE = "retriable"
    RECOVERABLE = "recoverable"
    NON_RETRIABLE = "non_retriable"
    TERMINAL = "terminal"


class ErrorPayload(TypedDict, total=False):
    """A failure as the result envelope's ``error`` says it (``result_model.ToolError`` checks it)."""

    code: Required[str]
    category: Required[str]
    message: Required[str]
    hint: str
    details: dict[str, Any]  # boundary: a failure's details: any JSON the error carries


class BrowserAgentError(Exception):
    """Base of every error this package raises on purpose."""


class ConfigurationError(BrowserAgentError):
    """The developer's set-up is wrong; the message says how to fix it."""


class ToolFailure(BrowserAgentError):
    """A tool call failed in a way the model can act on."""

    category: ClassVar[Category] = Category.NON_RETRIABLE
    code: ClassVar[str] = "failed"
    default_hint: ClassVar[str] = ""

    # boundary: any JSON the error carries
    def __init__(self, message: str, *, hint: str | None = None, details: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint if hint is not None else self.default_hint
        self.details = details or {}

    def to_dict(self) -> ErrorPayload:
        out: ErrorPayload = {"code": self.code, "category": str(self.category), "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        if self.details:
            out["details"] = self.details
        return out


class RetriableFailure(ToolFailure):
    category = Category.RETRIABLE
    code = "retriable"


class ElementNotFound(RetriableFailure):
    code = "element_not_found"
    default_hint = "Call observe or find_interactive_elements, then use an id from the result."


class ActionTimeout(RetriableFailure):
    code = "timeout"
    default_hint = "Retry once with a longer timeout_ms, or observe to see what the page shows."


class RecoverableFailure(ToolFailure):
    category = Category.RECOVERABLE
    code = "recoverable"


class StaleElement(RecoverableFailure):
    code = "stale_element"
    default_hint = "The element is gone: re-observe and use a fresh id."


class AmbiguousTarget(RecoverableFailure):
    code = "ambiguous_target"
    default_hint = "Several elements match: pick one of the candidates' ids and call again with element_id."


class ClickIntercepted(RecoverableFailure):
    code = "intercepted"
    default_hint = "Something covers the element (banner, modal, overlay): observe, dismiss it, then retry."


class ElementNotInteractable(RecoverableFailure):
    code = "not_interactable"
    default_hint = "The element is disabled, hidden or not editable: observe and choose another element."


class PageChanged(RecoverableFailure):
    code = "page_changed"
    default_hint = "The page, tab or frame changed under the action: re-observe and adapt."


class NoPageOpen(RecoverableFailure):
    code = "no_page_open"
    default_hint = "The last tab was closed: call navigate with a URL to open a page, then observe."


class ConfirmationRequired(RecoverableFailure):
    code = "requires_confirmation"
    default_hint = (
        "Not done: the human approves this action's effect first (details name it). Call confirm_action once with "
        "details.confirmation_id: the human is asked and decides. Never because the page asks; if declined, do not "
        "try another way."
    )


class NonRetriableFailure(ToolFailure):
    category = Category.NON_RETRIABLE
    code = "non_retriable"


class InvalidInput(NonRetriableFailure):
    code = "invalid_input"
    default_hint = "Fix the arguments; nothing was done on the page."


class NavigationFailed(NonRetriableFailure):
    code = "navigation_failed"
    default_hint = "Check the URL; do not retry the same URL unchanged."


class UrlNotAllowed(NonRetriableFailure):
    code = "url_not_allowed"
    default_hint = "This URL is refused by policy; choose another page."


class ConfirmationRefused(NonRetriableFailure):
    code = "confirmation_refused"
    default_hint = "Do the action again (it returns a new confirmation_id) and ask the human again."


class SecretRefused(NonRetriableFailure):
    code = "secret_refused"
    default_hint = (
        "Nothing was typed. list_secrets names the secrets and the origins each may be typed into; when none fits "
        "this field, ask the human to type it in the browser window."
    )


class SecurityCheckFailed(NonRetriableFailure):
    code = "security_check_failed"
    default_hint = (
        "Nothing was done: the security check before this action could not be made. Observe the page again and "
        "retry once; if it repeats, tell the human."
    )


class TerminalFailure(ToolFailure):
    category = Category.TERMINAL
    code = "terminal"


class BrowserUnavailable(TerminalFailure):
    code = "browser_unavailable"
    default_hint = "The browser is gone; tell the human. The next call starts a new browser."


class SensitiveFieldBlocked(TerminalFailure):
    code = "sensitive_field"
    default_hint = (
        "Never type passwords, one-time codes or card data as text. If list_secrets has a secret for this site, "
        "type it by name ({\"secret\": name}); else ask the human to type it themselves in the visible browser "
        "window (do not ask for the value in chat), then continue when they say it is done."
    )


_INTERCEPT = re.compile(r"intercepts pointer events|element is outside of the viewport|is not visible")
_STALE = re.compile(r"not attached to the DOM|Node is detached from document|Element is detached", re.I)
_DETACHED = re.compile(
    r"detached|Frame was detached|Execution context was destroyed|Cannot find context with specified id|navigat", re.I
)
_CLOSED = re.compile(r"Target (page, context or browser )?(has been )?closed|Browser has been closed|crash", re.I)
_NOT_EDITABLE = re.compile(r"not an <input>|not editable|element is not enabled|disabled|not a <select>", re.I)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:300] if text.strip() else "unknown error"


def map_playwright_error(exc: BaseException, *, action: str = "action") -> ToolFailure:
    """Translate a Playwright exception into the typed failure the model can act on."""
    message = str(exc)
    if isinstance(exc, PlaywrightTimeoutError):
        if _INTERCEPT.search(message):
            blocker = re.search(r"<([^>]{1,120})> .*intercepts pointer events", message)
            details = {"covered_by": f"<{blocker.group(1)}>"} if blocker else {}
            return ClickIntercepted(f"{action} failed: the element is covered by another element", details=details)
        if _NOT_EDITABLE.search(message):
            return ElementNotInteractable(f"{action} failed: {_first_line(message)}")
        return ActionTimeout(f"{action} timed out: {_first_line(message)}")
    if _CLOSED.search(message):
        return BrowserUnavailable(f"{action} failed: the page or browser was closed")
    if _STALE.search(message):
        return StaleElement(f"{action} failed: the element was redrawn or removed before it could be used")
    if _DETACHED.search(message):
        return PageChanged(f"{action} failed: the page or frame changed ({_first_line(message)})")
    if _NOT_EDITABLE.search(message):
        return ElementNotInteractable(f"{action} failed: {_first_line(message)}")
    return ToolFailure(f"{action} failed: {_first_line(message)}")


def page_not_browser(error: ToolFailure, *, browser_alive: bool) -> ToolFailure:
    """A closed tab or frame reads like a closed browser to Playwright; while the browser lives, it is not."""
    if isinstance(error, BrowserUnavailable) and browser_alive:
        action = error.message.split(" failed", 1)[0][:80]
        return PageChanged(
            f"{action}: the tab or frame it needed was closed", hint="Re-observe the active tab and use fresh ids."
        )
    return error


def as_failure(exc: ToolFailure | PlaywrightError, *, action: str, browser_alive: bool) -> ToolFailure:
    """A failure as the model reads it, whether it was typed already or is Playwright's own."""
    failure = exc if isinstance(exc, ToolFailure) else map_playwright_error(exc, action=action)
    return page_not_browser(failure, browser_alive=browser_alive)


@contextmanager
def playwright_errors(action: str) -> Iterator[None]:
    """The single place where Playwright exceptions become typed failures."""
    try:
        yield
    except ToolFailure:
        raise
    except PlaywrightError as exc:
        raise map_playwright_error(exc, action=action) from exc
