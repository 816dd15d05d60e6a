"""Find the processes behind one server (by its profile folder) through /proc, and measure their memory."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def _cmdline(pid: int) -> list[str]:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    return []


def _ppid(pid: int) -> int:
    with contextlib.suppress(OSError, ValueError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return int(stat.rsplit(")", 1)[1].split()[1])
    return -1


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def browser_pid(profile: Path) -> int | None:
    """The Chromium browser process started on ``profile`` (not its renderers or helpers)."""
    flag = f"--user-data-dir={profile}"
    for pid in _pids():
        args = _cmdline(pid)
        if flag in args and not any(a.startswith("--type=") for a in args):
            return pid
    return None


def server_pid(profile: Path) -> int | None:
    """The ``python -m mcp_server`` process whose BROWSER_USER_DATA_DIR is ``profile``."""
    needle = f"BROWSER_USER_DATA_DIR={profile}".encode()
    for pid in _pids():
        if "mcp_server" not in _cmdline(pid):
            continue
        with contextlib.suppress(OSError):
            if needle in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                return pid
    return None


def descendants(root: int) -> list[int]:
    parents = {pid: _ppid(pid) for pid in _pids()}
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


def renderer_pids(profile: Path) -> list[int]:
    main = browser_pid(profile)
    if main is None:
        return []
    # Chromium's helpers rewrite their command line into one string: match within it.
    lines = {pid: " ".join(_cmdline(pid)) for pid in descendants(main)}
    return [pid for pid, line in lines.items() if "--type=renderer" in line and "--top-chrome-webui" not in line]


def rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def pss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
    return total / 1024


def kind(pid: int) -> str:
    """A Chromium process's type (browser, renderer, gpu-process, utility, zygote...)."""
    line = " ".join(_cmdline(pid))
    for part in line.split():
        if part.startswith("--type="):
            return part[len("--type="):]
    return "browser"


def pss_by_kind(pids: list[int]) -> dict[str, float]:
    out: dict[str, float] = {}
    for pid in pids:
        out[kind(pid)] = out.get(kind(pid), 0.0) + pss_mb([pid])
    return out


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) the process used so far (0 once it is gone)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def alive(pid: int) -> bool:
    """The process exists and has not exited (a zombie waiting for its parent counts as gone)."""
    with contextlib.suppress(OSError, IndexError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return False
