"""A replay's record: every step with what was recorded (action, arguments as templates, target fingerprint,
post-condition) beside what happened now (the replay report's entry: matched and differed parts, the
post-condition met or not, the human's answer, the thumbnail after it) and, when it stopped, why and the
candidates. The server keeps it in its artifacts folder; ``browser-agent replay`` keeps it in its run folder, whose
``report.html`` shows it.

Arguments stay templates (``{{title}}``) and a secret stays its name (``{"secret": "github_password"}``): the
record holds no parameter value but those given for parameters that are not secret, and passes the redaction.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from browser_core.act.flow_model import Flow, FlowStep
from browser_core.redaction import redact_data, register_secret

RECORD = "replay.json"


def recorded(step: FlowStep) -> dict[str, Any]:
    """What the flow holds for a step (templates, secrets by name)."""
    out: dict[str, Any] = {"action": step.action, "args": step.args, "held": step.held,
                           "post": step.post.model_dump(exclude_defaults=True)}
    if step.target is not None:
        out["target"] = step.target.model_dump()
    if step.fields:
        out["fields"] = [{"args": f.args, "target": f.target.model_dump() if f.target else None}
                         for f in step.fields]
    return out


def journal(flow: Flow, report: dict[str, Any], given: dict[str, str]) -> dict[str, Any]:
    """The record of one replay (its report may join several calls: a held step confirmed, then the rest)."""
    secret = {p.name for p in flow.params if p.secret}
    for name in secret & set(given):
        register_secret(given[name])  # a secret parameter's value is masked wherever the page or a check echoes it
    steps = [{"step": entry.get("step"), "recorded": recorded(flow.steps[int(entry["step"])]), "now": entry}
             for entry in report.get("steps", []) if 0 <= int(entry.get("step", -1)) < len(flow.steps)]
    record = {"flow": flow.name, "task": flow.task, "origin": flow.origin, "status": report.get("status", ""),
              "model_requests": report.get("model_requests", 0), "duration_s": report.get("duration_s", 0),
              "steps_total": len(flow.steps), "steps_done": report.get("steps_done", 0),
              "params": {k: "(secret)" if k in secret else v for k, v in given.items()},
              "stopped": report.get("stopped"), "steps": steps}
    return dict(redact_data(record))


def keep(folder: Path, record: dict[str, Any]) -> Path:
    """Write a replay's record into ``folder`` (the server's artifacts: ``replays/<time>-<flow>.json``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{record['flow']}.json"
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1, default=str), "utf-8")
    return path
