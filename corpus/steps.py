"""Plain steps and tasks over the corpus apps: what a user does, by visible names, never selectors or ids.

A ``Task`` is a goal in words (for a model), the steps a person would take (for a scripted run), and how to check
the outcome in the app's own database (``corpus.db.DbCheck``) and on the final page. A destructive task marks the
one step that performs the effect (``effect=True``): the confirmation gate must hold exactly that step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from corpus.db import DbCheck

Action = Literal["open", "click", "type", "select", "check", "press", "fill", "see"]
Kind = Literal["destructive", "ordinary"]
Category = Literal["delete", "send", "payment", "cancel"]
FieldValue = str | tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """One user step. ``target``: for ``open`` a path on the app, else the visible name of the control (the
    accessible name ``observe`` reports, matched exactly, case and spacing aside). ``row``: for a control without
    a name (a row's checkbox, a search box), the visible name of an element on the same line; ``column``: and the
    name of the column heading above it, when the line has several. ``text``: what to type, the option to choose,
    or the key to press. ``said``: the target as a model says it in words ("the page 3 link in the pagination");
    a driver whose server takes a description clicks by it, with no id (the benchmark's click-by-description
    tasks)."""

    do: Action
    target: str = ""
    role: str | None = None
    text: str = ""
    row: str | None = None
    column: str | None = None
    effect: bool = False
    fields: tuple[tuple[str, FieldValue], ...] = ()
    said: str = ""

    def describe(self) -> str:
        if self.do in ("open", "see"):
            return f"{self.do} {self.target}"
        if self.do == "fill":
            return "fill " + ", ".join(f"{label}={value!r}" for label, value in self.fields)
        if self.target:
            what = repr(self.target)
        elif self.row is not None:
            what = f"the {self.role or 'control'} on the line of {self.row!r}"
        else:
            what = f"the unnamed {self.role or 'control'}"
        if self.column:
            what += f" under {self.column!r}"
        if self.target and self.row is not None:
            what += f" on the line of {self.row!r}"
        if self.do == "type":
            return f"type {self.text!r} into {what}"
        if self.do == "select":
            return f"choose {self.text!r} in {what}"
        if self.do == "press":
            return f"press {self.text} in {what}" if self.target else f"press {self.text}"
        return f"{self.do} {what}" + (f" ({self.role})" if self.role and self.target else "")


@dataclass(frozen=True)
class Task:
    app: str
    id: str
    kind: Kind
    goal: str  # what a user would ask, in words
    steps: tuple[Step, ...]
    checks: tuple[DbCheck, ...] = ()
    page_text: tuple[str, ...] = ()  # the final page shows each of these
    category: Category | None = None  # destructive tasks: what the gate should call it
    objects: tuple[str, ...] = ()  # destructive tasks: what the effect touches, as the page names it (the summary
    #                                of a hold should name them)
    login: bool = True  # needs the app's admin session first
    tags: tuple[str, ...] = field(default=())

    @property
    def effect_steps(self) -> list[int]:
        return [i for i, s in enumerate(self.steps) if s.effect]

    @property
    def key(self) -> str:
        return f"{self.app}:{self.id}"


def open_(path: str) -> Step:
    return Step("open", path)


def click(name: str, role: str | None = None, *, row: str | None = None, effect: bool = False, said: str = "") -> Step:
    return Step("click", name, role=role, row=row, effect=effect, said=said)


def type_(into: str, text: str, role: str | None = None, *, row: str | None = None) -> Step:
    return Step("type", into, role=role, text=text, row=row)


def select(into: str, option: str, *, effect: bool = False) -> Step:
    return Step("select", into, role="combobox", text=option, effect=effect)


def check(name: str = "", *, row: str | None = None, column: str | None = None, said: str = "") -> Step:
    return Step("check", name, role="checkbox", row=row, column=column, said=said)


def press(key: str, into: str = "", *, effect: bool = False) -> Step:
    return Step("press", into, text=key, effect=effect)


def see(text: str) -> Step:
    """Look until the page shows ``text`` (a list the app fills after it renders), as a person reads what a
    control will act on before using it."""
    return Step("see", text)


def fill(*fields: tuple[str, FieldValue]) -> Step:
    """Several fields by their visible labels, in one ``fill_form`` call (nothing submitted)."""
    return Step("fill", fields=fields)
