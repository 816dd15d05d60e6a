"""Build the notebook server's folder: eleven files and a folder, some notebooks, written as a user's files would be.
Run as ``python -m corpus.jupyter_files.seed STATE_DIR`` (corpus.apps caches the result); the files are in
``STATE_DIR/root``, JupyterLab's own settings and runtime files in ``STATE_DIR/jupyter``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

NOTEBOOKS = ("analysis.ipynb", "cleaning.ipynb", "forecast.ipynb", "scratchpad.ipynb")
TEXTS = {
    "README.md": "# Sales analysis\n\nNotebooks and data of the quarterly sales review.\n",
    "draft-notes.md": "# Draft notes\n\n- check the Q3 outliers\n",
    "old-results.csv": "region,total\nnorth,1200\nsouth,900\n",
    "report.csv": "region,total\nnorth,1350\nsouth,1010\n",
    "sales-2025.csv": "month,total\n2025-01,410\n2025-02,388\n",
    "helpers.py": "def total(rows):\n    return sum(r['total'] for r in rows)\n",
    "todo.txt": "review the forecast notebook\n",
}
FOLDER = ("archive", {"q1-summary.md": "# Q1\n", "q2-summary.md": "# Q2\n"})
RUNNING = ("forecast.ipynb", "scratchpad.ipynb")  # the serve script starts a kernel for each


def notebook(title: str) -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}"]},
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": ["total = 1200 + 900\n", "total"],
        },
    ]
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}}
    return json.dumps({"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def main() -> None:
    state = Path(sys.argv[1])
    root = state / "root"
    (root / FOLDER[0]).mkdir(parents=True, exist_ok=True)
    settings = state / "jupyter" / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)  # no "get notified about news?" toast on the first page
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8"
    )
    for name in NOTEBOOKS:
        (root / name).write_text(notebook(name.removesuffix(".ipynb").title()), encoding="utf-8")
    for name, text in TEXTS.items():
        (root / name).write_text(text, encoding="utf-8")
    for name, text in FOLDER[1].items():
        (root / FOLDER[0] / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
