"""Wang–Ying–Zhang §2: the model, identifiability, ε-DP and MI privacy agree with their definitions.

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016): §2, the model and the three notions.

Main claims
-----------
* ``wang2016.model`` — databases in D^n, neighbours at Hamming distance 1, the distortion (5);
* ``wang2016.def1`` — mechanisms with range R = D^n;
* ``wang2016.def2`` — ε-identifiability (1), posteriors by Bayes' rule;
* ``wang2016.def3`` — ε-DP, pointwise (2) ⟺ over events (3);
* ``wang2016.def4`` — ε-mutual-information privacy (4) and its remarks;
* ``wang2016.informal`` — DP is a relative guarantee (identifiability <= DP level + ε_X).

Each check recomputes the library's measure from the paper's definition by direct summation
(posteriors, all 2^|Y| output events, the sum (4) term by term) and compares exactly.
"""

from __future__ import annotations

import itertools
import random

from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO
from exactpriv.measures.bayesian import eps_X, identifiability
from exactpriv.measures.distortion import expected_distortion
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.information import mi_privacy
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism

from theorems.wang2016.instances import FAM_MECH, FAM_MECH_SMALL, FAM_ZOO, cached_family, priors, random_mechanism
from theorems.wang2016.steps import F, compare_step, exp_eps_of, plus, shape


__all__ = [
    "DEF1",
    "DEF2",
    "DEF3",
    "DEF4",
    "FAM_INFORMAL",
    "INFORMAL",
    "MODEL",
    "def1_check",
    "def2_check",
    "def3_check",
    "def4_check",
    "def4_remarks_check",
    "informal_check",
    "model_check",
]


def _brute_distortion(M, prior):
    total = F(0)
    for x, p in zip(M.inputs.points, prior.pmf):
        row = M.rows[M.inputs.index(x)]
        for y, w in zip(M.outputs, row):
            total += p * w * sum(a != b for a, b in zip(x, y))
    return total


def model_check(inst):
    M, p = inst.mechanism, inst.prior
    S = M.inputs
    ed, bf = expected_distortion(M, p), _brute_distortion(M, p)
    d1 = compare_step(ed, "==", bf, "expected_distortion == Σ p(x)p(y|x)d_H(x,y) by direct summation (5)")
    pairs = {frozenset((i, j)) for i, j in S.edges.tolist()}
    brute = {frozenset((i, j)) for i, j in itertools.combinations(range(S.size), 2)
             if sum(a != b for a, b in zip(S.points[i], S.points[j])) == 1}
    d2 = Decision.of(pairs == brute, "exact", f"neighbour pairs of {S!r} == pairs at Hamming distance 1 ({len(brute)})")
    return Outcome(Decision.all_of([d1, d2], "model"), {"distortion": ed})


MODEL = Claim(
    "wang2016.model", "Model: databases in D^n, neighbours, Hamming distortion (5)",
    "§2, §2.2, eq. (5)",
    "Suppose |D| = m and let N = m^n ... Then |D^n| = N. Two databases x, x' in D^n are said to be neighbors "
    "... if they differ on exactly [one] row. ... We define the distortion between X and Y to be the expected "
    "Hamming distance E[d(X,Y)] = Σ_{x∈D^n} Σ_{y∈D^n} p_X(x) p_{Y|X}(y|x) d(x,y). (5) ... Two elements "
    "x, x' ∈ D^n are neighbors if and only if d(x, x') = 1.",
    "definition",
    [Reading("literal", "expected_distortion equals (5) summed directly over the joint, and the neighbour pairs of "
                        "Hamming(D, n) are exactly the pairs at Hamming distance 1",
             model_check, [FAM_MECH], expected=Verdict.CHECKED)],
)


def def1_check(inst):
    M = inst.mechanism
    ok_out = tuple(M.outputs) == tuple(M.inputs.points)
    ok_rows = all(sum(r, F(0)) == 1 and all(0 <= v <= 1 for v in r) for r in M.rows)
    return Decision.of(ok_out and ok_rows, "exact", f"outputs == D^n ({ok_out}); rows are exact pmfs ({ok_rows})")


DEF1 = Claim(
    "wang2016.def1", "Definition 1 (Mechanism), restricted to R = D^n",
    "§2, Definition 1",
    "A mechanism M is specified by an associated mapping φ_M : D^n → F, where F is the set of multivariate cdf's "
    "on some R ⊆ R^r. ... In this paper, we focus on mechanisms M of which the range is the same as the alphabet "
    "of X, i.e., R = D^n. Then the output Y is also a discrete random variable with alphabet D^n.",
    "definition",
    [Reading("discrete-range", "the paper's mechanisms (E_d, E_i, certified PD-DP optima) are exact conditional pmfs "
                               "p(y|x) with output alphabet D^n",
             def1_check, [FAM_ZOO], expected=Verdict.CHECKED, open_search=False,
             notes="About the paper's named mechanisms only (open_search=False): continuous ranges (cdfs on R^r) "
                   "are outside exactpriv's finite setting; the paper itself only uses R = D^n.")],
)


