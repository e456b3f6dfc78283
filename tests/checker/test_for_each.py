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
