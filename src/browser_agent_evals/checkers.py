"""Checkers: did the task succeed, read from the final page state the pages reported (``bridge.py``) and, for
the local sites, the site's own state. For MiniWoB++ the verdict is the reward the page itself computed. A page
check that names a site's message takes the message from the site data it was served from, at check time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from browser_agent_evals.sites.data import PageText, SiteData, find_text, load_site_data
from browser_agent_evals.suite import Checker
from browser_agent_evals.web import TaskContext


@dataclass
class CheckResult:
    success: bool
    detail: str
    reward: float | None = None


def first_episode(ctx: TaskContext) -> dict[str, Any] | None:
    return next((r for r in ctx.reports if r.get("kind") == "episode_end"), None)


def final_texts(ctx: TaskContext) -> list[str]:
    """The text of the last page the top frame reported and of the last framed page."""
    out: list[str] = []
    for framed in (False, True):
        last = next((r for r in reversed(ctx.reports) if bool(r.get("frame")) == framed and "text" in r), None)
        if last is not None:
            out.append(" ".join(str(last.get("text", "")).split()))
    return out


def lookup(state: Any, path: str) -> Any:
    """``a.b.0.c`` / ``a.-1`` in nested dicts and lists; ``KeyError`` when missing."""
    value = state
    for part in path.split("."):
        if isinstance(value, list):
            index = int(part)
            if not -len(value) <= index < len(value):
                raise KeyError(path)
            value = value[index]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise KeyError(path)
    return value


def _matches(actual: Any, expected: Any) -> bool:
    if isinstance(expected, dict) and set(expected) == {"contains"}:
        return str(expected["contains"]).casefold() in str(actual).casefold()
    return str(actual) == str(expected) if not isinstance(expected, list | dict) else actual == expected


def expected_text(expected: str | PageText, sites: SiteData | None = None) -> str:
    """The text a page check looks for: a literal, or the named message of the site data (a template whose
    ``{fields}`` stand for any text)."""
    if isinstance(expected, PageText):
        return (sites or load_site_data()).message(expected)
    return expected


def shown(expected: str | PageText, texts: list[str], sites: SiteData | None = None) -> str | None:
    """What of ``texts`` shows the expected text (any case and spacing), or ``None``."""
    wanted = expected_text(expected, sites)
    if isinstance(expected, PageText):
        return next((found for text in texts if (found := find_text(wanted, text))), None)
    return next((wanted for text in texts if wanted.casefold() in text.casefold()), None)


def check(
    checker: Checker, ctx: TaskContext, *, utterance: str = "", sites: SiteData | None = None
) -> CheckResult:
    """``sites``: the data the local sites served (the bundled data by default)."""
    parts: list[str] = []
    ok = True
    reward: float | None = None
    if checker.miniwob_reward is not None:
        episode = first_episode(ctx)
        if episode is None:
            ok = False
            parts.append("no episode ended (the page computed no reward)")
        else:
            raw, reward = float(episode.get("raw_reward") or 0), float(episode.get("reward") or 0)
            ok &= raw >= checker.miniwob_reward
            reason = str(episode.get("reason") or "")
            why = f", {reason}" if reason not in ("", "null", "undefined") else ""
            parts.append(f"reward {reward:.2f} (raw {raw:g}{why})")
            if utterance and episode.get("utterance") and episode["utterance"] != utterance:
                ok = False
                parts.append(f"episode differs from the goal's: {episode['utterance']!r}")
    if checker.page_text is not None:
        found = shown(checker.page_text, final_texts(ctx), sites)
        ok &= found is not None
        wanted = expected_text(checker.page_text, sites)
        parts.append(f"page shows {found!r}" if found is not None else f"page does not show {wanted!r}")
    for path, expected in checker.state.items():
        try:
            actual = lookup(ctx.state, path)
        except (KeyError, ValueError):
            ok = False
            parts.append(f"{path}: missing")
            continue
        good = _matches(actual, expected)
        ok &= good
        parts.append(f"{path} = {str(actual)[:60]!r}" + ("" if good else f" (want {expected!r})"))
    if not parts:
        return CheckResult(False, "no checker configured")
    return CheckResult(ok, "; ".join(parts), reward)
