"""Drawing hooks: SVG overlays built on the engine's renderer, matplotlib charts (headless)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from rulebook.trogdor import puzzle  # noqa: E402
from rulebook.trogdor.grid import GRID5  # noqa: E402
from solvers.trogdor import min_ap_cottage, reachable  # noqa: E402
from solvers.trogdor.danger import card_danger, danger_map  # noqa: E402
from solvers.trogdor.draw import danger_svg, plan_svg, reach_svg  # noqa: E402
from solvers.trogdor.plots import danger_plot, reach_plot  # noqa: E402

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def test_plan_overlay_numbers_the_route():
    """T-BURN-COTTAGE plan drawn: the route's squares numbered 1..n on the board picture."""
    pos = puzzle(LAYOUT, trogdor="C3", burnt=("A2", "B2"))
    r = min_ap_cottage(pos, GRID5.parse("A1"))
    svg = plan_svg(pos, r)._repr_svg_()
    assert svg.startswith("<svg") and svg.count(">4</text>") >= 1
    assert r.actions == r.plan


def test_reach_and_danger_overlays_and_plots():
    pos = puzzle(LAYOUT, trogdor="C3")
    reach = reachable(pos.layout, pos.trogdor, 2)
    assert "<svg" in reach_svg(pos, reach).text
    s = puzzle(LAYOUT, knights=("A1",), archer="E5", movement=["0N-WNNE", "1S-SSSS"])
    m = danger_map(s)
    assert "50%" in danger_svg(s, m).text or "100%" in danger_svg(s, m).text
    assert "<svg" in danger_svg(s, card_danger(s, "0N-WNNE")).text
    ax = danger_plot(m)
    assert len(ax.texts) == 25
    ax = reach_plot(reach)
    assert ax.get_title() == "reachable from C3 with 2 AP"
    import matplotlib.pyplot as plt

    plt.close("all")


def test_plots_without_matplotlib_draw_the_same_numbers_as_svg(monkeypatch):
    """In the browser (Pyodide: no matplotlib) the plots fall back to the kit's SVG grid."""
    import solvers.trogdor.plots as plots

    monkeypatch.setattr(plots, "_matplotlib", lambda: None)
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    pos = puzzle(LAYOUT, trogdor="C3")
    reach = reachable(pos.layout, pos.trogdor, 2)
    picture = reach_plot(reach)
    assert shown == [picture] and "reachable from C3 with 2 AP" in picture.text
    labels = picture.text.count('text-anchor="middle" fill=')
    assert labels == 25  # every square drawn; the reachable ones labelled with their cost
    for sq, cost in reach.costs.items():
        assert f">{cost}</text>" in picture.text, sq
    s = puzzle(LAYOUT, knights=("A1",), archer="E5", movement=["0N-WNNE", "1S-SSSS"])
    m = danger_map(s)
    text = danger_plot(m, title="danger").text
    assert all(f">{v:.2f}</text>" in text for row in m.grid() for v in row)
