"""A Playwright trace behind ``BROWSER_TRACE=true`` (issue 23, part 2): the server records the browser context from
its start and writes ``trace.zip`` into its artifacts folder when it closes; while it records, a named secret is
refused (a trace keeps every input's value), so no secret ever reaches the file."""

from __future__ import annotations

import secrets
import zipfile
from pathlib import Path

import pytest

from browser_core.settings import BrowserSettings
from tests.support.mcp_client import browser_client

pytestmark = pytest.mark.mcp


def trace_bytes(path: Path) -> list[bytes]:
    """The zip as stored, and every member decompressed (a deflated member hides its text from a raw search)."""
    with zipfile.ZipFile(path) as archive:
        return [path.read_bytes(), *(archive.read(name) for name in archive.namelist())]


async def test_the_trace_is_written_on_close_and_never_holds_a_secret(tmp_path: Path, site) -> None:
    password, token = "pw-" + secrets.token_hex(12), "tok-" + secrets.token_hex(12)
    plain = "plain-" + secrets.token_hex(6)  # ordinary text: the trace keeps it, which shows the search finds values
    env = {"BROWSER_TRACE": "true", "BROWSER_SECRET_SITE_PASSWORD": password,
           "BROWSER_SECRET_SITE_PASSWORD_ORIGINS": site.origin_a, "BROWSER_SECRET_API_TOKEN": token,
           "BROWSER_SECRET_API_TOKEN_ORIGINS": site.origin_a}
    artifacts = tmp_path / "artifacts"
    async with browser_client(tmp_path / "profile", **env) as client:
        assert (await client.call("navigate", url=site.url_a("secret_login.html"))).ok
        assert (await client.call("type_text", text=plain, element_description="Username")).ok
        typed = await client.call("type_text", text={"secret": "site_password"}, element_description="Password")
        assert not typed.ok and typed.error["code"] == "secret_refused"
        assert typed.error["details"]["reason"] == "trace_recording" and "BROWSER_TRACE" in typed.error["message"]
        filled = await client.call("fill_form", fields=[{"element_description": "API token",
                                                         "value": {"secret": "api_token"}}])
        assert not filled.ok and filled.error["details"]["reason"] == "trace_recording"
        observed = await client.call("observe")
        fields = {e.get("name"): e.get("value", "") for e in observed.data["elements"]}
        assert fields["Password"] == "" and fields["API token"] == ""  # nothing was typed
        assert not (artifacts / "trace.zip").exists()  # written when the browser closes
    trace = artifacts / "trace.zip"
    assert trace.is_file()
    with zipfile.ZipFile(trace) as archive:
        assert "trace.trace" in archive.namelist() and archive.testzip() is None
    members = trace_bytes(trace)
    assert any(plain.encode() in data for data in members), "the trace should keep ordinary typed text"
    for data in members:
        for value in (password, token):
            assert value.encode() not in data and value[:10].encode() not in data


def test_no_trace_without_the_setting(tmp_path: Path) -> None:
    assert BrowserSettings(_env_file=None, artifacts_dir=tmp_path).trace_folder is None
    on = BrowserSettings(_env_file=None, trace=True, artifacts_dir=tmp_path)
    assert on.trace_folder == tmp_path  # the server's artifacts folder, unless BROWSER_TRACE_DIR says otherwise
    assert on.model_copy(update={"trace_dir": tmp_path / "t"}).trace_folder == tmp_path / "t"
