"""A claim quantified over outputs and entities (``for_each``, docs/certificates.md): Li et al.'s posterior formula
of the proof of Proposition 5.3, on k-Max built by the checker itself."""

import pytest

from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.statements import claim_on
from exactpriv.checker.witness import read_instance
from exactpriv.checker.constructions import k_max

FORMULA = ("S == 0 or (i > MJ and P == 0) or (i <= MJ and i <= j - k and P == 1/2) or "
           "(i <= MJ and i > j - k and P == 2**(S - 1)/(2**S - 1))")


def _statement(given="all", claim=FORMULA, for_each=None):
    return {"quantifier": "forall-instances", "for_each": for_each or {"j": "outputs", "i": "entities"},
            "family": {"construction": "k_max", "params": ["n", "k"], "fixed": {"empty": "lowest"}},
            "hypotheses": ["range:k >= 2 and n >= k"], "claim": claim,
            "measures": {"S": {"notion": "possible_maxima", "output": "j"},
                         "MJ": {"notion": "top_possible_maximum", "output": "j"},
                         "P": {"notion": "membership_posterior", "output": "j", "entity": "i", "given": given}}}


def _witness(n, k):
    _, _, _, outputs, P = k_max(n=n, k=k, empty="lowest")
    return read_instance({"space": {"type": "subsets", "universe": list(range(1, n + 1))}, "outputs": outputs,
                          "mechanism": [[str(q) for q in row] for row in P], "params": {"n": str(n), "k": str(k)}})


def test_the_formula_fails_where_the_empty_set_contributes_and_holds_given_a_non_empty_set():
    # k = 2, n = 2: Pr[1 | c_1] = 1/2 (∅ outputs c_1), the formula says 2/3 (the bank's minimal witness)
    assert claim_on(_statement(), _witness(2, 2), max_prec=256)[0] is False
    for n, k in ((2, 2), (4, 2), (5, 3)):
        assert claim_on(_statement("nonempty"), _witness(n, k), max_prec=256)[0] is True


def test_an_undefined_measure_is_not_checkable_only_where_the_claim_uses_it():
    # every output of k-Max has positive probability: here the second output never occurs, so its posterior is
    # undefined — not checkable where the claim reads it, fine where the claim guards it
    w = read_instance({"space": {"type": "subsets", "universe": [1, 2]}, "outputs": [1, 2],
                       "mechanism": [["1", "0"]] * 4, "params": {}})
    st = {"quantifier": "forall-instances", "for_each": {"j": "outputs", "i": "entities"}, "hypotheses": [],
          "measures": {"P": {"notion": "membership_posterior", "output": "j", "entity": "i"}}, "claim": "P <= 1"}
    with pytest.raises(NotCheckable):
        claim_on(st, w, max_prec=64)
    assert claim_on(dict(st, claim="j == 2 or P <= 1"), w, max_prec=64)[0] is True


def test_a_bad_index_is_refused():
    with pytest.raises(Failed):
        claim_on(_statement(for_each={"j": "inputs"}), _witness(2, 2), max_prec=64)
    st = _statement()
    st["measures"]["P"]["entity"] = "x"  # names no index
    with pytest.raises(Failed):
        claim_on(st, _witness(3, 2), max_prec=64)


def _kkt():
    from theorems.wang2016.theorem2 import _kkt_form

    return _kkt_form("t > 1 and ET <= log(t)", degenerate="ET == log(t)")


def _prior_witness(t, prior=("1/3", "2/3")):
    return read_instance({"space": {"type": "hamming", "values": [0, 1], "n": 1}, "prior": list(prior),
                          "params": {"t": t}})


def test_wang_kkt_fails_only_at_the_end_point_and_e_i_is_built_by_the_checker():
    # p = (1/3, 2/3): e^eps~ = 2, where E_i is constant and p_Y has a zero (ln 0/0 in (94)); above it (94) holds
    assert claim_on(_kkt(), _prior_witness("2"), max_prec=256)[0] is False
    assert claim_on(_kkt(), _prior_witness("3"), max_prec=256)[0] is True
    assert claim_on(_kkt(), _prior_witness("12", ("1/12", "11/12")), max_prec=256)[0] is True  # e^eps~ = 11
    assert claim_on(_kkt(), _prior_witness("11", ("1/12", "11/12")), max_prec=256)[0] is False
    # below e^eps~ (and at e^eps = 1) E_i is no mechanism: outside the statement, never a refutation
    assert claim_on(_kkt(), _prior_witness("3/2"), max_prec=256)[0] is None
    assert claim_on(_kkt(), _prior_witness("1"), max_prec=256)[0] is None
    # a witness's own mechanism must be E_i at its prior and t
    w = read_instance({"space": {"type": "hamming", "values": [0, 1], "n": 1}, "prior": ["1/3", "2/3"],
                       "params": {"t": "2"}, "outputs": [[0], [1]], "mechanism": [["1/2", "1/2"], ["1/2", "1/2"]]})
    with pytest.raises(Failed):
        claim_on(_kkt(), w, max_prec=256)
