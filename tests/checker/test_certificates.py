"""Proof certificates are re-checked by the checker's own arithmetic; edited certificates are refused."""

import copy

import pytest

from exactpriv.checker import FAILED, NOT_CHECKABLE, RE_VERIFIED, check_document
from exactpriv.checker.certificates import check_certificate, check_lp
from exactpriv.checker.errors import Failed, NotCheckable

from .evidence import make_bank, make_document

SIGMOID = {"quantifier": "forall-params", "domain": {"eps": "[0, oo)"}, "claim": "1 - 2/(exp(eps) + 1) >= 0"}
SIGN_CHART = {"kind": "sign-chart", "substitution": "u = exp(eps)", "domain": "[1, oo)",
              "numerator": ["1", "-1"], "denominator": ["1", "1"], "roots": [{"interval": ["1", "1"]}],
              "samples": ["2"]}
# Zhao's remark: 1/2 − 1/(e^ε + 1) > ε/6 on (0, 27/20]; g(0) = 0 with g'(0) = 1/4 − 1/6 > 0
ZHAO = {"quantifier": "forall-params", "domain": {"eps": "(0, 27/20]"}, "claim": "1/2 - 1/(exp(eps) + 1) > eps/6"}
_ENDS = ["1/8"] + [f"{k}/40" for k in range(6, 54)] + ["27/20"]
BNB = {"kind": "interval-bnb", "precision": 64,
       "boxes": [{"box": ["0", "1/8"], "touch": {"order": 1}}] + [{"box": [a, b]} for a, b in zip(_ENDS, _ENDS[1:])
                                                                  if a != b]}
# a quadratic with two irrational roots, 2 ± √2, both outside [0, 1/2]: x² − 4x + 2 > 0 there
QUAD = {"quantifier": "forall-params", "domain": {"x": "[0, 1/2]"}, "claim": "x**2 - 4*x + 2 > 0"}
QUAD_CHART = {"kind": "sign-chart", "substitution": "u = x", "domain": "[0, 1/2]", "roots": [], "samples": ["1/4"]}
LP = {"quantifier": "lp", "claim": "OPT <= 14/5",
      "lp": {"sense": "max", "c": ["1", "1"], "A_ub": [["1", "2"], ["3", "1"]], "b_ub": ["4", "6"],
             "bounds": [["0", None], ["0", None]]}}
LP_CERT = {"kind": "lp", "x": ["8/5", "6/5"], "y_ub": ["2/5", "1/5"], "value": "14/5"}


def _proves(cert, statement):
    check_certificate(cert, statement, proves=True, max_prec=2048)


@pytest.mark.parametrize("cert, statement", [(SIGN_CHART, SIGMOID), (BNB, ZHAO), (QUAD_CHART, QUAD), (LP_CERT, LP)],
                         ids=["sign-chart", "interval-bnb", "sign-chart-no-roots", "lp"])
def test_honest_certificates_are_re_checked(cert, statement):
    _proves(cert, statement)


def test_a_sign_chart_that_hides_a_root_is_refused():
    cert = dict(SIGN_CHART, roots=[], samples=["2"])
    with pytest.raises(Failed, match="Sturm counts 1"):
        _proves(cert, SIGMOID)
    # a claim that really fails: x² − 4x + 2 > 0 on [0, 1] (root 2 − √2 ≈ 0.586), hidden by a chart without roots
    with pytest.raises(Failed, match="Sturm"):
        _proves(dict(QUAD_CHART, domain="[0, 1]"), dict(QUAD, domain={"x": "[0, 1]"}))


def test_a_sign_chart_for_another_function_is_refused():
    with pytest.raises(Failed, match="not the statement's g"):
        _proves(dict(SIGN_CHART, numerator=["1", "-2"]), SIGMOID)


def test_a_sign_chart_on_a_smaller_domain_is_refused():
    with pytest.raises(Failed, match="does not cover"):
        _proves(dict(SIGN_CHART, domain="[2, oo)", roots=[], samples=["3"]), SIGMOID)


def test_boxes_that_leave_a_gap_are_refused():
    cert = copy.deepcopy(BNB)
    del cert["boxes"][5]
    with pytest.raises(Failed, match="does not start where"):
        _proves(cert, ZHAO)


def test_a_box_whose_enclosure_does_not_decide_is_refused():
    cert = {"kind": "interval-bnb", "precision": 64, "boxes": [{"box": ["0", "27/20"]}]}
    with pytest.raises(Failed, match="enclosure"):
        _proves(cert, ZHAO)


def test_a_touching_end_with_a_wrong_order_is_refused():
    cert = copy.deepcopy(BNB)
    cert["boxes"][0]["touch"]["order"] = 2  # g'(0) = 1/12 is not 0
    with pytest.raises(Failed, match="order 1"):
        _proves(cert, ZHAO)


