"""Serve the MLflow tracking server (UI + REST API) in this one process:
``python -m corpus.mlflow_tracking.serve STATE_DIR PORT``.

What ``mlflow server --workers 1`` runs (its FastAPI app under uvicorn, configured by the same environment), without
the launcher process that imports MLflow a second time and spawns the worker: half the start-up time on a busy
machine, and one process to stop.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main() -> None:
    state, port = Path(sys.argv[1]), int(sys.argv[2])
    from mlflow.environment_variables import _MLFLOW_SGI_NAME
    from mlflow.server import constants

    os.environ[constants.BACKEND_STORE_URI_ENV_VAR] = f"sqlite:///{state / 'mlflow.db'}"
    os.environ[constants.ARTIFACT_ROOT_ENV_VAR] = str(state / "artifacts")
    os.environ[_MLFLOW_SGI_NAME.name] = "uvicorn"
    import uvicorn

    uvicorn.run("mlflow.server.fastapi_app:app", host="127.0.0.1", port=port, workers=1, log_level="warning")


if __name__ == "__main__":
    main()
