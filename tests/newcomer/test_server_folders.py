"""The server's artifacts folder going bad while it runs (deleted and replaced by a file, a full or read-only
disk): a destructive click still asks for confirmation, and writing a screenshot fails with one clear
`configuration` error that names BROWSER_ARTIFACTS_DIR — never an `internal` error or a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.mcp_client import browser_client

pytestmark = pytest.mark.mcp


async def test_a_broken_artifacts_folder_is_a_clear_error_and_confirmation_still_works(site, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    artifacts = tmp_path / "artifacts"
    log_path = tmp_path / "server-stderr.txt"
    with log_path.open("w") as errlog:
        async with browser_client(tmp_path / "profile", errlog=errlog, BROWSER_ARTIFACTS_DIR=str(artifacts)) as client:
            assert (await client.call("navigate", url=site.url_a("webmail.html"))).ok
            shutil.rmtree(artifacts)
            artifacts.write_text("this is a file now")

            found = await client.call("find_interactive_elements", query="Delete", limit=50)
            delete = next(e["id"] for e in found.data["elements"] if e["name"] == "Delete")
            click = await client.call("click", element_id=delete)
            assert click.error["code"] == "requires_confirmation", click.payload
            assert click.error["details"]["confirmation_id"]

            shot = await client.call("save_screenshot", name="after")
            assert not shot.ok and shot.error["code"] == "configuration", shot.payload
            assert "BROWSER_ARTIFACTS_DIR" in shot.error["hint"]
    assert "Traceback" not in log_path.read_text()
