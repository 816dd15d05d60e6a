"""The project as a tool: build the wheel, install it into a fresh venv (no repository around it), and use it as a
user would: both commands answer --help/--version and start, the agents come from package data, and the README's
`claude mcp add` line names a command the wheel installs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import anyio
import pytest

from tests.newcomer.commands import REPO, run, user_env
from tests.newcomer.processes import stdio_run

pytestmark = [pytest.mark.skipif(shutil.which("uv") is None, reason="needs uv"), pytest.mark.timeout(300)]
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def uv(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["uv", *args], cwd=cwd, capture_output=True, text=True, timeout=240,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel and its locked dependencies (from the uv cache when it can)."""
    root = tmp_path_factory.mktemp("wheel")
    built = uv("build", "--wheel", "-o", str(root / "dist"), cwd=REPO)
    assert built.returncode == 0, built.stderr
    (wheel,) = (root / "dist").glob("browser_agent-*.whl")
    made = uv("venv", str(root / "venv"), "--python", sys.executable, cwd=root)
    assert made.returncode == 0, made.stderr
    pins = uv("export", "--project", str(REPO), "--frozen", "--no-default-groups", "--no-hashes", "--no-emit-project",
              "--no-header", "-q", cwd=root)
    (root / "pins.txt").write_text(pins.stdout)
    install = ["pip", "install", "-q", "--python", str(root / "venv" / "bin" / "python"), "-r", "pins.txt", str(wheel)]
    done = uv(*install, "--offline", cwd=root)
    if done.returncode != 0:  # the cache lacks something: the same from PyPI
        done = uv(*install, cwd=root)
    assert done.returncode == 0, done.stderr
    return root / "venv" / "bin"


