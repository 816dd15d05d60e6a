"""Suites as data (YAML or JSON): suite-level defaults (seed 003's ``EvalDefaults``) and one ``EvaluationConfig``
per task — a goal in plain language, a start page, an optional answers file for questions, a checker that reads the
final page state, and for the scripted mode a short solution in plain descriptions. A local site's task names
what the site shows through the site's data (``sites/data.py``), never by copying page text.

::

    name: miniwob
    defaults: {seed: eval-1, allow_confirm: [send], checker: {miniwob_reward: 1.0}}
    tasks:
      - id: click-button
        miniwob: click-button                  # the MiniWoB++ task; its goal is its utterance
        tags: [click]
        solution: [{click: {name: "{target}", role: button}}]
      - id: shop-checkout
        start: shop/                           # a page of the local sites
        goal: "Open {start_url} and buy ..."
        answers: {confirm: [yes]}
        checker:
          state: {"shop.orders.0.items.0.sku": pour-over-kettle}
          page_text: {site: shop, message: order_confirmed}         # a message of the site's data
        solution:
          - click: {name: "{shop.labels.add_to_cart}", role: button}  # a datum, resolved at load
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from browser_agent_evals.scripted.solution import check_steps
from browser_agent_evals.sites.data import PageText, SiteData, SiteDataError, load_site_data, resolve_references
from orchestrator.session.answerers import AnswerRule

SUITES_DIR = Path(__file__).resolve().parent / "suites"
Category = Literal["delete", "send", "payment", "cancel", "loss"]


class Answers(BaseModel):
    """A task's answers file: the questions' answers (as ``--answers`` files), the destructive actions the human
    allows, and what the human types when a sensitive field is handed over."""

    model_config = ConfigDict(extra="forbid")
    answers: list[AnswerRule | str] = Field(default_factory=list)
    confirm: list[bool] = Field(default_factory=list, description="successive decisions, before allow_confirm")
    allow_confirm: list[Category] = Field(default_factory=list, description="categories allowed (default: none)")
    type_sensitive: str | None = Field(None, description="what the human types into a handed-over field")

    def fallback_responses(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for rule in self.answers:
            if isinstance(rule, str):
                out.setdefault("*", rule)
            else:
                out[rule.match or "*"] = rule.answer
        return out


class Checker(BaseModel):
    """What must hold at the end, read from the final page state (every given check must pass)."""

    model_config = ConfigDict(extra="forbid")
    miniwob_reward: float | None = Field(None, description="the first episode's raw reward is at least this")
    page_text: str | PageText | None = Field(
        None, description="the final page (or its last frame) shows this text, or this message of a local site"
    )
    state: dict[str, Any] = Field(default_factory=dict, description="dotted path in the site's state → value")


class EvalDefaults(BaseModel):
    """Suite-level defaults (seed 003) plus the evaluation's own."""

    model_config = ConfigDict(extra="forbid")
    developer_qa_model: str | None = Field(None, description="model of the DeveloperAgent's answers (None: default)")
    question_timeout_seconds: int = Field(60, ge=1, le=300)
    context_window_size: int = Field(10, ge=1, le=100)
    seed: str = Field("eval", description="MiniWoB++ episodes are seeded with '<seed>:<task id>'")
    max_turns: int = Field(30, ge=1, le=1000)
    # Budgets: unset = the orchestrator's own settings (ORCH_MAX_BUDGET_USD, ORCH_WALL_CLOCK_S, ORCH_MAX_REQUESTS,
    # or the eval command's flags), so a run is limited the same way as the user's own tasks.
    max_budget_usd: float | None = Field(None, gt=0)
    wall_clock_s: float | None = Field(None, gt=0)
    max_requests: int | None = Field(None, ge=1)
    horizon: int = Field(6, ge=1, le=8, description="scripted mode: steps per planning horizon (the prompt: 3-6)")
    answers: Answers = Field(default_factory=Answers)
    checker: Checker | None = None
    goal: str | None = Field(None, description="goal template; MiniWoB++ default: 'Open {start_url} ... {utterance}'")


