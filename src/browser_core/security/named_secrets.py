"""Secrets the model types by name, never by value: where they come from, which origins may receive them.

Two sources, read when the session starts (every value is registered with ``redaction`` at once):

- environment variables ``BROWSER_SECRET_<NAME>=value``, with ``BROWSER_SECRET_<NAME>_ORIGINS=<patterns>``
  (comma-separated) and optionally ``BROWSER_SECRET_<NAME>_KIND=totp``;
- the file named by the ``secrets_file`` setting (``BROWSER_SECRETS_FILE``; read again when it changes), refused
  when its group or others may read it: TOML (``*.toml``: one table per secret, ``value``, ``origins = [...]``,
  ``kind``) or dotenv (any other name: ``<NAME>=value``, ``<NAME>_ORIGINS=...``, ``<NAME>_KIND=...``, as above
  without ``BROWSER_SECRET_``).

A name is lower-cased (``GITHUB_PASSWORD`` → ``github_password``). An origin pattern is ``scheme://host[:port]``
or ``scheme://*.domain[:port]`` (any subdomain of ``domain``, not ``domain`` itself). Kind ``text`` (default)
types the value; kind ``totp`` holds a base32 seed and types the current one-time code.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from dotenv import dotenv_values

from browser_core.errors import SecretRefused
from browser_core.page.origins import url_origin
from browser_core.redaction import register_secret
from browser_core.security.totp import decode_seed, totp

ENV_PREFIX = "BROWSER_SECRET_"
KINDS = ("text", "totp")
_SUFFIXES = ("_ORIGINS", "_KIND")
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def origin_pattern(text: str) -> str:
    """The normalized pattern, or ValueError naming what is wrong."""
    raw = text.strip()
    wildcard = "://*." in raw
    origin = url_origin(raw.replace("://*.", "://", 1) if wildcard else raw)
    if origin is None or raw.rstrip("/").count("/") > 2:
        raise ValueError(f"origin '{raw}' is not scheme://host[:port] or scheme://*.domain (http or https)")
    return origin.replace("://", "://*.", 1) if wildcard else origin


def origin_allowed(origin: str | None, patterns: tuple[str, ...]) -> bool:
    if origin is None:
        return False
    for pattern in patterns:
        if "://*." not in pattern:
            if origin == pattern:
                return True
            continue
        scheme, rest = pattern.split("://*.", 1)
        o_scheme, o_rest = origin.split("://", 1)
        if o_scheme == scheme and o_rest.endswith("." + rest):
            return True
    return False


class SecretNote(TypedDict):
    """A secret as the model may see it: its name, kind and the origins it may be typed into (never its value)."""

    name: str
    kind: str
    origins: list[str]


class Unusable(TypedDict):
    name: str
    problem: str


class SecretListing(TypedDict):
    """list_secrets' answer."""

    secrets: list[SecretNote]
    unusable: NotRequired[list[Unusable]]
    file_problem: NotRequired[str]


@dataclass(frozen=True)
class Secret:
    name: str
    value: str = field(repr=False)
    origins: tuple[str, ...]
    kind: str = "text"

    def allows(self, origin: str | None) -> bool:
        return origin_allowed(origin, self.origins)

    def current(self, at: float | None = None) -> str:
        """What to type: the value, or the one-time code valid now (registered for redaction too)."""
        if self.kind != "totp":
            return self.value
        code = totp(self.value, at)
        register_secret(code)
        return code

    def public(self) -> SecretNote:
        return {"name": self.name, "kind": self.kind, "origins": list(self.origins)}


def _make(name: str, value: Any, origins: Any, kind: Any) -> Secret:
    if not _NAME.match(name):
        raise ValueError("a name is letters, digits and _, starting with a letter")
    if not isinstance(value, str) or not value:
        raise ValueError("it has no value")
    patterns = [p for p in (origins.split(",") if isinstance(origins, str) else origins or []) if str(p).strip()]
    if not patterns:
        raise ValueError("it names no origins it may be typed into (…_ORIGINS or origins = [...])")
    kind = str(kind or "text").strip().lower()
    if kind not in KINDS:
        raise ValueError(f"kind '{kind}' is not one of {', '.join(KINDS)}")
    if kind == "totp":
        decode_seed(value)
    return Secret(name, value, tuple(origin_pattern(str(p)) for p in patterns), kind)


def _from_pairs(pairs: Mapping[str, str | None]) -> tuple[dict[str, Secret], dict[str, str]]:
    found: dict[str, Secret] = {}
    problems: dict[str, str] = {}
    for key, value in pairs.items():
        if key.upper().endswith(_SUFFIXES):
            continue
        name = key.lower()
        try:
            found[name] = _make(name, value, pairs.get(f"{key}_ORIGINS", ""), pairs.get(f"{key}_KIND"))
        except ValueError as exc:
            problems[name] = str(exc)
    return found, problems


