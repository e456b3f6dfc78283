"""Jupyter rich display of measures and verdicts."""

from exactpriv import pure_dp, randomized_response
from exactpriv.claims import Verdict


def test_measured_and_verdict_render_in_a_notebook():
    m = pure_dp(randomized_response(2, p="3/4"))
    assert m._repr_latex_() == r"$\mathrm{pure\_dp} = \log{\left(3 \right)}$"
    assert "<code>pure_dp</code>" in m._repr_html_()
    assert "REFUTED" in Verdict.REFUTED._repr_html_() and Verdict.PROVED._repr_latex_().startswith("$")
