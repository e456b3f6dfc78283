"""The checker's kinds for the last classics rows (docs/certificates.md): ``log-sign`` (a log-linear claim with
one rational factor in common, Csiszár's data processing on post-processed RR), ``log-bounds`` with ``pull`` (logs bounded
towards the goal, KL ≤ D₂ on RR tight only as ε → ∞), Poisson subsampling and δ at a constant level on symbolic
families, and the (ε, δ) chain read at a fixed δ.  Each true claim is accepted and a false claim of the same shape
is refused by the same certificate."""

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.families import family_statements
from exactpriv.checker.reductions import approx_family_statement

RR2 = {"name": "RR(2, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
       "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                     ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}
KERNEL = [["9/10", "1/10"], ["1/10", "9/10"]]


def _proves(cert, statement) -> bool:
    try:
        check_certificate(cert, statement, proves=True, max_prec=2048)
    except (Failed, NotCheckable):
        return False
    return True


def _derived(measures: dict, claim: str, family=RR2):
    (_, derived), = family_statements({"quantifier": "forall-family", "families": [family], "measures": measures,
                                       "claim": claim})
    return derived


@pytest.mark.parametrize("claim, holds", [("B <= A", True), ("B <= A/2", False), ("B <= 4*A/5", True),
                                          ("B <= 3*A/5", False)])
def test_log_sign_on_post_processed_kl(claim, holds):
    """KL(RR(ε) post-processed by a BSC(1/10)) = (4/5)·tanh(ε/2)·log((9e^ε + 1)/(e^ε + 9)) ≤ c·ε·tanh(ε/2): the
    common factor tanh(ε/2) ≥ 0 divides out, then ((9u + 1)/(u + 9))^4 ≤ u^(5c) is a polynomial sign chart.
    It holds for c = 1 and c = 4/5 (log((9u+1)/(u+9)) ≤ log u), not for c = 1/2 or 3/5 (near ε = 0, the post-processed
    KL is 0.64·KL of RR)."""
    derived = _derived({"A": {"notion": "kl_dp"}, "B": {"notion": "kl_dp", "on": {"operator": "post-process",
                                                                                   "kernel": KERNEL}}}, claim)
    assert _proves({"kind": "log-sign", "substitution": "u = exp(eps)"}, derived) is holds


def test_log_sign_needs_a_common_factor():
    statement = {"quantifier": "forall-params", "domain": {"eps": "[0, oo)"},
                 "claim": "log(1 + exp(eps)) <= eps + 1"}  # a rational part besides the logs
    assert not _proves({"kind": "log-sign", "substitution": "u = exp(eps)"}, statement)


@pytest.mark.parametrize("claim, holds", [("B <= A", True), ("B <= 9*A/10", False)])
def test_log_bounds_kl_below_renyi_2(claim, holds):
    """KL ≤ D₂ on RR(ε) (Rényi divergences increase with the order), tight as ε → ∞; KL ≤ (9/10)·D₂ fails for
    large ε (both grow like ε)."""
    derived = _derived({"A": {"notion": "renyi_dp", "alpha": "2"}, "B": {"notion": "kl_dp"}}, claim)
    assert _proves({"kind": "log-bounds", "substitution": "u = exp(eps)", "pull": True}, derived) is holds


def test_log_bounds_without_pulling_the_powers_of_u_fails_there():
    derived = _derived({"A": {"notion": "renyi_dp", "alpha": "2"}, "B": {"notion": "kl_dp"}}, "B <= A")
    assert not _proves({"kind": "log-bounds", "substitution": "u = exp(eps)"}, derived)


SUBSETS = {"name": "count on Subsets({a})", "variable": "eps", "domain": "[0, oo)",
           "space": {"type": "subsets", "universe": ["a"]}, "outputs": [0, 1],
           "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                         ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}


@pytest.mark.parametrize("bound, holds", [("log(q*(exp(A) - 1) + 1)", True), ("q*A", False)])
def test_poisson_subsampling_on_a_family(bound, holds):
    """Balle–Barthe–Gaboardi: subsampling RR(ε) at rate q = 1/2 gives exactly log(1 + q(e^ε − 1)); the row of
    {a} is (1/2)(row of ∅) + (1/2)(row of {a}), derived by the checker; q·ε is below it."""
    fam = dict(SUBSETS, params={"q": "1/2"})
    derived = _derived({"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {"operator": "subsample",
                                                                                       "q": "q"}}},
                       f"B <= {bound}", fam)
    cert = {"kind": "exponentiate", "scale": "1", "then": {"kind": "sign-chart", "substitution": "u = exp(eps)"}}
    assert _proves(cert, derived) is holds


def test_subsampling_needs_a_subsets_space():
    with pytest.raises(Failed, match="subsets"):
        _derived({"B": {"notion": "pure_dp", "on": {"operator": "subsample", "q": "1/2"}}}, "B <= eps")


EXTREMAL = {"name": "extremal pair (ln 2, delta)", "variable": "delta", "domain": "[0, 1]",
            "space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": ["a", "b", "c", "d"],
            "mechanism": [["delta", "2/3 - 2*delta/3", "1/3 - delta/3", "0"],
                          ["0", "1/3 - delta/3", "2/3 - 2*delta/3", "delta"]]}


@pytest.mark.parametrize("claim, holds", [("B == 2*A/3 + 1/3", True), ("B == A/2 + 1/3", False)])
def test_delta_at_a_constant_level_on_a_family_in_delta(claim, holds):
    """The four-output pair at e^ε = 2 as a family in δ (entries vanishing at δ = 0 and δ = 1): the checker derives
    δ(ln 2) = δ and TV = δ + (1 − δ)/3."""
    derived = _derived({"A": {"notion": "approx_dp", "epsilon": "log(2)"}, "B": {"notion": "tv_dp"}}, claim,
                       EXTREMAL)
    assert _proves({"kind": "identity", "substitution": "u = delta"}, derived) is holds


def _eps_view(bound: str, values=("1/10", "1/3")) -> dict:
    return {"quantifier": "forall-instances",
            "hypotheses": ["range:" + " or ".join(f"delta == {v}" for v in values)],
            "measures": {"G": {"notion": "approx_dp_epsilon", "delta": "delta"}, "X": {"notion": "tv_dp"}},
            "claim": f"X <= {bound}"}


def test_the_eps_view_chain_builds_the_claim_on_the_four_output_pair():
    family = approx_family_statement(_eps_view("delta + (1 - delta)*(exp(G) - 1)/(exp(G) + 1)"))
    assert family["domain"] == {"delta": "[0, 1]", "gamma": "[1, oo)"}
    assert "G" not in family["claim"] and "gamma" in family["claim"]


def test_the_eps_view_chain_needs_the_bound_at_an_infinite_level():
    """A bound whose limit as ε → ∞ is below 1 says nothing true of a mechanism with disjoint supports (ε = ∞
    at every δ < 1, TV = 1): the chain is not accepted."""
    with pytest.raises(NotCheckable, match="limit"):
        approx_family_statement(_eps_view("delta + (1 - delta)*(exp(G) - 1)/(2*exp(G) + 1)"))
    with pytest.raises(NotCheckable, match="outside"):
        approx_family_statement(_eps_view("delta + (1 - delta)*(exp(G) - 1)/(exp(G) + 1)", values=("3/2",)))
