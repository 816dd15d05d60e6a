"""Named secrets without a browser: where they come from, which origins they allow, the one-time codes."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from browser_core.errors import SecretRefused
from browser_core.redaction import redact
from browser_core.security.named_secrets import SecretStore, origin_allowed, origin_pattern
from browser_core.security.totp import totp


def test_totp_matches_rfc_6238() -> None:
    seed = base64.b32encode(b"12345678901234567890").decode()
    assert [totp(seed, t) for t in (59, 1111111109, 1234567890, 2000000000)] == [
        "287082", "081804", "005924", "279037"]
    assert totp(seed.lower().rstrip("="), 59) == "287082"


def test_origin_patterns() -> None:
    assert origin_pattern("https://GitHub.com/") == "https://github.com"
    assert origin_pattern("https://github.com:443") == "https://github.com"
    assert origin_pattern("https://*.example.org") == "https://*.example.org"
    for bad in ("github.com", "ftp://x.org", "https://x.org/login", "https://"):
        with pytest.raises(ValueError):
            origin_pattern(bad)
    patterns = ("https://github.com", "https://*.example.org")
    assert origin_allowed("https://github.com", patterns)
    assert origin_allowed("https://a.b.example.org", patterns)
    assert not origin_allowed("https://example.org", patterns)
    assert not origin_allowed("http://github.com", patterns)
    assert not origin_allowed("https://github.com.evil.net", patterns)
    assert not origin_allowed("https://evilexample.org", patterns)
    assert not origin_allowed(None, patterns)


def test_store_from_variables_and_files(tmp_path: Path) -> None:
    dotenv = tmp_path / "secrets.env"
    dotenv.write_text("MAIL_PASSWORD='quoted value 42'\nMAIL_PASSWORD_ORIGINS=https://mail.example.org\n"
                      "LONELY=abcdef\n", encoding="utf-8")
    dotenv.chmod(0o600)
    store = SecretStore.load(dotenv, {"BROWSER_SECRET_GH_CODE": "JBSWY3DPEHPK3PXP", "BROWSER_SECRET_GH_CODE_KIND":
                                      "totp", "BROWSER_SECRET_GH_CODE_ORIGINS": "https://github.com"})
    assert store.listing() == {
        "secrets": [{"name": "gh_code", "kind": "totp", "origins": ["https://github.com"]},
                    {"name": "mail_password", "kind": "text", "origins": ["https://mail.example.org"]}],
        "unusable": [{"name": "lonely", "problem": "it names no origins it may be typed into "
                                                       "(…_ORIGINS or origins = [...])"}]}
    assert store.get("MAIL_PASSWORD").current() == "quoted value 42"
    assert redact("x quoted value 42 y") == "x [REDACTED] y"  # registered when loaded
    assert len(store.get("gh_code").current()) == 6
    with pytest.raises(SecretRefused, match="cannot be used: it names no origins"):
        store.get("lonely")
    with pytest.raises(SecretRefused, match=r"no secret named 'nope' \(known: gh_code, mail_password\)"):
        store.get("nope")
    dotenv.chmod(0o640)
    refused = SecretStore.load(dotenv, {})
    assert refused.secrets == {} and "chmod 600" in (refused.file_problem or "")
    with pytest.raises(SecretRefused, match="readable by group or others"):
        refused.get("mail_password")
    bad_seed = SecretStore.load(None, {"BROWSER_SECRET_X": "not base32!", "BROWSER_SECRET_X_KIND": "totp",
                                       "BROWSER_SECRET_X_ORIGINS": "https://a.org"})
    assert bad_seed.problems == {"x": "the seed is not base32"}


def test_a_cut_secret_is_masked_too() -> None:
    store = SecretStore.load(None, {"BROWSER_SECRET_LONG": "Lq9-a-long-secret-value-that-gets-cut",
                                    "BROWSER_SECRET_LONG_ORIGINS": "https://a.org"})
    assert store.get("long").value
    assert redact("value: Lq9-a-long-secret-va… end") == "value: [REDACTED]… end"


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "later.toml"
    store = SecretStore.load(path, {})
    assert store.listing()["secrets"] == [] and "cannot be read" in store.listing()["file_problem"]
    path.write_text('[app_password]\nvalue = "written later 77"\norigins = ["http://127.0.0.1:8000"]\n', "utf-8")
    path.chmod(0o600)
    assert store.get("app_password").allows("http://127.0.0.1:8000")
    path.chmod(0o644)
    with pytest.raises(SecretRefused, match="chmod 600"):
        store.get("app_password")
