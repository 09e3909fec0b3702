"""Saved notebooks read without a kernel: every saved widget output also carries a static picture,
and the battle bench's output carries its drawing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boards.encounter import battle_bench

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_saved_widget_output_has_a_picture_beside_it(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    bare = [
        i
        for i, cell in enumerate(nb["cells"])
        for out in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
        and not {"image/svg+xml", "image/png"} & set(out["data"])
    ]
    assert not bare, f"{path.name}: cells {bare} save a widget view with no picture"


def test_battle_bench_output_carries_its_drawing():
    bench = battle_bench()
    data = bench.widget._repr_mimebundle_()
    assert data["image/svg+xml"] == bench.picture.value
    assert data["image/svg+xml"].startswith("<svg")
    assert "Battle bench" in data["text/plain"]