def _brute_identifiability(M, prior):
    S = M.inputs
    best = None
    for j, y in enumerate(M.outputs):
        joint = [p * M.rows[i][j] for i, p in enumerate(prior.pmf)]
        py = sum(joint, F(0))
        if py == 0:
            continue
        for a, b in S.directed_edges().tolist():
            pa, pb = joint[a] / py, joint[b] / py  # posteriors by Bayes' rule
            if pa == 0 and pb == 0:
                continue
            r = OO if pb == 0 else pa / pb
            if best is None or r == OO or (best != OO and r > best):
                best = r
    if best is None:
        return LogForm.rational(0)
    return OO if best == OO else LogForm.log(best)


def def2_check(inst):
    m = identifiability(inst.mechanism, prior=inst.prior)
    b = _brute_identifiability(inst.mechanism, inst.prior)
    return Outcome(compare_step(m.value, "==", b, "identifiability == max_{y: p(y)>0, x~x'} ln p(x|y)/p(x'|y) (1)"),
                   {"measure": m, "brute": b})


DEF2 = Claim(
    "wang2016.def2", "Definition 2 (ε-identifiability)",
    "§2.1, Definition 2, eq. (1)",
    "A mechanism M satisfies ε-identifiability for some ε ∈ R+ if for any pair of neighboring elements "
    "x, x' ∈ D^n and any y ∈ D^n, p_{X|Y}(x | y) <= e^ε p_{X|Y}(x' | y). (1)",
    "definition",
    [Reading("literal", "identifiability(M, prior) == max over y with p_Y(y) > 0 and neighbours x ~ x' of "
                        "ln p(x|y)/p(x'|y), posteriors by Bayes' rule (0/0 ignored, a/0 = oo)",
             def2_check, [FAM_MECH], expected=Verdict.CHECKED,
             notes="For p_Y(y) = 0 the posterior p(.|y) is undefined; such y impose no constraint (in PD-I the "
                   "posteriors of such y are free variables and can always be chosen feasible).")],
)


def def3_check(inst):
    M = inst.mechanism
    m = pure_dp(M)
    best = F(1)
    for a, b in M.inputs.directed_edges().tolist():
        ra, rb = M.rows[a], M.rows[b]
        for k in range(1, len(M.outputs) + 1):
            for S in itertools.combinations(range(len(M.outputs)), k):
                pa, pb = sum((ra[j] for j in S), F(0)), sum((rb[j] for j in S), F(0))
                if pa == 0 and pb == 0:
                    continue
                if pb == 0:
                    best = OO
                    break
                if best != OO and pa / pb > best:
                    best = pa / pb
            if best == OO:
                break
    bv = OO if best == OO else LogForm.log(best)
    return Outcome(compare_step(m.value, "==", bv, "pointwise DP level (2) == level over all events S (3)"),
                   {"pure_dp": m, "events": bv})


DEF3 = Claim(
    "wang2016.def3", "Definition 3 (ε-DP) and the equivalence (2) ⟺ (3)",
    "§2.1, Definition 3, eqs. (2), (3)",
    "A mechanism M satisfies ε-differential privacy ... if for any pair of neighboring elements x, x' ∈ D^n and "
    "any y ∈ D^n, p_{Y|X}(y | x) <= e^ε p_{Y|X}(y | x'). (2) ... [In [8,10]:] for any S ⊆ R, Pr{Y ∈ S | X = x} "
    "<= e^ε Pr{Y ∈ S | X = x'}, (3) ... In the case that the range R = D^n, which is a discrete set, this is "
    "equivalent to the requirement (2).",
    "equivalence",
    [Reading("literal", "pure_dp (pointwise ratios (2)) equals the level over all non-empty output events S (3)",
             def3_check, [FAM_MECH_SMALL], expected=Verdict.CHECKED)],
)


def _entropy(pmf):
    return sum((-p * LogForm.log(p) for p in pmf if p != 0), LogForm.rational(0))


