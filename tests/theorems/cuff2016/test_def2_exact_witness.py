"""cuff2016.def2 'attained by its witness prior': when mi_dp's value comes from the exact capacity certificate,
its witness is the certificate's exact maximiser, not the numeric enclosure's prior (which put 4e-13 on an input
the maximiser leaves out, and the whole-bank deep search 'refuted' the reading with it — issue 23)."""

from fractions import Fraction as F

from exactpriv.claims import Instance
from exactpriv.claims.banks import find_claim
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems.cuff2016.measured import sharp_mi_dp


def _extremal_additive():
    # the extremal additive score on {0,1,2} the deep search drew: capacity -ln 2 + 3/4 ln 3 at (1/2, 0, 1/2)
    return Mechanism(Hamming([0, 1, 2], 1), [0, 1], [[F(3, 4), F(1, 4)], [F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)]])


def test_the_certified_value_comes_with_its_exact_maximiser():
    m = sharp_mi_dp(_extremal_additive())
    assert m.value is not None and "certificate" in m.method
    assert m.witness["prior"] == {"(0,)": "1/2", "(2,)": "1/2"}
    assert m.witness["input_prior"] == {"0": "1/2", "2": "1/2"} and m.witness["record"] == 0


def test_the_reading_holds_on_the_instance_the_deep_search_refuted_it_with():
    reading = find_claim("cuff2016.def2").reading("sup-over-all-joint-priors")
    out = reading.check(Instance("extremal additive score on {0,1,2}", _extremal_additive(), params={"den": 6}))
    assert out.decision.is_true, out.decision
