"""A flow: a recorded run to replay without the model (issue 22). One place for its shape.

Values typed from the task are named parameters (``{{name}}`` in a step's arguments, a fingerprint's name or row,
a post-condition); a password or secret is never stored: its parameter has no default and must be given.
"""

from __future__ import annotations

import re
from typing import Any, Literal
from urllib.parse import unquote_plus

from pydantic import BaseModel, Field

from browser_core.errors import InvalidInput

StepAction = Literal["navigate", "click", "type_text", "select_option", "press_key", "fill"]
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
PLACEHOLDER = re.compile(r"\{\{([a-z0-9_]{1,40})\}\}")


class Anchors(BaseModel):
    """What a person uses to tell the element apart: its label, its row and column, the nearest heading, the
    landmark and the dialog it sits in."""

    label: str = ""
    row: str = ""  # the row key / group / description the walker gives (``context``)
    column: str = ""
    heading: str = ""
    landmark: str = ""
    dialog: str = ""


class Fingerprint(BaseModel):
    """The target of a step, as recorded: what identifies it, plus what may confirm it (never choose it)."""

    frame: str = "main"
    role: str
    name: str
    name_source: str = ""
    anchors: Anchors = Field(default_factory=Anchors)
    value: str = ""
    state: str = ""
    input_type: str = ""
    population: int = 1  # elements of this frame, role, name and row (or group) when recorded
    ordinal: int = 0  # this one's place among them (confirms, never chooses)
    box: list[int] = Field(default_factory=list)


class PostCondition(BaseModel):
    """What must hold after the step: a navigation (and where to), the title, a field's value."""

    navigated: bool = False
    url: str = ""  # path and query, a template
    title: str = ""
    value: str | None = None
    changed: str = ""  # the what-changed summary as recorded (reported, not compared)


class FlowStep(BaseModel):
    action: StepAction
    args: dict[str, Any] = Field(default_factory=dict)
    target: Fingerprint | None = None
    fields: list[FlowStep] = Field(default_factory=list)  # a fill step: one per field (target + args.value)
    post: PostCondition = Field(default_factory=PostCondition)
    held: bool = False  # the gate held it when recorded (the gate decides again on every replay)


class FlowParam(BaseModel):
    name: str
    default: str | None = None
    secret: bool = False


class Flow(BaseModel):
    name: str
    version: int = 1
    origin: str = ""  # scheme://host:port of the first page
    task: str = ""
    params: list[FlowParam] = Field(default_factory=list)
    steps: list[FlowStep] = Field(default_factory=list)

    def values(self, given: dict[str, str]) -> dict[str, str]:
        """The parameters' values for one replay: the given ones over the defaults; a missing secret or an unknown
        name is bad input."""
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidInput(f"unknown parameter(s): {', '.join(unknown)}",
                               hint=f"This flow's parameters: {', '.join(known) or 'none'}")
        out = {n: v for n, p in known.items() if (v := given.get(n, p.default)) is not None}
        missing = sorted(set(known) - set(out))
        if missing:
            raise InvalidInput(f"parameter(s) without a value: {', '.join(missing)} (secrets are never stored)",
                               hint="Give them with --param name=value.")
        return out


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
