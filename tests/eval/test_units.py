"""Fast checks of the evaluation's parts: description → element resolution, templates and solutions, derived
fields, the bundled suites, checkers, the comparison, the credentials check, and the web server's pages."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from browser_agent_evals import miniwob
from browser_agent_evals.checkers import check, lookup
from browser_agent_evals.derive import DeriveError, derive
from browser_agent_evals.report import compare, markdown
from browser_agent_evals.results import EvalRun, TaskResult
from browser_agent_evals.runner import credentials_problem
from browser_agent_evals.scripted.server import ModelRequest
from browser_agent_evals.scripted.solution import SolutionError, compile_steps
from browser_agent_evals.scripted.targets import TemplateError, fill, resolve
from browser_agent_evals.suite import Checker, find_suite, load_tasks
from browser_agent_evals.web import EvalWeb, TaskContext

ELEMENTS = [
    {"id": "e1", "role": "textbox", "name": ""},
    {"id": "e2", "role": "textbox", "name": "Email address"},
    {"id": "e3", "role": "button", "name": "Submit"},
    {"id": "e4", "role": "button", "name": "Submit order"},
    {"id": "e5", "role": "button", "name": "Book flight for $1,011"},
    {"id": "e6", "role": "button", "name": "Book flight for $387"},
    {"id": "e7", "role": "clickable", "name": ""},
    {"id": "f2e1", "role": "searchbox", "name": "Search"},
]


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ({"name": "submit"}, "e3"),  # exact beats prefix, any case
        ({"name": "Submit", "match": "prefix", "nth": 2}, "e4"),
        ({"name": "email"}, "e2"),  # prefix
        ({"name": "address"}, "e2"),  # contained
        ({"role": "textbox", "nth": 2}, "e2"),
        ({"role": "textbox", "name": "search"}, "f2e1"),  # textbox covers searchbox; frame ids kept
        ({"name": "Book flight for", "pick": "min_number"}, "e6"),
        ({"name": "Book flight for", "pick": "max_number"}, "e5"),
        ({"unnamed": True, "role": "clickable"}, "e7"),
        ({"name": "nothing like it"}, None),
        ({"role": "textbox", "nth": 9}, None),
    ],
)
def test_descriptions_resolve_to_observed_ids(target: dict, expected: str | None) -> None:
    found = resolve(target, ELEMENTS)
    assert (found or {}).get("id") == expected


def test_templates_fields_filters_and_runtime_answers() -> None:
    fields = {"target": "Sergio", "date": "10/22/2019", "time": "2:44 PM", "names": "China, Liberia"}
    assert fill("{target|upper} on {date|iso_date} at {time|time24}", fields) == "SERGIO on 2019-10-22 at 14:44"
    assert fill("{names|split}", fields) == ["China", "Liberia"]
    assert fill({"a": ["{answer}", "{target}"]}, fields, keep=frozenset({"answer"})) == {"a": ["{answer}", "Sergio"]}
    with pytest.raises(TemplateError, match="no field 'missing'"):
        fill("{missing}", fields)


def test_solutions_compile_with_each_when_repeat_and_confirm() -> None:
    fields = {"target 0": "a", "target 1": "b", "task": "delete", "back": "2"}
    steps = compile_steps(
        [
            {"each": "target", "click": {"name": "{item}", "role": "checkbox"}},
            {"when": {"task": "star"}, "click": "Star"},
            {"when": {"task": ["delete", "trash"]}, "click": "Delete"},
            {"confirm": True},
            {"press": "PageUp", "repeat": "{back}"},
            {"ask": {"question": "Salary?", "options": ["a", "b"]}},
            {"type": {"into": "Salary", "text": "{answer}"}},
        ],
        fields,
    )
    assert [s["op"] for s in steps] == ["click", "click", "click", "press", "press", "ask", "type"]
    assert [s["key"] for s in steps] == [f"s{n}" for n in range(1, 8)]
    assert steps[1]["target"]["name"] == "b" and steps[2]["confirm"] is True and steps[3]["keys"] == "PageUp"
    assert steps[6]["text"] == "{answer}"  # filled by the planner from the human's answer, at run time
    with pytest.raises(SolutionError):
        compile_steps([{"click": "a", "type": {"into": "b", "text": "c"}}], {})
    with pytest.raises(SolutionError):
        compile_steps([{"confirm": True}], {})


def test_derived_fields_are_small_safe_arithmetic() -> None:
    out = derive({"page": "(rank - 1) // 3 + 1", "back": "12 - int(date[:2])"}, {"rank": "7", "date": "10/29/2016"})
    assert out["page"] == "3" and out["back"] == "2"
    for bad in ("__import__('os')", "rank.real", "open('x')", "[1][5]"):
        with pytest.raises(DeriveError):
            derive({"x": bad}, {"rank": "7"})


def test_bundled_suites_cover_what_the_issue_asks() -> None:
    tasks = load_tasks(find_suite("all"))
    mini = [t for t in tasks if t.config.miniwob]
    assert len(mini) >= 25 and len({t.id for t in tasks}) == len(tasks)
    names = {t.config.miniwob for t in mini}
    assert {"email-inbox", "search-engine", "login-user", "book-flight"} <= names
    tags = {tag for t in mini for tag in t.config.tags}
    assert {"click", "typing", "select", "date", "checkbox", "multi-step"} <= tags
    sites = {t.id for t in tasks if not t.config.miniwob}
    assert sites == {"shop-checkout", "webmail-reply-delete", "job-application"}
    available = set(miniwob.task_names())
    assert names <= available
    assert all(t.config.solution or t.config.miniwob == "click-test" for t in tasks)
    assert all(t.checker.miniwob_reward for t in mini) and all(t.checker.state for t in tasks if t.id in sites)


def test_miniwob_fields_come_from_the_wheels_extractors() -> None:
    utterance = 'Enter the username "chas" and the password "y1oI" into the text fields and press login.'
    assert miniwob.extract_fields("login-user", utterance) == {"username": "chas", "password": "y1oI"}
    assert miniwob.extract_fields("no-such-task", utterance) == {}


def test_checkers_read_reports_and_site_state() -> None:
    ctx = TaskContext("t")
    assert not check(Checker(miniwob_reward=1.0), ctx).success
    ctx.report({"kind": "episode_end", "reward": 0.93, "raw_reward": 1, "utterance": "Click A.", "reason": None})
    ctx.report({"kind": "episode_end", "reward": -1, "raw_reward": -1, "utterance": "Click B."})  # later: ignored
    assert check(Checker(miniwob_reward=1.0), ctx, utterance="Click A.").success
    differs = check(Checker(miniwob_reward=1.0), ctx, utterance="Click C.")
    assert not differs.success and "differs" in differs.detail
    ctx.report({"kind": "load", "frame": True, "text": "Application  received"})
    ctx.state = {"jobs": {"applications": [{"salary": "72000", "name": "Ada Lovelace"}]}}
    good = Checker(page_text="application received",
                   state={"jobs.applications.-1.salary": 72000, "jobs.applications.0.name": {"contains": "ada"}})
    assert check(good, ctx).success
    bad = check(Checker(state={"jobs.applications.1.name": "x"}), ctx)
    assert not bad.success and "missing" in bad.detail
    assert lookup({"a": [{"b": 1}]}, "a.-1.b") == 1


def test_comparison_highlights_regressions() -> None:
    before = EvalRun(suite="s", mode="scripted", started_at="yesterday",
                     results=[TaskResult(id="a", success=True), TaskResult(id="b", success=False),
                              TaskResult(id="c", success=True)])
    now = EvalRun(suite="s", mode="scripted", results=[TaskResult(id="a", success=False),
                                                      TaskResult(id="b", success=True),
                                                      TaskResult(id="d", success=True)])
    text, regressions = compare(now, before)
    assert regressions == ["a"]
    assert "| a | ✅ | ❌ | **REGRESSION**" in text and "| b | ❌ | ✅ | fixed" in text and "| d | — |" in text
    assert "Not run this time: c" in text
    assert "**2/3 passed**" in markdown(now, text)


def test_real_mode_needs_credentials(tmp_path: Path) -> None:
    assert credentials_problem({"HOME": str(tmp_path)}) is not None
    assert credentials_problem({"HOME": str(tmp_path), "ANTHROPIC_API_KEY": "k"}) is None
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / ".credentials.json").write_text("{}")
    assert credentials_problem({"HOME": str(tmp_path)}) is None


def test_web_serves_seeded_miniwob_pages_and_sites_per_run() -> None:
    with EvalWeb() as web:
        one, two = web.register(miniwob_task="click-button", seed="s"), web.register()
        page = urllib.request.urlopen(f"{web.base(one.token)}/miniwob/click-button.html").read()
        assert b'Math.seedrandom("s")' in page and f"/__eval/{one.token}".encode() in page
        assert urllib.request.urlopen(f"{web.base(one.token)}/core/core.js").status == 200
        shop = urllib.request.urlopen(f"{web.base(two.token)}/shop/search?q=kettle").read().decode()
        assert "Ceramic pour-over kettle" in shop and "Electric kettle" in shop
        job = urllib.request.urlopen(f"{web.base(two.token)}/jobs/data-analyst").read().decode()
        assert f"{web.origin_b}/r/{two.token}/jobs/form/data-analyst" in job and web.origin_b.startswith("http://localhost:")
        request = urllib.request.Request(f"{web.origin_a}/__eval/{two.token}/report", data=json.dumps(
            {"kind": "load", "text": "hi"}).encode(), method="POST")
        urllib.request.urlopen(request)
        assert two.reports[-1]["text"] == "hi" and not one.reports
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"{web.origin_a}/r/unknown/shop/")


def test_budgets_follow_the_orchestrator_settings_and_flags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No hidden per-task clock: a suite that sets no budget runs with the user's own settings (or the flags)."""
    from rich.console import Console

    from browser_agent_evals.cli import budget_overrides, parse_args
    from browser_agent_evals.progress import EvalProgress
    from browser_agent_evals.runner import Runner, RunOptions

    monkeypatch.setenv("ORCH_WALL_CLOCK_S", "900")
    monkeypatch.setenv("ORCH_MAX_REQUESTS", "70")
    tasks = load_tasks(find_suite("sites"))
    runner = Runner(tasks, RunOptions(out_dir=tmp_path), EvalProgress(Console(quiet=True)))
    settings = runner.settings_for(tasks[0])
    assert settings.wall_clock_s == 900 and settings.max_requests == 70
    args = parse_args(["--wall-clock", "120", "--max-requests", "30", "--max-budget-usd", "0.5"])
    flagged = Runner(tasks, RunOptions(out_dir=tmp_path, mode="real", settings_overrides=budget_overrides(args)),
                     EvalProgress(Console(quiet=True)))
    settings = flagged.settings_for(tasks[0])
    assert (settings.wall_clock_s, settings.max_requests, settings.max_budget_usd) == (120, 30, 0.5)


