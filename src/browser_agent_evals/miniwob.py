"""MiniWoB++ pages from the ``miniwob`` wheel (MIT): where they are, how an episode starts with a fixed seed, and the
task's fields (the key-value pairs MiniWoB++ derives from its utterance, with the wheel's own extractors).

Nothing here imports ``miniwob`` (it pulls gymnasium and selenium): the package is located with
``importlib.util.find_spec`` and its ``fields.py`` (plain ``re``) is loaded by path.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

# An hour per episode: an agent on a real model is slow, and a MiniWoB++ episode that times out scores -1.
EPISODE_MAX_TIME_MS = 3_600_000


class MiniwobMissingError(RuntimeError):
    """The ``miniwob`` package is not installed."""


@functools.cache
def package_dir() -> Path | None:
    spec = importlib.util.find_spec("miniwob")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def html_root() -> Path:
    """``miniwob/html`` of the installed wheel: ``miniwob/<task>.html`` plus ``core/``, ``common/``, ``flight/``."""
    base = package_dir()
    if base is None or not (base / "html" / "miniwob").is_dir():
        raise MiniwobMissingError("the `miniwob` package is not installed: `uv sync` (it is in the eval group)")
    return base / "html"


def task_names() -> list[str]:
    return sorted(p.stem for p in (html_root() / "miniwob").glob("*.html"))


def boot_script(seed: str, *, max_time_ms: int = EPISODE_MAX_TIME_MS, on_start: str = "") -> bytes:
    """Appended to a task page: seed ``Math.random`` before the task's own scripts run on load, then start the
    episode (no START cover) with a long time limit. ``on_start`` is extra JavaScript run right after."""
    return (
        f"<script>Math.seedrandom({json.dumps(seed)});window.addEventListener('load',function(){{"
        f"core.EPISODE_MAX_TIME={int(max_time_ms)};core.startEpisodeReal();{on_start}}});</script>"
    ).encode()


def task_page(
    name: str, seed: str, *, extra: bytes = b"", max_time_ms: int = EPISODE_MAX_TIME_MS, on_start: str = ""
) -> bytes:
    """The task's HTML with the seeded boot script (and ``extra``) before ``</body>``."""
    path = html_root() / "miniwob" / f"{name}.html"
    body = path.read_bytes()
    tail = boot_script(seed, max_time_ms=max_time_ms, on_start=on_start) + extra + b"</body>"
    return body.replace(b"</body>", tail, 1) if b"</body>" in body else body + tail


@functools.cache
def _fields_module() -> ModuleType | None:
    base = package_dir()
    path = base / "fields.py" if base else None
    if path is None or not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("_miniwob_fields", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extract_fields(task: str, utterance: str) -> dict[str, str]:
    """MiniWoB++'s own fields for ``utterance`` (``{}`` when the wheel has no extractor for the task)."""
    module = _fields_module()
    if module is None:
        return {}
    try:
        extractor: Callable[[str], Sequence[tuple[str, str]]] = module.get_field_extractor(task)
        return {str(k): str(v) for k, v in extractor(utterance)}
    except (KeyError, ValueError):
        return {}
