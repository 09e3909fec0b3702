"""Build the static JupyterLite site: every lesson in the browser, no install, no server.

python -m scripts.site build [--out site]     # make site
python -m scripts.site serve [--port 8000]    # make serve-site (127.0.0.1 only)
python -m scripts.site pin                    # rewrite lite/tools.txt and lite/kernel.txt

What goes in, all pinned in lite/ (versions and sha256 hashes) and fetched by the ordinary
clients into a cache outside the repository (TROGKIT_SITE_CACHE, default ~/.cache/trogkit-site,
reused from build to build):
- the build tools (jupyterlite-core, the Pyodide kernel, the widget front-ends): `pip install
  --require-hashes -r lite/tools.txt` into a venv of their own;
- the Pyodide core (npm `pyodide`: the interpreter and the standard library, no packages):
  `npm ci` on lite/package-lock.json, whose integrity hashes npm checks;
- every wheel the kernel and the kit need in Pyodide: `pip download --require-hashes -r
  lite/kernel.txt` for Pyodide's platform;
- the kit itself as a wheel, built from this tree.
The Pyodide lock file is rewritten to list exactly the shipped wheels (their sha256, imports and
dependencies read from their metadata), so the kernel never asks another host for a package, and
the kernel's own packages are loaded at start from it in one go (loadPyodideOptions.packages).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = Path(os.environ.get("TROGKIT_SITE_CACHE", Path.home() / ".cache" / "trogkit-site"))
PLATFORM = "pyemscripten_2026_0_wasm32"  # Pyodide 314's wheel platform (PEP 783)
PYTHON = "3.14"  # Pyodide 314's Python
# how Pyodide answers environment markers (Requires-Dist lines)
MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "python_version": PYTHON,
    "python_full_version": PYTHON + ".2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
# the kernel's shims, shipped inside the Pyodide kernel extension (not on PyPI in this form)
SHIMS = ("ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension")
# the kernel's own packages, loaded at start from the lock file in one go (the kernel installs
# them otherwise, one by one, through micropip): lite/jupyter-lite.json lists them
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")


class SiteError(Exception):
    """A build step failed; the message says which and why."""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run(cmd: list, **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    r = subprocess.run([str(c) for c in cmd], **kw)
    if r.returncode:
        raise SiteError(f"`{' '.join(str(c) for c in cmd)}` failed (exit {r.returncode})")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ---- pinned inputs ----------------------------------------------------------------------------


def pins(path: Path) -> dict[str, tuple[str, set[str]]]:
    """name -> (version, allowed sha256s) from a `name==version --hash=sha256:...` file."""
    out = {}
    text = path.read_text().replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
        if not m:
            raise SiteError(f"{path.name}: not a pinned requirement: {line!r}")
        hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", line))
        if not hashes:
            raise SiteError(f"{path.name}: {m.group(1)} has no --hash=sha256")
        out[canonical(m.group(1))] = (m.group(2), hashes)
    return out


def tools() -> Path:
    """The venv of the build tools (one per lite/tools.txt content); its bin directory."""
    req = LITE / "tools.txt"
    venv = CACHE / f"tools-{sha256(req)[:12]}"
    if not (venv / ".complete").exists():
        shutil.rmtree(venv, ignore_errors=True)
        run([sys.executable, "-m", "venv", venv])
        run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--require-hashes", "-r", req])
        (venv / ".complete").touch()
    return venv / "bin"


def pyodide_core() -> Path:
    """The npm `pyodide` package (interpreter, standard library, lock file), checked by npm ci."""
    lock = LITE / "package-lock.json"
    where = CACHE / f"npm-{sha256(lock)[:12]}"
    core = where / "node_modules" / "pyodide"
    if not (where / ".complete").exists():
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        shutil.copy(LITE / "package.json", where)
        shutil.copy(lock, where)
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=where)
        (where / ".complete").touch()
    return core


def _pinned_file(folder: Path, name: str, version: str, hashes: set[str]) -> Path | None:
    for path in folder.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if canonical(dist) == name and ver == version and sha256(path) in hashes:
            return path
    return None


def kernel_wheels() -> list[Path]:
    """Every wheel of lite/kernel.txt, downloaded for Pyodide's platform and hash-checked."""
    folder = CACHE / "wheels"
    wanted = pins(LITE / "kernel.txt")
    found = {n: _pinned_file(folder, n, v, h) for n, (v, h) in wanted.items()}
    if not all(found.values()):
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes",
             "--only-binary=:all:", "--platform", PLATFORM, "--python-version", PYTHON,
             "-d", folder, "-r", LITE / "kernel.txt"])  # fmt: skip
        found = {n: _pinned_file(folder, n, v, h) for n, (v, h) in wanted.items()}
    missing = sorted(n for n, p in found.items() if p is None)
    if missing:
        raise SiteError(f"lite/kernel.txt: no wheel with the pinned hash for {', '.join(missing)}")
    return sorted(found.values())


