"""A flow as a pytest-playwright test: strict ``get_by_role(..., exact=True)`` (or ``get_by_label``) locators scoped
by their row, no ``.first``, ``nth`` only where the fingerprint recorded several look-alikes, the parameters as
the flow function's arguments and the post-conditions as ``expect(...)``."""

from __future__ import annotations

import re

from browser_core.act.flow_model import PLACEHOLDER, Fingerprint, Flow, FlowStep, SecretName

_FIELDS = ("textbox", "searchbox", "combobox", "spinbutton", "checkbox", "radio", "listbox", "switch")
_ROW = re.compile(r"^(row|item) '(.*)'$", re.S)


def _py(template: str) -> str:
    """A template as a Python expression: a string literal, or an f-string of the parameters."""
    if not PLACEHOLDER.search(template):
        return repr(template)
    parts = PLACEHOLDER.split(template)  # literal, name, literal, name, ...
    out = "".join(p.replace("{", "{{").replace("}", "}}") if i % 2 == 0 else "{" + p + "}"
                  for i, p in enumerate(parts))
    return "f" + repr(out)


def _pattern(template: str) -> str:
    """A URL or title template as a regex (an expression): parameters and numbers vary, spaces may be encoded."""
    parts = PLACEHOLDER.split(template)
    pieces = []
    for i, p in enumerate(parts):
        if i % 2:
            pieces.append(f"' + _rx({p}) + '")
        else:
            literal = re.sub(r"\\\d+|\d+", r"\\d+", re.escape(p)).replace(r"\ ", "(?:\\+|%20| )")
            pieces.append(literal.replace("\\", "\\\\").replace("'", "\\'"))
    return "'" + "".join(pieces) + "'"


def locator(fp: Fingerprint) -> str:
    scope = "page"
    for label in re.findall(r"iframe '([^']*)'", fp.frame):
        q = label.replace('"', '\\"')
        scope += f".frame_locator('iframe[title=\"{q}\"], iframe[aria-label=\"{q}\"], iframe[name=\"{q}\"]')"
    row = _ROW.match(fp.anchors.row)
    if row:
        role = "row" if row.group(1) == "row" else "listitem"
        scope += f".get_by_role({role!r}).filter(has_text={_py(row.group(2))})"
    if fp.role in _FIELDS and fp.anchors.label and fp.anchors.label == fp.name:
        out = f"{scope}.get_by_label({_py(fp.name)}, exact=True)"
    elif fp.role == "clickable":
        out = f"{scope}.get_by_text({_py(fp.name)}, exact=True)"
    else:
        out = f"{scope}.get_by_role({fp.role!r}, name={_py(fp.name)}, exact=True)"
    return out + (f".nth({fp.ordinal})" if fp.population > 1 else "")


def _act(step: FlowStep) -> list[str]:
    a = step.args
    if step.action == "navigate" and a.history:
        return [{"back": "page.go_back()", "forward": "page.go_forward()"}.get(a.history, "page.reload()")]
    if step.action == "navigate":
        url = _py(a.url or "")
        return [f"page.goto(origin + {url})" if "://" not in str(a.url) else f"page.goto({url})"]
    if step.action == "fill":
        return [line for f in step.fields for line in _field(f)]
    if step.target is None:
        return [f"page.keyboard.press({str(a.key)!r})"] if step.action == "press_key" else []
    loc = locator(step.target)
    if step.action == "click":
        return [f"{loc}.{'dblclick' if a.double_click else 'click'}()"]
    if step.action == "type_text":
        lines = [f"{loc}.fill({_py(_text(a.text))})"]
        return lines + ([f"{loc}.press('Enter')"] if a.press_enter else [])
    if step.action == "select_option":
        return [f"{loc}.select_option([{', '.join(_py(v) for v in a.values or [])}])"]
    return [f"{loc}.press({str(a.key)!r})"]


def _text(value: object) -> str:
    """A typed value as its text (a secret by name: the name as the flow holds it)."""
    return str(value.model_dump()) if isinstance(value, SecretName) else str(value or "")


def _field(f: FlowStep) -> list[str]:
    if f.target is None:
        return []
    value, loc = f.args.value, locator(f.target)
    if isinstance(value, bool):
        return [f"{loc}.set_checked({value})"]
    if isinstance(value, list):
        return [f"{loc}.select_option([{', '.join(_py(str(v)) for v in value)}])"]
    if f.target.role in ("combobox", "listbox"):
        return [f"{loc}.select_option({_py(_text(value))})"]
    return [f"{loc}.fill({_py(_text(value))})"]


def _expect(step: FlowStep) -> list[str]:
    post, out = step.post, []
    if post.navigated and post.url:
        out.append(f"expect(page).to_have_url(re.compile('^' + re.escape(origin) + {_pattern(post.url)} + '$'))"
                   if post.url.startswith("/") else f"expect(page).to_have_url(re.compile({_pattern(post.url)}))")
    if post.navigated and post.title:
        out.append(f"expect(page).to_have_title(re.compile('^' + {_pattern(post.title)} + '$'))")
    if step.action == "type_text" and post.value is not None and step.target is not None:
        out.append(f"expect({locator(step.target)}).to_have_value({_py(post.value)})")
    return out


HEADER = '''"""Exported from the flow {name!r} (browser-agent flows export). Run: pytest {file} [--headed]."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

ORIGIN = os.environ.get("FLOW_ORIGIN", {origin!r})


def _rx(value: str) -> str:
    return re.escape(value).replace(r"\\ ", "(?:\\\\+|%20| )")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = os.environ.get("BROWSER_EXECUTABLE_PATH")
    return {{**browser_type_launch_args, **({{"executable_path": path}} if path else {{}})}}
'''


def export_pytest(flow: Flow, file_name: str = "") -> str:
    func = re.sub(r"[^a-z0-9]+", "_", flow.name.lower()).strip("_") or "flow"
    args = "".join(f", {p.name}: str = {p.default!r}" for p in flow.params if not p.secret)
    keyword = [p.name for p in flow.params if p.secret]
    args += (", *" + "".join(f", {s}: str" for s in keyword)) if keyword else ""
    body: list[str] = []
    for index, step in enumerate(flow.steps):
        note = " (destructive: the gate held it when recorded)" if step.held else ""
        body.append(f"    # step {index}: {step.action}{note}")
        body += [f"    {line}" for line in _act(step) + _expect(step)]
    secrets = [p.name for p in flow.params if p.secret]
    test_args = "".join(f", {s}=os.environ[{('FLOW_' + s.upper())!r}]" for s in secrets)
    return (HEADER.format(name=flow.name, file=file_name or f"test_{func}.py", origin=flow.origin)
            + f"\n\ndef {func}(page: Page, origin: str = ORIGIN{args}) -> None:\n"
            + f'    """{flow.task or flow.name}"""\n' + "\n".join(body)
            + f"\n\n\ndef test_{func}(page: Page) -> None:\n    {func}(page{test_args})\n")