def test_the_extension_to_a_larger_domain_is_refuted_by_a_point():
    statement = dict(ZHAO, domain={"eps": "(0, 13/5]"})
    check_certificate({"kind": "point", "at": {"eps": "13/5"}}, statement, proves=False, max_prec=2048)
    with pytest.raises(Failed, match="holds at the point"):
        check_certificate({"kind": "point", "at": {"eps": "1"}}, statement, proves=False, max_prec=2048)
    with pytest.raises(Failed, match="outside the domain"):
        check_certificate({"kind": "point", "at": {"eps": "3"}}, statement, proves=False, max_prec=2048)


def test_an_edited_lp_certificate_is_refused():
    with pytest.raises(Failed, match="dual"):
        check_lp(LP["lp"], dict(LP_CERT, y_ub=["1/5", "1/5"]))
    with pytest.raises(Failed, match="violates"):
        check_lp(LP["lp"], dict(LP_CERT, x=["2", "6/5"]))
    with pytest.raises(Failed, match="stated value"):
        check_lp(LP["lp"], dict(LP_CERT, value="3"))
    with pytest.raises(Failed, match="does not prove"):
        _proves(LP_CERT, dict(LP, claim="OPT <= 2"))


def test_identity_and_conjunction():
    tanh = {"quantifier": "forall-params", "domain": {"eps": "[0, oo)"},
            "claim": "tanh(eps/2) == (exp(eps) - 1)/(exp(eps) + 1)"}
    _proves({"kind": "identity", "substitution": "u = exp(eps/2)"}, tanh)
    with pytest.raises(Failed, match="different"):
        _proves({"kind": "identity", "substitution": "u = exp(eps/2)"},
                dict(tanh, claim="tanh(eps/2) == (exp(eps) - 1)/(exp(eps) + 2)"))
    both = dict(SIGMOID, claim="1 - 2/(exp(eps) + 1) >= 0 and tanh(eps/2) == (exp(eps) - 1)/(exp(eps) + 1)")
    parts = [{"claim": "1 - 2/(exp(eps) + 1) >= 0", "certificate": SIGN_CHART},
             {"claim": "tanh(eps/2) == (exp(eps) - 1)/(exp(eps) + 1)",
              "certificate": {"kind": "identity", "substitution": "u = exp(eps/2)"}}]
    _proves({"kind": "all", "parts": parts}, both)
    with pytest.raises(Failed, match="not conjunct"):
        _proves({"kind": "all", "parts": parts[::-1]}, both)


def test_a_reduction_cites_only_trusted_theorems_and_chains():
    family = SIGMOID
    target = {"quantifier": "forall-instances", "hypotheses": [], "claim": "TV <= 1",
              "measures": {"TV": {"notion": "tv_dp"}}}
    step = {"theorem": "post-processing", "from": family, "to": target}
    # a chain whose link from the family statement to the target the checker cannot check is prose: it is not
    # re-verified (SIGMOID says nothing about TV; only chains to randomized response are checked, see
    # tests/checker/test_families.py)
    with pytest.raises(NotCheckable, match="rr-dominance"):
        _proves({"kind": "reduction", "steps": [step], "family_proof": SIGN_CHART}, target)
    with pytest.raises(Failed, match="not a trusted meta-theorem"):
        _proves({"kind": "reduction", "steps": [dict(step, theorem="it is obvious")], "family_proof": SIGN_CHART},
                target)
    with pytest.raises(Failed, match="last step"):
        _proves({"kind": "reduction", "steps": [step], "family_proof": SIGN_CHART}, dict(target, claim="TV <= 2"))


def test_proved_rows_in_a_document(tmp_path):
    rows = [{"id": "t.sigmoid", "reading": "r", "verdict": "PROVED", "statement": SIGMOID, "certificate": SIGN_CHART},
            {"id": "t.zhao", "reading": "r", "verdict": "PROVED", "statement": ZHAO, "certificate": BNB},
            {"id": "t.tail", "reading": "r", "verdict": "PROVED", "statement": ZHAO,
             "certificate": {"kind": "tail", "from": "1"}}]
    bank = make_bank(tmp_path / "bank", [{"id": f"{r['id']}/r", "kind": "paper", "statement": r["statement"]}
                                         for r in rows])
    doc = make_document(bank, rows)
    report = check_document(doc, bank=bank)
    assert [r.status for r in report.rows] == [RE_VERIFIED, RE_VERIFIED, NOT_CHECKABLE]
    doc["rows"][0]["certificate"] = dict(SIGN_CHART, samples=["1"])  # an edited certificate: a sample on the root
    report = check_document(doc, bank=bank)
    assert report.rows[0].status == FAILED and "sample" in report.rows[0].why


MONOTONE = {"kind": "monotone", "substitution": "u = exp(eps)", "domain": "[1, 4]",
            "roots": [{"interval": ["7/2", "15/4"]}], "samples": ["2", "39/10"]}


