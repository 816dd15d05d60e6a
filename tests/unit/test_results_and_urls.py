"""The result envelope's size cap and URL normalisation (pure functions)."""

from __future__ import annotations

import json

import pytest

from browser_core.errors import InvalidInput, UrlNotAllowed
from browser_core.page.registry import ID_PATTERN
from browser_core.result_model import ToolResult
from browser_core.results import cap, failure, success
from browser_core.security.urls import normalise_url
from browser_core.settings import BrowserSettings


def test_cap_shrinks_the_largest_field_and_says_so() -> None:
    payload = success({"elements": [{"id": f"e{i}", "name": "x" * 40} for i in range(500)], "text": "t" * 9000},
                      {"tool": "observe"})
    text = cap(payload, 4000, "scroll or search")
    assert len(text) <= 4000
    parsed = json.loads(text)
    truncated = parsed["metadata"]["truncated"]
    assert truncated["how_to_get_more"] == "scroll or search" and truncated["fields"]
    assert parsed["success"] is True


def test_a_result_too_large_to_shrink_still_keeps_the_contract() -> None:
    # Hundreds of small values are nothing the cap can cut: it gives up and answers the minimal result, still typed.
    error = InvalidInput("bad fields", details={f"field{i}": i for i in range(400)})
    text = cap(failure(error, {"tool": "fill_form", "duration_ms": 7}), 300, "fewer fields")
    assert len(text) <= 300
    result = ToolResult.parse(text)
    assert not result.success and result.error is not None and result.error.code == "invalid_input"
    assert result.metadata.tool == "fill_form" and result.metadata.truncated is not None
    assert "too large" in result.metadata.truncated.how_to_get_more


def test_small_results_are_untouched() -> None:
    payload = success({"a": 1}, {"tool": "t"})
    assert json.loads(cap(payload, 1000)) == payload


@pytest.mark.parametrize(("raw", "expected"), [
    ("https://example.com/a?b=1", "https://example.com/a?b=1"),
    ("example.com", "https://example.com"),
    ("localhost:8000/x", "http://localhost:8000/x"),
    ("about:blank", "about:blank"),
])
def test_urls_are_normalised(raw: str, expected: str) -> None:
    assert normalise_url(raw, BrowserSettings()) == expected


@pytest.mark.parametrize("raw", ["", "not a url", "http://", "a b c"])
def test_bad_urls_are_invalid_input(raw: str) -> None:
    with pytest.raises(InvalidInput):
        normalise_url(raw, BrowserSettings())


@pytest.mark.parametrize("raw", ["javascript:alert(1)", "file:///etc/passwd", "chrome://settings", "data:text/html,x"])
def test_refused_schemes(raw: str) -> None:
    with pytest.raises(UrlNotAllowed):
        normalise_url(raw, BrowserSettings())


def test_host_policy_in_navigate() -> None:
    settings = BrowserSettings(blocked_hosts="*.bad.example", allowed_hosts="")
    with pytest.raises(UrlNotAllowed):
        normalise_url("https://www.bad.example/x", settings)
    only = BrowserSettings(allowed_hosts="good.example")
    assert normalise_url("https://good.example/", only)
    with pytest.raises(UrlNotAllowed):
        normalise_url("https://other.example/", only)


def test_element_id_shape() -> None:
    assert ID_PATTERN.match("e12") and ID_PATTERN.match("f3e7")
    assert not ID_PATTERN.match("#submit") and not ID_PATTERN.match("e")
