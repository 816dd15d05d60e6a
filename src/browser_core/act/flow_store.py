"""Flows on disk: one JSON file per flow in the flows folder (``BROWSER_FLOWS_DIR``, default
``<artifacts_dir>/flows``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from browser_core.act.flow_model import Flow, check_name
from browser_core.errors import InvalidInput


def flow_path(folder: Path, name: str) -> Path:
    return folder / f"{check_name(name)}.json"


def save(folder: Path, flow: Flow) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = flow_path(folder, flow.name)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(flow.model_dump_json(indent=2), encoding="utf-8")
    tmp.replace(path)
    return path


def load(folder: Path, name: str) -> Flow:
    path = flow_path(folder, name)
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
        raise InvalidInput(f"no flow named '{name}' in {folder}", hint=f"Saved flows: {', '.join(known) or 'none'}")
    try:
        return Flow.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise InvalidInput(f"flow file {path} is not a valid flow: {exc.errors()[0]['msg']}") from exc