def shim_wheels(bin_dir: Path) -> list[Path]:
    """The kernel's own wheels, from the Pyodide kernel extension the tools installed."""
    pypi = bin_dir.parent / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    wheels = sorted((pypi / "static" / "pypi").glob("*.whl"))
    newest = {}
    for w in wheels:  # widgetsnbextension comes as 3.6.999 and 4.0.999: ipywidgets 8 wants 4
        newest[canonical(w.name.split("-")[0])] = w
    if sorted(newest) != sorted(SHIMS):
        raise SiteError(f"the Pyodide kernel extension ships {sorted(newest)}, expected {SHIMS}")
    return list(newest.values())


def kit_wheel(dest: Path) -> Path:
    """The kit as a wheel, built from this tree (pip wheel, no dependencies)."""
    for old in dest.glob("trogkit-*.whl"):
        old.unlink()
    # the same tree gives the same wheel (zip times from SOURCE_DATE_EPOCH): its compiled copy
    # is then taken from the cache
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dest, ROOT], env=env)
    (wheel,) = dest.glob("trogkit-*.whl")
    return wheel


# ---- bytecode: compiled once here, not in every learner's browser at every start -------------

COMPILE_JS = """
import { loadPyodide } from "%(core)s/pyodide.mjs";
const py = await loadPyodide({ indexURL: "%(core)s/" });
py.FS.mkdir("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(work)s" }, "/work");
py.runPython(`
import compileall, py_compile
# a file that does not compile (a package's Python 2 example, say) keeps only its source
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
compileall.compile_dir("/work", quiet=2, invalidation_mode=mode)
`);
"""


def with_bytecode(core: Path, wheels: list[Path], work: Path) -> list[Path]:
    """The wheels with their modules compiled by Pyodide's own Python (run in Node), so the
    kernel imports IPython, jedi and the kit without compiling them first: the largest part of a
    cold start. The .py files stay (tracebacks show source); the .pyc files are unchecked
    hash-based (PEP 552), used whatever the unpacked files' times. Cached per wheel content."""
    cached = {w: CACHE / "pyc" / sha256(w)[:16] / w.name for w in wheels}
    todo = [w for w, c in cached.items() if not c.exists()]
    if todo:
        unpacked = work / "unpacked"
        for w in todo:
            with zipfile.ZipFile(w) as z:
                z.extractall(unpacked / w.name)
        script = work / "compile.mjs"
        script.write_text(COMPILE_JS % {"core": core.resolve(), "work": unpacked.resolve()})
        run(["node", script])
        for w in todo:
            root, target = unpacked / w.name, cached[w]
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_suffix(".part")
            with zipfile.ZipFile(w) as src, zipfile.ZipFile(partial, "w") as out:
                for info in src.infolist():
                    out.writestr(info, src.read(info.filename))
                for pyc in sorted(root.rglob("*.pyc")):
                    out.write(pyc, pyc.relative_to(root).as_posix(), zipfile.ZIP_DEFLATED)
            partial.rename(target)
    return list(cached.values())


# ---- the Pyodide lock file --------------------------------------------------------------------


def wheel_metadata(path: Path) -> dict:
    """name, version, imports and the dependencies Pyodide needs, from a wheel's own files."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
    tops = set()
    for n in names:
        top = n.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in n or top.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(MARKERS):
            depends.append(text)
    return {
        "name": canonical(meta["Name"]),
        "version": meta["Version"],
        "imports": sorted(t for t in tops if t.isidentifier()),
        "depends": sorted({canonical(Requirement(r).name) for r in depends}),
        "requires": depends,
    }


# The kit's heaviest dependencies load with the first cell that imports `solvers`, not with the
# first board: `import boards` never imports them, and z3's 9 MB WebAssembly library alone takes
# seconds to load. The lock file lists the kit without them and a package of no files,
# LAZY_NAME, that owns the import name `solvers` and depends on the kit and on them.
LAZY = ("z3-solver", "networkx")
LAZY_NAME = "trogkit-solvers"


def lazy_wheel(kit: Path, dest: Path) -> Path:
    """The empty package that brings the solvers' dependencies (see LAZY)."""
    version = kit.name.split("-")[1]
    path = dest / f"{LAZY_NAME.replace('-', '_')}-{version}-py3-none-any.whl"
    info = f"{LAZY_NAME.replace('-', '_')}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {LAZY_NAME}\nVersion: {version}\n"
    meta += "".join(f"Requires-Dist: {d}\n" for d in ("trogkit", *LAZY))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo(f"{info}/METADATA", (1980, 1, 1, 0, 0, 0)), meta)
    return path


