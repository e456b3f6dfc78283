"""Identity DP §1: with dependent records an ε-DP mechanism moves the posterior by more than e^ε (Examples 1–2).

Section 1 of identity DP: the two motivating examples (dependent records inflate the posterior
change of an ε-DP mechanism).

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 1.

Main claims
-----------
* ``identitydp.ex1`` — Example 1: Laplace(1/ε) noise on a family count, output 12 is e^{10ε} times more
  likely under 10 than under 0 (PROVED for all ε > 0); finite analogue with the truncated geometric
  count on n perfectly correlated records: the posterior odds change by exactly e^{nε};
* ``identitydp.ex2`` — Example 2: independent records give posterior odds ≤ e^ε × prior odds; with
  X1 = X2 and the geometric mechanism they are e^{2ε} × prior odds (PROVED for all ε ≥ 0).

These readings are about the paper's named constructions: they declare the construction as a
hypothesis and are closed to open search (``open_search=False``).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Hypothesis, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all, inequality_for_all, value_for_all
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems.identitydp.definitions import DATASET_MECHANISM, INDEPENDENT_SOURCES
from theorems.identitydp.instances import TWO_BINARY_RECORDS, random_pmf, geo, sym_mech
from theorems.identitydp.steps import combine
from theorems.identitydp.measured import ID, PURE

__all__ = ["CLAIMS"]


def _posterior_odds_factor(M: Mechanism, prior, i: int, t, tp, r):
    """[Pr[X_i=t | Y=r] / Pr[X_i=t' | Y=r]] / [Pr[X_i=t] / Pr[X_i=t']] by Bayes on the joint
    pmf (works for Fraction and sympy entries)."""
    sp = M.inputs
    ri = M.outputs.index(r)
    num = den = pt = ptp = 0
    for p, q, row in zip(sp.points, prior, M.rows):
        if not q:
            continue
        if p[i] == t:
            num += q * row[ri]
            pt += q
        elif p[i] == tp:
            den += q * row[ri]
            ptp += q
    if den == 0 or pt == 0 or ptp == 0:
        return None  # a posterior or prior odds undefined (hypotheses exclude this)
    return (num / den) / (pt / ptp)


# ----------------------------------------------------------------------------- the constructions as hypotheses
def _on_the_diagonal(P, n: int) -> bool:
    """The prior puts positive mass on the all-0 and all-1 sequences and nothing elsewhere."""
    mass = dict(zip(P.space.points, P.pmf))
    return (all(q == 0 for x, q in mass.items() if len(set(x)) > 1)
            and mass.get((0,) * n, 0) > 0 and mass.get((1,) * n, 0) > 0)


def _ex1_check(inst: Instance) -> Outcome:
    n, e = int(inst.params["n"]), Fraction(inst.params["exp_eps"])
    M, P = inst.mechanism, inst.prior
    lr = _posterior_odds_factor(M, P.pmf, 0, 1, 0, n)
    if lr is None:
        return Outcome(Decision.undecided("bayes", "the posterior odds at output n are undefined"))
    idv = ID(M, P)
    parts = [compare(lr, "==", e ** n), compare(idv, "==", LogForm.log(e) * n)]
    return Outcome(combine(parts, f"posterior-odds factor at output {n} == e^(n eps) and identity-DP level == n eps"),
                   {"odds_factor": lr, "identity_dp": idv})


@functools.lru_cache(maxsize=None)
def _fam_ex1(ns: tuple) -> tuple:
    out = []
    for n in ns:
        space = Hamming((0, 1), n)
        for e in (Fraction(2), Fraction(3, 2)):
            P = Prior.from_dict(space, {(0,) * n: Fraction(9, 10), (1,) * n: Fraction(1, 10)})
            out.append(Instance(f"family of {n} perfectly correlated records, geometric count, e^eps={e}",
                                geo(n, e), P, {"n": n, "exp_eps": e}))
    return tuple(out)


def _ex1_laplace_proof() -> Decision:
    from exactpriv.certify import prove_identity

    lap = lambda z, c: EPS / 2 * sympy.exp(-EPS * abs(z - c))  # noqa: E731 - Laplace(1/eps) density
    return prove_identity(lap(12, 10) / lap(12, 0), sympy.exp(10 * EPS), domain=(0, sympy.oo),
                          closed=(False, False)).to_decision()


def _is_example1_construction(inst: Instance) -> bool:
    n, e = inst.params.get("n"), inst.params.get("exp_eps")
    if n is None or e is None or inst.prior is None:
        return False
    return inst.mechanism == geo(int(n), Fraction(e)) and _on_the_diagonal(inst.prior, int(n))


#: Example 1's construction: the truncated geometric count on n records with the instance's e^ε, all
#: records equal (Bob's family is infected together or not at all)
EXAMPLE1_CONSTRUCTION = Hypothesis("example-1-construction", "M = truncated geometric count on n records with the "
                                   "given e^eps; the prior puts all its mass on 0^n and 1^n (both positive)",
                                   _is_example1_construction)


EX1 = Claim(
    id="identitydp.ex1",
    title="Example 1 (contagious disease)",
    source="Sec. 1, Example 1",
    quote=("Bob or one of his 9 immediate family members may have contracted a highly contagious disease, in which "
           "case the entire family would have been infected. [...] Suppose Laplace(1/eps) noise is added to the true "
           "answer and that the resulting differentially private query answer was 12. The answer 12 is e^{10 eps} "
           "times more likely when the true answer is 10 (and hence Bob is sick) than when the true answer is 0 "
           "(and Bob is healthy). [...] an attacker's probability estimate (of Bob being sick) can change by a "
           "(large) factor of e^{10 eps}, which is greatly larger than the expected e^eps."),
    kind="value",
    readings=[
        Reading(
            name="laplace-density-ratio",
            statement="Lap(1/eps) densities: (eps/2) e^{-eps|12-10|} / ((eps/2) e^{-eps|12-0|}) = e^{10 eps} for all eps > 0",
            prove=_ex1_laplace_proof,
            expected=Verdict.PROVED,
            # the two Laplace(1/eps) densities at 12 (|12 - 10| = 2, |12 - 0| = 12), as data for the checker
            form={"quantifier": "forall-params", "domain": {"eps": "(0, oo)"},
                  "claim": "((eps/2)*exp(-eps*2))/((eps/2)*exp(-eps*12)) == exp(10*eps)"},
            notes="Exact algebra (exactpriv.certify.prove_identity).",
            open_search=False,
        ),
        Reading(
            name="geometric-finite-analogue",
            statement=("n perfectly correlated binary records (Bob's family), truncated geometric count with e^eps "
                       "rational: the posterior odds of Bob being sick change by exactly e^{n eps} at output n, and "
                       "the identity-DP level w.r.t. Bob's source is exactly n eps"),
            check=_ex1_check,
            families=[Family("family-sizes-2..6", lambda: _fam_ex1((2, 3, 4, 5, 6)),
                             "n in 2..6, e^eps in {2, 3/2}, Pr[all sick] = 1/10"),
                      Family("family-size-10", lambda: _fam_ex1((10,)), "n = 10 as in the paper", slow=True)],
            hypotheses=(EXAMPLE1_CONSTRUCTION,),
            open_search=False,
            expected=Verdict.CHECKED,
            notes=("Finite analogue: Laplace noise is continuous, so the geometric mechanism (the paper's ref. [20], "
                   "the discrete Laplace) on counts {0..n} replaces it; truncation keeps the ratios. n = 10 runs "
                   "in the slow family."),
        ),
    ],
)


_EX2_P1 = Fraction(1, 10)  # p(t1): probability of being infected


def ex2_product_prior(space=TWO_BINARY_RECORDS):
    return Prior.product(space, [[1 - _EX2_P1, _EX2_P1]] * 2)


def _ex2_diag_prior(p=_EX2_P1):
    return Prior.from_dict(TWO_BINARY_RECORDS, {(0, 0): 1 - p, (1, 1): p})


def _ex2_independent_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    f = _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2)
    if f is None:
        return Outcome(Decision.undecided("bayes", "the posterior odds at output 2 are undefined"))
    return Outcome(compare(LogForm.log(f), "<=", PURE(M)), {"odds_factor": f, "pure_dp": PURE(M)})


def _ex2_dependent_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    f = _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2)
    if f is None:
        return Outcome(Decision.undecided("bayes", "the posterior odds at output 2 are undefined"))
    if "exp_eps" in inst.params:
        target = Fraction(inst.params["exp_eps"]) ** 2
        what = "e^(2 eps) (eq. (3))"
    else:
        target = Fraction(M.rows[TWO_BINARY_RECORDS.index((1, 1))][M.outputs.index(2)]) / M.rows[TWO_BINARY_RECORDS.index((0, 0))][M.outputs.index(2)]
        what = "Pr[M(t1,t1)=2]/Pr[M(t2,t2)=2] (eq. (2))"
    return Outcome(compare(f, "==", target), {"odds_factor": f, "target": target, "what": what})


def _ex2_equality_proof() -> Decision:
    from exactpriv.certify import prove_identity

    M = zoo.count_query_geometric(2, eps=EPS)
    P = [sympy.Rational(q.numerator, q.denominator) for q in _ex2_diag_prior().pmf]
    f = sympy.cancel(_posterior_odds_factor(M, P, 0, 1, 0, 2))
    return prove_identity(f, sympy.exp(2 * EPS), domain=(0, sympy.oo), closed=(False, False)).to_decision()


@functools.lru_cache(maxsize=None)
def _fam_ex2(kind: str) -> tuple:
    rng = random.Random(42)
    out = []
    for e in (Fraction(2), Fraction(3), Fraction(3, 2), Fraction(16)):
        P = ex2_product_prior() if kind == "independent" else _ex2_diag_prior()
        out.append(Instance(f"geometric count, e^eps={e}, {kind} prior p(t1)=1/10", geo(2, e), P, {"exp_eps": e}))
    for k in range(30):
        M = sym_mech(rng, TWO_BINARY_RECORDS, 3, zeros=False)
        P = (Prior.product(TWO_BINARY_RECORDS, [random_pmf(rng, 2, zeros=False)] * 2) if kind == "independent"
             else _ex2_diag_prior(Fraction(rng.randint(1, 9), 10)))
        out.append(Instance(f"random positive multiset mechanism #{k}, {kind} prior", M, P))
    return tuple(out)


def _is_example2_geometric(inst: Instance) -> bool:
    e = inst.params.get("exp_eps")
    return e is not None and inst.mechanism == geo(2, Fraction(e))


def _odds_at_2_defined(inst: Instance) -> bool:
    M, P = inst.mechanism, inst.prior
    return (P is not None and 2 in M.outputs and M.inputs == TWO_BINARY_RECORDS
            and _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2) is not None)


#: Example 2's mechanism: the geometric count of infected records among two
EXAMPLE2_GEOMETRIC = Hypothesis("example-2-geometric", "M = truncated geometric count on two records with the "
                                "given e^eps", _is_example2_geometric)
#: X1 = X2 (the paper: "X1, X2 can only have the same value"), both values possible
PERFECTLY_DEPENDENT = Hypothesis("X1-equals-X2", "the prior puts all its mass on (t1, t1) and (t2, t2), both "
                                 "positive", lambda inst: inst.prior is not None and _on_the_diagonal(inst.prior, 2))
#: the posterior odds of X1 after Y = 2 and the prior odds are defined
ODDS_DEFINED = Hypothesis("odds-at-output-2-defined", "two binary records, output 2 exists, both values of X1 have "
                          "positive probability and Pr[X1 = t2, Y = 2] > 0", _odds_at_2_defined)


# ----------------------------------------------------------------------------- Example 2 for every ε
@functools.lru_cache(maxsize=None)
def _count_geo():
    return zoo.count_query_geometric(2, eps=EPS, values=("t2", "t1"))


def _posterior_odds_ratio(prior: dict):
    """(Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2]) / (Pr[X1=t1]/Pr[X1=t2]), exactly (eq. (1)), for the symbolic count."""
    M = _count_geo()
    y = M.output_index(2)
    num = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t1"),
              sympy.Integer(0))
    den = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t2"),
              sympy.Integer(0))
    p1 = sum((p for z, p in prior.items() if z[0] == "t1"), sympy.Integer(0))
    p2 = sum((p for z, p in prior.items() if z[0] == "t2"), sympy.Integer(0))
    return sympy.cancel((num / den) / (p1 / p2))


def _prove_ex2_for_all_eps(power=2) -> Decision:
    """M = truncated geometric noise on the count of t1 in (X1, X2): exactly ε-DP for all ε (pure
    DP = ε).  Dependent prior (X1 = X2, p(t1) = 1/10): the posterior odds of X1 after Y = 2 are
    e^{2ε} × the prior odds, for all ε ≥ 0 ((2)-(3)); ``power`` 1 is the broken variant."""
    q = sympy.Rational(1, 10)
    dep = {("t1", "t1"): q, ("t2", "t2"): 1 - q}
    return combine([value_for_all(_count_geo(), "pure_dp", EPS),
                     equality_for_all(_posterior_odds_ratio(dep), sympy.exp(power * EPS))],
                    "dependent records: posterior odds = e^(2 eps) x prior odds, all eps")


def _ex2_form(prior: list[str], claim: str, domain: str) -> dict:
    """Example 2 on the symbolic geometric count for every ε of ``domain``, as data (docs/certificates.md,
    "forall-family"): the count's matrix, the prior on (X1, X2) in the space's order (t2,t2), (t2,t1), (t1,t2),
    (t1,t1); ODDS the posterior odds of X1 = t1 against t2 after Y = 2 over the prior odds, DP its pure DP."""
    from exactpriv.certify.checker_format import family_entry
    from exactpriv.claims.evidence import space_json

    M = _count_geo()
    entry = family_entry("count of t1 + truncated geometric noise", "eps", domain, space_json(M.inputs),
                         M.to_json()["outputs"], M.rows)
    return {"quantifier": "forall-family", "families": [dict(entry, prior=prior)],
            "measures": {"DP": {"notion": "pure_dp"},
                         "ODDS": {"notion": "posterior_odds", "record": 0, "value": "t1", "other": "t2", "output": 2}},
            "claim": claim}


_DEPENDENT_PRIOR = ["9/10", "0", "0", "1/10"]  # X1 = X2, p(t1) = 1/10
_INDEPENDENT_PRIOR = ["81/100", "9/100", "9/100", "1/100"]  # X1, X2 independent, p(t1) = 1/10 each


def _prove_ex2_independent_for_all_eps() -> Decision:
    q = sympy.Rational(1, 10)
    ind = {(a, b): (q if a == "t1" else 1 - q) * (q if b == "t1" else 1 - q) for a in ("t1", "t2")
           for b in ("t1", "t2")}
    return inequality_for_all(_posterior_odds_ratio(ind), "<=", sympy.exp(EPS))


EX2 = Claim(
    id="identitydp.ex2",
    title="Example 2 (two records, geometric mechanism)",
    source="Sec. 1, Example 2, eqs. (1)-(3)",
    quote=("p(t1) = 0.1, p(t2) = 0.9 [...] The query function f is to count the number of infected individuals [...] "
           "If X1, X2 are independent random variables [...] Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] <= e^eps x "
           "Pr[X1=t1]/Pr[X1=t2]. [...] We assume that X1, X2 can only have the same value [...] Assume that M is "
           "the Geometric mechanism [...] Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = Pr[X1=t1]/Pr[X1=t2] x e^{2 eps}. (3)"),
    kind="value",
    readings=[
        Reading(
            name="independent-bound",
            statement=("X1, X2 independent (product prior), M an eps-DP dataset mechanism with output 2: posterior "
                       "odds of X1 = t1 after Y = 2 <= e^eps x prior odds, eps = pure_dp(M)"),
            check=_ex2_independent_check,
            families=[Family("geometric-and-random", lambda: _fam_ex2("independent"),
                             "geometric count (e^eps in {2, 3, 3/2, 16}) with p(t1) = 1/10, and 30 random positive "
                             "multiset mechanisms with random i.i.d. product priors")],
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES, ODDS_DEFINED),
            expected=Verdict.CHECKED,
            notes="t1 (infected) is the record value 1 and the count query counts 1s.",
            open_search=False,
        ),
        Reading(
            name="dependent-equality",
            statement="X1 = X2, Pr[t1] = 1/10, geometric count mechanism: posterior odds factor at Y = 2 is e^{2 eps} (3)",
            check=_ex2_dependent_check,
            families=[Family("geometric", lambda: _fam_ex2("dependent")[:4], "e^eps in {2, 3, 3/2, 16}")],
            hypotheses=(EXAMPLE2_GEOMETRIC, PERFECTLY_DEPENDENT, ODDS_DEFINED),
            open_search=False,
            prove=_ex2_equality_proof,
            expected=Verdict.PROVED,
            notes="PROVED for all eps > 0 on the symbolic count_query_geometric(2, eps=EPS) by exact algebra.",
            form=_ex2_form(_DEPENDENT_PRIOR, "ODDS == exp(2*eps)", "(0, oo)"),
        ),
        Reading(
            name="dependent-general",
            statement="X1 = X2: posterior odds factor at Y = 2 is Pr[M(t1,t1)=2]/Pr[M(t2,t2)=2] for every M (2)",
            check=_ex2_dependent_check,
            families=[Family("random", lambda: _fam_ex2("dependent")[4:],
                             "30 random positive multiset mechanisms, X1 = X2 with random Pr[t1]")],
            hypotheses=(PERFECTLY_DEPENDENT, ODDS_DEFINED),
            expected=Verdict.CHECKED,
            open_search=False,
        ),
        Reading(
            name="forall-dependent-equality",
            statement=("count of t1 plus truncated geometric noise (exactly ε-DP for every ε): with X1 = X2, "
                       "p(t1) = 1/10, posterior odds = e^{2ε} × prior odds for every ε ≥ 0"),
            prove=_prove_ex2_for_all_eps,
            expected=Verdict.PROVED,
            open_search=False,
            form=_ex2_form(_DEPENDENT_PRIOR, "DP == eps and ODDS == exp(2*eps)", "[0, oo)"),
        ),
        Reading(
            name="forall-independent-bound",
            statement=("the same geometric count with X1, X2 independent (p(t1) = 1/10 each): posterior odds ≤ "
                       "e^ε × prior odds for every ε ≥ 0"),
            prove=_prove_ex2_independent_for_all_eps,
            expected=Verdict.PROVED,
            form=_ex2_form(_INDEPENDENT_PRIOR, "ODDS <= exp(eps)", "[0, oo)"),
            notes=("For this mechanism the ratio is exactly e^ε (P(2|t1,t) = e^ε P(2|t2,t) for both t), so the "
                   "independent-case bound is attained too."),
                   open_search=False,
        ),
    ],
)


CLAIMS: list[Claim] = [EX1, EX2]
