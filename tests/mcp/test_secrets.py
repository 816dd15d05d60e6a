"""Secrets typed by name over stdio: the model names a secret, the server checks where it goes and types it, and the
value never comes back - not in a result, observe, extract, a log line, a record screenshot or a pending file."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from pathlib import Path
from typing import Any

import pytest

from browser_core.security.totp import totp
from tests.support.mcp_client import BrowserClient, browser_client

pytestmark = pytest.mark.mcp


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:16]


class Secrets:
    """Fresh values for one test, configured as the server reads them: variables and a 600 TOML file."""

    def __init__(self, tmp_path: Path, origin_a: str, origin_b: str) -> None:
        self.password = "pw-" + secrets.token_hex(12)
        self.token = "tok-" + secrets.token_hex(12)
        self.token2 = "tok-" + secrets.token_hex(12)
        self.seed = base64.b32encode(secrets.token_bytes(20)).decode().rstrip("=")
        self.file = tmp_path / "secrets.toml"
        self.file.write_text(
            f'[api_token]\nvalue = "{self.token}"\norigins = ["{origin_a}"]\n\n'
            f'[other_token]\nvalue = "{self.token2}"\norigins = ["{origin_a}", "{origin_b}"]\n\n'
            f'[site_otp]\nkind = "totp"\nvalue = "{self.seed}"\norigins = ["{origin_a}"]\n', encoding="utf-8")
        self.file.chmod(0o600)
        self.env = {
            "BROWSER_SECRET_SITE_PASSWORD": self.password,
            "BROWSER_SECRET_SITE_PASSWORD_ORIGINS": origin_a,
            "BROWSER_SECRETS_FILE": str(self.file),
            "BROWSER_RECORD_SCREENSHOTS_DIR": str(tmp_path / "shots"),
        }

    def values(self) -> list[str]:
        codes = [totp(self.seed, time.time() + d) for d in (-60, -30, 0, 30)]
        return [self.password, self.token, self.token2, self.seed, *codes]


def _assert_nowhere(text: str, values: list[str], surface: str) -> None:
    for value in values:
        assert value not in text, f"a secret value appears in {surface}"
        if len(value) > 8:
            assert value[:8] not in text, f"a secret's prefix appears in {surface}"


async def _call(client: BrowserClient, seen: list[str], tool: str, **args: Any) -> Any:
    result = await client.call(tool, **args)
    seen.extend(c.text for c in result.raw.content if c.type == "text")
    return result


def _field(observed: Any, name: str) -> dict[str, Any]:
    return next(e for e in observed.data["elements"] if e.get("name") == name)


async def test_secrets_are_typed_by_name_and_never_come_back(tmp_path: Path, site) -> None:
    conf = Secrets(tmp_path, site.origin_a, site.origin_b)
    log = tmp_path / "server.log"
    seen: list[str] = []
    with log.open("w") as errlog:
        async with browser_client(tmp_path / "profile", errlog=errlog, **conf.env) as client:
            listed = await _call(client, seen, "list_secrets")
            assert listed.ok and [s["name"] for s in listed.data["secrets"]] == [
                "api_token", "other_token", "site_otp", "site_password"]
            assert listed.data["secrets"][3] == {"name": "site_password", "kind": "text", "origins": [site.origin_a]}
            assert (await _call(client, seen, "navigate", url=site.url_a("secret_login.html"))).ok
            observed = await _call(client, seen, "observe")
            pw_id = _field(observed, "Password")["id"]
            typed = await _call(client, seen, "type_text", text={"secret": "site_password"}, element_id=pw_id)
            assert typed.ok, typed.error
            assert typed.data["value"] == "•••• (secret site_password)" and typed.data["origin"] == site.origin_a
            filled = await _call(client, seen, "fill_form", fields=[
                {"element_description": "API token", "value": {"secret": "api_token"}},
                {"element_description": "One-time code", "value": {"secret": "site_otp"}},
                {"element_description": "Username", "value": "ada"},
            ])
            assert filled.ok, filled.error
            assert [f["value"] for f in filled.data["fields"]] == [
                "•••• (secret api_token)", "•••• (secret site_otp)", "ada"]
            again = await _call(client, seen, "observe")
            assert _field(again, "API token")["value"] == "•••• (secret api_token)"
            assert _field(again, "One-time code")["value"] == "•••• (secret site_otp)"
            assert (await _call(client, seen, "extract", what="form")).ok
            assert (await _call(client, seen, "type_text", text={"secret": "api_token"},
                                element_description="API token")).ok
            shot_a = await client.call("screenshot", element_description="API token", image_format="png")
            assert shot_a.ok
            # Another value of the same length in the same field: a masked field looks the same.
            assert (await _call(client, seen, "type_text", text={"secret": "other_token"},
                                element_description="API token")).ok
            shot_b = await client.call("screenshot", element_description="API token", image_format="png")
            images = [next(c.data for c in s.raw.content if c.type == "image") for s in (shot_a, shot_b)]
            assert images[0] == images[1], "the secret field is not masked in screenshots"
            assert (await _call(client, seen, "fill_form", fields=[
                {"element_description": "API token", "value": {"secret": "api_token"}}])).ok
            assert (await _call(client, seen, "click", element_description="Sign in")).ok
            text = (await _call(client, seen, "get_page_text")).data["text"]
            # The page received the right values: it shows their digests.
            assert f"pw digest {_digest(conf.password)}" in text and f"token digest {_digest(conf.token)}" in text
            assert any(f"otp digest {_digest(totp(conf.seed, time.time() + d))}" in text for d in (-30, 0))
            assert "user digest" in text
            failed = await _call(client, seen, "type_text", text={"secret": "site_password"},
                                 element_description="Remember me")  # a failure saves a record screenshot
            assert not failed.ok
    _assert_nowhere("\n".join(seen), conf.values(), "tool results")
    _assert_nowhere(log.read_text(encoding="utf-8", errors="replace"), conf.values(), "the server's log")
    for path in tmp_path.rglob("*"):
        if path.is_file() and path != conf.file:
            data = path.read_bytes()
            for value in conf.values():
                assert value.encode() not in data, f"a secret value appears in {path}"


async def test_refused_with_a_clear_error_and_nothing_typed(tmp_path: Path, site) -> None:
    conf = Secrets(tmp_path, site.origin_a, site.origin_b)
    seen: list[str] = []
    async with browser_client(tmp_path / "profile", **conf.env) as client:
        await _call(client, seen, "navigate", url=site.url_a("secret_login.html"))
        unknown = await _call(client, seen, "type_text", text={"secret": "nope"}, element_description="Password")
        assert unknown.error["code"] == "secret_refused" and unknown.error["details"]["reason"] == "unknown"
        assert "site_password" in unknown.error["message"]
        observed = await _call(client, seen, "observe")
        box = _field(observed, "Remember me")["id"]
        not_text = await _call(client, seen, "type_text", text={"secret": "site_password"}, element_id=box)
        assert not_text.error["details"]["reason"] == "not_a_text_input"
        form = await _call(client, seen, "fill_form", fields=[
            {"element_description": "Username", "value": "ada"},
            {"element_id": box, "value": {"secret": "site_password"}}])
        assert form.error["code"] == "secret_refused" and "nothing was filled" in form.error["message"]
        assert _field(await _call(client, seen, "observe"), "Username").get("value", "") == ""
        # An injection page on the allowed origin frames a field of another origin: refused, the frame got nothing.
        await _call(client, seen, "navigate", url=site.url_a("secret_inject.html"))
        stolen = await _call(client, seen, "type_text", text={"secret": "site_password"},
                             element_description="Re-enter password")
        assert not stolen.ok and stolen.error["code"] == "secret_refused"
        details = stolen.error["details"]
        assert details["reason"] == "origin_not_allowed" and details["origin"] == site.origin_b
        assert details["top_origin"] == site.origin_a and details["allowed"] == [site.origin_a]
        frames = await _call(client, seen, "list_frames")
        frame = next(f for f in frames.data["frames"] if f.get("cross_origin"))
        inside = await _call(client, seen, "observe")
        steal_id = next(e["id"] for e in inside.data["elements"] if e.get("name") == "Re-enter password")
        by_id = await _call(client, seen, "fill_form", fields=[{"element_id": steal_id,
                                                                "value": {"secret": "site_password"}}])
        assert by_id.error["details"]["reason"] == "origin_not_allowed"
        content = await _call(client, seen, "get_frame_content", frame_selector=frame["frame"])
        assert "0 characters received" in content.data["content"]
        # The page moved to another origin between observe and type: refused, even where the secret is allowed.
        await _call(client, seen, "navigate", url=site.url_a("secret_login.html"))
        token_id = _field(await _call(client, seen, "observe"), "API token")["id"]
        await _call(client, seen, "click", element_description="The same form on the partner site")
        moved = await _call(client, seen, "type_text", text={"secret": "other_token"}, element_id=token_id)
        assert moved.error["code"] == "secret_refused" and moved.error["details"]["reason"] == "page_moved"
        assert moved.error["details"]["listed_origin"] == site.origin_a
        assert _field(await _call(client, seen, "observe"), "API token").get("value", "") == ""
    _assert_nowhere("\n".join(seen), conf.values(), "tool results")


async def test_a_secrets_file_others_can_read_is_refused(tmp_path: Path, site) -> None:
    conf = Secrets(tmp_path, site.origin_a, site.origin_b)
    conf.file.chmod(0o644)
    async with browser_client(tmp_path / "profile", **conf.env) as client:
        listed = await client.call("list_secrets")
        assert [s["name"] for s in listed.data["secrets"]] == ["site_password"]  # the variable still counts
        assert "chmod 600" in listed.data["file_problem"]
        await client.call("navigate", url=site.url_a("secret_login.html"))
        refused = await client.call("type_text", text={"secret": "api_token"}, element_description="API token")
        assert refused.error["code"] == "secret_refused" and "readable by group or others" in refused.error["message"]
