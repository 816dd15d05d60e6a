"""The network's second line: what a state-changing request commits, judged from its method, URL and body alone.

Words are read only where a request names its operation, never from free text a user typed:

- the method: ``DELETE`` (or a form's ``_method`` override) deletes; GET, HEAD and OPTIONS change nothing;
- a verb of the lexicon anywhere in the path (``/runs/delete``, ``/jobs/7/cancel``, ``/kernels/shutdown``), and
  publishing there only (``/revisions/14/publish/``: what a scripted link posts), never in a form's fields;
- a noun of commitment (an order, a payment, a subscription, a booking, a checkout) only as the last word of the
  path (``POST /api/orders``, ``/shop/place-order``): a record's edit (``/orders/1042/``, ``/order/edit/``) and a
  step that only moves on (``/checkout/address``, ``/checkout/payment-details/``) are not, and neither is the
  submission of a step the first line read as moving on (``onward``: a form's "Continue" at a checkout step that
  still collects something, so not its review): that very request (its address is the form's) goes to the stage
  the noun names, it does not make one. Every other reading still holds it: a verb, a ``DELETE``, a mutation, an
  operation field, a cancelled state, and any request the act sent elsewhere (a script's ``POST /api/orders``);
- the fields of a form (urlencoded, multipart: its text parts) or a JSON body:
  the value of a field that names the operation (``action=delete_selected``, ``op``, ``operation``, ``cmd``) and
  the name of a form field that carries a verb with a value set (a submit button ``_delete=1``);
- a GraphQL mutation's operation and field names;
- a field set to a state of cancellation (``status=Cancelled``).

A deletion inside one's own draft (the path names a cart, basket, bag or wish list, the policy's ``own_drafts``: a
line taken out of the basket, ``POST /basket/ form-0-DELETE=on``, ``DELETE /api/cart/items/3``) edits that draft
and is not held, as the first line judges "Remove <item> from your cart"; ordering what the draft holds is still a
payment.

The target shown to the human is the request's own: ``DELETE /api/items/report.csv``, with the fields that say
which record (never tokens, passwords or return URLs).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit

from browser_core.security.policy import SecurityPolicy, load_policy

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
VERBS = {
    "delete": "delete",
    "destroy": "delete",
    "erase": "delete",
    "purge": "delete",
    "trash": "delete",
    "wipe": "delete",
    "cancel": "cancel",
    "terminate": "cancel",
    "kill": "cancel",
    "shutdown": "cancel",
    "poweroff": "cancel",
    "revoke": "cancel",
    "unsubscribe": "cancel",
    "pay": "payment",
    "purchase": "payment",
    "buy": "payment",
    "donate": "payment",
}
NOUNS = {
    "order": "payment",
    "orders": "payment",
    "payment": "payment",
    "payments": "payment",
    "purchases": "payment",
    "subscription": "payment",
    "subscriptions": "payment",
    "booking": "payment",
    "bookings": "payment",
    "reservation": "payment",
    "reservations": "payment",
    "donation": "payment",
    "donations": "payment",
    "bid": "payment",
    "bids": "payment",
    "charge": "payment",
    "charges": "payment",
    "checkout": "payment",
}
# A verb read only where an address names the operation (``POST /revisions/14/publish/``), never from a form's
# fields: a form's Publish button is the first line's to judge (it holds it as sending), while a script's request
# to publish, sent from a link that only looks like a page's address, is the second line's alone.
PATH_VERBS = {"publish": "send"}
CANCELLED_STATES = frozenset({"cancelled", "canceled", "terminated", "revoked"})
OPERATION_KEYS = frozenset({"action", "op", "operation", "operationname", "cmd", "command", "intent", "do"})
UNSET = frozenset({"", "0", "false", "off", "no", "none", "null"})
HIDDEN_KEYS = re.compile(
    r"csrf|token|pass|secret|session|auth|key|^url$|next|redirect|return|referr?er|^query$|"
    r"^operationname$|^variables$",
    re.I,
)
_ID = re.compile(r"^(\d+|[0-9a-f]{8,}|[0-9a-f-]{32,36}|.*\d.*\d.*\d.*|.*\..*)$", re.I)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_MUTATION = re.compile(r"^\s*mutation\b\s*(\w*)[^{]*\{\s*(?:\w+\s*:\s*)?(\w+)", re.S)
MAX_BODY = 64_000
_BOUNDARY = re.compile(r"boundary=(\"[^\"]+\"|[^;\s]+)", re.I)
_PART_NAME = re.compile(r'content-disposition:[^\r\n]*?\bname="([^"]*)"', re.I)


@dataclass(frozen=True)
class NetworkVerdict:
    category: str
    reason: str
    target: str  # the request's own target, as the human reads it


def words(text: str) -> list[str]:
    """camelCase, snake_case, kebab-case and spaced words, lower-cased; 'shut down' reads as one word."""
    found = [w.lower() for w in _WORD.findall(text)]
    joined: list[str] = []
    for word in found:
        if joined and (joined[-1], word) in (("shut", "down"), ("power", "off"), ("check", "out")):
            joined[-1] += word
        else:
            joined.append(word)
    return joined


def _verb(text: str) -> str | None:
    return next((VERBS[w] for w in words(text) if w in VERBS), None)


def _path_verb(segment: str) -> str | None:
    return next((PATH_VERBS[w] for w in words(segment) if w in PATH_VERBS), None)


def _noun(text: str) -> str | None:
    return next((NOUNS[w] for w in words(text) if w in NOUNS), None)


def _fields(body: str, content_type: str) -> tuple[list[tuple[str, str]], str | None]:
    """The body's top-level fields (name, value as text) and a GraphQL mutation's names, when it is one."""
    body = body[:MAX_BODY]
    if "json" in content_type.lower() or body.lstrip()[:1] in ("{", "["):
        try:
            data = json.loads(body)
        except ValueError:
            return [], None
        items = data if isinstance(data, list) else [data]
        pairs: list[tuple[str, str]] = []
        mutation = None
        for item in items:
            if not isinstance(item, dict):
                continue
            pairs += [(str(k), str(v)) for k, v in item.items() if isinstance(v, str | int | float | bool)]
            match = _MUTATION.match(str(item.get("query", "")))
            if match:
                names = (match.group(1), match.group(2), str(item.get("operationName") or ""))
                mutation = " ".join(name for name in names if name)
        return pairs, mutation
    if "multipart" in content_type.lower():
        return _parts(body, content_type), None
    return parse_qsl(body, keep_blank_values=True), None


def _parts(body: str, content_type: str) -> list[tuple[str, str]]:
    """A multipart form's text fields (name, value); a file's part is skipped (its content is not read)."""
    boundary = _BOUNDARY.search(content_type)
    if boundary is None:
        return []
    pairs = []
    for part in body.split("--" + boundary.group(1).strip('"'))[1:]:
        head, _, value = part.partition("\r\n\r\n")
        name = _PART_NAME.search(head)
        if name is not None and "filename=" not in head:
            pairs.append((name.group(1), value.removesuffix("\r\n")))
    return pairs


def _last_word(segments: list[str]) -> str:
    """The path's last word, when its last segment is not an id (a number, a hash, a file name)."""
    found = words(segments[-1]) if segments and not _ID.match(segments[-1]) else []
    return found[-1] if found else ""


