"""The static site's pins and lock file (scripts/site.py): what `make site` ships is pinned in lite/
with hashes, and the Pyodide lock file it writes names exactly the shipped wheels, closed over the
dependencies Pyodide needs (markers read as Pyodide reads them), so the kernel never asks another
host for a package. The site itself is built and driven in a browser by tests/site/."""

from __future__ import annotations

import json
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from scripts import site

ROOT = Path(__file__).resolve().parents[1]


def fake_wheel(folder: Path, name: str, version: str, requires=(), top=None) -> Path:
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{info}/METADATA", meta)
        z.writestr(f"{top or name.replace('-', '_')}/__init__.py", "")
    return path


CORE = {"info": {"python": "3.14.2", "platform": "emscripten_5_0_3"}, "packages": {"numpy": {}}}


def test_lock_lists_exactly_the_shipped_wheels_with_their_hashes_and_imports(tmp_path):
    a = fake_wheel(
        tmp_path, "Kit-Thing", "1.0", ["dep>=1", "pexpect; sys_platform != 'emscripten'"]
    )
    b = fake_wheel(tmp_path, "dep", "2.0", top="dep_pkg")
    lock = site.pyodide_lock(CORE, [a, b])
    assert lock["info"] == CORE["info"]
    assert sorted(lock["packages"]) == ["dep", "kit-thing"]  # the core's own list is dropped
    kit = lock["packages"]["kit-thing"]
    assert kit["depends"] == ["dep"]  # pexpect's marker is false in Pyodide
    assert kit["file_name"] == a.name and kit["sha256"] == site.sha256(a)
    assert lock["packages"]["dep"]["imports"] == ["dep_pkg"]


def test_lock_refuses_a_dependency_that_is_not_shipped(tmp_path):
    a = fake_wheel(tmp_path, "kit", "1.0", ["missing-dep; python_version >= '3.10'"])
    with pytest.raises(site.SiteError, match="missing-dep.*lite/kernel.txt"):
        site.pyodide_lock(CORE, [a])


def test_pins_need_a_version_and_a_hash(tmp_path):
    f = tmp_path / "k.txt"
    f.write_text("good==1.0 --hash=sha256:" + "0" * 64 + "\nbad==2.0\n")
    with pytest.raises(site.SiteError, match="bad has no --hash"):
        site.pins(f)
    f.write_text("loose>=1 --hash=sha256:" + "0" * 64 + "\n")
    with pytest.raises(site.SiteError, match="not a pinned requirement"):
        site.pins(f)


def test_kernel_pins_cover_the_kits_dependencies_in_pyodide():
    pinned = site.pins(ROOT / "lite" / "kernel.txt")
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    needed = {
        site.canonical(r.name)
        for r in map(Requirement, deps)
        if r.marker is None or r.marker.evaluate(site.MARKERS)
    }
    assert needed <= set(pinned), needed - set(pinned)
    # what has no Pyodide build is left out there (and only there)
    assert {"matplotlib", "ortools"}.isdisjoint(needed)
    assert {"z3-solver", "anywidget", "ipywidgets", "networkx"} <= needed


def test_site_config_keeps_the_kernel_on_the_site():
    config = json.loads((ROOT / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"  # never the CDN default
    assert kernel["disablePyPIFallback"] is True
    preload = set(kernel["loadPyodideOptions"]["packages"])
    assert preload <= set(site.pins(ROOT / "lite" / "kernel.txt")) | set(site.SHIMS)
    assert preload == set(site.PRELOAD)


def test_tools_and_pyodide_core_are_pinned():
    tools = site.pins(ROOT / "lite" / "tools.txt")
    assert tools["jupyterlite-core"][0] == tools["jupyterlite-pyodide-kernel"][0] == "0.8.6"
    lock = json.loads((ROOT / "lite" / "package-lock.json").read_text())
    core = lock["packages"]["node_modules/pyodide"]
    assert core["version"] == "314.0.6" and core["integrity"].startswith("sha512-")
