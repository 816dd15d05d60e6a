"""A flow: a recorded run to replay without the model (issue 22). Its models are in ``browser_core/flow_schema.py``.

Values typed from the task are named parameters (``{{name}}`` in a step's arguments, a fingerprint's name or row,
a post-condition); a password or secret is never stored: its parameter has no default and must be given.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_plus

from browser_core.errors import InvalidInput
from browser_core.flow_schema import (
    Anchors,
    FieldValue,
    Fingerprint,
    Flow,
    FlowParam,
    FlowStep,
    PostCondition,
    SecretName,
    StepArgs,
)

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
PLACEHOLDER = re.compile(r"\{\{([a-z0-9_]{1,40})\}\}")
__all__ = ["Anchors", "FieldValue", "Fingerprint", "Flow", "FlowParam", "FlowStep", "PostCondition", "SecretName",
           "StepArgs", "check_name", "decoded", "fill", "param_names", "templated"]


def check_name(name: str) -> str:
    if not NAME.match(name):
        raise InvalidInput(f"'{name}' is not a flow name", hint="Letters, digits, '_', '-', '.'; up to 64.")
    return name


def fill(template: str, values: dict[str, str]) -> str:
    """A template with its parameters put in."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def templated(text: str, values: dict[str, str]) -> str:
    """Recorded text with each parameter's value (3 characters or more) replaced by its placeholder."""
    for name, value in sorted(values.items(), key=lambda kv: -len(kv[1])):
        if len(value) >= 3:
            text = text.replace(value, "{{" + name + "}}")
    return text


def decoded(text: str) -> str:
    """A URL's text with its percent- and plus-encoding undone, however many times it was applied (a list's
    filters carried inside another URL's query)."""
    for _ in range(3):
        plain = unquote_plus(text)
        if plain == text:
            break
        text = plain
    return text


def param_names(template: str) -> list[str]:
    return PLACEHOLDER.findall(template)
