"""The local profile's lock, what a local launch needs, and what a failed launch means (one line naming the fix)."""

from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path
from typing import IO, NoReturn

from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ConfigurationError


def launch_preflight(headless: bool, executable: Path | None) -> Path | None:
    """What a local launch needs before it starts: a display for a headful browser, the executable named."""
    if not headless and sys.platform.startswith("linux"):
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            raise ConfigurationError(
                "headful Chromium needs a display and none is set (DISPLAY): run under `xvfb-run -a`, "
                "use scripts/run.sh, or set BROWSER_HEADLESS=true"
            )
    if executable is not None and not executable.exists():
        raise ConfigurationError(f"BROWSER_EXECUTABLE_PATH={executable} does not exist")
    return executable


def launch_error(profile: Path, text: str, exc: PlaywrightError) -> NoReturn:
    if "ProcessSingleton" in text or "SingletonLock" in text:
        raise ConfigurationError(f"the profile {profile} is in use by another browser") from exc
    if "Executable doesn't exist" in text:
        raise ConfigurationError(
            "no Chromium found: install it (scripts/install.sh, or `apt-get install chromium`) "
            "or set BROWSER_EXECUTABLE_PATH"
        ) from exc
    raise ConfigurationError(f"Chromium failed to start: {text.splitlines()[0]}") from exc


LOCK_NAME = ".browser-agent.lock"


def lock_profile(profile: Path) -> IO[str]:
    """Our own lock on the profile (held by the caller until it closes the handle)."""
    handle = (profile / LOCK_NAME).open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        handle.close()
        raise ConfigurationError(
            f"the browser profile {profile} is already used by another browser-agent server; "
            "stop that one or set BROWSER_USER_DATA_DIR to another folder"
        ) from exc
    return handle
