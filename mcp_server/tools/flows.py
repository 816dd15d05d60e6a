"""Flow tools: save_flow (this session's actions as a flow) and replay_flow (without the model; the gate asks
again on every destructive step). The logic is in browser_core/act/flow_*.py."""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

from pydantic import Field

from browser_core.act import flow_journal, flow_record, flow_replay, flow_store
from browser_core.act.replay_model import Held
from browser_core.session import BrowserSession
from mcp_server.human import AskHuman
from mcp_server.tooling import define_tool

FlowName = Annotated[str, Field(description="Flow name (letters, digits, _ - .).", max_length=64)]
Params = Annotated[dict[str, str] | None, Field(description="Parameter name → value.")]


@define_tool(title="Save a flow", read_only=True, timeout_s=10, needs_page=False)
async def save_flow(
    session: BrowserSession,
    name: FlowName,
    params: Params = None,
    task: Annotated[str, Field(description="The task the actions did.", max_length=2000)] = "",
    last: Annotated[int | None, Field(description="Only the last N actions.", ge=1, le=500)] = None,
) -> Any:
    """Save the actions done since the last save as a flow to replay without the model. params: values the task
    gave, by parameter name; other typed values get names from their fields. Secrets are never stored."""
    steps = session.flow_steps[-last:] if last else list(session.flow_steps)
    flow = flow_record.build_flow(name, steps, named=params, task=task)
    path = flow_store.save(session.settings.flows_folder, flow)
    session.flow_steps.clear()
    return {"saved": str(path), "steps": len(flow.steps),
            "params": {p.name: ("(secret)" if p.secret else p.default) for p in flow.params}}


@define_tool(title="Replay a flow", read_only=False, destructive=True, timeout_s=600, human_gate=True,
             needs_page=False)
async def replay_flow(
    session: BrowserSession,
    name: FlowName,
    params: Params = None,
    start_step: Annotated[int, Field(description="First step to run.", ge=0, le=500)] = 0,
    origin: Annotated[str | None, Field(description="Site origin instead of the recorded one.",
                                        max_length=200)] = None,
    ask_human: AskHuman | None = None,
) -> Any:
    """Replay a saved flow with no model: each target must match exactly as recorded, else it stops there with the
    candidates. A destructive step is held like a live call (confirm_action, then replay from the next step)."""
    flow = flow_store.load(session.settings.flows_folder, name)

    async def ask(held: Held) -> bool | None:
        if ask_human is None or not session.settings.elicit_confirmations:
            return None
        found = held.get("summary")
        summary = found if isinstance(found, dict) else {}
        return await ask_human(f"Replaying flow '{flow.name}': {summary.get('effect') or summary.get('action')} "
                               f"({summary.get('category')}) on {summary.get('url')}. Allow?")

    replays = session.settings.artifacts_dir / "replays"
    report = await flow_replay.replay(session, flow, params or {}, ask, start=start_step, origin=origin or "",
                                      shots=replays)
    record = flow_journal.journal(flow, report, params or {})
    with contextlib.suppress(OSError):  # the record is a copy: the report is the answer
        report.record = str(flow_journal.keep(replays, record))
    return report.dumped()


TOOLS = [save_flow, replay_flow]
