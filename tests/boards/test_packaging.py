"""The board's JavaScript ships inside the package (no build step, no CDN): a non-editable install
(Binder installs the kit with `pip install .`) must carry boards/static/board.js."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_view_javascript_is_package_data():
    js = ROOT / "boards" / "static" / "board.js"
    assert js.is_file() and "export default" in js.read_text()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"].get("package-data", {})
    patterns = [*data.get("*", []), *data.get("boards", [])]
    assert any(fnmatch("static/board.js", p) or fnmatch("board.js", p) for p in patterns), (
        "add '*.js' (or 'static/*.js' under 'boards') to [tool.setuptools.package-data]"
    )