def test_a_monotone_argument_is_re_checked_from_the_checkers_own_derivative():
    # g' = u/(u+1)^2 − 1/6 (u = e^ε) vanishes at u = 2 + √3 ∈ (7/2, 15/4): g rises, then falls; g(0) = 0 with g
    # rising away from the open end, and g(27/20) > 0, so g > 0 on (0, 27/20] (Zhao's remark)
    _proves(MONOTONE, ZHAO)
    # the same argument on (0, 13/5] fails at the end: the extension the engine refutes
    with pytest.raises(Failed, match="domain end 13/5"):
        _proves(dict(MONOTONE, domain="[1, 14]"), dict(ZHAO, domain={"eps": "(0, 13/5]"}))
    # a chart hiding the root of g' is refused by the Sturm count
    with pytest.raises(Failed, match="Sturm"):
        _proves(dict(MONOTONE, roots=[], samples=["2"]), ZHAO)


def test_an_interior_minimum_is_enclosed_after_exact_refinement():
    parabola = {"quantifier": "forall-params", "domain": {"x": "[0, 3]"}, "claim": "x**2 - 2*x + 11/10 > 0"}
    chart = {"kind": "monotone", "domain": "[0, 3]", "roots": [{"interval": ["1/2", "3/2"]}], "samples": ["1/4", "2"]}
    _proves(chart, parabola)
    with pytest.raises(Failed, match="extremum"):
        _proves(chart, dict(parabola, claim="x**2 - 2*x + 99/100 > 0"))


def test_without_hints_the_checker_isolates_the_roots_itself():
    _proves({"kind": "monotone", "substitution": "u = exp(eps)"}, ZHAO)
    _proves({"kind": "sign-chart", "substitution": "u = exp(eps)"}, SIGMOID)
    cubic = {"quantifier": "forall-params", "domain": {"x": "[0, 3]"}, "claim": "x**3 - 3*x + 21/10 > 0"}
    _proves({"kind": "monotone"}, cubic)
    with pytest.raises(Failed, match="extremum"):  # the minimum at x = 1 is −1/10
        _proves({"kind": "monotone"}, dict(cubic, claim="x**3 - 3*x + 19/10 > 0"))


def test_a_root_interval_reaching_the_domain_end_cannot_hide_a_minimum():
    cubic = {"quantifier": "forall-params", "domain": {"x": "[0, 3]"}, "claim": "x**3 - 3*x + 19/10 > 0"}
    with pytest.raises(Failed, match="reaches an end"):
        _proves({"kind": "monotone", "domain": "[0, 3]", "roots": [{"interval": ["0", "2"]}], "samples": ["5/2"]},
                cubic)


def test_checked_parameter_points_are_re_evaluated(tmp_path):
    points = [{"params": {"eps": f"{k}/20"}} for k in range(1, 28)] + [{"params": {"eps": "3"}}]
    row = {"id": "t.zhao", "reading": "points", "verdict": "CHECKED", "statement": ZHAO,
           "checked": {"families": [{"name": "eps-points", "instances": points, "true": 27, "outside": 1}]}}
    bank = make_bank(tmp_path / "bank", [{"id": "t.zhao/points", "kind": "paper", "statement": ZHAO}])
    doc = make_document(bank, [row])
    assert check_document(doc, bank=bank).rows[0].status == RE_VERIFIED
    doc["rows"][0]["checked"]["families"][0]["true"] = 28  # an edited count
    assert check_document(doc, bank=bank).rows[0].status == FAILED
    doc["rows"][0]["checked"]["families"][0]["true"] = 27
    doc["rows"][0]["statement"] = dict(ZHAO, domain={"eps": "(0, 3]"})  # 3 is then inside, and fails
    report = check_document(doc, bank=None)
    assert report.rows[0].status == FAILED and "fails on a listed instance" in report.rows[0].why


def _limit(of, claim, at="0"):
    return {"quantifier": "limit", "limit": {"of": of, "variable": "eps", "at": at}, "claim": claim}


def test_limits_by_the_checkers_own_derivatives():
    # Cuff–Yu (11) ~ eps^2/2: eps tanh(eps/2) / (eps^2/2) -> 1 (the engine's Gruntz limit, recomputed)
    _proves({"kind": "l'hopital"}, _limit("(eps*tanh(eps/2))/(eps**2/2)", "L == 1"))
    _proves({"kind": "l'hopital"}, _limit("(log(1 + eps) - eps)/eps**2", "L == -1/2"))
    with pytest.raises(Failed, match="the claim fails"):
        _proves({"kind": "l'hopital"}, _limit("2*tanh(eps/2)/eps", "L == 2"))
    with pytest.raises(Failed, match="pole"):
        _proves({"kind": "l'hopital"}, _limit("1/eps", "L == 1"))
    with pytest.raises(Failed, match="denominator inside"):  # f = 1/eps is not analytic at 0
        _proves({"kind": "l'hopital"}, _limit("(1/eps)/(1/eps)", "L == 1"))
