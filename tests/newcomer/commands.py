"""The commands a user types, as they would type them: the console scripts installed next to this Python."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SERVER = str(BIN / "browser-agent-mcp")
ORCHESTRATOR = str(BIN / "browser-agent")


@dataclass
class Done:
    code: int
    out: str
    err: str

    @property
    def both(self) -> str:
        return self.out + self.err


def user_env(home: Path, **extra: str) -> dict[str, str]:
    """A user's shell: no settings of ours, no Claude credentials, an empty home of their own."""
    keep = ("PATH", "LANG", "LC_ALL", "TMPDIR", "DISPLAY", "XAUTHORITY", "UV_CACHE_DIR")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env |= {"HOME": str(home), "COLUMNS": "200", "TERM": "dumb", "PYTHONUNBUFFERED": "1"}
    if os.environ.get("BROWSER_EXECUTABLE_PATH"):
        env["BROWSER_EXECUTABLE_PATH"] = os.environ["BROWSER_EXECUTABLE_PATH"]
    return env | extra


def run(argv: list[str], env: dict[str, str], cwd: Path, timeout: float = 60) -> Done:
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)
    return Done(done.returncode, done.stdout, done.stderr)
