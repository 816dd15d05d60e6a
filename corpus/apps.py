"""Build, cache and start the corpus apps on 127.0.0.1.

    spec = APPS["django_admin"]
    with running(spec, tmp_dir) as app:      # a fresh copy of the seeded state, the app's own server, a free port
        app.url("/admin/")                   # "http://127.0.0.1:41234/admin/"
        app.db.count("library_book")          # its own sqlite database (corpus.db.AppDb)

The seeded state is built once per set of package versions and seed sources, in ``corpus/.cache/<app>-<key>/``
(gitignored), and copied for every run, so a run's writes never reach the cache. Run this module to build every
app and print where it went: ``python -m corpus.apps [--serve APP]``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from corpus.db import AppDb

CORPUS = Path(__file__).resolve().parent
REPO = CORPUS.parent
CACHE = CORPUS / ".cache"
READY_TIMEOUT_S = 180.0  # MLflow imports ~45 s on this 2-core machine under a load of 20
BUILD_TIMEOUT_S = 900.0  # django-oscar runs ~200 migrations: ~30 s idle, 6 min under a load of 28


@dataclass(frozen=True)
class Login:
    """A known account: the app's login page (a path) and the admin's credentials."""

    path: str
    username: str
    password: str
    user_field: str = "Username"  # the label of the field the username goes into


@dataclass(frozen=True)
class AppSpec:
    name: str
    title: str
    packages: tuple[str, ...]  # distributions whose versions key the cache
    sources: tuple[str, ...]  # corpus sub-folders whose files key the cache
    build: Callable[[Path], list[str]]  # state dir -> command that seeds it
    serve: Callable[[Path, int], list[str]]  # state dir, port -> command that serves it
    db_file: str  # the sqlite database, relative to the state dir
    ready_path: str  # answers once the app is up
    home_path: str  # where a user starts
    login: Login | None
    env: dict[str, str] = field(default_factory=dict)
    requirements: tuple[str, ...] = ()  # pinned: installed into the app's own environment (own_python), not ours
    ready: Callable[[RunningApp], bool] | None = None  # more than answering: the app's seeded running state is up

    def cache_key(self) -> str:
        digest = hashlib.sha256(sys.version.encode())
        digest.update("\n".join(self.requirements).encode())
        for dist in self.packages:
            digest.update(f"{dist}=={metadata.version(dist)}".encode())
        for folder in self.sources:
            for path in sorted((CORPUS / folder).rglob("*.py")):
                digest.update(path.relative_to(CORPUS).as_posix().encode() + path.read_bytes())
        return digest.hexdigest()[:12]


@dataclass
class RunningApp:
    spec: AppSpec
    state: Path
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.base_url + (path if path.startswith("/") else "/" + path)

    @property
    def db(self) -> AppDb:
        return AppDb(self.state / self.spec.db_file, self.base_url)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def child_env(spec: AppSpec, state: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env["PYTHONWARNINGS"] = "ignore"
    env["CORPUS_STATE"] = str(state)
    return env | spec.env


def seeded_state(spec: AppSpec) -> Path:
    """The cached seeded state of an app, built first if missing (a few seconds; Wagtail's migrations ~30 s)."""
    target = CACHE / f"{spec.name}-{spec.cache_key()}"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f"{spec.name}-", dir=CACHE))
    state = building / "state"
    state.mkdir()
    done = subprocess.run(spec.build(state), cwd=REPO, env=child_env(spec, state), capture_output=True,
                          timeout=BUILD_TIMEOUT_S, check=False)
    if done.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        raise RuntimeError(f"seeding {spec.name} failed:\n{done.stderr.decode(errors='replace')[-3000:]}")
    with contextlib.suppress(OSError):  # built concurrently by someone else: theirs is as good
        state.rename(target)
    shutil.rmtree(building, ignore_errors=True)
    return target


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_answers(app: RunningApp, timeout_s: float = READY_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        if app.process.poll() is not None:
            raise RuntimeError(f"{app.spec.name} exited ({app.process.returncode}):\n{app.log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(app.url(app.spec.ready_path), timeout=5) as response:
                if response.status < 500 and (app.spec.ready is None or app.spec.ready(app)):
                    return
        except urllib.error.HTTPError as error:
            if error.code < 500 and app.spec.ready is None:
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            log = app.log.read_text()[-3000:]
            raise TimeoutError(f"{app.spec.name} did not answer within {timeout_s:.0f} s:\n{log}")
        time.sleep(0.1)  # noqa: TID251 - polling the port: the server gives no other signal that it listens


def start(spec: AppSpec, workdir: Path) -> RunningApp:
    """Copy the seeded state into ``workdir`` and start the app's own server there; returns once it answers."""
    state = workdir / spec.name
    if state.exists():
        shutil.rmtree(state)
    shutil.copytree(seeded_state(spec), state)
    port = free_port()
    log = workdir / f"{spec.name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(spec.serve(state, port), cwd=REPO, env=child_env(spec, state),
                                   stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    app = RunningApp(spec, state, port, process, log)
    try:
        wait_until_answers(app)
    except BaseException:
        app.stop()
        raise
    return app


@contextmanager
def running(spec: AppSpec, workdir: Path) -> Iterator[RunningApp]:
    app = start(spec, workdir)
    try:
        yield app
    finally:
        app.stop()


def own_python(name: str, requirements: tuple[str, ...]) -> str:
    """The interpreter of an app's own environment: ``requirements`` (pinned) installed from PyPI by uv, once, into
    ``corpus/.cache/env-<name>-<key>/`` (the key hashes them and our Python), with no prompt. An app whose
    dependencies would clash with ours (another Django, Tornado, ...) lives there."""
    key = hashlib.sha256("\n".join([sys.version, *requirements]).encode()).hexdigest()[:12]
    target = CACHE / f"env-{name}-{key}"
    python = target / "bin" / "python"
    if python.exists():
        return str(python)
    uv = os.environ.get("UV") or shutil.which("uv")
    if not uv:
        raise RuntimeError(f"installing {name}'s environment needs uv (https://docs.astral.sh/uv/) on PATH")
    CACHE.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f"env-{name}-", dir=CACHE))
    env = building / "env"
    try:
        for command in ([uv, "venv", "--quiet", "--relocatable", "--python", sys.executable, str(env)],
                        [uv, "pip", "install", "--quiet", "--python", str(env / "bin" / "python"), *requirements]):
            done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=BUILD_TIMEOUT_S,
                                  check=False)
            if done.returncode != 0:
                raise RuntimeError(f"installing {name}'s environment failed:\n{done.stderr.decode()[-3000:]}")
        with contextlib.suppress(OSError):  # installed concurrently by someone else: theirs is as good
            env.rename(target)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return str(python)


