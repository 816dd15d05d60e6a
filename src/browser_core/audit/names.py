"""The names invariant: every listed control has a name of its own, not its role's, a class's or a symbol's.

The words below are the vocabulary of markup (ARIA roles, HTML elements, icon-font class prefixes), never of any
app's page text: a name equal to one of them says what the control is made of, not what it does.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from browser_core.page.listing import ListedElement

ROLE_WORDS = frozenset(
    {
        "button",
        "link",
        "icon",
        "image",
        "img",
        "svg",
        "graphic",
        "glyph",
        "glyphicon",
        "checkbox",
        "radio",
        "switch",
        "input",
        "textbox",
        "textarea",
        "select",
        "combobox",
        "listbox",
        "option",
        "menu",
        "menuitem",
        "tab",
        "item",
        "element",
        "control",
        "div",
        "span",
        "a",
        "clickable",
        "toggle",
        "dropdown",
        "caret",
        "chevron",
        "arrow",
        "undefined",
        "null",
        "none",
        "true",
        "false",
        "object",
        "nan",
    }
)
# The kinds of popup a control may declare it shows (ARIA's aria-haspopup values), and a disclosure's states.
POPUP_KINDS = frozenset({"menu", "listbox", "tree", "grid", "dialog"})
DISCLOSURE_STATES = frozenset({"expanded", "collapsed"})
# Icon-font and utility-class prefixes ("fa-trash", "bi-x-lg", "icon-edit"): a name made of one is a class.
CLASS_PREFIXES = (
    "fa",
    "fas",
    "far",
    "fab",
    "bi",
    "mdi",
    "icon",
    "icons",
    "ico",
    "btn",
    "glyphicon",
    "ti",
    "ri",
    "la",
    "las",
    "oi",
    "pi",
    "ph",
    "feather",
    "material",
    "lucide",
    "octicon",
    "codicon",
    "svg",
    "w",
    "h",
    "mr",
    "ml",
    "mx",
    "my",
    "px",
    "py",
    "text",
    "bg",
    "is",
    "has",
    "js",
)
_TOKEN = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$")
_WORDS = re.compile(r"[\w]", re.UNICODE)
NAMED_ROLES = frozenset(
    {
        "button",
        "link",
        "checkbox",
        "radio",
        "switch",
        "tab",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "combobox",
        "textbox",
        "searchbox",
        "slider",
        "spinbutton",
        "treeitem",
        "listbox",
        "clickable",
        "gridcell",
        "row",
    }
)


def is_class_token(name: str) -> bool:
    """``fa-trash``, ``first_name``, ``x-circle-fill``: lower-case parts joined by '-' or '_' with no space, where an
    underscore joins them, three or more parts are joined, or the first part is an icon or utility class prefix."""
    text = name.strip()
    if not _TOKEN.match(text):
        return False
    parts = re.split(r"[-_]", text)
    return "_" in text or len(parts) >= 3 or parts[0] in CLASS_PREFIXES


def name_problem(role: str, name: str, state: str = "") -> tuple[str, str] | None:
    """The kind of naming violation and its sentence, or None for a name of its own. A disclosure (expanded or
    collapsed) named by the kind of popup it shows ("Menu") names what pressing it does: it is no role word."""
    text = " ".join(name.split())
    if not text:
        return "unnamed", f"this {role} has no name: an agent can only guess what it does"
    bare = text.casefold().removeprefix("icon:").strip()
    if bare in POPUP_KINDS and role != bare and DISCLOSURE_STATES & set(state.split(",")):
        return None
    if bare in ROLE_WORDS or bare == role.casefold() or text.casefold().startswith("icon:"):
        return "role-word-name", f"named '{text}', which says what it is made of, not what it does"
    if is_class_token(text) or is_class_token(bare):
        return "class-name", f"named '{text}', a CSS class or attribute, not a label"
    if not _WORDS.search(text):
        return "symbol-name", f"named only by the symbols '{text}': say its purpose (next page, close, more)"
    return None


def describe(element: ListedElement) -> str:
    """An element as the agent sees it: ``button 'Delete' (row 'Ceramic kettle')``."""
    name = element.get("name", "")
    shown = f"{element['role']} '{name}'" if name.strip() else f"an unnamed {element['role']}"
    return shown + (f" ({element['context']})" if element.get("context") else "")


def name_violations(
    elements: list[ListedElement], links: dict[str, str], own: dict[str, list[str]]
) -> list[tuple[str, str, str]]:
    """(kind, element, detail) for each listed control whose name breaks the invariant; a link says where it goes.
    A name taken from the element's content — its whole text or one line it shows ("log_file" on a page documenting
    settings; a record's identifier on the link into it, even beside a hidden copy the app measures it with) — is
    data on the page, not a name made from a class or an attribute."""
    out = []
    for e in elements:
        if e["role"] not in NAMED_ROLES:
            continue
        problem = name_problem(e["role"], e.get("name", ""), e.get("state", ""))
        if problem and problem[0] in ("role-word-name", "class-name") and shows(own.get(e["id"], []), e["name"]):
            continue
        if problem:
            href = links.get(e["id"], "")
            out.append((problem[0], describe(e) + (f" → {where(href)}" if href else ""), problem[1]))
    return out


def shows(lines: list[str], name: str) -> bool:
    """Whether the name is the element's own text: all its lines, or one of them."""
    said = " ".join(name.split())
    return bool(said) and (said == " ".join(" ".join(lines).split()) or said in (" ".join(t.split()) for t in lines))


def where(href: str) -> str:
    """A link's address without its origin: ``/admin/order/?page=2``."""
    parts = urlsplit(href)
    return parts._replace(scheme="", netloc="").geturl() or "/" if parts.scheme in ("http", "https") else href
