"""Results a person can compare across versions: ``results.json`` (everything), ``results.md`` (the table), and
a comparison with a previous ``results.json`` where regressions (passed → failed) stand out."""

from __future__ import annotations

import json
from pathlib import Path

from browser_agent_evals.results import EvalRun, TaskResult


def _cell(text: str, limit: int = 90) -> str:
    text = " ".join(str(text).split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def table(run: EvalRun, *, with_paths: bool = True) -> str:
    head = "| task | tags | success | checker | steps | tool calls | tokens (in/out) | cost | wall |"
    if with_paths:
        head += " run record |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in run.results:
        row = (
            f"| {r.id} | {', '.join(r.tags)} | {'✅' if r.success else '❌'}{' (retried)' if r.retried else ''} | "
            f"{_cell(r.checker or r.error)} | "
            f"{r.steps} | {r.tool_calls} | {r.input_tokens:,}/{r.output_tokens:,} | ${r.cost_usd:.3f} | "
            f"{r.wall_s:.1f} s |"
        )
        if with_paths:
            row += f" `{Path(r.run_dir).name if r.run_dir else '-'}` |"
        lines.append(row)
    return "\n".join(lines)


def summary_line(run: EvalRun) -> str:
    total = len(run.results)
    tokens = sum(r.input_tokens + r.output_tokens for r in run.results)
    cost = sum(r.cost_usd for r in run.results)
    return (
        f"**{run.passed}/{total} passed** · mode {run.mode}{f' ({run.model})' if run.model else ''} · "
        f"{run.workers} worker(s) · browser {run.browser} · wall {run.wall_s:.1f} s · "
        f"{tokens:,} tokens · ${cost:.2f}"
    )


def markdown(run: EvalRun, comparison: str = "") -> str:
    parts = [
        f"# Evaluation: {run.suite}",
        "",
        summary_line(run),
        "",
        f"Started {run.started_at}; run records under `{run.out_dir}/runs/`.",
        "",
        table(run),
    ]
    if comparison:
        parts += ["", comparison]
    return "\n".join(parts) + "\n"


def compare(run: EvalRun, previous: EvalRun) -> tuple[str, list[str]]:
    """A markdown section comparing two runs, and the ids of the tasks that regressed."""
    before = {r.id: r for r in previous.results}
    lines = [
        f"## Compared with {previous.started_at} ({previous.passed}/{len(previous.results)} passed)",
        "",
        "| task | before | now | change | wall before → now |",
        "|---|---|---|---|---|",
    ]
    regressions: list[str] = []
    for r in run.results:
        old: TaskResult | None = before.get(r.id)
        if old is None:
            change = "new"
        elif old.success and not r.success:
            change = "**REGRESSION**"
            regressions.append(r.id)
        elif not old.success and r.success:
            change = "fixed"
        else:
            change = "="
        was = "—" if old is None else ("✅" if old.success else "❌")
        wall = f"{old.wall_s:.1f} → {r.wall_s:.1f} s" if old else f"{r.wall_s:.1f} s"
        lines.append(f"| {r.id} | {was} | {'✅' if r.success else '❌'} | {change} | {wall} |")
    gone = sorted(set(before) - {r.id for r in run.results})
    if gone:
        lines += ["", f"Not run this time: {', '.join(gone)}."]
    lines += ["", f"Regressions: {', '.join(regressions) if regressions else 'none'}."]
    return "\n".join(lines), regressions


def write(run: EvalRun, out: Path, previous: Path | None = None) -> tuple[Path, list[str]]:
    comparison, regressions = "", list[str]()
    if previous is not None:
        comparison, regressions = compare(run, EvalRun.model_validate_json(previous.read_text("utf-8")))
    (out / "results.json").write_text(json.dumps(run.model_dump(mode="json"), indent=1, ensure_ascii=False), "utf-8")
    (out / "results.md").write_text(markdown(run, comparison), "utf-8")
    return out / "results.md", regressions