def pyodide_lock(core_lock: dict, wheels: list[Path]) -> dict:
    """The core's lock file listing only `wheels` (which must close over their dependencies)."""
    packages = {}
    for w in wheels:
        meta = wheel_metadata(w)
        if meta["name"] == "trogkit":
            meta["depends"] = [d for d in meta["depends"] if d not in LAZY]
            meta["imports"] = [i for i in meta["imports"] if i != "solvers"]
        elif meta["name"] == LAZY_NAME:
            meta["imports"] = ["solvers"]
        packages[meta["name"]] = {
            **{k: v for k, v in meta.items() if k != "requires"},
            "file_name": w.name,
            "install_dir": "site",
            "package_type": "package",
            "sha256": sha256(w),
            "unvendored_tests": False,
        }
    for pkg in packages.values():
        missing = [d for d in pkg["depends"] if d not in packages]
        if missing:
            raise SiteError(
                f"{pkg['file_name']} needs {', '.join(missing)} in Pyodide: pin it in lite/kernel.txt"
                " (python -m scripts.site pin)"
            )
    return {"info": core_lock["info"], "packages": dict(sorted(packages.items()))}


# ---- the site ---------------------------------------------------------------------------------


# notebooks that are apps (Voila elsewhere): in the site their code is hidden, outputs shown
APPS = ("instructor.ipynb", "presenter.ipynb")


# notebooks that need what the browser lacks: the site's copy opens with a note saying so
def lite_notebook(src: Path, dest: Path) -> None:
    """A lesson as the site serves it: the same cells, the Pyodide kernel named; an app's code
    cells collapsed, so that the single-document view shows what Voila shows."""
    nb = json.loads(src.read_text())
    nb.setdefault("metadata", {})["kernelspec"] = {
        "name": "python",
        "display_name": "Python (Pyodide)",
        "language": "python",
    }
    if src.name in APPS:
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell.setdefault("metadata", {}).setdefault("jupyter", {})["source_hidden"] = True
    dest.write_text(json.dumps(nb, indent=1) + "\n")