class EvaluationConfig(BaseModel):
    """One task. Unset fields take the suite's defaults."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9._-]*$")
    miniwob: str | None = Field(None, description="a MiniWoB++ task name (start page and goal follow)")
    start: str | None = Field(None, description="the start page under the run's root, e.g. 'shop/'")
    goal: str | None = None
    tags: list[str] = Field(default_factory=list)
    fields: dict[str, str] = Field(default_factory=dict, description="extra fields for the goal and the solution")
    derive: dict[str, str] = Field(default_factory=dict, description="fields computed from others (derive.py)")
    answers: Answers | None = None
    checker: Checker | None = None
    solution: list[dict[str, Any]] = Field(default_factory=list)
    expect: str | PageText = Field("", description="scripted mode: text (or a site's message) the validator looks for")
    developer_qa_model: str | None = None
    seed: str | None = None
    max_turns: int | None = Field(None, ge=1, le=1000)
    wall_clock_s: float | None = Field(None, gt=0)

    @field_validator("solution")
    @classmethod
    def _steps(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        check_steps(value)
        return value

    @model_validator(mode="after")
    def _where(self) -> EvaluationConfig:
        if bool(self.miniwob) == bool(self.start):
            raise ValueError(f"task {self.id}: give exactly one of `miniwob` or `start`")
        if self.start and not self.goal:
            raise ValueError(f"task {self.id}: a site task needs a `goal`")
        return self

    @property
    def start_path(self) -> str:
        return f"miniwob/{self.miniwob}.html" if self.miniwob else str(self.start).lstrip("/")


class Suite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    description: str = ""
    defaults: EvalDefaults = Field(default_factory=EvalDefaults)
    include: list[str] = Field(default_factory=list, description="other suite files (relative), run with this one")
    tasks: list[EvaluationConfig] = Field(default_factory=list)


class Task(BaseModel):
    """A task with its suite's defaults applied: what the runner needs."""

    config: EvaluationConfig
    defaults: EvalDefaults
    suite: str

    @property
    def id(self) -> str:
        return self.config.id

    @property
    def answers(self) -> Answers:
        return self.config.answers or self.defaults.answers

    @property
    def checker(self) -> Checker:
        return self.config.checker or self.defaults.checker or Checker()

    @property
    def seed(self) -> str:
        return f"{self.config.seed or self.defaults.seed}:{self.id}"

    @property
    def goal_template(self) -> str:
        if self.config.goal:
            return self.config.goal
        return self.defaults.goal or "Open {start_url} and do this task on that page: {utterance}"

    @property
    def developer_qa_model(self) -> str | None:
        return self.config.developer_qa_model or self.defaults.developer_qa_model

    @property
    def max_turns(self) -> int:
        return self.config.max_turns or self.defaults.max_turns

    @property
    def wall_clock_s(self) -> float | None:
        return self.config.wall_clock_s or self.defaults.wall_clock_s


def _read(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    raw = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a suite is a mapping with `name` and `tasks`")
    return raw


def find_suite(name_or_path: str) -> Path:
    """A suite file by path, or by name among the bundled suites (``miniwob``, ``sites``, ``all``)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    for suffix in (".yaml", ".yml", ".json"):
        bundled = SUITES_DIR / f"{name_or_path}{suffix}"
        if bundled.is_file():
            return bundled
    known = ", ".join(sorted(p.stem for p in SUITES_DIR.glob("*.yaml")))
    raise FileNotFoundError(f"no suite {name_or_path!r} (a file, or one of: {known})")


def _check_messages(path: Path, suite: Suite, sites: SiteData) -> None:
    """Every ``{site, message}`` the suite names exists in the site data (checked at load, read at check time)."""
    checkers = [suite.defaults.checker, *(c.checker for c in suite.tasks)]
    named = [c.page_text for c in checkers if c is not None] + [c.expect for c in suite.tasks]
    for text in named:
        if isinstance(text, PageText):
            try:
                sites.message(text)
            except SiteDataError as exc:
                raise ValueError(f"{path}: {exc}") from exc


def load_tasks(path: Path, _seen: frozenset[Path] = frozenset(), *, sites: SiteData | None = None) -> list[Task]:
    """Every task of a suite file and the suites it includes, with defaults applied (ids must be unique).
    References to the local sites' data (``{shop.products.<sku>.name}``) are resolved against ``sites`` (the
    bundled site data by default)."""
    path = path.resolve()
    if path in _seen:
        raise ValueError(f"{path}: included twice")
    sites = sites or load_site_data()
    try:
        suite = Suite.model_validate(resolve_references(_read(path), sites))
    except SiteDataError as exc:
        raise ValueError(f"{path}: {exc}") from exc
    _check_messages(path, suite, sites)
    tasks = [t for inc in suite.include for t in load_tasks((path.parent / inc), _seen | {path}, sites=sites)]
    tasks += [Task(config=c, defaults=suite.defaults, suite=suite.name) for c in suite.tasks]
    ids = [t.id for t in tasks]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"{path}: task ids used twice: {', '.join(duplicated)}")
    return tasks
