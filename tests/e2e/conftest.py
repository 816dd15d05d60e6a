"""End-to-end fixtures: the real SDK, the real bundled CLI, the real MCP server and Chromium; only the model is
scripted (``scripted_model.ScriptedModel`` on 127.0.0.1, one per test module).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from orchestrator.settings import OrchestratorSettings
from tests.e2e.scripted_model import ScriptedModel

E2E_SITE = Path(__file__).resolve().parent / "site"
REPO = Path(__file__).resolve().parents[2]
HAS_DISPLAY = bool(os.environ.get("DISPLAY"))


@pytest.fixture(scope="module")
def model() -> Iterator[ScriptedModel]:
    server = ScriptedModel().start()
    yield server
    server.close()


@pytest.fixture(scope="module")
def django_admin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The corpus Django admin (its own seeded copy and port) for a module's tests."""
    from corpus.apps import APPS, running

    with running(APPS["django_admin"], tmp_path_factory.mktemp("corpus")) as app:
        yield app


@pytest.fixture(scope="session")
def pages() -> Iterator[Any]:
    from site_server import start_site  # tests/conftest.py puts tests/fixtures on sys.path

    servers = start_site(E2E_SITE)
    yield servers
    servers.close()


@dataclass
class E2E:
    """Per-test isolation: the CLI's home/config, the browser profile, the run folders."""

    root: Path
    model: ScriptedModel

    def cli_env(self) -> dict[str, str]:
        return {
            "ANTHROPIC_BASE_URL": self.model.base_url,
            "ANTHROPIC_API_KEY": "test-key-not-a-secret",
            "CLAUDE_CODE_MAX_RETRIES": "2",
            "HOME": str(self.root / "home"),
            "CLAUDE_CONFIG_DIR": str(self.root / "claude"),
            "CLAUDE_CODE_TMPDIR": str(self.root / "tmp"),
        }

    def settings(self, **overrides: Any) -> OrchestratorSettings:
        values: dict[str, Any] = {
            "run_dir": self.root / "runs",
            "profile_dir": self.root / "profile",
            "headful": HAS_DISPLAY,
            "max_turns": 30,
            "wall_clock_s": 90,
            "retry_backoff_s": 0.05,
            "retry_backoff_max_s": 0.2,
            "_env_file": None,
        }
        return OrchestratorSettings(**(values | overrides))

    def process_env(self, **extra: str) -> dict[str, str]:
        """Environment for ``python -m orchestrator`` as a subprocess."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ORCH_", "ANTHROPIC_", "CLAUDE"))}
        env |= self.cli_env()
        env |= {
            "ORCH_RUN_DIR": str(self.root / "runs"),
            "ORCH_PROFILE_DIR": str(self.root / "profile"),
            "ORCH_HEADFUL": "true" if HAS_DISPLAY else "false",
            "ORCH_WALL_CLOCK_S": "90",
            "PYTHONUNBUFFERED": "1",
            "COLUMNS": "160",
            "TERM": "dumb",
        }
        return env | extra

    def runs(self) -> list[Path]:
        return sorted((self.root / "runs").glob("*/"))


@pytest.fixture
def e2e(tmp_path: Path, model: ScriptedModel) -> E2E:
    for sub in ("home", "claude", "tmp"):
        (tmp_path / sub).mkdir()
    return E2E(tmp_path, model)


PYTHON = sys.executable
