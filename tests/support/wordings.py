"""The labelled wording set (tests/data/wordings): each text judged by the gate's own code, in the context it appears.

A control's name is judged as the gate judges a control with that name (``DestructiveActionDetector.classify``): a
scripted button on a plain page; in a basket line (``context: cart``); the submit button of a checkout's last step
(``context: review``); or the submit button of a small form whose one text area is labelled as the app labels it
(``context: compose``, ``field``: a comment or review box, holding what the person wrote: the gate judges
its submit when it is clicked, after the text was typed); or a row of fields in a form being filled
(``context: form_row``, ``field``: the row's field). A confirmation's text is judged as the gate judges the
app's own confirmation (a native dialog or a modal: ``confirmation_category``). A control that ``opens`` a
confirmation is held when either holds it, as the gate does (the click, then the dialog it raised).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from browser_core.security.confirming import confirmation_category
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import ElementFacts, FieldFacts, FormFacts, PageFacts, RowFacts, Submitter
from browser_core.security.policy import load_policy

WORDINGS = Path(__file__).resolve().parents[1] / "data" / "wordings"
HELD = {
    "commit": {"payment"},
    "delete": {"delete"},
    "send": {"send"},
    "publish": {"send"},
    "cancel": {"cancel", "delete"},
    "loss": {"delete", "send", "payment", "cancel"},
}
CATEGORIES = ("commit", "delete", "send", "publish", "cancel", "loss", "advance", "cart edit", "ordinary")
FLOOR = 0.98


@dataclass(frozen=True)
class Wording:
    app: str
    split: str
    text: str
    category: str
    kind: str = "control"
    context: str = ""
    opens: str = ""
    source: str = ""
    field: str = ""


@dataclass(frozen=True)
class Judged:
    wording: Wording
    verdict: str | None

    @property
    def right(self) -> bool:
        expected = HELD.get(self.wording.category)
        return self.verdict is None if expected is None else self.verdict in expected


def load_wordings() -> list[Wording]:
    splits = yaml.safe_load((WORDINGS / "splits.yaml").read_text("utf-8"))
    split_of = {app: name for name in ("development", "held_out") for app in splits[name]}
    out = []
    for path in sorted(WORDINGS.glob("*.yaml")):
        if path.name == "splits.yaml":
            continue
        data = yaml.safe_load(path.read_text("utf-8"))
        source = f"{data['repo']}: {', '.join(data['files'])}"
        for item in data["texts"]:
            out.append(
                Wording(
                    data["app"],
                    split_of[data["app"]],
                    item["text"],
                    item["category"],
                    item.get("kind", "control"),
                    item.get("context", ""),
                    item.get("opens", ""),
                    source,
                    item.get("field", ""),
                )
            )
    return out


def _page(context: str) -> PageFacts:
    if context == "cart":
        return PageFacts(
            title="Shopping cart",
            heading="Shopping cart",
            text="Blue Hoodie $20.00 Total $20.00",
            lines=["Blue Hoodie", "Qty", "$20.00", "Total $20.00"],
            rows=[["Blue Hoodie", "1", "$20.00"]],
            commands=["Proceed to checkout"],
        )
    if context == "review":
        return PageFacts(
            title="Review your order",
            heading="Review your order",
            text="Blue Hoodie 1 $20.00 Shipping $5.00 Total $25.00 Payment method: Visa ending 4242",
            lines=["Blue Hoodie", "1", "$20.00", "Shipping $5.00", "Total $25.00", "Payment method: Visa ending 4242"],
            rows=[["Blue Hoodie", "1", "$20.00"]],
            commands=["Edit cart"],
        )
    return PageFacts(title="Example app", heading="Example app", text="", lines=[], commands=[])


def control_facts(name: str, context: str, field: str = "") -> ElementFacts:
    """The facts the page script would read of a control named ``name`` in ``context``."""
    page = _page(context)
    if context == "compose":
        box = FormFacts(method="post", role="", label="", fields=[FieldFacts(label=field, type="textarea",
                                                                             autocomplete="")],
                        submit_name=name, has_submit=True, action="/", submitter=Submitter(label=name))
        return ElementFacts(tag="button", type="submit", label=name, autocomplete="", is_submit=True,
                            enter_submits=False, editable=False, form=box, page=page, written=True)
    if context == "review":
        form = FormFacts(
            method="post",
            role="",
            label="",
            fields=[],
            submit_name=name,
            has_submit=True,
            action="/checkout/confirm",
            submitter=Submitter(label=name),
        )
        return ElementFacts(
            tag="button",
            type="submit",
            label=name,
            autocomplete="",
            is_submit=True,
            enter_submits=False,
            editable=False,
            form=form,
            page=page,
        )
    if context == "form_row":  # a row of fields in a form being filled, taken out before the form is handed in
        form = FormFacts(method="post", role="", label="", fields=[FieldFacts(label=field or "Value", type="text",
                                                                               autocomplete="")],
                         submit_name="Save", has_submit=True, action="/", submitter=Submitter(label="Save"))
        return ElementFacts(tag="button", type="button", label=name, autocomplete="", is_submit=False,
                            enter_submits=False, editable=False, form=form, page=page,
                            row=RowFacts(cells=[], fields=list(form.fields)))
    row = (
        RowFacts(
            name="Blue Hoodie",
            cells=["Blue Hoodie", "$20.00"],
            fields=[FieldFacts(label="Qty", type="number", autocomplete="")],
        )
        if context == "cart"
        else RowFacts()
    )
    return ElementFacts(
        tag="button",
        type="button",
        label=name,
        autocomplete="",
        is_submit=False,
        enter_submits=False,
        editable=False,
        page=page,
        row=row,
    )


def judge(wording: Wording, detector: DestructiveActionDetector) -> Judged:
    if wording.kind == "confirmation":
        return Judged(wording, confirmation_category(detector.policy, wording.text))
    facts = control_facts(wording.text, wording.context, wording.field)
    verdict = detector.classify("click", "button", wording.text, facts)
    category = verdict.category if verdict else None
    if category is None and wording.opens:
        category = confirmation_category(detector.policy, wording.opens)
    return Judged(wording, category)


def judge_all(wordings: list[Wording] | None = None) -> list[Judged]:
    detector = DestructiveActionDetector(load_policy())
    return [judge(w, detector) for w in (wordings if wordings is not None else load_wordings())]


def table(judged: list[Judged], key: str) -> dict[tuple[str, str], tuple[int, int]]:
    """(split, app or category) -> (right, total)."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for j in judged:
        cell = counts[(j.wording.split, getattr(j.wording, key))]
        cell[0] += j.right
        cell[1] += 1
    return {k: (v[0], v[1]) for k, v in counts.items()}
