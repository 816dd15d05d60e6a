"""Interaction tools: click, type_text, press_key, hover, select_option, scroll."""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, Field

from browser_core.act import actions, form_submit, forms, scrolling, secret_typing
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, FrameSelector, Role, SecretRef, TimeoutMs, secret_name
from mcp_server.tooling import define_tool


@define_tool(title="Click", read_only=False, destructive=True, targets=True, timeout_s=40)
async def click(
    session: BrowserSession,
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    button: Annotated[Literal["left", "right", "middle"], Field(description="Button.")] = "left",
    double_click: Annotated[bool, Field(description="Double-click.")] = False,
    timeout_ms: TimeoutMs = None,
    frame: FrameSelector = None,
    modifiers: Annotated[
        list[Literal["Control", "Shift", "Alt", "Meta"]] | None, Field(max_length=4, description="Keys held.")
    ] = None,
) -> Any:
    """Click an element (any frame); the result says what changed."""
    return await actions.click(session, element_id=element_id, description=element_description, role=role,
                               button=button, double=double_click, timeout_ms=timeout_ms, frame=frame,
                               modifiers=list(modifiers or []))


@define_tool(title="Type text", read_only=False, destructive=True, targets=True, timeout_s=40)
async def type_text(
    session: BrowserSession,
    text: Annotated[Annotated[str, Field(max_length=10000)] | SecretRef, Field(
        description='Text or {"secret": name}.')],
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    clear_first: Annotated[bool, Field(description="false: append.")] = True,
    press_enter: Annotated[bool, Field(description="Then press Enter.")] = False,
    timeout_ms: TimeoutMs = None,
    frame: FrameSelector = None,
) -> Any:
    """Type into a text field (its content replaced); returns its new value."""
    name = secret_name(text)
    if name is not None:
        return await secret_typing.type_secret(session, name=name, element_id=element_id,
                                               description=element_description, role=role, clear_first=clear_first,
                                               press_enter=press_enter, timeout_ms=timeout_ms, frame=frame)
    return await actions.type_text(session, text=str(text), element_id=element_id, description=element_description,
                                   role=role, clear_first=clear_first, press_enter=press_enter,
                                   timeout_ms=timeout_ms, frame=frame)


@define_tool(title="Press a key", read_only=False, destructive=True, timeout_s=30)
async def press_key(
    session: BrowserSession,
    key: Annotated[str, Field(description="Key or chord: Enter, Tab, Escape, ArrowDown, Control+A, a.",
                              max_length=40)],
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
) -> Any:
    """Press a key on an element (focused first), or on the focused one."""
    return await actions.press_key(session, key=key, element_id=element_id, description=element_description,
                                   role=role)


@define_tool(title="Hover", read_only=False, targets=True, timeout_s=30)
async def hover(session: BrowserSession, element_id: ElementId = None, element_description: Description = None,
                role: Role = None) -> Any:
    """Move the mouse over an element (opens hover menus and tooltips)."""
    return await scrolling.hover(session, element_id=element_id, description=element_description, role=role)


@define_tool(title="Select an option", read_only=False, destructive=True, targets=True, timeout_s=30)
async def select_option(
    session: BrowserSession,
    values: Annotated[list[str], Field(description="Option labels or values.", min_length=1, max_length=50)],
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
) -> Any:
    """Choose options in a <select> or a widget like one (combobox, listbox); unknown options list the valid ones."""
    return await actions.select_option(session, values=values, element_id=element_id,
                                       description=element_description, role=role)


@define_tool(title="Scroll", read_only=False, idempotent=False, targets=True, timeout_s=30)
async def scroll(
    session: BrowserSession,
    direction: Annotated[Literal["up", "down", "left", "right"], Field(description="Direction.")] = "down",
    amount: Annotated[int | None, Field(description="Pixels; default 80% of the viewport.",
                                        ge=1, le=100000)] = None,
    element_id: ElementId = None,
    element_description: Description = None,
    into_view: Annotated[bool, Field(description="Scroll the element into view.")] = False,
) -> Any:
    """Scroll the page or inside an element, or bring an element into view; returns the position, end reached."""
    return await scrolling.scroll(session, direction=direction, amount=amount, element_id=element_id,
                                description=element_description, into_view=into_view)


class FormField(BaseModel):
    element_id: ElementId = None
    element_description: Description = None
    value: Annotated[str | bool | list[str] | SecretRef, Field(
        description='Text (dates YYYY-MM-DD), option, true/false or {"secret": name}.')]


def _form_value(value: str | bool | list[str] | SecretRef) -> str | bool | list[str] | forms.SecretValue:
    name = secret_name(value)
    return forms.SecretValue(name) if name is not None else cast(str | bool | list[str], value)


@define_tool(title="Fill form fields", read_only=False, destructive=True, timeout_s=60)
async def fill_form(
    session: BrowserSession,
    fields: Annotated[list[FormField], Field(description="Fields and values.", min_length=1,
                                             max_length=50)],
    submit: Annotated[str | None, Field(max_length=32, description="Button id to click after.")] = None,
) -> Any:
    """Fill fields (text, date, select, checkbox, radio, widgets) at once, then click `submit` if given.
    Returns each value and complaint; a bad or refused field: nothing filled."""
    return await form_submit.fill_and_submit(session, fields=[
        forms.FieldToFill(element_id=f.element_id, element_description=f.element_description,
                          value=_form_value(f.value))
        for f in fields
    ], submit=submit)


@define_tool(title="Click at a point", read_only=False, destructive=True, timeout_s=40)
async def click_at(
    session: BrowserSession,
    x: Annotated[int, Field(description="Viewport x in CSS pixels.", ge=0, le=10000)],
    y: Annotated[int, Field(description="Viewport y in CSS pixels.", ge=0, le=10000)],
    text: Annotated[str | None, Field(description="Text to type after the click.", max_length=10000)] = None,
) -> Any:
    """Click at viewport coordinates (canvas or map widgets no id reaches; see screenshot marks), then
    optionally type. Prefer ids."""
    return await actions.click_at(session, x=x, y=y, text=text)


TOOLS = [click, type_text, press_key, hover, select_option, scroll, fill_form, click_at]
