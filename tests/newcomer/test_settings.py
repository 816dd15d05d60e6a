"""Settings as a user meets them: `.env.example` copied to `.env` works as it is; a misspelt name is warned about
with a did-you-mean; a bad value is reported by its environment variable with the accepted values."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from browser_core.envcheck import env_names, known_names
from browser_core.settings import BrowserSettings
from orchestrator.settings import OrchestratorSettings
from tests.newcomer.commands import ORCHESTRATOR, REPO, SERVER, run, user_env

SETTINGS = (BrowserSettings, OrchestratorSettings)


def example_names() -> set[str]:
    text = (REPO / ".env.example").read_text("utf-8")
    return set(re.findall(r"\b((?:BROWSER|ORCH|IFRAME)_[A-Z0-9_]+)\s*=", text))


def test_env_example_names_every_setting_and_nothing_else() -> None:
    names = example_names()
    missing = [env_names(cls, f)[0] for cls in SETTINGS for f in cls.model_fields
               if not set(env_names(cls, f)) & names]
    assert missing == [], f".env.example lacks {missing}"
    assert names - known_names(SETTINGS) == set()


def test_env_example_as_dotenv_starts_both_commands_without_a_warning(tmp_path: Path) -> None:
    shutil.copy(REPO / ".env.example", tmp_path / ".env")
    env = user_env(tmp_path, BROWSER_USER_DATA_DIR=str(tmp_path / "profile"),
                   BROWSER_ARTIFACTS_DIR=str(tmp_path / "artifacts"))
    server = run([SERVER], env, tmp_path)  # stdin is empty: it starts, says it is ready, and ends
    assert server.code == 0, server.err
    assert "ready" in server.err and "warning" not in server.err and "Traceback" not in server.err
    orchestrator = run([ORCHESTRATOR, "a task"], env, tmp_path)  # stops at the missing credentials
    assert "warning" not in orchestrator.both and "bad" not in orchestrator.both
    assert "ANTHROPIC_API_KEY" in orchestrator.out


def test_a_misspelt_name_gets_a_did_you_mean(tmp_path: Path) -> None:
    env = user_env(tmp_path, BROWSER_HEADLES="true", BROWSER_USER_DATA_DIR=str(tmp_path / "p"),
                   BROWSER_ARTIFACTS_DIR=str(tmp_path / "a"))
    server = run([SERVER], env, tmp_path)
    assert "unknown setting BROWSER_HEADLES is ignored (did you mean BROWSER_HEADLESS?)" in server.err
    orchestrator = run([ORCHESTRATOR, "a task"], env | {"ORCH_MAX_TURN": "5"}, tmp_path)
    assert "unknown setting ORCH_MAX_TURN is ignored (did you mean ORCH_MAX_TURNS?)" in orchestrator.out
    assert "BROWSER_HEADLES" in orchestrator.out  # the orchestrator passes BROWSER_* on, so it checks them too


def test_a_bad_value_names_the_variable_and_what_is_accepted(tmp_path: Path) -> None:
    server = run([SERVER], user_env(tmp_path, BROWSER_MAX_ELEMENTS="5"), tmp_path)
    assert server.code == 2 and "Traceback" not in server.err
    assert "BROWSER_MAX_ELEMENTS=5" in server.err and "accepted: a whole number from 10 to 300" in server.err

    orchestrator = run([ORCHESTRATOR, "a task"], user_env(tmp_path, ORCH_ANSWERER="bob"), tmp_path)
    assert orchestrator.code == 4 and "Traceback" not in orchestrator.both
    assert "ORCH_ANSWERER=bob" in orchestrator.out
    assert "accepted: auto | terminal | file | llm | none" in orchestrator.out
    assert orchestrator.out.count("\n") <= 3, orchestrator.out

    headful = run([ORCHESTRATOR, "a task"], user_env(tmp_path, ORCH_HEADFUL="maybe"), tmp_path)
    assert "ORCH_HEADFUL=maybe" in headful.out and "accepted: true | false" in headful.out
