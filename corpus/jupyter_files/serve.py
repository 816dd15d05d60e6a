"""Serve JupyterLab on the seeded folder: ``python -m corpus.jupyter_files.serve STATE_DIR PORT``.

No token or password (a local corpus app, like Trac's anonymous admin), no update checks or news, every setting and
runtime file under STATE_DIR/jupyter. Once the server listens, a kernel is started for each notebook of
``seed.RUNNING`` through the server's own REST API (sessions), as opening them would: corpus.apps waits for them.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from corpus.jupyter_files.seed import RUNNING


def start_sessions(port: int) -> None:
    for name in RUNNING:
        body = json.dumps({"path": name, "name": name, "type": "notebook", "kernel": {"name": "python3"}}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/sessions",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        for _ in range(600):
            try:
                urllib.request.urlopen(request, timeout=60).close()
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)  # noqa: TID251 - polling the port: the server gives no other signal that it listens


def main() -> None:
    state, port = Path(sys.argv[1]), int(sys.argv[2])
    jupyter = state / "jupyter"
    os.environ.update(
        JUPYTER_CONFIG_DIR=str(jupyter / "config"),
        JUPYTER_DATA_DIR=str(jupyter / "data"),
        JUPYTER_RUNTIME_DIR=str(jupyter / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(jupyter / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(jupyter / "workspaces"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    from jupyterlab.labapp import LabApp

    threading.Thread(target=start_sessions, args=(port,), daemon=True).start()
    LabApp.launch_instance(
        [
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--port-retries=0",
            f"--ServerApp.root_dir={state / 'root'}",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            "--FileContentsManager.delete_to_trash=False",  # deleted for good, never into the machine's trash
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.collaborative=False",
            "--ServerApp.log_level=WARN",
            "--allow-root",
        ]
    )


if __name__ == "__main__":
    main()
