"""A flow's records, one model per kind (issue 32): the flow file, its steps, their arguments, fingerprints and
post-conditions. The recorder (``act/flow_record.py``), the session's list of steps, the flow file
(``act/flow_store.py``), the replay, the export and the CLI all read and write these models, never the raw JSON.

A flow file carries its ``format_version``; one written by 0.3/0.4 (``"version": 1``, the same shape) still reads.
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from browser_core.errors import InvalidInput

FLOW_FORMAT = 1
StepAction = Literal["navigate", "click", "type_text", "select_option", "press_key", "fill"]


class SecretName(BaseModel):
    """A secret typed by its name (``{"secret": "github_password"}``): the name is replayed, no value is stored."""

    secret: str


FieldValue = str | bool | list[str] | SecretName


class StepArgs(BaseModel):
    """A step's arguments as its tool took them (typed values as templates, a secret by its name). An argument the
    tool was not given is not written."""

    url: str | None = None
    history: str | None = None
    button: str | None = None
    double_click: bool | None = None
    text: str | SecretName | None = None
    clear_first: bool | None = None
    press_enter: bool | None = None
    values: list[str] | None = None
    key: str | None = None
    value: FieldValue | None = None  # a fill step's field

    @model_serializer(mode="wrap")
    def _given_only(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return {k: v for k, v in handler(self).items() if v is not None}


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
    """One recorded action (a line of ``flow_steps.jsonl``, an entry of a session's steps, a step of a flow)."""

    action: StepAction
    args: StepArgs = Field(default_factory=StepArgs)
    target: Fingerprint | None = None
    fields: list[FlowStep] = Field(default_factory=list)  # a fill step: one per field (target + args.value)
    post: PostCondition = Field(default_factory=PostCondition)
    held: bool = False  # the gate held it when recorded (the gate decides again on every replay)


class FlowParam(BaseModel):
    name: str
    default: str | None = None
    secret: bool = False


class Flow(BaseModel):
    """A flow file (``<flows>/<name>.json``)."""

    format_version: int = Field(FLOW_FORMAT, validation_alias=AliasChoices("format_version", "version"))
    name: str
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
            raise InvalidInput(
                f"unknown parameter(s): {', '.join(unknown)}",
                hint=f"This flow's parameters: {', '.join(known) or 'none'}",
            )
        out = {n: v for n, p in known.items() if (v := given.get(n, p.default)) is not None}
        missing = sorted(set(known) - set(out))
        if missing:
            raise InvalidInput(
                f"parameter(s) without a value: {', '.join(missing)} (secrets are never stored)",
                hint="Give them with --param name=value.",
            )
        return out
