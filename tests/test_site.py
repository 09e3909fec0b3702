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


def test_readme_starts_with_the_lessons_in_the_browser():
    readme = (ROOT / "README.md").read_text()
    sections = [line for line in readme.splitlines() if line.startswith("## ")]
    assert sections[0] == "## Lessons in your browser"
    first = readme.split("## Lessons in your browser", 1)[1].split("\n## ", 1)[0]
    for words in ("make site", "make serve-site", "GitHub Pages", "make test-site"):
        assert words in first, words
    assert "OWNER/" not in readme  # the Binder placeholder is gone


def test_site_copies_name_the_pyodide_kernel_and_hide_app_code(tmp_path):
    for name in (
        "trogdor_01_countryside_and_setup.ipynb",
        "instructor.ipynb",
        "scale_01_rules_at_scale.ipynb",
        "verify_01_rules_under_test.ipynb",
    ):
        src = ROOT / "notebooks" / name
        site.lite_notebook(src, tmp_path / name)
        nb, orig = json.loads((tmp_path / name).read_text()), json.loads(src.read_text())
        assert nb["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's name
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert [c["source"] for c in code] == [
            c["source"] for c in orig["cells"] if c["cell_type"] == "code"
        ]

        def hidden(cells):
            return [c.get("metadata", {}).get("jupyter", {}).get("source_hidden") for c in cells]

        was = hidden(c for c in orig["cells"] if c["cell_type"] == "code")
        assert all(hidden(code)) if name in site.APPS else hidden(code) == was
        assert len(nb["cells"]) == len(orig["cells"])  # no note added: every lesson runs there


def test_the_solvers_heavy_dependencies_load_with_the_first_solvers_import(tmp_path):
    """`import boards` (the first board) loads the kit without z3 and networkx; a cell importing
    `solvers` loads them, through the empty package that owns that import name."""
    kit = fake_wheel(
        tmp_path, "trogkit", "0.1.0", ["z3-solver>=4", "networkx", "tqdm"], top="boards"
    )
    with zipfile.ZipFile(kit, "a") as z:
        z.writestr("solvers/__init__.py", "")
    deps = [fake_wheel(tmp_path, n, "1.0", top=t) for n, t in
            (("z3-solver", "z3"), ("networkx", "networkx"), ("tqdm", "tqdm"))]  # fmt: skip
    lazy = site.lazy_wheel(kit, tmp_path)
    lock = site.pyodide_lock(CORE, [kit, *deps, lazy])["packages"]
    assert lock["trogkit"]["depends"] == ["tqdm"]
    assert lock["trogkit"]["imports"] == ["boards"]
    assert lock[site.LAZY_NAME]["imports"] == ["solvers"]
    assert lock[site.LAZY_NAME]["depends"] == ["networkx", "trogkit", "z3-solver"]


def test_build_never_replaces_a_folder_that_is_not_a_site(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(site.SiteError, match="holds no site"):
        site.build(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"
