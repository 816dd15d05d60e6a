"""Issue 22's cosmetic variant of any HTML page: other markup, the same app to a person, and the app still works.

    cosmetic = Cosmetic(seed=22)
    cosmetic.learn(js_or_css_text)          # every script and stylesheet the app serves (the proxy feeds them)
    cosmetic.apply(soup)                    # one page, in place

- Ids are renamed, the same id to the same new name on every page, and every reference to it on the page follows:
  ``for``, ``list``, ``form``, ``headers``, ``popovertarget``, the ``aria-*`` id references, ``href`` /
  ``xlink:href`` ``#id``, and ``#id`` selectors in ``data-*`` values (what script controllers read). An id the
  app's scripts or styles name (a token of its JS, CSS, inline scripts or JSON, or a bare id in a ``data-*``
  value) is left alone: its scripts look it up by a name the proxy cannot rewrite.
- Class names: a class no stylesheet or script names is replaced by a random one; a class they name is kept and a
  random class is added beside it (the page looks and works as before).
- The rows of every ``tbody`` and the sibling fieldsets of a form are reordered, unless a group holds a script or
  a template (a scripted widget, whose order its script may assume).
- A wrapper ``div`` goes around every table and fieldset, and around every form control that no script
  controller drives (no ``data-*`` attribute on it or its parent): layout allows a block around those.

Labels, names, values and headings are left as they are.
"""

from __future__ import annotations

import random
import re

from bs4 import BeautifulSoup, Tag

TOKEN = re.compile(r"[A-Za-z_][\w-]*")
IDREFS = ("for", "list", "form", "headers", "popovertarget", "aria-labelledby", "aria-describedby",
          "aria-controls", "aria-owns", "aria-activedescendant", "aria-details", "aria-errormessage", "aria-flowto")
HREFS = ("href", "xlink:href")
CONTROLS = ("input", "select", "textarea")


def tokens(text: str) -> set[str]:
    return set(TOKEN.findall(text))


def _data(el: Tag) -> dict[str, str]:
    return {k: str(v) for k, v in el.attrs.items() if k.startswith("data-")}


class Cosmetic:
    """One mapping for the whole run (fixed seed): the same id or class gets the same new name on every page."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.ids: dict[str, str] = {}
        self.classes: dict[str, str] = {}
        self.named: set[str] = set()  # every token of the app's scripts and stylesheets seen so far

    def learn(self, text: str) -> None:
        self.named |= tokens(text)

    def _new(self, table: dict[str, str], old: str, prefix: str) -> str:
        if old not in table:
            table[old] = prefix + "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
        return table[old]

    def _page_names(self, soup: BeautifulSoup) -> set[str]:
        """Tokens the page's own scripts, styles and script-read attributes name (``#id`` in data-* excepted)."""
        named = set(self.named)
        for el in soup.find_all(["script", "style"]):
            named |= tokens(el.get_text())
        for el in soup.find_all(True):
            for key, value in el.attrs.items():
                if key == "style" or key.startswith("on"):
                    named |= tokens(str(value))
                elif key.startswith("data-"):
                    named |= tokens(re.sub(r"#[\w-]+", " ", str(value)))
        return named

    def apply(self, soup: BeautifulSoup) -> None:
        named = self._page_names(soup)
        renamed = {i: self._new(self.ids, i, "i") for el in soup.find_all(id=True)
                   if (i := str(el["id"])) not in named}
        for el in soup.find_all(True):
            self._rename_ids(el, renamed)
            if el.get("class"):
                el["class"] = [n for c in el.get_attribute_list("class") for n in self._classes(c, named)]
        self._reorder(soup)
        self._wrap(soup)

    def _classes(self, old: str, named: set[str]) -> list[str]:
        new = self._new(self.classes, old, "c")
        return [old, new] if old in named else [new]

    @staticmethod
    def _rename_ids(el: Tag, renamed: dict[str, str]) -> None:
        if str(el.get("id", "")) in renamed:
            el["id"] = renamed[str(el["id"])]
        for attr in IDREFS:
            if el.get(attr):
                el[attr] = " ".join(renamed.get(i, i) for i in str(el[attr]).split())
        for attr in HREFS:
            href = str(el.get(attr, ""))
            if href.startswith("#") and href[1:] in renamed:
                el[attr] = "#" + renamed[href[1:]]
        for key, value in _data(el).items():
            if "#" in value:
                el[key] = re.sub(r"#([\w-]+)", lambda m: "#" + renamed.get(m.group(1), m.group(1)), value)

    def _reorder(self, soup: BeautifulSoup) -> None:
        groups = [body.find_all("tr", recursive=False) for body in soup.find_all("tbody")]
        groups += [form.find_all("fieldset", recursive=False) for form in soup.find_all("form")]
        for rows in groups:
            if len(rows) < 2 or any(row.find(["script", "template"]) for row in rows):
                continue
            order = rows[:]
            while order == rows:
                self.rng.shuffle(order)
            anchor = soup.new_tag("span")
            rows[0].insert_before(anchor)
            for row in rows:
                row.extract()
            for row in order:
                anchor.insert_before(row)
            anchor.decompose()

    def _wrap(self, soup: BeautifulSoup) -> None:
        for el in soup.find_all(["table", "fieldset", *CONTROLS]):
            if el.name in CONTROLS and (el.get("type") == "hidden" or _data(el) or
                                        (isinstance(el.parent, Tag) and _data(el.parent))):
                continue
            wrapper = soup.new_tag("div", attrs={"class": self._new(self.classes, "wrap", "c")})
            el.wrap(wrapper)
