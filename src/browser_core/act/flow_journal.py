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

from browser_core.act.flow_model import Flow
from browser_core.act.replay_model import REPLAY_FORMAT, RecordedStep, ReplayRecord, ReplayReport, ReplayStep
from browser_core.redaction import redact_data, register_secret

RECORD = "replay.json"


def journal(flow: Flow, report: ReplayReport, given: dict[str, str]) -> ReplayRecord:
    """The record of one replay (its report may join several calls: a held step confirmed, then the rest)."""
    secret = {p.name for p in flow.params if p.secret}
    for name in secret & set(given):
        register_secret(given[name])  # a secret parameter's value is masked wherever the page or a check echoes it
    steps = [ReplayStep(step=now.step, recorded=RecordedStep.of(flow.steps[now.step]), now=now)
             for now in report.steps if 0 <= now.step < len(flow.steps)]
    record = ReplayRecord(format_version=REPLAY_FORMAT, flow=flow.name, task=flow.task, origin=flow.origin,
                          status=report.status, model_requests=report.model_requests, duration_s=report.duration_s,
                          steps_total=len(flow.steps), steps_done=report.steps_done,
                          params={k: "(secret)" if k in secret else v for k, v in given.items()},
                          stopped=report.stopped, steps=steps)
    return ReplayRecord.model_validate(redact_data(record.dumped()))


def keep(folder: Path, record: ReplayRecord) -> Path:
    """Write a replay's record into ``folder`` (the server's artifacts: ``replays/<time>-<flow>.json``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{record.flow}.json"
    path.write_text(json.dumps(record.dumped(), ensure_ascii=False, indent=1), "utf-8")
    return path