# ------------------------------------------------------------------ the apps
PY = sys.executable


def _django_build(state: Path) -> list[str]:
    return [PY, "-m", "corpus.django_library.seed", str(state / "library.db")]


def _django_serve(state: Path, port: int) -> list[str]:
    return [PY, "-m", "corpus.django_library.serve", str(state / "library.db"), f"127.0.0.1:{port}"]


def _trac_build(state: Path) -> list[str]:
    return [PY, "-m", "corpus.trac_tracker.seed", str(state / "env")]


def _trac_serve(state: Path, port: int) -> list[str]:
    return [PY, "-m", "trac.web.standalone", "--hostname", "127.0.0.1", "--port", str(port), "-s", str(state / "env")]


def _wagtail_build(state: Path) -> list[str]:
    return [PY, "-m", "corpus.wagtail_cms.seed", str(state)]


def _wagtail_serve(state: Path, port: int) -> list[str]:
    return [PY, "-m", "corpus.wagtail_cms.serve", str(state), f"127.0.0.1:{port}"]


def _flask_build(state: Path) -> list[str]:
    return [PY, "-m", "corpus.flask_shop_admin.seed", str(state / "shop.db")]


def _flask_serve(state: Path, port: int) -> list[str]:
    return [PY, "-m", "corpus.flask_shop_admin.serve", str(state / "shop.db"), f"127.0.0.1:{port}"]


