"""Right after set-up, a new shell runs the README's commands as written: when the set-up had to find uv outside
PATH (pip --user puts it in ~/.local/bin), it puts it on PATH for new shells and says so."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.newcomer.commands import REPO

pytestmark = [pytest.mark.skipif(shutil.which("uv") is None, reason="needs uv"), pytest.mark.timeout(240)]
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
MACHINE_ENV = ("SSL_CERT_", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "PIP_", "UV_INDEX", "UV_NATIVE_TLS", "HTTP_PROXY",
               "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy")


def shell_env(home: Path) -> dict[str, str]:
    env = {"HOME": str(home), "PATH": SYSTEM_PATH, "TERM": "dumb", "LANG": os.environ.get("LANG", "C.UTF-8")}
    # What the machine (not the user's home) provides to every shell: certificates, proxies, package indexes.
    env.update({k: v for k, v in os.environ.items() if k.startswith(MACHINE_ENV)})
    cache = subprocess.run(["uv", "cache", "dir"], capture_output=True, text=True, check=True).stdout.strip()
    env["UV_CACHE_DIR"] = cache  # the same machine's cache: nothing is downloaded again
    if os.environ.get("BROWSER_EXECUTABLE_PATH"):
        env["BROWSER_EXECUTABLE_PATH"] = os.environ["BROWSER_EXECUTABLE_PATH"]
    return env


@pytest.fixture
def home_after_setup(tmp_path: Path) -> Path:
    """A user whose uv sits in ~/.local/bin, not on PATH (as `pip install --user uv` leaves it), after set-up."""
    uv = shutil.which("uv")
    assert uv is not None
    if subprocess.run(["bash", "-c", "command -v uv"], env={"PATH": SYSTEM_PATH}, capture_output=True).returncode == 0:
        pytest.skip("uv is on the system PATH here: nothing to put on PATH")
    home = tmp_path / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "uv").symlink_to(uv)
    setup = subprocess.run(["bash", "scripts/install.sh"], env=shell_env(home), cwd=REPO, capture_output=True,
                           text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert setup.returncode == 0, setup.stderr
    assert "is now on PATH for new shells" in setup.stderr, setup.stderr  # it says so
    again = subprocess.run(["bash", "scripts/install.sh"], env=shell_env(home), cwd=REPO, capture_output=True,
                           text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert (home / ".bashrc").read_text().count("scripts/install.sh") == 1, "added once, however often it runs"
    assert again.returncode == 0
    return home


@pytest.mark.parametrize("shell", [["bash", "-lc"], ["bash", "-ic"]], ids=["login shell", "terminal tab"])
def test_readme_commands_work_in_a_new_shell(home_after_setup: Path, shell: list[str]) -> None:
    commands = [
        "uv run browser-agent --version",
        "uv run browser-agent --help",
        "uv run python -m orchestrator --help",
        "uv run python scripts/run.py --help",
        "bash scripts/run.sh --help",
        "uv run --no-sync ruff --version",
    ]
    for command in commands:
        done = subprocess.run([*shell, f"cd {REPO} && {command}"], env=shell_env(home_after_setup),
                              capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, f"{command}: {done.stderr[-2000:]}"
        assert "command not found" not in done.stderr
