"""What the page around a control says, for the gate: where a flow stands and what an effect is about.

From the facts the page script read (``facts.js``), with the words of ``policy.yaml`` (``FlowWords``), never a
site's selectors:

- a basket: the control sits in a line that has a quantity field, and the page shows a total and a way to check
  out; removing a line there is an ordinary edit of one's own basket; so is a removal whose form posts to an address
  that names one's own draft (``…/cart/remove``: one less of a line, as the network line reads that request);
- a review page: the last step of a checkout shows a total and its form collects nothing more;
- a step onward: a form submitted by a control that moves on ("Continue") at a step that is not the review; the
  network line takes that form's own request as the step's, not as the commitment its address may name;
- a purchase: the lines of the page's table or list that show an amount (item, quantity, price), and its total;
- a value change: a select or radio changed to a value that ends a record (Cancelled, Refunded …);
- the record a control acts on: the open dialog's title, the name of the row, card or list item it is in;
- the page's own warning ("This action cannot be undone").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from browser_core.security.facts import ChosenOption, ElementFacts, FormFacts, PageFacts
from browser_core.security.policy import FlowWords

MAX_ITEMS = 8
_SENTENCES = re.compile(r"(?<=[.?!])\s+|\n")
_COUNT = re.compile(r"^\s*[×x]?\s*(\d{1,4})\s*[×x]?\s*$", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
_PATH_WORDS = re.compile(r"[_\-+=&/.]+")
DATA_FIELDS = {"text", "email", "tel", "number", "select-one", "select-multiple", "radio", "textarea", "password",
               "search", "url", "date", "datetime-local"}


@dataclass(frozen=True)
class Purchase:
    items: tuple[str, ...]
    total: str

    def describe(self) -> str:
        """``2 × Kettle (€78.00), Filters (€4.20); total €86.40`` (what the page shows, as far as it shows it)."""
        shown = ", ".join(self.items[:MAX_ITEMS])
        more = f" and {len(self.items) - MAX_ITEMS} more" if len(self.items) > MAX_ITEMS else ""
        total = f"total {self.total}" if self.total else ""
        return "; ".join(p for p in (shown + more, total) if p)


@dataclass(frozen=True)
class PageReader:
    words: FlowWords

    # ----- where a flow stands -----------------------------------------------------------------------------
    def total(self, page: PageFacts) -> str:
        """The amount of the page's (last) total line, '' when it shows none."""
        lines = page.lines
        found = ""
        for i, line in enumerate(lines):
            text = line
            if not self.words.has_money(text) and i + 1 < len(lines) and self.words.has_money(lines[i + 1]):
                text = f"{line} {lines[i + 1]}"  # the label and the amount on lines of their own
            if self.words.is_total(text) and len(text) <= 80:
                found = self._amount(text) or found
        return found

    def _amount(self, text: str) -> str:
        money = self.words.money
        match = money.search(text) if money else None
        return " ".join(match.group(0).split()).strip(" ,.") if match else ""

    def is_review_page(self, form: FormFacts, page: PageFacts) -> bool:
        """The last step of a checkout: a total on the page, and a form that collects nothing more."""
        collects = any(f.visible and f.type in DATA_FIELDS for f in form.fields)
        return not collects and bool(self.total(page))

    def step_onward(self, facts: ElementFacts) -> str:
        """The address of the form the control submits when it only moves a flow on: it is the form's submit, named
        as a step onward, and the page is not the review (its form still collects something, or no total is shown).
        Empty otherwise."""
        form = facts.form
        if not facts.is_submit or form is None or form.method in ("get", "dialog"):
            return ""
        label = form.submitter.label if form.submitter else form.submit_name
        return form.action if self.words.advances(label) and not self.is_review_page(form, facts.page) else ""

    def in_basket_line(self, facts: ElementFacts) -> bool:
        """The control is in a line of a basket: the line has a quantity field, the page a total and a checkout."""
        line_has_quantity = any(self.words.is_quantity(f.label) for f in facts.row.fields)
        return (line_has_quantity and bool(self.total(facts.page))
                and any(self.words.checks_out(c) for c in facts.page.commands))

    @staticmethod
    def posts_within_draft(facts: ElementFacts, in_draft: Callable[[str], bool]) -> bool:
        """The control submits a form whose address (its last two segments, as the form's data is read) names one's
        own draft: what it removes is a line of that draft."""
        form = facts.form
        if not facts.is_submit or form is None or form.method in ("get", "dialog"):
            return False
        segments = urlsplit(form.action).path.rstrip("/").split("/")[-2:]
        return in_draft(" ".join(_PATH_WORDS.sub(" ", " ".join(segments)).split()))

    def in_form_row(self, facts: ElementFacts) -> bool:
        """The control takes a row of fields out of a form being filled (a formset's added row): it neither submits
        nor leaves the page, the row holds the form's own fields, and the form commits only by its submit button,
        which the gate judges with what it would send."""
        script_only = not facts.is_submit and (facts.href.strip() in ("", "#") or facts.href.startswith("javascript:"))
        fills = [f for f in facts.row.fields if f.visible and f.type in DATA_FIELDS and f.type != "search"]
        return bool(script_only and fills and facts.form is not None and facts.form.submitter is not None)

    @staticmethod
    def drops_filter(facts: ElementFacts) -> bool:
        """The control removes a filter from the view (a chip of the list's search or filter form): it neither
        submits a form that writes nor opens an address, so it changes what is shown, never a record."""
        script_only = not facts.is_submit and (facts.href.strip() in ("", "#") or facts.href.startswith("javascript:"))
        return script_only and facts.page.in_filter

    # ----- what it is about --------------------------------------------------------------------------------
    def purchase(self, page: PageFacts, *, in_item: bool = False) -> Purchase | None:
        """The items (with quantities and prices) and the total the page shows, or None when it shows neither.

        For a control in a card or line (``in_item``) the rows are that item's own: none, and it names itself."""
        items = []
        for cells in page.rows:
            line = " ".join(cells)
            if not self.words.has_money(line) or self.words.mentions_total(line) or len(line) > 200:
                continue
            name = next((c for c in cells if _LETTER.search(c) and not self.words.has_money(c)), "")
            if not name or self.words.is_quantity(name):
                continue
            count = next((m.group(1) for c in cells if c != name and (m := _COUNT.match(c))), "")
            if not count:  # an order's line shows how many; a product listed for sale does not
                continue
            price = self._amount(next((c for c in reversed(cells) if self.words.has_money(c)), ""))
            items.append(f"{count} × {name} ({price})" if price else f"{count} × {name}")
        if in_item and not items:
            return None
        total = self.total(page)
        return Purchase(tuple(items), total) if items or total else None

    def about_page_total(self, facts: ElementFacts) -> bool:
        """Whether the page's lines and total are what the control pays for: it submits a form, or a total is shown
        right next to it (a scripted button elsewhere on the page pays for its own thing)."""
        near = facts.page.near
        return facts.form is not None or (self.words.mentions_total(near) and self.words.has_money(near))

    @staticmethod
    def record(facts: ElementFacts, *, whole_line: bool = False) -> str:
        """What the page calls the record the control acts on: its dialog's title, else its row's name, else (an
        item of a popup menu) what the menu's opener sits with. ``whole_line``: what a purchase buys, when the row
        has no name of its own but its first cell ('Depart: 2:40 AM … · Arrives: … · Duration: 5h 3m')."""
        if whole_line and facts.row.cells and facts.row.name == facts.row.cells[0] and not facts.page.dialog:
            line = " · ".join(facts.row.cells)
            return line if len(line) <= 160 else line[:159] + "…"
        return facts.page.dialog or facts.row.name or facts.page.menu_of

    def warning(self, page: PageFacts) -> str:
        """The page's own warning about the effect (alerts, the open dialog, the prose near the control: never a
        list's rows, a select's options or a control's name)."""
        for block in (*page.alerts, page.text if page.prose is None else page.prose):
            for sentence in _SENTENCES.split(block):
                if self.words.warns(sentence):
                    text = " ".join(sentence.split())
                    return text if len(text) <= 160 else text[:159] + "…"
        return ""

    def ending_change(self, form: FormFacts, is_action: Callable[[str], object]) -> ChosenOption | None:
        """A select or radio the user changed to a value that ends a record (Cancelled, Refunded, Archived …);
        an option that names an action ('Delete selected books') is the action's, not a value."""
        return next((c for c in form.chosen if c.changed and not is_action(c.option)
                     and (self.words.is_irreversible(c.option) or self.words.is_irreversible(c.value))), None)
