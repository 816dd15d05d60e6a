"""Settings for the browser core, read from the environment (prefix ``BROWSER_``) and ``.env``.

Every budget the model's context depends on lives here, so a user can tune it without code.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from platformdirs import user_data_path
from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

SYSTEM_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def default_profile_dir() -> Path:
    return user_data_path("browser-agent") / "profile"


def default_lease_dir() -> Path:
    return user_data_path("browser-agent") / "leases"


def default_artifacts_dir() -> Path:
    return user_data_path("browser-agent") / "artifacts"


class BrowserSettings(BaseSettings):
    """Browser session, observation budgets and timeouts."""

    model_config = SettingsConfigDict(env_prefix="BROWSER_", env_file=".env", extra="ignore")

    headless: bool = Field(False, description="Run Chromium without a window (the product default is headful).")
    executable_path: Path | None = Field(
        None, description="Chromium/Chrome binary; default: a system Chromium on PATH, else Playwright's own."
    )
    user_data_dir: Path = Field(
        default_factory=default_profile_dir,
        description="Persistent profile (cookies, logins). One server per profile at a time.",
    )
    cdp_url: str | None = Field(
        None, description="Attach to an already running browser over CDP (e.g. http://127.0.0.1:9222)."
    )
    cdp_new_context: bool = Field(
        False, description="With cdp_url: work in a new browser context of our own (closed at the end) instead of "
        "the browser's first one, so several servers can share one remote browser without sharing pages or cookies.",
    )
    ws_endpoint: str | None = Field(
        None, description="Connect to a Playwright browser server (`playwright run-server`, Moon, a grid) by its "
        "WebSocket endpoint, e.g. ws://127.0.0.1:3000/; a context of our own, cookies and storage kept in "
        "<user_data_dir>/browser-agent-state.json on this side.",
    )
    ws_headers: dict[str, str] = Field(
        default_factory=dict, description='Headers sent when connecting to a browser server, JSON, e.g. '
        '{"Authorization": "Bearer ..."} (a token).',
    )
    ws_launch_options: dict[str, object] = Field(
        default_factory=dict, description="Launch options the browser server applies (its x-playwright-launch-"
        'options header), JSON, e.g. {"executablePath": "/usr/bin/chromium"} (the server needs --unsafe for that); '
        "headless follows BROWSER_HEADLESS unless given.",
    )
    endpoints: str = Field(
        "", description="A fleet: browser servers as `ws://host:port/#LIMIT,...` (LIMIT sessions each, default 4) or "
        'JSON [{"url": ..., "limit": ...}]; the server takes the least-loaded one with a free slot at start.',
    )
    lease_dir: Path | None = Field(
        None, description="Where servers sharing BROWSER_ENDPOINTS count their sessions (lease files); "
        "default <data dir>/browser-agent/leases.",
    )
    remote_debugging_port: int | None = Field(
        None, ge=1024, le=65535, description="Also open Chromium's DevTools port on 127.0.0.1 (diagnostics; the "
        "reliability suite crashes a tab through it). Any local process can then drive the browser: leave unset.",
    )
    renderer_limit_mb: int = Field(
        1024, ge=0, le=65536, description="When the renderers of the launched browser hold more than this (MB, Linux) "
        "even after a garbage collection (asked for each time they grow an eighth of it), the next navigate opens its "
        "page in a fresh tab and closes the old one; 0: never.",
    )
    viewport_width: int = Field(1280, ge=320, le=7680)
    viewport_height: int = Field(720, ge=240, le=4320)
    max_elements: int = Field(60, ge=10, le=300, description="Interactive elements listed by observe.")
    max_viewport_elements: int = Field(
        150, ge=10, le=500, description="Hard cap on in-viewport elements (all are listed up to this)."
    )
    max_text_chars: int = Field(3000, ge=200, le=20000, description="Visible-text excerpt length in observe.")
    max_result_chars: int = Field(20000, ge=2000, le=200000, description="Hard cap on any tool result.")
    action_timeout_ms: int = Field(5000, ge=500, le=60000, description="Default timeout of one action.")
    navigation_timeout_ms: int = Field(30000, ge=1000, le=120000)
    tool_timeout_s: float | None = Field(
        None, ge=1, le=600, description="Override every tool's own time bound (seconds); unset keeps theirs."
    )
    frame_depth_limit: int = Field(3, ge=0, le=10, description="Deepest iframe nesting observed.")
    iframe_timeout_ms: int = Field(
        10000, ge=200, le=120000, validation_alias=AliasChoices("BROWSER_IFRAME_TIMEOUT_MS", "iframe_timeout_ms"),
        description="How long one frame may take to answer (search, hit test, content) before the chain moves on.",
    )
    iframe_wait_ms: int = Field(
        5000, ge=0, le=60000, validation_alias=AliasChoices("BROWSER_IFRAME_WAIT_MS", "iframe_wait_ms"),
        description="How long a description that matches nothing waits for iframes added or loaded late.",
    )
    upload_dir: Path | None = Field(
        None, description="The only folder upload_file may read files from; default <artifacts_dir>/uploads."
    )
    allow_file_urls: bool = Field(False, description="Allow file: URLs (local testing only).")
    allowed_hosts: str = Field(
        "", description="Comma-separated host patterns (fnmatch, e.g. *.example.com); if set, only these are opened."
    )
    blocked_hosts: str = Field("", description="Comma-separated host patterns never opened (redirects and popups too).")
    elicit_confirmations: bool = Field(
        True, description="confirm_action also asks the human through MCP elicitation when the client supports it."
    )
    network_gate: bool = Field(
        True,
        description="Hold a consequential request the page sends after an action (security/network_gate.py).",
    )
    confirmation_ttl_s: int = Field(120, ge=1, le=3600, description="How long a pending destructive action waits.")
    security_policy_file: Path | None = Field(
        None, description="Extra security vocabulary (YAML, same keys as browser_core/security/policy.yaml)."
    )
    secrets_file: Path | None = Field(
        None, description="Secrets typed by name (dotenv, or TOML when it ends in .toml), each with the origins it may "
        "be typed into; refused unless only its owner can read it (chmod 600). BROWSER_SECRET_<NAME> variables add "
        "more (see browser_core/security/named_secrets.py).",
    )
    secrets_allowed: str | None = Field(
        None, description="Comma-separated names of the secrets that may be used (listed and typed); unset: all of "
        "them, empty: none (the orchestrator passes the names its user allowed).",
    )
    artifacts_dir: Path = Field(
        default_factory=default_artifacts_dir, description="Where save_screenshot writes files."
    )
    flow_tools: bool = Field(
        False, description="List save_flow and replay_flow (flows: record once, replay without the model); off by "
        "default so the tools/list a model reads stays within its budget. Actions are recorded when it or "
        "flow_log is set.",
    )
    flows_dir: Path | None = Field(
        None, description="Where saved flows (recorded runs to replay) live; default <artifacts_dir>/flows."
    )
    flow_log: Path | None = Field(
        None, description="When set, each action recorded for flows is appended here (JSON lines): the orchestrator "
        "points it at its run record, so `browser-agent flows save RUN NAME` can save a run as a flow.",
    )
    record_screenshots_dir: Path | None = Field(
        None, description="When set, the server saves a screenshot here after each failed tool call and when a host "
        "asks (a file in <dir>/requests/): the orchestrator points it at its run record.",
    )
    trace: bool = Field(
        False, description="Record a Playwright trace of the browser (trace.zip, open it with `playwright show-trace`)"
        ", saved when the browser closes. Its snapshots keep what is typed into the page: while it records, a named "
        "secret is refused (nothing typed), and a person should not log in by hand in the window.",
    )
    trace_dir: Path | None = Field(
        None, description="Where trace.zip is written; default <artifacts_dir> (the orchestrator: its run folder).",
    )
    window_title: str = Field(
        "browser-agent: an AI agent controls this window",
        description="The browser window's title (Chromium's --window-name), so a person sees who drives it; "
        "empty: the page's own title.",
    )
    log_level: str = Field("INFO")

    @property
    def uploads_folder(self) -> Path:
        return self.upload_dir if self.upload_dir is not None else self.artifacts_dir / "uploads"

    @property
    def flows_folder(self) -> Path:
        return self.flows_dir if self.flows_dir is not None else self.artifacts_dir / "flows"

    @property
    def trace_folder(self) -> Path | None:
        """Where the trace goes, None when tracing is off."""
        return (self.trace_dir or self.artifacts_dir) if self.trace else None

    @property
    def downloads_folder(self) -> Path:
        return self.artifacts_dir / "downloads"

    def window_args(self) -> list[str]:
        """Chromium switches for the window a person sees: its title says who drives it, and no
        "--no-sandbox: unsupported command-line flag" bar covers the page (``--test-type``, as ChromeDriver passes;
        Playwright adds --no-sandbox, which Chromium needs when run as root)."""
        args = ["--test-type"]
        if self.window_title:
            args.append(f"--window-name={self.window_title}")
        return args

    def debugging_args(self) -> list[str]:
        return [f"--remote-debugging-port={self.remote_debugging_port}"] if self.remote_debugging_port else []

    def resolve_executable(self) -> Path | None:
        """The browser binary to launch: the setting, else a system Chromium, else None (Playwright's own)."""
        if self.executable_path is not None:
            return self.executable_path
        for name in SYSTEM_CHROMIUM_NAMES:
            found = shutil.which(name)
            if found:
                return Path(found)
        return None
