"""The one browser: the orchestrator's stdio session to the browser server and the per-agent endpoints over it."""