def build(out: Path) -> None:
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise SiteError(f"{out} is not empty and holds no site: not replacing it")
    bin_dir = tools()
    core = pyodide_core()
    work = Path(tempfile.mkdtemp(prefix="trogkit-site-"))
    try:
        stage = work / "lite"
        pyodide_dir = stage / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
            shutil.copy(core / name, pyodide_dir)
        wheels = [*kernel_wheels(), *shim_wheels(bin_dir), kit_wheel(work / "kit")]
        wheels = [*with_bytecode(core, wheels, work), lazy_wheel(wheels[-1], work)]
        for w in wheels:
            shutil.copy(w, pyodide_dir)
        core_lock = json.loads((core / "pyodide-lock.json").read_text())
        lock = pyodide_lock(core_lock, [pyodide_dir / w.name for w in wheels])
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
        shutil.copy(LITE / "jupyter-lite.json", stage)
        contents = work / "contents"
        contents.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            lite_notebook(nb, contents / nb.name)
        shutil.rmtree(out, ignore_errors=True)
        env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
        run([bin_dir / "jupyter", "lite", "build", "--lite-dir", stage, "--contents", contents,
             "--output-dir", out, "--no-sourcemaps", "--no-unused-shared-packages"],
            cwd=work, env=env)  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check(out)
    print(f"site built: {out} ({tree_size(out) / 1e6:.0f} MB); serve it with `make serve-site`")


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def check(out: Path) -> None:
    """The built site loads Pyodide from itself and its lock file names only shipped wheels."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SiteError(f"jupyter-lite.json: pyodideUrl is {kernel.get('pyodideUrl')!r}")
    pyodide_dir = out / "static" / "pyodide"
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    for name, pkg in lock["packages"].items():
        path = pyodide_dir / pkg["file_name"]
        if not path.exists() or sha256(path) != pkg["sha256"]:
            raise SiteError(f"site/static/pyodide: {name} is not the wheel the lock file names")
    unknown = set(kernel["loadPyodideOptions"]["packages"]) - set(lock["packages"])
    if unknown:
        raise SiteError(f"jupyter-lite.json preloads {sorted(unknown)}, not in the lock file")


# ---- pin: rewrite lite/tools.txt and lite/kernel.txt -----------------------------------------


def _requirements(path: Path) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def _hashed(files: list[Path], header: str) -> str:
    lines = [header]
    for f in sorted(files, key=lambda p: canonical(p.name.split("-")[0])):
        name, version = f.name.split("-")[:2]
        lines.append(f"{canonical(name)}=={version} --hash=sha256:{sha256(f)}")
    return "\n".join(lines) + "\n"


def _download_for_pyodide(spec: str, dest: Path) -> Path:
    before = set(dest.glob("*.whl"))
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--platform", PLATFORM, "--python-version", PYTHON, "-d", dest, spec])  # fmt: skip
    new = set(dest.glob("*.whl")) - before
    if len(new) != 1:
        raise SiteError(f"pip download {spec}: expected one new wheel, got {sorted(new)}")
    return new.pop()


def pyodide_closure(roots: list[str], constraints: dict[str, str], dest: Path) -> list[Path]:
    """The wheels `roots` need in Pyodide, dependencies evaluated with Pyodide's markers; each
    at constraints.txt's version where that fits, else the newest that does."""
    from packaging.requirements import Requirement

    todo, done = list(roots), {}
    while todo:
        req = Requirement(todo.pop(0))
        if req.marker is not None and not req.marker.evaluate(MARKERS):
            continue
        name = canonical(req.name)
        if name in done or name in SHIMS:
            continue
        pinned = constraints.get(name)
        try:
            if pinned is None or not req.specifier.contains(pinned, prereleases=True):
                raise SiteError("no usable pin")
            wheel = _download_for_pyodide(f"{name}=={pinned}", dest)
        except SiteError:
            wheel = _download_for_pyodide(f"{name}{req.specifier}", dest)
        done[name] = wheel
        todo += wheel_metadata(wheel)["requires"]
    return list(done.values())


def pin() -> None:
    """Resolve lite/tools.in and lite/kernel.in and write their hashed .txt files."""
    import tomllib

    header = "# written by `python -m scripts.site pin` from {}: edit that, then re-pin"
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp) / "tools"
        run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "-d", dest,
             "-r", LITE / "tools.in"])  # fmt: skip
        text = _hashed(sorted(dest.iterdir()), header.format("tools.in"))
        (LITE / "tools.txt").write_text(text)
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        constraints = {
            canonical(n): v
            for n, v in re.findall(
                r"^([A-Za-z0-9_.\-]+)==(\S+)", (ROOT / "constraints.txt").read_text(), re.M
            )
        }
        roots = _requirements(LITE / "kernel.in") + list(project["dependencies"])
        dest = Path(tmp) / "kernel"
        dest.mkdir()
        wheels = pyodide_closure(roots, constraints, dest)
        (LITE / "kernel.txt").write_text(_hashed(wheels, header.format("kernel.in")))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.site", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the site")
    b.add_argument("--out", type=Path, default=ROOT / "site")
    s = sub.add_parser("serve", help="serve the built site on 127.0.0.1")
    s.add_argument("--out", type=Path, default=ROOT / "site")
    s.add_argument("--port", type=int, default=8000)
    sub.add_parser("pin", help="rewrite lite/tools.txt and lite/kernel.txt (with hashes)")
    args = ap.parse_args(argv)
    try:
        if args.command == "build":
            build(args.out.resolve())
        elif args.command == "pin":
            pin()
        else:
            serve(args.out.resolve(), args.port)
    except SiteError as e:
        print(f"make site: {e}", file=sys.stderr)
        return 2
    return 0


def serve(out: Path, port: int) -> None:
    if not (out / "index.html").exists():
        raise SiteError(f"no site at {out}: run `make site` first")
    print(f"serving {out} at http://127.0.0.1:{port}/ (Ctrl-C stops)", flush=True)
    os.execv(
        sys.executable,
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(out)],
    )


if __name__ == "__main__":
    sys.exit(main())