def def4_check(inst):
    M, p = inst.mechanism, inst.prior
    N = len(M.outputs)
    py = [sum((px * M.rows[i][j] for i, px in enumerate(p.pmf)), F(0)) for j in range(N)]
    direct = LogForm.rational(0)
    for i, px in enumerate(p.pmf):
        for j in range(N):
            pxy = px * M.rows[i][j]
            if pxy != 0:
                direct = direct + pxy * LogForm.log(pxy / (px * py[j]))
    m = mi_privacy(M, prior=p, method="exact")
    return Outcome(compare_step(m.value, "==", direct, "mi_privacy == Σ p(x,y) ln p(x,y)/(p(x)p(y)) (4)"),
                   {"mi": m, "direct": direct})


def def4_remarks_check(inst):
    M, p = inst.mechanism, inst.prior
    S = M.inputs
    HX = _entropy(p.pmf)
    const = Mechanism(S, list(M.outputs), [list(M.rows[0])] * S.size)
    ident = Mechanism(S, list(S.points), [[F(int(x == y)) for y in S.points] for x in S.points])
    parts = [
        compare_step(mi_privacy(const, prior=p, method="exact").value, "==", 0, "I = 0 for Y independent of X"),
        compare_step(mi_privacy(ident, prior=p, method="exact").value, "==", HX, "I = H(X) for Y = X"),
        compare_step(mi_privacy(M, prior=p, method="exact").value, "<=", HX, "I(X;Y) <= H(X) (maximal at Y = X)"),
    ]
    return Decision.all_of(parts, "remarks after Definition 4")


DEF4 = Claim(
    "wang2016.def4", "Definition 4 (ε-mutual-information privacy) and its remarks",
    "§2.1, Definition 4, eq. (4)",
    "A mechanism M satisfies ε-mutual-information privacy for some ε ∈ R+ if the mutual information between X "
    "and Y satisfies I(X;Y) <= ε, where I(X;Y) = Σ_{x,y} p_{X,Y}(x,y) log p_{X,Y}(x,y)/(p_X(x)p_Y(y)). (4) ... "
    "When X and Y are independent, I(X;Y) = 0. The mutual information is maximized and equal to H(X) when Y = X.",
    "definition",
    [Reading("literal", "mi_privacy == the sum (4) built term by term as an exact log-form", def4_check, [FAM_MECH],
             expected=Verdict.CHECKED),
     Reading("remarks", "I = 0 for a mechanism with identical rows; I = H(X) for Y = X; I(X;Y) <= H(X) for every "
                        "mechanism", def4_remarks_check, [FAM_MECH], expected=Verdict.CHECKED)],
)


def informal_check(inst):
    M, p = inst.mechanism, inst.prior
    parts = [compare_step(identifiability(M, prior=p).value, "<=", plus(pure_dp(M).value, eps_X(p).value),
                  "identifiability <= DP level + eps_X")]
    if "t" in inst.params and p.has_full_support:
        t = exp_eps_of(inst)
        n, m = shape(p)
        E = zoo.wang_E_d(list(p.space.alphabets[0]), n, exp_eps=t)
        parts.append(compare_step(identifiability(E, prior=p).value, "==", LogForm.log(t) + eps_X(p).value,
                          "E_d (eps-DP) has identifiability exactly eps + eps_X"))
    return Decision.all_of(parts, "DP is a relative guarantee")


def _informal_build():
    rng = random.Random(99)
    for label, p in priors("product")[:4] + priors("correlated")[:3] + priors("zeros")[:2]:
        yield Instance(f"random mechanism on {label}", random_mechanism(rng, p.space), p, {"t": F(rng.randint(2, 5))})


FAM_INFORMAL = cached_family("random mechanisms x priors", _informal_build)


INFORMAL = Claim(
    "wang2016.informal", "Informal: DP is a relative guarantee, weak for identifiability when ε_X is large",
    "§1 (i), §2.1 (after Definitions 2 and 3), §5",
    "When ε_X is large, differential privacy provides only weak guarantee on identifiability. In other words, it "
    "is possible to identify some entries of the database with non-trivial accuracy even if the differential "
    "privacy is guaranteed when ε_X is large. This is because differential privacy provides a relative privacy "
    "guarantee ... Identifiability, on the other hand, guarantees an absolute level of indistinguishability.",
    "informal",
    [Reading("finite-analogue", "identifiability(M) <= DP level(M) + eps_X for every mechanism, with equality for "
                                "E_d: an eps-DP mechanism can have identifiability eps + eps_X",
             informal_check, [FAM_INFORMAL], expected=Verdict.CHECKED,
             notes="Finite analogue of 'weak guarantee when eps_X is large'; 'absolute' vs 'relative' and "
                   "'non-trivial accuracy' are interpretations.", open_search=False)],
    reason="'Absolute' vs 'relative' guarantee and 'identify some entries with non-trivial accuracy' are "
           "interpretations; only the quantitative finite analogue is encoded.",
)

