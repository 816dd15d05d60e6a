"""The evaluation harness run as CI runs it: ``python -m browser_agent_evals`` in a subprocess (the real SDK, CLI,
MCP servers and Chromium; in scripted mode only the model is replaced, by the product's replay policy)."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parents[2]


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without the user's model credentials or orchestrator settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORCH_", "ANTHROPIC_", "CLAUDE"))}
    env |= {"PYTHONUNBUFFERED": "1", "COLUMNS": "200", "TERM": "dumb"}
    return env | extra


@dataclass
class EvalOutput:
    code: int
    out: str
    err: str
    dir: Path | None

    def results(self) -> dict[str, Any]:
        assert self.dir is not None, self.out + self.err[-3000:]
        return dict(json.loads((self.dir / "results.json").read_text("utf-8")))


async def run_eval(args: list[str], out: Path, *, timeout_s: float, env: dict[str, str] | None = None) -> EvalOutput:
    with anyio.fail_after(timeout_s):
        proc = await anyio.run_process(
            [sys.executable, "-m", "browser_agent_evals", *args, "--out", str(out)],
            env=env or clean_env(), cwd=REPO, check=False,
        )
    runs = sorted(out.glob("eval-*/"))
    return EvalOutput(proc.returncode, proc.stdout.decode(), proc.stderr.decode(), runs[-1] if runs else None)
