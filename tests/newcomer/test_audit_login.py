"""``browser-agent audit`` on an app behind a session-cookie login (issue 29 §5a): the login wall is reported and
not clean (exit 4); ``--login-user`` + ``--login-secret`` sign in and the inner pages are audited; the password
appears nowhere (stdout, stderr, the run folder); a wrong password is a clear error, exit 4, nothing audited."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures.login_app import USER, LoginApp, start_login_app
from tests.newcomer.commands import ORCHESTRATOR, run, user_env

PASSWORD = "kettle-Quartz-8174"


@pytest.fixture
def app() -> Iterator[LoginApp]:
    app = start_login_app(PASSWORD)
    yield app
    app.close()


def audit(app: LoginApp, tmp_path: Path, *extra: str, secret: str = PASSWORD) -> tuple[int, str, Path | None]:
    runs = tmp_path / "runs"
    env = user_env(tmp_path, BROWSER_SECRET_PANEL=secret, BROWSER_SECRET_PANEL_ORIGINS=app.origin)
    done = run([ORCHESTRATOR, "audit", app.url("/panel/"), "--pages", "4", "--time", "60", "--menus", "0",
                "--headless", "--profile-dir", str(tmp_path / "profile"), "--run-dir", str(runs), *extra],
               env, tmp_path, timeout=180)
    folders = sorted(runs.glob("audit-*")) if runs.exists() else []
    return done.code, done.both, folders[-1] if folders else None


def test_a_login_wall_is_reported_and_not_clean(app: LoginApp, tmp_path: Path) -> None:
    code, out, folder = audit(app, tmp_path)
    assert code == 4, out
    assert "behind a login: /panel/ redirected to /panel/login" in out and "--login-user" in out, out
    assert folder is not None
    report = json.loads((folder / "audit.json").read_text())
    assert report["wall"] and report["pages"][0]["sign_in"] is True
    assert not any(p["url"].endswith(("/orders", "/settings")) for p in report["pages"])
    assert "Behind a login" in (folder / "report.html").read_text()


def test_signing_in_audits_the_inner_pages_and_the_password_shows_nowhere(app: LoginApp, tmp_path: Path) -> None:
    code, out, folder = audit(app, tmp_path, "--login-user", USER, "--login-secret", "panel", "--allow-violations")
    assert code == 0, out
    assert f"signed in as {USER}" in out and "behind a login" not in out, out
    assert folder is not None
    report = json.loads((folder / "audit.json").read_text())
    urls = [p["url"] for p in report["pages"]]
    assert app.url("/panel/") == urls[0] and app.url("/panel/orders") in urls, urls
    assert not report["wall"] and not any(p["sign_in"] for p in report["pages"])
    assert any(PASSWORD.encode() in body for body in app.posted), "the password was not what was posted"
    assert PASSWORD not in out
    for path in tmp_path.rglob("*"):
        if path.is_file() and "profile" not in path.parts:
            assert PASSWORD.encode() not in path.read_bytes(), path


def test_a_wrong_password_is_a_clear_error_and_nothing_is_audited(app: LoginApp, tmp_path: Path) -> None:
    code, out, folder = audit(app, tmp_path, "--login-user", USER, "--login-secret", "panel", secret="wrong-one")
    assert code == 4, out
    assert "did not get past the sign-in form" in out and "wrong-one" not in out, out
    assert folder is None