# MLflow: a React single-page app (an ag-grid of runs, icon-only menus, in-page modal confirmations) over its own
# tracking server and a sqlite store. Its usage telemetry and its background job runner are switched off.
MLFLOW_ENV = {"MLFLOW_DISABLE_TELEMETRY": "true", "DO_NOT_TRACK": "true", "MLFLOW_SERVER_ENABLE_JOB_EXECUTION": "false"}


def _mlflow_build(state: Path) -> list[str]:
    return [PY, "-m", "corpus.mlflow_tracking.seed", str(state)]


def _mlflow_serve(state: Path, port: int) -> list[str]:
    return [PY, "-m", "corpus.mlflow_tracking.serve", str(state), str(port)]


# JupyterLab: a file manager and notebook single-page app (Lumino widgets: a file list of click-selected rows, its own
# dialogs for delete, rename, "Shut Down All" kernels, unsaved changes), in its own environment (Tornado, jupyter).
JUPYTER_PINS = ("jupyterlab==4.6.6", "jupyter-server==2.21.1", "ipykernel==7.4.0")


def _jupyter_build(state: Path) -> list[str]:
    return [own_python("jupyterlab", JUPYTER_PINS), "-m", "corpus.jupyter_files.seed", str(state)]


def _jupyter_serve(state: Path, port: int) -> list[str]:
    return [own_python("jupyterlab", JUPYTER_PINS), "-m", "corpus.jupyter_files.serve", str(state), str(port)]


def _jupyter_kernels_up(app: RunningApp) -> bool:
    """Both seeded notebooks' kernels are started (the serve script starts them once the server listens)."""
    from corpus.jupyter_files.seed import RUNNING

    with urllib.request.urlopen(app.url("/api/kernels"), timeout=5) as response:
        return len(json.loads(response.read())) >= len(RUNNING)


# django-oscar: a shop's storefront (catalogue, basket, a checkout ending in "Place order"), in its own environment
# (its own Django; Whoosh indexes the catalogue).
OSCAR_PINS = ("django-oscar==4.2.1", "django==5.2.19", "whoosh==2.7.4")


def _oscar_build(state: Path) -> list[str]:
    return [own_python("oscar", OSCAR_PINS), "-W", "ignore", "-m", "corpus.oscar_shop.seed", str(state / "shop.db")]


def _oscar_serve(state: Path, port: int) -> list[str]:
    return [own_python("oscar", OSCAR_PINS), "-m", "corpus.oscar_shop.serve", str(state / "shop.db"),
            f"127.0.0.1:{port}"]



# Datasette: a data-exploration app (table pages with facets and filters) whose 1.0 alpha writes through its JSON API
# (row insert, edit and delete in its own dialogs) and the write plugin datasette-edit-schema (alter, rename and
# delete a table, the last behind a native confirm()), in its own environment (its ASGI stack).
DATASETTE_PINS = ("datasette==1.0a41", "datasette-edit-schema==0.8a5")


def _datasette_build(state: Path) -> list[str]:
    return [own_python("datasette", DATASETTE_PINS), "-m", "corpus.datasette_survey.seed", str(state)]


def _datasette_serve(state: Path, port: int) -> list[str]:
    # default_cache_ttl 0: Datasette lets browsers cache a table page for 5 s by default, so a page opened right
    # after a test's write would show the table as it was before it.
    return [own_python("datasette", DATASETTE_PINS), "-m", "datasette", "serve", str(state / "survey.db"),
            "--host", "127.0.0.1", "--port", str(port), "--config", str(state / "datasette.json"),
            "--setting", "default_cache_ttl", "0", "--secret", "corpus-only-not-a-secret"]