def test_an_action_results_element_lines_read_like_observed_elements() -> None:
    from browser_agent_evals.scripted.horizon import parse_compact

    assert parse_compact('e3 textbox:email "Email \\"work\\"" ~"Contact" ="a@b.c" [required]') == {
        "id": "e3", "role": "textbox", "type": "email", "name": 'Email "work"'}
    assert parse_compact('f2e7 button "Next"') == {"id": "f2e7", "role": "button", "name": "Next"}
    assert parse_compact("e9 odd")["id"] == "e9"


def _executor_request(*turns: tuple[list[dict], list[dict]]) -> ModelRequest:
    """A scripted executor's conversation: the prompt, then per reply its tool uses and their results' data."""
    messages: list[dict] = [{"role": "user", "content": "Carry out these steps"}]
    n = 0
    for uses, results in turns:
        ids = [f"t{n + i}" for i in range(len(uses))]
        n += len(uses)
        messages.append({"role": "assistant", "content": [
            {"type": "tool_use", "id": i, "name": f"mcp__browser__{u['name']}", "input": u.get("input", {})}
            for i, u in zip(ids, uses, strict=True)]})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": i, "content": json.dumps(
                {"success": True, "data": data, "error": None, "metadata": {"tool": u["name"], "duration_ms": 1}})}
            for i, u, data in zip(ids, uses, results, strict=True)]})
    return ModelRequest(body={"messages": messages}, headers={}, agent="executor", chars=0)


