"""A REFUTED ``forall-family`` row whose notion the checker cannot derive on the symbolic family (capacity, a
post-processed likelihood ratio) carries a member as its witness: the checker evaluates the listed family's entries
at the witness's ε, requires the witness to be that member, and re-measures it from the definitions."""

import copy

import pytest

from exactpriv.checker import FAILED, RE_VERIFIED, check_document
from exactpriv.checker.families import RR2, member_statement
from exactpriv.checker.witness import read_instance

from .evidence import make_bank, make_document

#: Cover–Thomas: the capacity of RR(2, ε) as a binary symmetric channel, written with ε/2 (a variant: wrong)
STATEMENT = {"quantifier": "forall-family", "families": [dict(RR2, space={"type": "hamming", "values": [0, 1],
                                                                           "n": 1})],
             "measures": {"B": {"notion": "capacity"}},
             "claim": "B == log(2) + exp(eps/2)*log(exp(eps/2)/(exp(eps/2) + 1))/(exp(eps/2) + 1) + "
                      "log(1/(exp(eps/2) + 1))/(exp(eps/2) + 1)"}
WITNESS = {"label": "RR(2, eps) at eps = log(2)", "space": {"type": "hamming", "values": [0, 1], "n": 1},
           "outputs": [0, 1], "mechanism": [["2/3", "1/3"], ["1/3", "2/3"]], "params": {"eps": "log(2)"}}


def _doc(bank, witness):
    return make_document(bank, [{"id": "toy.bsc", "reading": "half-eps", "verdict": "REFUTED", "finding": "variant",
                                 "statement": STATEMENT, "witness": witness}])


@pytest.fixture
def bank(tmp_path):
    return make_bank(tmp_path / "bank", [{"id": "toy.bsc/half-eps", "kind": "variant", "statement": STATEMENT,
                                          "finding": "variant"}])


def test_a_member_witness_refutes_the_family_statement(bank):
    (row,) = check_document(_doc(bank, WITNESS), bank=bank).rows
    assert row.status == RE_VERIFIED, row.why


def test_a_matrix_that_is_not_the_member_at_its_eps_is_refused(bank):
    w = copy.deepcopy(WITNESS)
    w["params"]["eps"] = "log(3)"  # RR at e^ε = 3 is (3/4, 1/4): the listed matrix is not that member
    (row,) = check_document(_doc(bank, w), bank=bank).rows
    assert row.status == FAILED and "member of none" in row.why
    w = copy.deepcopy(WITNESS)
    w["mechanism"] = [["3/5", "2/5"], ["2/5", "3/5"]]  # a valid mechanism, refuting too, but not RR(2, log 2)
    (row,) = check_document(_doc(bank, w), bank=bank).rows
    assert row.status == FAILED


def test_operators_become_the_instance_operators():
    st = dict(STATEMENT, measures={"B": {"notion": "kl_dp", "on": {"operator": "post-process",
                                                                   "kernel": [["1", "0"], ["0", "1"]]}},
                                   "K": {"notion": "pure_dp", "on": {"operator": "k-fold", "k": "2"}}})
    derived = member_statement(st, read_instance(WITNESS))
    assert derived["measures"] == {"B": {"notion": "kl_dp", "post_process": [["1", "0"], ["0", "1"]]},
                                   "K": {"notion": "pure_dp", "k_fold": "2"}}