APPS: dict[str, AppSpec] = {
    "django_admin": AppSpec(
        name="django_admin", title="Django admin (library: authors, books, users, groups)",
        packages=("django",), sources=("django_library",),
        build=_django_build, serve=_django_serve, db_file="library.db",
        ready_path="/admin/login/", home_path="/admin/",
        login=Login("/admin/login/", "admin", "corpus-admin-pw"),
    ),
    "wagtail": AppSpec(
        name="wagtail", title="Wagtail CMS admin (news pages: drafts, publishing, deletion)",
        packages=("django", "wagtail"), sources=("wagtail_cms",),
        build=_wagtail_build, serve=_wagtail_serve, db_file="cms.db",
        ready_path="/admin/login/", home_path="/admin/",
        login=Login("/admin/login/", "admin", "corpus-admin-pw"),
    ),
    "trac": AppSpec(
        name="trac", title="Trac (tickets, wiki, milestones, components; anonymous is TRAC_ADMIN)",
        packages=("trac", "jinja2"), sources=("trac_tracker",),
        build=_trac_build, serve=_trac_serve, db_file="env/db/trac.db",
        ready_path="/wiki", home_path="/report/1", login=None,
    ),
    "flask_admin": AppSpec(
        name="flask_admin", title="Flask-Admin shop back office (orders, customers, products; select2, confirm())",
        packages=("flask-admin", "flask-sqlalchemy", "sqlalchemy", "wtforms"), sources=("flask_shop_admin",),
        build=_flask_build, serve=_flask_serve, db_file="shop.db",
        ready_path="/admin/", home_path="/admin/order/", login=None,
    ),
    "mlflow": AppSpec(
        name="mlflow", title="MLflow tracking UI (React: experiments, a runs grid, registered models; no login)",
        packages=("mlflow",), sources=("mlflow_tracking",),
        build=_mlflow_build, serve=_mlflow_serve, db_file="mlflow.db",
        ready_path="/health", home_path="/#/experiments", login=None, env=MLFLOW_ENV,
    ),
    "jupyterlab": AppSpec(
        name="jupyterlab", title="JupyterLab (file browser, notebooks, running kernels; no token)",
        packages=(), sources=("jupyter_files",), requirements=JUPYTER_PINS,
        build=_jupyter_build, serve=_jupyter_serve, db_file="root",
        ready_path="/api/kernels", home_path="/lab", login=None, ready=_jupyter_kernels_up,
    ),
    "oscar": AppSpec(
        name="oscar", title="django-oscar shop (catalogue, basket, checkout; a customer with a saved address)",
        packages=(), sources=("oscar_shop",), requirements=OSCAR_PINS,
        build=_oscar_build, serve=_oscar_serve, db_file="shop.db",
        ready_path="/accounts/login/", home_path="/catalogue/",
        login=Login("/accounts/login/", "maria@example.com", "corpus-admin-pw", user_field="Email address"),
    ),
    "datasette": AppSpec(
        name="datasette", title="Datasette 1.0 alpha + datasette-edit-schema (a bird survey; anonymous may write)",
        packages=(), sources=("datasette_survey",), requirements=DATASETTE_PINS,
        build=_datasette_build, serve=_datasette_serve, db_file="survey.db",
        ready_path="/survey", home_path="/survey/birds", login=None,
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--serve", choices=sorted(APPS), help="start this app and serve until Ctrl-C")
    args = parser.parse_args()
    if args.serve:
        with tempfile.TemporaryDirectory() as tmp, running(APPS[args.serve], Path(tmp)) as app:
            print(f"{app.spec.title}: {app.url(app.spec.home_path)} (login: {app.spec.login})", file=sys.stderr)
            with contextlib.suppress(KeyboardInterrupt):
                app.process.wait()
        return
    for spec in APPS.values():
        started = time.monotonic()
        path = seeded_state(spec)
        print(f"{spec.name}: {path} ({time.monotonic() - started:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
