"""The tool-call path is one declared chain (mcp_server/pipeline.py), in this order; a stage added elsewhere, or
moved, fails here first."""

from __future__ import annotations

import ast
from pathlib import Path

from mcp_server import pipeline

REPO = Path(__file__).resolve().parents[2]
ORDER = [
    "ServeHostRequests",  # a host's screenshot requests, then the call's clock starts
    "RecordIntent",  # the step a flow would record, read before the page changes
    "Act",  # time bound, action lock, the tool (the gate runs inside each core action); failures → envelope
    "FenceContent",  # page text fenced and labelled untrusted
    "ConnectionCheck",  # a remote browser lost under the call: not done
    "RecordStep",  # the flow step completed with the result
    "NoteSession",  # duration, events (fenced), restart, url, tabs
    "KeepState",  # cookies and storage on disk
    "RecordScreenshots",  # a failed call's record screenshot
    "LogCall",  # one stderr line
    "WriteEnvelope",  # contract check, redact, cap, CallToolResult
]


def test_the_chain_lists_its_stages_in_order() -> None:
    assert [type(stage).__name__ for stage in pipeline.CHAIN] == ORDER
    assert all(callable(stage) for stage in pipeline.CHAIN)


def test_tooling_runs_the_chain_and_nothing_else_calls_a_stage() -> None:
    tooling = ast.parse((REPO / "mcp_server" / "tooling.py").read_text("utf-8"))
    called = {
        node.func.id for node in ast.walk(tooling) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "run_chain" in called
    for path in [*REPO.joinpath("mcp_server").rglob("*.py"), *REPO.joinpath("src").rglob("*.py")]:
        if path.name == "pipeline.py":
            continue
        text = path.read_text("utf-8")
        assert not any(f"{name}()" in text for name in ORDER), f"{path} builds a stage of the chain"
        assert "flow_record.before(" not in text and "flow_record.after(" not in text, path


def test_redaction_comes_before_the_cap_in_the_envelope() -> None:
    source = Path(pipeline.__file__).read_text("utf-8")
    body = source[source.index("def envelope_result") :]
    assert body.index("model_validate") < body.index("cap(redact_data(")  # redacted, then capped
