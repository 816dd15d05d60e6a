"""The end-to-end fixtures (scripted model on 127.0.0.1, the e2e fixture site, per-test isolation) for the run
record tests, which drive the real `browser-agent` command."""

from tests.e2e.conftest import e2e, model, pages  # noqa: F401
