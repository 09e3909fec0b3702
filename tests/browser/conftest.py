"""Fixtures for the browser tests: a headless Debian chromium driven by Playwright, and throw-away
JupyterLab / Voila servers on free localhost ports.

The machine running these has no network, so chromium gets flags that stop its background
traffic, and the servers are told not to fetch news or check for updates. A missing chromium skips
these tests with a visible reason -- except under CI (env var ``CI`` set), where it fails, because
CI must run them (``.ci/run`` apt-installs chromium first).
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scripts.site_survey import CHROMIUM_ARGS  # the flags the site survey launches with

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CHROMIUM = os.environ.get("TROGKIT_CHROMIUM", "/usr/bin/chromium")
VOILA_NOTEBOOKS = ROOT / "notebooks"  # what `make app` serves, with the kit's template:
VOILA_TEMPLATE = ["--template=trogkit"]  # jupyter/voila/templates/trogkit (no CDN requests)
START_TIMEOUT = 60  # seconds for a server to answer


def _missing_browser(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} -- CI must run the browser tests (.ci/run installs chromium)")
    # Locally a missing chromium is the machine's, not the kit's, fault: skip visibly (CI fails).
    pytest.skip(f"{reason}; install it with `apt-get install chromium` to run the browser tests")


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for the whole session (Playwright sync API)."""
    if not Path(CHROMIUM).exists():
        _missing_browser(f"no chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is a test dependency
        _missing_browser("the playwright package is not installed")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = ctx.new_page()
    p.set_default_timeout(30_000)
    p.errors = []  # page-level JS exceptions, checked by the tests
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.requests = []  # every URL the page asked for (no CDN: all must be 127.0.0.1)
    p.on("request", lambda r: p.requests.append(r.url))
    yield p
    ctx.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str  # base URL, ends with '/'
    token: str
    proc: subprocess.Popen
    log: Path

    def tail(self, n: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])


def _wait_ready(server: Server, probe: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{server.tail()}")
        try:
            with urllib.request.urlopen(server.url + probe, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"server not ready after {START_TIMEOUT}s:\n{server.tail()}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def _start(
    cmd: list[str], tmp: Path, name: str, *, root_flag: bool = False
) -> tuple[subprocess.Popen, Path]:
    env = dict(os.environ)
    # keep the servers' runtime/config files out of the user's home
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["JUPYTER_CONFIG_DIR"] = str(tmp / "config")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_TOKEN", None)
    env["JUPYTER_PATH"] = str(ROOT / "jupyter")  # the kit's Voila template (as `make app`)
    if (
        root_flag and os.geteuid() == 0
    ):  # containers/CI often run as root; Jupyter refuses that by default
        cmd = [*cmd, "--allow-root"]
    log = tmp / f"{name}.log"
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, so stopping it stops its kernels
    )
    return proc, log


@pytest.fixture(scope="session")
def jupyter_lab(browser, tmp_path_factory) -> Iterator[Server]:
    """JupyterLab serving the repo with a learner's default settings -- cell windowing on, so a
    cell out of view is not in the page and its outputs render before they are attached -- and
    the app object exposed so tests can run commands ("Run All Cells") without fragile menu
    clicks. Only what would reach the network or write to the repo is turned off."""
    tmp = tmp_path_factory.mktemp("lab")
    apputils = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    apputils.mkdir(parents=True)
    (apputils / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # never write to the repo's notebooks: no autosave of the notebook the test runs
    docmanager = tmp / "settings" / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    port, token = free_port(), secrets.token_hex(16)
    proc, log = _start(
        [
            str(BIN / "jupyter"),
            "lab",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={ROOT}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.extension_manager=readonly",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.user_settings_dir={tmp / 'settings'}",
            f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
            f"--FileCheckpoints.checkpoint_dir={tmp / 'checkpoints'}",  # none in the repo
        ],
        tmp,
        "lab",
        root_flag=True,
    )
    server = Server(f"http://127.0.0.1:{port}/", token, proc, log)
    try:
        _wait_ready(server, f"api/status?token={token}")
        yield server
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def voila_app(browser, tmp_path_factory) -> Iterator[Server]:
    """Voila serving the instructor app and its presenter (the same command as `make app`):
    the app is at ``url + APP_PAGE``, the presenter at ``url + PRESENTER_PAGE``
    (browser_helpers)."""
    tmp = tmp_path_factory.mktemp("voila")
    port = free_port()
    proc, log = _start(
        [
            str(BIN / "voila"),
            str(VOILA_NOTEBOOKS),
            *VOILA_TEMPLATE,
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--show_tracebacks=True",
        ],
        tmp,
        "voila",
    )
    server = Server(f"http://127.0.0.1:{port}/", "", proc, log)
    try:
        _wait_ready(server, "voila/static/voila.js")
        yield server
    finally:
        _stop(proc)