def _by_fields(pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
    for key, value in pairs:
        bare = re.sub(r"[^a-z]", "", key.lower())
        if bare in OPERATION_KEYS and (category := _verb(value) or _noun(value)):
            return category, f"the operation '{value[:60]}'"
        if value.strip().lower() not in UNSET and (category := _verb(key)):
            return category, f"the field '{key[:60]}'"
        if value.strip().lower() in CANCELLED_STATES:
            return "cancel", f"'{key[:40]}' set to '{value[:40]}'"
    return None


def judge(
    method: str,
    url: str,
    body: str | None,
    content_type: str = "",
    policy: SecurityPolicy | None = None,
    onward: str = "",
) -> NetworkVerdict | None:
    """The verdict on one request, or None when it commits nothing the lexicon knows (GETs never do); ``policy``
    gives the words of one's own drafts (the packaged policy by default); ``onward``: the address of the form the
    running act submitted as a step that moves on (empty when it was no such step)."""
    method = method.upper()
    if method in SAFE_METHODS:
        return None
    parts = urlsplit(url)
    pairs, mutation = _fields(body or "", content_type)
    query = parse_qsl(parts.query, keep_blank_values=True)
    override = next((v.upper() for k, v in pairs + query if k.lower() == "_method"), None)
    segments = [unquote(s) for s in parts.path.split("/") if s]
    found: tuple[str, str] | None = None
    if "DELETE" in (method, override):
        found = "delete", "the DELETE method"
    elif mutation and (category := _verb(mutation) or _noun(mutation)):
        found = category, f"the GraphQL mutation '{mutation[:60]}'"
    elif category := next((c for s in segments if (c := _verb(s) or _path_verb(s))), None):
        found = category, "the path names the operation"
    elif (category := NOUNS.get(_last_word(segments))) and not _same_address(url, onward):
        found = category, f"the request makes '{segments[-1]}'"
    else:
        found = _by_fields(query + pairs)
    if found is None or (found[0] == "delete" and _in_draft(segments, policy or load_policy())):
        return None
    path = (parts.path or "/") + (f" mutation {mutation}" if mutation else "")
    return NetworkVerdict(found[0], found[1], target(method, path, query + pairs))


def _same_address(url: str, onward: str) -> bool:
    """The request goes to the address of the step's form (its fragment aside): it is that step's submission."""
    return bool(onward) and urlsplit(url)._replace(fragment="") == urlsplit(onward)._replace(fragment="")


def _in_draft(segments: list[str], policy: SecurityPolicy) -> bool:
    """The path names one's own draft (a cart, a basket, a wish list: the policy's ``own_drafts``, as the first line
    reads them in a control's name): what is deleted there is a line of it."""
    return any(policy.meaning.in_own_draft(" ".join(words(segment))) for segment in segments)


def target(method: str, path: str, pairs: list[tuple[str, str]]) -> str:
    """``METHOD /path`` and up to three fields that say which record."""
    shown = [f"{k}={v[:40]}" for k, v in pairs if v and len(k) <= 40 and not HIDDEN_KEYS.search(k)][:3]
    return " ".join([method, unquote(path)[:200], *shown])
