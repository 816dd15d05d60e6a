"""SecurityGuard: the action guard the session installs by default.

Before any page-changing action it (1) refuses to type into sensitive fields, whoever asks, and (2) turns a
destructive action into a pending one that only ``confirm_action`` can execute. A confirmed action skips (2),
never (1). After an unheld click, (3) a native dialog it raised that names a destructive effect holds it
(``hold_at_dialog``, ``dialog_gate.py``). An approval carries to the app's own confirmation of the same act
(``approvals.py``).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import structlog
from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import (
    BrowserUnavailable,
    ConfigurationError,
    ConfirmationRequired,
    PageChanged,
    SecurityCheckFailed,
    SensitiveFieldBlocked,
    ToolFailure,
    map_playwright_error,
)
from browser_core.page.handles import taken
from browser_core.redaction import redact
from browser_core.security.approvals import Approval
from browser_core.security.confirmations import ActionSummary, ConfirmationStore, PendingAction
from browser_core.security.detector import JUDGED_KINDS, DestructiveActionDetector
from browser_core.security.dialog_gate import LEAVE_WARNING, dialog_category, dialog_verdict
from browser_core.security.dismissed import dismisses_typed_work, typed_in_its_form
from browser_core.security.draft import discards_work, names_lost_work, throws_work, unsaved
from browser_core.security.facts import ElementFacts, element_facts
from browser_core.security.intent import ActionIntent
from browser_core.security.modal_carry import inside_raised_modal
from browser_core.security.policy import load_policy
from browser_core.security.popup_menu import in_a_menu, own_words
from browser_core.security.verdict import Verdict

if TYPE_CHECKING:
    from browser_core.page.targets import Target

log = structlog.get_logger("browser_core.security")

_FOCUSED_JS = """() => { let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a && a !== document.body ? a : null; }"""


def _types_characters(key: str) -> bool:
    """Keys that put characters into a field: printable keys and paste chords."""
    last = key.split("+")[-1]
    return (len(last) == 1 and "+" not in key.replace("Shift+", "")) or key.lower() in ("control+v", "meta+v")


@dataclass
class SecurityGuard:
    detector: DestructiveActionDetector
    store: ConfirmationStore
    approval: Approval | None = None  # the last confirmed step's, for the app's own confirmation (approvals.py)
    pressed: Target | None = None  # the last clicked element: a popup menu's opener when the menu names none
    covering: str | None = None  # the approval that covered the running step: its requests are covered too
    onward: str = ""  # the form the running step submits as a step that moves on (reading.py: step_onward)
    page_key: str = ""  # the page registry's key: the init script keeps the fields a person edited under it
    opened_on: str = ""  # the item right-clicked, while the clicks since stay in popup menus (popup_menu.py)

    @classmethod
    def create(cls, *, ttl_s: float, pending_dir: Path | None, policy_file: Path | None) -> SecurityGuard:
        return cls(DestructiveActionDetector(load_policy(policy_file)), ConfirmationStore(ttl_s, pending_dir))

    def kept_handle(self) -> ElementHandle | None:
        """The handle a later call still needs (the last pressed element's), kept when a call's handles are let go."""
        return self.pressed.handle if self.pressed is not None else None

    async def _facts(self, intent: ActionIntent) -> tuple[ElementFacts | None, str, str]:
        target = intent.target
        if target is not None:
            pressed = self.pressed
            opener = pressed.handle if pressed is not None and pressed.frame is target.frame else None
            facts = await element_facts(target.handle, opener, self.page_key)
            if facts.page.modal and self.opened_on:  # the item right-clicked, whose menu opened this dialog
                facts.page.opened_from = self.opened_on
            elif self.opened_on and (not facts.page.menu_of or facts.page.menu_of not in self.opened_on) and \
                    (await in_a_menu(target.handle, opener))[0]:
                # a command of the menu it opened, held in the menu itself: the item's own words, unless they hold
                # the name of the row the menu is read as acting on (then that row is the item)
                facts.page.menu_of = self.opened_on
            return facts, target.role, target.name
        # No suppression: if the focused element cannot be read, the check fails and nothing runs (fail closed).
        js_handle = await intent.page.evaluate_handle(_FOCUSED_JS)
        handle: ElementHandle | None = js_handle.as_element()
        if handle is None:
            return None, "", ""
        try:
            facts = await element_facts(handle, key=self.page_key)
        finally:
            with contextlib.suppress(PlaywrightError):
                await handle.dispose()
        return facts, "", facts.label

    def approved(self, pending: PendingAction, *, modal: str | None = None, dialog_used: bool = False) -> None:
        """The human confirmed ``pending`` and it ran: its approval may cover the app's own confirmation step (the
        modal it opened, marked under ``modal``; none when a native dialog already took it)."""
        self.approval = Approval.of(pending, self.store.ttl_s, modal=modal, dialog_used=dialog_used)

    def dialog_category(self, message: str) -> str | None:
        """The destructive category a native dialog's text names (the session's dialog desk asks)."""
        return dialog_category(self.detector.policy, message)

    async def hold_at_dialog(self, intent: ActionIntent, dialogs: list[dict[str, object]], *,
                             confirmed: bool = False) -> None:
        """An unheld action raised a native dialog that names a destructive effect (the desk dismissed it): hold the
        action, with the dialog's text, so confirm_action re-runs it with the dialog accepted."""
        held = next((d for d in dialogs if d.get("held")), None)
        if confirmed or held is None:
            return
        role, name = (intent.target.role, intent.target.name) if intent.target else ("", "")
        title = ""
        with contextlib.suppress(PlaywrightError):
            title = await intent.page.title()
        leaving = held.get("type") == "beforeunload"  # the page stayed: what leaving it loses, in its own terms
        said = str(held.get("message", "")).strip()  # a beforeunload's is empty: browsers show their own words
        message = said or (LEAVE_WARNING if leaving else "")
        facts: ElementFacts | None = None
        if intent.target is not None:  # the control, if it is still there, says what the act is on
            with contextlib.suppress(PlaywrightError):
                facts = await element_facts(intent.target.handle, key=self.page_key)
        verdict = dialog_verdict(self.detector.policy, str(held.get("type", "confirm")), said,
                                 f"{role} '{name}'" if role else "", title,
                                 self.detector.acted_on(facts, name) if facts else [],
                                 draft=await unsaved(intent.page, self.page_key) if leaving else ("", [], ""))
        if verdict is None:
            return
        summary = await self._summary(intent, verdict, role, name)
        summary["dialog"] = message
        self.approval = None
        pending = self.store.create(kind=intent.kind, element_id=intent.target.id if intent.target else None,
                                    params=intent.params.copy(), summary=summary, url=intent.page.url,
                                    page_asked=True)
        log.info("held at the page's own dialog", confirmation_id=pending.confirmation_id, category=verdict.category)
        raise ConfirmationRequired(
            f"NOT DONE: the page asked “{' '.join(message.split())[:200]}” - a {verdict.category} action that needs "
            "the human's confirmation (the dialog was dismissed; confirm_action re-runs the click and accepts it)",
            details=dict(pending.public()),
        )

    async def check(self, intent: ActionIntent, *, confirmed: bool = False) -> str | None:
        """Refuse or hold (raises), or allow (None, or the note of the approval that covers the action); any failure
        of the check itself refuses it (fail closed)."""
        try:
            note = await self._check(intent, confirmed=confirmed)
            await self._pressed(intent)
            return note
        except (ToolFailure, ConfigurationError):
            raise
        except PlaywrightError as exc:
            mapped = map_playwright_error(exc, action="the security check")
            if isinstance(mapped, BrowserUnavailable):
                raise mapped from exc
            if isinstance(mapped, PageChanged):
                raise PageChanged(f"nothing was done: the page changed while the action was being checked "
                                  f"({mapped.message})") from exc
            raise SecurityCheckFailed(f"nothing was done: the page could not be read to check this action "
                                      f"({mapped.message})") from exc
        except Exception as exc:
            log.warning("security check failed", kind=intent.kind, error=type(exc).__name__)
            raise SecurityCheckFailed(
                f"nothing was done: the security check of this action failed ({type(exc).__name__})") from exc

    async def _pressed(self, intent: ActionIntent) -> None:
        """A click let through becomes the last pressed element (a held one was not clicked: the menu it sits in
        still belongs to the opener clicked before it), unless it sits in a popup menu that element opened (a
        right-clicked item's, a row's own menu button's): the menu's commands act on that opener, which stays the
        last pressed, so the app's question a command opens is read as asked about the opener's record."""
        target, pressed = intent.target, self.pressed
        if intent.kind != "click" or target is None:
            return
        opener = pressed.handle if pressed is not None and pressed.frame is target.frame and \
            pressed.handle is not target.handle else None
        in_menu, its_opener = await in_a_menu(target.handle, opener)
        if intent.params.get("button") == "right":
            self.opened_on = await own_words(target.handle)
        elif not in_menu:
            self.opened_on = ""
        if its_opener:
            return
        if pressed is not None and pressed.handle is not target.handle:
            taken(pressed.handle)  # let go when this call ends: the new one is kept instead
        self.pressed = target

    async def _check(self, intent: ActionIntent, *, confirmed: bool) -> str | None:
        kind, params = intent.kind, intent.params
        if kind not in JUDGED_KINDS:  # a tab, a dialog, a file: nothing on the page to read (a flooding page need
            return None               # not answer for its own tab to be closed)
        facts, role, name = await self._facts(intent)
        types_text = kind == "type_text" or (kind == "press_key" and _types_characters(str(params.get("key", ""))))
        if types_text and not params.get("secret"):  # a named secret was checked against this field's origin
            why = self.detector.is_sensitive(role, name, facts)
            if why:
                raise SensitiveFieldBlocked(
                    f"refused to type into {why}: the human must type it in the browser window",
                    details={"field": {"role": role or "textbox", "name": name or (facts.label if facts else "")}},
                )
        if confirmed:
            return None
        if kind == "click" and params.get("button", "left") != "left":
            return None
        enter = (kind == "type_text" and params.get("press_enter")) or (kind == "press_key" and params.get("key") ==
                                                                         "Enter")
        values = [str(v) for v in params.get("values", [])] if kind == "select_option" else None
        verdict = self.detector.classify(kind, role, name, facts, key="Enter" if enter else None, values=values)
        verdict = verdict or await self._dismissed(intent, facts, f"{role} '{name}'", name)
        if verdict is None or facts is None:
            if facts is not None and (kind == "click" or enter):  # the network line reads its request as the step's
                self.onward = self.detector.reader.step_onward(facts)
            return None
        verdict = await self._lost_work(intent, verdict, facts, f"{role} '{name}'")
        url = intent.page.url
        asks = self.detector.asks_confirmation(facts.page)
        approval, self.approval = self.approval, None  # only the very next destructive step may use it
        if approval is not None and await self._modal_chose(approval, intent, verdict, name):
            log.info("approval carried to the modal the approved step opened",
                     confirmation_id=approval.confirmation_id, category=verdict.category)
            self.covering = approval.confirmation_id
            return approval.note(modal=True)
        if approval is not None and approval.covers(verdict, url, page_asks=asks):
            log.info("approval carried to the page's own confirmation", confirmation_id=approval.confirmation_id,
                     category=verdict.category, objects=len(verdict.objects))
            self.covering = approval.confirmation_id
            return approval.note()
        pending = self.store.create(
            kind=kind,
            element_id=intent.target.id if intent.target else None,
            params=params.copy(),
            summary=await self._summary(intent, verdict, role, name),
            url=url,
            page_asked=asks,
        )
        raise ConfirmationRequired(
            f"NOT DONE: {pending.summary['effect']} is a {verdict.category} action and needs the human's "
            "confirmation",
            details=dict(pending.public()),
        )

    @staticmethod
    async def _modal_chose(approval: Approval, intent: ActionIntent, verdict: Verdict, name: str) -> bool:
        """Form 2: the step sits in the modal the approved step opened, and is the control the human's yes chose."""
        if not approval.modal or intent.target is None or not approval.covers_modal(verdict, intent.page.url):
            return False
        offered = await inside_raised_modal(intent.target.handle, approval.modal)
        return offered is not None and approval.chosen_in_modal(name, offered)

    async def _dismissed(self, intent: ActionIntent, facts: ElementFacts | None, control: str,
                         name: str) -> Verdict | None:
        """A click on a control that closes its form unsent (``flow.dismisses_form``) while that form's fields hold
        words the person typed: the loss of them (``dismissed.py``); None otherwise."""
        if (intent.kind != "click" or facts is None or intent.target is None
                or not self.detector.policy.flow.dismisses_form(name)):
            return None
        fields = await typed_in_its_form(intent.target.handle, self.page_key)
        if fields is None:
            return None
        return dismisses_typed_work(control, await intent.page.title(), fields)

    async def _lost_work(self, intent: ActionIntent, verdict: Verdict, facts: ElementFacts, control: str) -> Verdict:
        """A click whose name throws work away (not a record's deletion), outside any dialog, row, link or submit:
        the page's unsaved edits, if it holds some, are what it loses (``draft.discards_work``); a loss the app's own
        dialog asks about is named by the work under it (``draft.names_lost_work``). The page is read only for such
        a click."""
        if intent.kind == "click" and verdict.category == "loss" and verdict.said and not verdict.objects:
            return names_lost_work(verdict, control, await unsaved(intent.page, self.page_key))
        if (intent.kind != "click" or not throws_work(verdict, facts)
                or not self.detector.policy.flow.throws_away(control)):
            return verdict
        return discards_work(verdict, control, await intent.page.title(),
                             await unsaved(intent.page, self.page_key)) or verdict

    async def _summary(self, intent: ActionIntent, verdict: Verdict, role: str, name: str) -> ActionSummary:
        params = intent.params
        element = f"{role} '{name}'" if role else f"the focused field '{name}'"
        action = {
            "click": f"click {element}",
            "type_text": f"type into {element} and press Enter",
            "press_key": f"press {params.get('key')} on {element}",
            "select_option": f"select {params.get('values')} in {element}",
        }.get(intent.kind, f"{intent.kind} on {element}")
        title = ""
        with contextlib.suppress(PlaywrightError):
            title = await intent.page.title()
        summary: ActionSummary = {
            "effect": verdict.effect or f"{verdict.category}: {action}",
            "action": action,
            "element": {"id": intent.target.id if intent.target else None, "role": role, "name": name},
            "category": verdict.category,
            "reason": verdict.reason,
            "objects": list(verdict.objects),
            "frame": intent.target.frame_path if intent.target else "main",
            "url": intent.page.url,
            "title": title,
        }
        if intent.kind == "type_text":
            text = str(params.get("text", ""))
            summary["text"] = redact(text if len(text) <= 80 else text[:79] + "…")
        return summary
