"""What a person typed wrong in their settings, said in their words: the environment variable's name, the value
they gave and the values accepted; unknown names with a did-you-mean.

Settings classes are pydantic-settings ``BaseSettings`` with an ``env_prefix``; a field may also accept
``validation_alias`` names (``AliasChoices``), which count as known names too.
"""

from __future__ import annotations

import difflib
import os
import re
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import AliasChoices, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, SettingsError

# Names read outside a settings class (browser_core/redaction.py reads BROWSER_SECRETS itself).
OTHER_NAMES = frozenset({"BROWSER_SECRETS"})
# Families of names read outside a settings class (security/named_secrets.py: BROWSER_SECRET_<NAME>[_ORIGINS|_KIND]).
OTHER_PREFIXES = ("BROWSER_SECRET_",)


def _prefix(cls: type[BaseSettings]) -> str:
    return str(cls.model_config.get("env_prefix") or "")


def env_names(cls: type[BaseSettings], field: str) -> list[str]:
    """Every environment name that sets ``field`` (upper case), the canonical one first."""
    info = cls.model_fields[field]
    names = [f"{_prefix(cls)}{field}".upper()]
    alias = info.validation_alias
    choices = alias.choices if isinstance(alias, AliasChoices) else [alias] if isinstance(alias, str) else []
    for choice in choices:
        if isinstance(choice, str) and choice.upper() not in names:
            names.append(choice.upper())
    return names


def known_names(classes: Iterable[type[BaseSettings]]) -> set[str]:
    return {name for cls in classes for field in cls.model_fields for name in env_names(cls, field)} | OTHER_NAMES


def dotenv_names(path: Path = Path(".env")) -> dict[str, str]:
    """The names a ``.env`` file sets (what pydantic-settings reads), or nothing when there is none."""
    if not path.is_file():
        return {}
    from dotenv import dotenv_values

    return {k: v or "" for k, v in dotenv_values(path).items()}


def unknown_names(
    prefixes: Iterable[str], classes: Iterable[type[BaseSettings]], environ: Mapping[str, str] | None = None
) -> list[str]:
    """One warning per unknown ``PREFIX_*`` name in the environment or ``.env``, with a did-you-mean."""
    known = known_names(classes)
    given = {**dotenv_names(), **(os.environ if environ is None else environ)}
    warnings = []
    for name in sorted(given):
        upper = name.upper()
        if not any(upper.startswith(p) for p in prefixes) or upper in known or upper.startswith(OTHER_PREFIXES):
            continue
        close = difflib.get_close_matches(upper, sorted(known), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        warnings.append(f"unknown setting {name} is ignored{hint}")
    return warnings


def accepted_values(info: FieldInfo) -> str:
    """What values a field accepts, in words."""
    annotation = info.annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    if typing.get_origin(annotation) is Literal:
        return " | ".join(str(a) for a in typing.get_args(annotation))
    if annotation is bool:
        return "true | false"
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else low
        low = getattr(meta, "gt", None) if getattr(meta, "gt", None) is not None else low
        high = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else high
    kind = {int: "a whole number", float: "a number", Path: "a folder or file path", str: "text"}.get(
        annotation if isinstance(annotation, type) else object, "a JSON value"
    )
    if typing.get_origin(annotation) is list:
        kind = 'a JSON list, e.g. ["python", "-m", "mcp_server"]'
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} above {low}" if any(getattr(m, "gt", None) is not None for m in info.metadata) else (
            f"{kind} of at least {low}"
        )
    return kind


def describe_error(exc: ValidationError, cls: type[BaseSettings], environ: Mapping[str, str] | None = None) -> str:
    """One line per bad setting: ``NAME=value: problem (accepted: ...)``."""
    given = {k.upper(): v for k, v in {**dotenv_names(), **(os.environ if environ is None else environ)}.items()}
    lines = []
    for err in exc.errors():
        field = str(err["loc"][0]) if err["loc"] else ""
        if field not in cls.model_fields:
            lines.append(f"{field or 'settings'}: {err['msg']}")
            continue
        names = env_names(cls, field)
        name = next((n for n in names if n in given), names[0])
        shown = given[name] if name in given else err.get("input")
        problem = str(err["msg"]).removeprefix("Value error, ")
        lines.append(f"{name}={shown!s}: {problem} (accepted: {accepted_values(cls.model_fields[field])})")
    return "\n".join(lines)


SettingsT = TypeVar("SettingsT", bound=BaseSettings)


class SettingsValueError(ValueError):
    """A setting has a value its field does not accept; the message names the environment variable."""


def load_settings(cls: type[SettingsT], **overrides: Any) -> SettingsT:
    """``cls(**overrides)``; a bad value becomes a ``SettingsValueError`` that names the variables."""
    try:
        return cls(**overrides)
    except ValidationError as exc:
        raise SettingsValueError(describe_error(exc, cls)) from None
    except SettingsError as exc:  # a complex value (list, dict) that is not JSON
        match = re.search(r'field "(\w+)"', str(exc))
        field = match.group(1) if match else ""
        if field not in cls.model_fields:
            raise SettingsValueError(str(exc)) from None
        given = {k.upper(): v for k, v in {**dotenv_names(), **os.environ}.items()}
        name = next((n for n in env_names(cls, field) if n in given), env_names(cls, field)[0])
        raise SettingsValueError(
            f"{name}={given.get(name, '')}: not valid JSON (accepted: {accepted_values(cls.model_fields[field])})"
        ) from None
