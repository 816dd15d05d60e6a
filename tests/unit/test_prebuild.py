"""The corpus apps' prebuild (tests/support/prebuild.py): which apps, in which order, and the lock it shares with
the worker that starts an app."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import prebuild

IDS = [
    "tests/unit/test_urls.py::test_x",
    "tests/realapps/test_gate_realapps.py::test_gate[trac:delete-ticket]",
    "tests/realapps/test_gate_realapps.py::test_gate[wagtail:delete-page]",
    "tests/realapps/test_gate_realapps.py::test_gate[wagtail:publish-draft]",
]


def test_the_apps_the_tests_need_and_the_cache_lacks_in_queue_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prebuild, "recorded_seconds", lambda: {"trac": 10.0, "wagtail": 300.0})
    monkeypatch.setattr(prebuild, "is_built", lambda name: False)
    assert prebuild.apps_to_build(IDS) == ["wagtail", "trac"]  # the longer group is handed out first
    monkeypatch.setattr(prebuild, "is_built", lambda name: name == "wagtail")
    assert prebuild.apps_to_build(IDS) == ["trac"]
    assert prebuild.apps_to_build(IDS[:1]) == []  # no realapps test: nothing to build
    monkeypatch.setattr(prebuild, "is_built", lambda name: False)
    app_less = prebuild.apps_to_build(["tests/realapps/test_apps_smoke.py::test_any_app"])
    assert sorted(app_less) == sorted(prebuild.APPS)  # a test without an app needs them all
    assert prebuild.start(IDS[:1]) is None  # nothing missing: no process


def test_an_app_being_built_is_skipped_by_the_prebuild_and_waited_for_by_a_worker(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(prebuild, "LOCKS", tmp_path)
    built: list[str] = []
    monkeypatch.setattr(prebuild, "seeded_state", lambda spec: built.append(spec.name) or tmp_path)
    with prebuild.app_lock("trac") as held:
        assert held
        assert prebuild.build("trac") == "trac: a worker is on it" and built == []
    assert prebuild.build("trac") == f"trac: {tmp_path}" and built == ["trac"]
