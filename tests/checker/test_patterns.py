"""The ``support-patterns`` certificate: an "exists a pair on a finite set" statement whose claim reads only
finiteness, refuted over every set of output kinds (cuff2016.prop12_strict, finite-space reading)."""

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.patterns import TRUSTED

CERT = {"kind": "support-patterns"}


def _st(claim, measures=None):
    return {"quantifier": "exists", "scope": {"pairs": "finite"}, "hypotheses": [], "claim": claim,
            "measures": measures or {"K": {"notion": "kl_dp"}, "E": {"notion": "pure_dp"}}}


def test_both_kl_finite_with_an_infinite_eps_is_refuted_naming_the_trusted_step():
    assert check_certificate(CERT, _st("K < oo and E == oo"), proves=False, max_prec=64) == [TRUSTED]


def test_a_satisfiable_claim_is_not_refuted():
    # infinite KL with infinite ε exists (P = (1, 0), Q = (0, 1)), and finite both (P = Q)
    for claim in ("K == oo and E == oo", "K < oo and E < oo"):
        with pytest.raises(Failed, match="satisfies the claim"):
            check_certificate(CERT, _st(claim), proves=False, max_prec=64)


def test_claims_beyond_finiteness_and_other_notions_are_not_checkable():
    with pytest.raises(NotCheckable):
        check_certificate(CERT, _st("K <= 1 and E == oo"), proves=False, max_prec=64)
    with pytest.raises(NotCheckable):
        check_certificate(CERT, _st("T < oo", {"T": {"notion": "tv_dp"}}), proves=False, max_prec=64)
    with pytest.raises(Failed):
        check_certificate(CERT, dict(_st("K < oo and E == oo"), scope={"instances": []}), proves=False,
                          max_prec=64)
