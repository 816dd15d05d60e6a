"""The scripted model server lives in the eval package (``browser_agent_evals.scripted.server``: the evaluation's
scripted mode runs it too); the e2e tests import it from here as before.
"""

from browser_agent_evals.scripted.server import (
    AGENT_RE,
    Block,
    ModelRequest,
    Policy,
    RequestLog,
    ScriptedModel,
    Text,
    ToolResult,
    ToolUse,
    detect_agent,
)

__all__ = [
    "AGENT_RE",
    "Block",
    "ModelRequest",
    "Policy",
    "RequestLog",
    "ScriptedModel",
    "Text",
    "ToolResult",
    "ToolUse",
    "detect_agent",
]