def _from_toml(text: str) -> tuple[dict[str, Secret], dict[str, str]]:
    found: dict[str, Secret] = {}
    problems: dict[str, str] = {}
    for key, table in tomllib.loads(text).items():
        name = key.lower()
        try:
            if not isinstance(table, dict):
                raise ValueError("it is not a table ([name] with value and origins)")
            found[name] = _make(name, table.get("value"), table.get("origins"), table.get("kind"))
        except ValueError as exc:
            problems[name] = str(exc)
    return found, problems


def read_file(path: Path) -> tuple[dict[str, Secret], dict[str, str]]:
    """The secrets of a file; ValueError when it cannot be used at all (missing, readable by others, malformed)."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise ValueError(f"secrets file {path} cannot be read ({exc.strerror})") from exc
    if os.name == "posix" and mode & 0o077:
        raise ValueError(f"secrets file {path} is readable by group or others (mode {mode & 0o777:o}): run "
                         f"chmod 600 {path}; no secret of it is used until then")
    try:
        if path.suffix.lower() == ".toml":
            return _from_toml(path.read_text(encoding="utf-8"))
        return _from_pairs(dotenv_values(path))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"secrets file {path} is not valid {path.suffix.lstrip('.') or 'dotenv'}: {exc}") from exc


@dataclass
class SecretStore:
    secrets: dict[str, Secret] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)  # a secret that could not be used, and why
    file_problem: str | None = None
    withheld: set[str] = field(default_factory=set)  # configured, but not among the names allowed for this run
    path: Path | None = None
    env: dict[str, str] = field(default_factory=dict)  # the BROWSER_SECRET_* variables, read once
    allowed: str | None = None
    _stamp: tuple[int, int, int] | None = None  # the file as last read: a change is read again on the next use

    @classmethod
    def load(cls, path: Path | None, environ: Mapping[str, str] | None = None,
             allowed: str | None = None) -> SecretStore:
        """The secrets of the file and the environment; with ``allowed`` (comma-separated names), only those."""
        env = os.environ if environ is None else environ
        store = cls(path=path, allowed=allowed,
                    env={k[len(ENV_PREFIX):]: v for k, v in env.items() if k.startswith(ENV_PREFIX)})
        store.refresh(force=True)
        return store

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat() if self.path is not None else None
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_mode) if st is not None else None

    def refresh(self, force: bool = False) -> None:
        """Read the file again when it changed since (a secret added, a chmod), and the variables with it."""
        stamp = self._file_stamp()
        if not force and stamp == self._stamp:
            return
        self._stamp = stamp
        self.secrets, self.problems, self.file_problem = {}, {}, None
        if self.path is not None:
            try:
                self.secrets, self.problems = read_file(self.path)
            except ValueError as exc:
                self.file_problem = str(exc)
        found, problems = _from_pairs(self.env)
        self.secrets |= found  # the environment wins over the file
        self.problems |= problems
        for secret in self.secrets.values():
            register_secret(secret.value)  # withheld ones too: their values never show either
        if self.allowed is not None:
            names = {n.strip().lower() for n in self.allowed.split(",") if n.strip()}
            self.withheld = set(self.secrets) - names
            self.secrets = {n: s for n, s in self.secrets.items() if n in names}

    def get(self, name: str) -> Secret:
        self.refresh()
        key = name.strip().lower()
        secret = self.secrets.get(key)
        if secret is not None:
            return secret
        if key in self.withheld:
            raise SecretRefused(f"secret '{name}' is not allowed in this run (allowed: "
                                f"{', '.join(sorted(self.secrets)) or 'none'})",
                                details={"secret": name, "reason": "not_allowed"})
        why = self.problems.get(key)
        if why:
            raise SecretRefused(f"secret '{name}' is configured but cannot be used: {why}",
                                details={"secret": name, "reason": "misconfigured"})
        known = sorted(self.secrets)
        message = f"no secret named '{name}'" + (f" (known: {', '.join(known)})" if known else " (none configured)")
        if self.file_problem:
            message += f"; {self.file_problem}"
        raise SecretRefused(message, details={"secret": name, "reason": "unknown", "known": known})

    def listing(self) -> SecretListing:
        self.refresh()
        out: SecretListing = {"secrets": [s.public() for s in sorted(self.secrets.values(), key=lambda s: s.name)]}
        if self.problems:
            out["unusable"] = [{"name": n, "problem": p} for n, p in sorted(self.problems.items())]
        if self.file_problem:
            out["file_problem"] = self.file_problem
        return out