def test_the_wheel_holds_the_product_only(installed: Path) -> None:
    # browser_core, mcp_server and orchestrator (with its agents): the eval harness and scripted model stay out.
    (wheel,) = (installed.parent.parent / "dist").glob("browser_agent-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"browser_core", "mcp_server", "orchestrator", f"browser_agent-{VERSION}.dist-info"}, tops
    assert "browser_core/js/walker.js" in names and "browser_core/security/policy.yaml" in names
    assert "orchestrator/agent_files/planner.md" in names
    templates = {f"orchestrator/records/templates/{n}.html.j2" for n in ("report", "replay", "timeline", "macros")}
    assert templates <= set(names)
    assert not [n for n in names if n.startswith(("orchestrator/eval/", "orchestrator/scripted/"))]


def test_both_commands_answer_help_and_version(installed: Path, tmp_path: Path) -> None:
    env = user_env(tmp_path)
    for name in ("browser-agent", "browser-agent-mcp"):
        version = run([str(installed / name), "--version"], env, tmp_path)
        assert version.code == 0 and version.out.strip() == f"{name} {VERSION}", version.both
        usage = run([str(installed / name), "--help"], env, tmp_path)
        assert usage.code == 0 and usage.out.startswith(f"usage: {name}"), usage.both
    assert "claude mcp add browser -- browser-agent-mcp" in run([str(installed / "browser-agent-mcp"), "--help"],
                                                                env, tmp_path).out


def test_python_m_mcp_server_help_prints_a_usage_and_starts_nothing(installed: Path, tmp_path: Path) -> None:
    done = run([str(installed / "python"), "-m", "mcp_server", "--help"], user_env(tmp_path), tmp_path)
    assert done.code == 0 and done.out.startswith("usage: browser-agent-mcp"), done.both
    assert "claude mcp add browser" in done.out and "ready on stdin/stdout" not in done.err, done.both


def test_uvx_runs_the_wheel_as_a_tool(installed: Path, tmp_path: Path) -> None:
    (wheel,) = (installed.parent.parent / "dist").glob("browser_agent-*.whl")
    for offline in (["--offline"], []):  # the uv cache first, PyPI if it lacks something
        done = uv("tool", "run", *offline, "--from", str(wheel), "browser-agent-mcp", "--version", cwd=tmp_path)
        if done.returncode == 0:
            break
    assert done.returncode == 0 and done.stdout.strip() == f"browser-agent-mcp {VERSION}", done.stderr


def test_license_and_a_changelog_entry_for_this_version(installed: Path) -> None:
    (wheel,) = (installed.parent.parent / "dist").glob("browser_agent-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert f"browser_agent-{VERSION}.dist-info/licenses/LICENSE" in archive.namelist()
    assert (REPO / "LICENSE").read_text("utf-8").startswith(("MIT License", "Apache License"))
    assert re.search(rf"^## \[{re.escape(VERSION)}\] — \d{{4}}-\d\d-\d\d$",
                     (REPO / "CHANGELOG.md").read_text("utf-8"), re.M)


def test_agents_load_from_package_data(installed: Path, tmp_path: Path) -> None:
    probe = ("from orchestrator.settings import default_agents_dir; from orchestrator.agents import load_agents; "
             "d = default_agents_dir(); print(d); print(sorted(load_agents(d)))")
    done = run([str(installed / "python"), "-c", probe], user_env(tmp_path), tmp_path)
    assert done.code == 0, done.err
    folder, names = done.out.splitlines()
    assert Path(folder).is_relative_to(installed.parent) and "site-packages" in folder
    assert names == "['dom_analyzer', 'executor', 'planner', 'validator']"
    for source in (REPO / "agents").glob("*.md"):  # the repository's agents/ stays the source of truth
        assert (Path(folder) / source.name).read_text("utf-8") == source.read_text("utf-8")


async def test_the_installed_server_starts_and_serves(installed: Path, tmp_path: Path, site) -> None:  # type: ignore[no-untyped-def]
    env = user_env(tmp_path, BROWSER_HEADLESS="true", BROWSER_USER_DATA_DIR=str(tmp_path / "profile"),
                   BROWSER_ARTIFACTS_DIR=str(tmp_path / "artifacts"))
    with anyio.fail_after(120):
        async with stdio_run([str(installed / "browser-agent-mcp")], env, tmp_path) as server:
            tools = {t.name for t in (await server.session.list_tools()).tools}
            assert {"navigate", "observe", "click"} <= tools
            result = await server.call("navigate", url=site.url_a("index.html"))
            assert '"success":true' in result.content[0].text.replace(" ", "")  # type: ignore[union-attr]
            await server.process.stdin.aclose()  # type: ignore[union-attr]
            assert await server.process.wait() == 0


def test_the_installed_orchestrator_starts(installed: Path, tmp_path: Path) -> None:
    # Started outside any repository, with no credentials: it gets as far as asking for them.
    done = run([str(installed / "browser-agent"), "Open example.org"], user_env(tmp_path), tmp_path)
    assert done.code == 4 and "ANTHROPIC_API_KEY" in done.out and "Traceback" not in done.both


def test_the_readme_attach_line_names_an_installed_command(installed: Path) -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    commands = re.findall(r"claude mcp add browser -- (\S+)", readme)
    assert "browser-agent-mcp" in commands
    for command in commands:
        if command != "bash":
            assert (installed / command).is_file(), f"README names {command}, the wheel installs no such command"


@pytest.mark.e2e
async def test_the_installed_orchestrator_runs_a_task_outside_the_repository(  # type: ignore[no-untyped-def]
    installed: Path, e2e, model, pages
) -> None:
    # The real SDK and CLI against the scripted model; the agents and the browser server come from the wheel.
    from tests.e2e.policies import Intent, Scenario

    url = pages.url_a("signup.html")
    model.reset(Scenario(intents=[Intent("open", "navigate", url=url),
                                  Intent("name", "type", role="textbox", name="full name", text="Ada Lovelace"),
                                  Intent("country", "select", role="combobox", name="country", text="Japan"),
                                  Intent("submit", "click", role="button", name="register")],
                         expect="Registered: Ada Lovelace, Japan"))
    outside = e2e.root / "elsewhere"
    outside.mkdir()
    with anyio.fail_after(150):
        task = f"Open {url} and register Ada Lovelace from Japan"
        done = await anyio.run_process([str(installed / "browser-agent"), task], env=e2e.process_env(), cwd=outside,
                                       check=False)
    out = done.stdout.decode()
    assert done.returncode == 0, out + done.stderr.decode()[-2000:]
    (run,) = e2e.runs()
    options = (run / "options.json").read_text()
    assert str(installed / "python") in options  # the wheel's own browser server
