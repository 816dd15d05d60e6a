"""What the model requests of a scripted eval run cost: requests by role, browser calls, request sizes, tool-schema
characters per role, the cache-eligible prefix share and the list-price estimate with and without prompt caching.
Used by ``scripts/bench_orchestrator.py``.

Conventions
- A request's size is the characters of its JSON body; tokens ≈ characters / 4 (the scripted server's own count,
  the one the harness reports).
- Role: the agent whose system prompt the request carries (planner, dom_analyzer, executor, validator, answerer;
  a model lead if there is one: since issue 12 the orchestrator leads in Python and sends none).
- Browser calls: distinct ``mcp__browser__*`` tool uses, in the requests and in the replies (a spawn that ends with
  its report tool sends no request after its last reply); page actions: those that act on the page.
- Cache-eligible prefix: the longest byte prefix (tools, system, then messages in order) a request shares with an
  earlier request of the same role and model; with caching it is read at 0.1x and the rest written at 1.25x.
  The CLI's billing-header line (it varies per conversation) is left out of both.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from dataclasses import dataclass, field

from browser_agent_evals.scripted.server import ModelRequest, ToolUse

BROWSER = "mcp__browser__"
ACTIONS = frozenset(
    {"navigate", "click", "type_text", "press_key", "hover", "select_option",
     "scroll", "confirm_action", "fill_form", "click_at", "type_at", "upload_file", "drag"}
)
ROLES = ("lead", "planner", "dom_analyzer", "executor", "validator", "answerer")
PRICE_PER_MTOK = {"haiku": 1.0, "sonnet": 3.0, "opus": 5.0}  # USD per million input tokens, list prices
CACHE_WRITE, CACHE_READ = 1.25, 0.10


def price(model: str) -> float:
    return next((p for key, p in PRICE_PER_MTOK.items() if key in model), PRICE_PER_MTOK["sonnet"])


def common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix of two strings (bisection on slices: fast for long prompts)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


BILLING = "x-anthropic-billing-header"


def head(req: ModelRequest) -> str:
    """Tools and system prompt, without the CLI's own billing-header line (it varies per conversation and is
    not part of the prompt)."""
    system = req.body.get("system") or ""
    if isinstance(system, list):
        system = [b for b in system if not str(b.get("text", "")).startswith(BILLING)]
    return json.dumps({"tools": req.body.get("tools") or [], "system": system})


def canonical(req: ModelRequest) -> str:
    """The request in the order a prompt cache sees it: tools, system, then the messages."""
    return head(req) + "".join(json.dumps(m) for m in req.messages)


@dataclass
class TaskCost:
    task: str
    requests: Counter[str] = field(default_factory=Counter)
    sizes: list[int] = field(default_factory=list)
    sizes_by_role: dict[str, list[int]] = field(default_factory=dict)
    schema_chars: dict[str, int] = field(default_factory=dict)
    lead_browser_tools: int = 0
    browser_calls: int = 0
    page_actions: int = 0
    cached_chars: int = 0
    usd: float = 0.0
    usd_cached: float = 0.0
    harness_tokens: int = 0
    heads: dict[str, set[str]] = field(default_factory=dict)  # per role: distinct (tools, system) prefixes

    @property
    def total_requests(self) -> int:
        return sum(self.requests.values())

    @property
    def input_chars(self) -> int:
        return sum(self.sizes)

    @property
    def per_call(self) -> float:
        return self.total_requests / max(1, self.browser_calls)

    @property
    def per_action(self) -> float:
        return self.total_requests / max(1, self.page_actions)

    @property
    def largest_subagent(self) -> int:
        return max((s for r, v in self.sizes_by_role.items() if r != "lead" for s in v), default=0)


def analyse(task: str, requests: list[ModelRequest], harness_tokens: int = 0) -> TaskCost:
    cost = TaskCost(task, harness_tokens=harness_tokens)
    seen_calls: dict[str, str] = {}
    earlier: dict[tuple[str, str], list[str]] = {}
    for req in requests:
        role = req.agent if req.agent in ROLES else "other"
        cost.requests[role] += 1
        cost.sizes.append(req.chars)
        cost.sizes_by_role.setdefault(role, []).append(req.chars)
        tools = req.body.get("tools") or []
        cost.schema_chars[role] = max(cost.schema_chars.get(role, 0), len(json.dumps(tools)))
        if role in ("lead", "planner"):
            cost.lead_browser_tools = max(cost.lead_browser_tools, sum(n.startswith(BROWSER) for n in req.tool_names))
        replied = {b.id: b for b in req.reply if isinstance(b, ToolUse)}  # a spawn's last reply has no next request
        for use_id, use in (req.tool_uses() | replied).items():
            if use.name.startswith(BROWSER):
                seen_calls[use_id] = use.name[len(BROWSER):]
        text = canonical(req)
        cost.heads.setdefault(role, set()).add(head(req))
        previous = earlier.setdefault((role, req.model), [])
        shared = max((common_prefix(text, p) for p in previous), default=0)
        previous.append(text)
        share = shared / max(1, len(text))
        cached = int(req.chars * share)
        cost.cached_chars += cached
        per_char = price(req.model) / 4 / 1e6
        cost.usd += req.chars * per_char
        cost.usd_cached += (cached * CACHE_READ + (req.chars - cached) * CACHE_WRITE) * per_char
    cost.browser_calls = len(seen_calls)
    cost.page_actions = sum(1 for name in seen_calls.values() if name in ACTIONS)
    return cost


def median(values: list[int]) -> int:
    return int(statistics.median(values)) if values else 0


def task_table(costs: list[TaskCost]) -> list[str]:
    lines = [
        "| task | requests (lead/plan/dom/exec/valid) | browser calls (actions) | req per call (per action) "
        "| median req | largest req | input chars | harness tokens | USD | USD cached |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in costs:
        roles = "/".join(str(c.requests.get(r, 0)) for r in ROLES[:5])
        lines.append(
            f"| {c.task} | {c.total_requests} ({roles}) | {c.browser_calls} ({c.page_actions}) "
            f"| {c.per_call:.2f} ({c.per_action:.2f}) | {median(c.sizes):,} | {max(c.sizes, default=0):,} "
            f"| {c.input_chars:,} | {c.harness_tokens:,} | {c.usd:.3f} | {c.usd_cached:.3f} |"
        )
    return lines


def summary_table(costs: list[TaskCost]) -> list[str]:
    sizes = [s for c in costs for s in c.sizes]
    requests = sum(c.total_requests for c in costs)
    calls = sum(c.browser_calls for c in costs)
    actions = sum(c.page_actions for c in costs)
    by_role: Counter[str] = Counter()
    for c in costs:
        by_role.update(c.requests)
    schema = {r: max((c.schema_chars.get(r, 0) for c in costs), default=0) for r in ROLES}
    lead_sizes = [s for c in costs for s in c.sizes_by_role.get("lead", [])]
    planner_sizes = [s for c in costs for s in c.sizes_by_role.get("planner", [])]
    lead_tools = max(c.lead_browser_tools for c in costs) if costs else 0
    # No model request is the lead's when the orchestrator leads in Python: the planner, which talks to the
    # orchestrator and through it to the human, is then held to the lead's target.
    head_sizes = lead_sizes or planner_sizes
    head_name = "lead request (largest)" if lead_sizes else "lead: the orchestrator, 0 requests; planner (largest)"
    tokens = sum(c.harness_tokens for c in costs)
    chars = sum(c.input_chars for c in costs)
    cached = sum(c.cached_chars for c in costs)
    one_step = [c for c in costs if c.page_actions <= 2]
    click = next((c for c in costs if c.task == "click-button"), None)
    ten = [c for c in costs if c.page_actions >= 8]

    def row(name: str, value: str, target: str = "", ok: bool | None = None) -> str:
        mark = "" if ok is None else (" ✅" if ok else " ❌")
        return f"| {name} | {value} | {target}{mark} |"

    return [
        "| measure | value | target |",
        "|---|---|---|",
        row("tasks", str(len(costs))),
        row("requests by role", ", ".join(f"{r} {by_role.get(r, 0)}" for r in ROLES if by_role.get(r))),
        row("browser calls (page actions)", f"{calls} ({actions})"),
        row("requests per browser call", f"{requests / max(1, calls):.2f}", "≤ 1.5", requests / max(1, calls) <= 1.5),
        row("requests per page action", f"{requests / max(1, actions):.2f}"),
        row("median request", f"{median(sizes):,} chars", "≤ 12k", median(sizes) <= 12_000),
        row("largest request", f"{max(sizes, default=0):,} chars"),
        row(head_name, f"{max(head_sizes, default=0):,} chars, {lead_tools} browser tools",
            "≤ 12k, no mcp__browser__*", max(head_sizes, default=0) <= 12_000 and not lead_tools),
        row("planner request, first of each task (largest) / later (largest)",
            f"{max((c.sizes_by_role['planner'][0] for c in costs if c.sizes_by_role.get('planner')), default=0):,}"
            f" / {max((s for c in costs for s in c.sizes_by_role.get('planner', [])[1:]), default=0):,} chars"),
        row("tool-schema chars per role", ", ".join(f"{r} {schema[r]:,}" for r in ROLES if schema[r])),
        row("largest subagent request, tasks with ≤ 2 page actions",
            f"{max((c.largest_subagent for c in one_step), default=0):,} chars", "≤ 16k",
            max((c.largest_subagent for c in one_step), default=0) <= 16_000),
        row("input chars per task with ≥ 8 page actions",
            ", ".join(f"{c.task} {c.input_chars / 1e6:.2f} M" for c in ten) or "-", "≤ 0.3 M",
            all(c.input_chars <= 300_000 for c in ten) if ten else None),
        row("total input chars", f"{chars / 1e6:.2f} M"),
        row("cache-eligible prefix share", f"{cached / max(1, chars):.0%}"),
        row("system prompt + tool list byte-stable within each agent of a task",
            ", ".join(f"{r} {max(len(c.heads.get(r, ())) for c in costs)}" for r in ROLES if schema[r]) + " variant(s)",
            "1 each", all(len(v) <= 1 for c in costs for v in c.heads.values())),
        row("click-button (harness tokens)", f"{click.harness_tokens:,}" if click else "-", "≤ 20k",
            (click.harness_tokens <= 20_000) if click else None),
        row("suite (harness tokens)", f"{tokens / 1e6:.2f} M", "≤ 1.0 M", tokens <= 1_000_000),
        row("USD at list prices (input only)", f"${sum(c.usd for c in costs):.2f} without caching, "
            f"${sum(c.usd_cached for c in costs):.2f} with"),
    ]


# The Python conductor's last row (README, issue 20, 30/30 passed), kept as a historical column: that lead is gone.
PYTHON_LEAD_LAST = {"python (removed; last measured)": [
    "252 (35/0/157/60)", "1.44 ✅", "10,395 ✅", "7,670", "0 ✅", "12,270 ✅", "0.655 M ✅", "$0.83 ($1.77)"]}


def side_by_side(runs: dict[str, list[TaskCost]], fixed: dict[str, list[str]] | None = None) -> list[str]:
    """The issue-20 measures, one column per run, after the ``fixed`` columns (figures kept from earlier runs, one
    cell per measure in the table's order)."""

    def measures(costs: list[TaskCost]) -> dict[str, tuple[str, bool | None]]:
        sizes = [s for c in costs for s in c.sizes]
        requests = sum(c.total_requests for c in costs)
        calls = sum(c.browser_calls for c in costs)
        per_call = requests / max(1, calls)
        click = next((c for c in costs if c.task == "click-button"), None)
        tokens = sum(c.harness_tokens for c in costs)
        schemas = max((c.lead_browser_tools for c in costs), default=0)
        planner = [s for c in costs for s in c.sizes_by_role.get("planner", [])]
        return {
            "requests (planner/dom/exec/valid)": (f"{requests} (" + "/".join(
                str(sum(c.requests.get(r, 0) for c in costs)) for r in ROLES[1:5]) + ")", None),
            "requests per browser call (≤ 1.45)": (f"{per_call:.2f}", per_call <= 1.45),
            "median request chars (≤ 11k)": (f"{median(sizes):,}", median(sizes) <= 11_000),
            "planner request, largest chars": (f"{max(planner, default=0):,}", None),
            "planner browser tool schemas (0)": (str(schemas), schemas == 0),
            "click-button harness tokens (≤ 13k)": (f"{click.harness_tokens:,}" if click else "-",
                                                     click.harness_tokens <= 13_000 if click else None),
            "suite harness tokens (≤ 0.67 M)": (f"{tokens / 1e6:.3f} M", tokens <= 670_000),
            "USD input, cached (uncached)": (f"${sum(c.usd_cached for c in costs):.2f} "
                                             f"(${sum(c.usd for c in costs):.2f})", None),
        }

    table = {lead: measures(costs) for lead, costs in runs.items()}
    leads, fixed = list(runs), fixed or {}
    head = [*fixed, *leads]
    lines = ["| measure | " + " | ".join(head) + " |", "|---|" + "---|" * len(head)]
    for row, name in enumerate(next(iter(table.values()), {})):
        cells = [column[row] for column in fixed.values()]
        for lead in leads:
            value, ok = table[lead][name]
            cells.append(value + ("" if ok is None else (" ✅" if ok else " ❌")))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def anatomy(requests: list[ModelRequest]) -> list[str]:
    """What the CLI really sends, per role (its first request): the system blocks, the tool list, and the text it
    adds to the messages (the Environment block, reminders), each with its size in characters."""
    lines = ["| role | part | chars | starts with |", "|---|---|---|---|"]
    seen: set[str] = set()

    def cell(text: str) -> str:
        return " ".join(text.split())[:70].replace("|", "\\|")

    for req in requests:
        if req.agent in seen:
            continue
        seen.add(req.agent)
        system = req.body.get("system") or []
        for block in system if isinstance(system, list) else [{"text": system}]:
            text = str(block.get("text", ""))
            lines.append(f"| {req.agent} | system block | {len(text):,} | {cell(text)} |")
        tools = req.body.get("tools") or []
        names = ", ".join(str(t.get("name", "")) for t in tools)
        lines.append(f"| {req.agent} | tools ({len(tools)}) | {len(json.dumps(tools)):,} | {cell(names)} |")
        for tool in tools:
            lines.append(f"| {req.agent} | tool {tool.get('name', '')} | {len(json.dumps(tool)):,} "
                         f"| {cell(str(tool.get('description', '')))} |")
        for msg in req.messages:
            content = msg.get("content")
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
            for block in blocks:
                text = str(block.get("text", "")) if block.get("type") == "text" else ""
                if msg.get("role") == "system" or text.startswith("<system-reminder>"):
                    lines.append(f"| {req.agent} | {msg.get('role')} message text | {len(text):,} | {cell(text)} |")
    return lines