def test_scripted_executor_ends_a_batch_of_fills_with_one_click_and_keeps_searched_ids() -> None:
    from browser_agent_evals.scripted.horizon import Horizon

    steps = [{"key": "s1", "op": "type", "target": {"name": "Email address"}, "text": "a@b.c"},
             {"key": "s2", "op": "click", "target": {"name": "Submit", "match": "exact"}},
             {"key": "s3", "op": "click", "target": {"name": "Book flight for $387"}}]
    seen = _executor_request(([{"name": "observe"}], [{"elements": ELEMENTS[:4]}]))
    batch = Horizon(steps, seen).next_blocks()
    assert [(b.name.split("__")[-1], b.input.get("element_id")) for b in batch] == [("type_text", "e2"),
                                                                                   ("click", "e3")]
    searched = _executor_request(
        ([{"name": "observe"}], [{"elements": ELEMENTS[:2]}]),
        ([{"name": "find_interactive_elements", "input": {"query": "Submit"}}], [{"elements": [ELEMENTS[2]]}]),
    )
    first = Horizon(steps, searched).next_blocks()
    assert first[0].input.get("element_id") == "e2"  # the observed id is still at hand after the search


def test_scripted_executor_sends_plainly_named_steps_with_its_navigate_by_description() -> None:
    """With the navigate, the next fills and one click whose target the plan names exactly (executor prompt);
    a step picked by position waits for the page's ids."""
    from browser_agent_evals.scripted.horizon import Horizon

    steps = [{"key": "s1", "op": "open", "url": "http://example.test/"},
             {"key": "s2", "op": "type", "target": {"name": "Email address", "role": "textbox"}, "text": "a@b.c"},
             {"key": "s3", "op": "click", "target": {"name": "Submit", "match": "exact"}},
             {"key": "s4", "op": "click", "target": {"name": "Next"}}]
    start = ModelRequest(body={"messages": [{"role": "user", "content": "Carry out these steps"}]}, headers={},
                         agent="executor", chars=0)
    batch = Horizon(steps, start).next_blocks()
    assert [(b.name.split("__")[-1], b.input.get("element_description"), b.input.get("role")) for b in batch] == [
        ("navigate", None, None), ("type_text", "Email address", "textbox"), ("click", "Submit", None)]
    assert all("element_id" not in b.input for b in batch)
    positional = [steps[0], {"key": "s2", "op": "type", "target": {"role": "textbox", "nth": 1}, "text": "x"}]
    assert len(Horizon(positional, start).next_blocks()) == 1
