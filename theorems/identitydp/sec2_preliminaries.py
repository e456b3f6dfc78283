"""Identity DP §2: the dataset model, ε-DP on datasets (Definition 2) and the ratio Lemmas 1–2.

Section 2 of identity DP: the model (datasets from sources), ε-DP on datasets (Definition 2),
and the two elementary lemmas on ratios.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 2.

Main claims
-----------
* ``identitydp.model`` — D_y partitions Z, F(y) of (6) sums to 1, the law of Y on datasets equals the
  law on record sequences (dataset mechanisms);
* ``identitydp.def2`` — for dataset mechanisms Definition 2's neighbours (histograms at L1 distance 2)
  give replace-one pure DP; without the dataset hypothesis the sequence form differs (a variant);
* ``identitydp.lemma1`` — g(x) = (a0 x + a1)/(b0 x + b1) is monotone with the sign of a0 b1 − a1 b0:
  PROVED on each side of the pole, false across it (as written);
* ``identitydp.lemma2`` — the mediant inequality (8).
"""

from __future__ import annotations

import collections
import functools
import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Finding, Hypothesis, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.mechanisms.base import Mechanism
from theorems.identitydp.definitions import DATASET_MECHANISM
from theorems.identitydp.instances import B3, SYMMETRIC_NOTE, witness_family, fam_vectors, rf, zf
from theorems.identitydp.steps import level_ratio, better, combine, log_ratio
from theorems.identitydp.measured import PURE

__all__ = ["CLAIMS"]


def _histogram(point, universe) -> tuple:
    c = collections.Counter(point)
    return tuple(c.get(u, 0) for u in universe)


def _universe(space) -> tuple:
    return tuple(dict.fromkeys(v for a in space.records for v in a))


def _model_check(inst: Instance) -> Outcome:
    """D_y (5) partitions Z; F(y) (6) sums to 1; the law of Y computed on datasets equals the
    law computed on record sequences."""
    M, P = inst.mechanism, inst.prior
    U = _universe(M.inputs)
    groups: dict = {}
    for k, p in enumerate(M.inputs.points):
        groups.setdefault(_histogram(p, U), []).append(k)
    parts = [compare(sum(len(g) for g in groups.values()), "==", M.inputs.size)]
    FD = {h: sum((P.pmf[k] for k in g), Fraction(0)) for h, g in groups.items()}
    parts.append(compare(sum(FD.values(), Fraction(0)), "==", 1))
    for r in range(len(M.outputs)):
        via_d = sum((FD[h] * M.rows[g[0]][r] for h, g in groups.items()), Fraction(0))
        via_z = sum((q * row[r] for q, row in zip(P.pmf, M.rows)), Fraction(0))
        parts.append(compare(via_d, "==", via_z))
    return Outcome(combine(parts, "dataset law (6) == sequence law"), {"datasets": len(groups)})


MODEL = Claim(
    id="identitydp.model",
    title="Definitions (Sec. 2.2: sources, profiles, datasets, D_y, Definition 1)",
    source="Sec. 2.2, eqs. (5)-(6), Definition 1",
    quote=("The universe of record sequences Z is defined as Z = {(z1,...,zn) : zi in Xi}. The universe of datasets D "
           "is defined as D = {{z1,...,zn} : zi in Xi} [...] Dy := {x in Z : ||x - y||_1 = 0} (5) [...] For any "
           "y in D, set F(y) = sum_{z in Dy} F(z). (6) Therefore, X can also be seen as a D-valued random variable "
           "with the probability distribution F(y)."),
    kind="definition",
    readings=[
        Reading(
            name="dataset-law",
            statement=("the sets D_y (histogram equal to y) partition Z, F(y) of (6) sums to 1, and for a dataset "
                       "mechanism the law of Y computed on D with F(y) equals the law computed on Z with F(z)"),
            check=_model_check,
            families=[rf("sym", "joint", 7, 40), rf("sym", "product", 17, 40)],
            hypotheses=(DATASET_MECHANISM,),
            expected=Verdict.CHECKED,
            notes="Datasets are histograms over X = union of the record universes (Sec. 2.3).",
        ),
    ],
)


def _def2_forms(M: Mechanism):
    """(D-form, Z-form) levels of Definition 2: max ln Pr[M(x)=r]/Pr[M(x')=r] over datasets at
    histogram L1 distance 2 (D-form; M read at any sequence of the dataset) and over record
    sequences whose datasets are such neighbours (Z-form)."""
    U = _universe(M.inputs)
    pts = M.inputs.points
    hist = [_histogram(p, U) for p in pts]
    best_z = best_d = None
    rep = {}
    for k, h in enumerate(hist):
        rep.setdefault(h, k)
    for a, b in itertools.permutations(range(len(pts)), 2):
        if sum(abs(x - y) for x, y in zip(hist[a], hist[b])) != 2:
            continue
        for r in range(len(M.outputs)):
            v = level_ratio(M.rows[a][r], M.rows[b][r])
            if better(v, best_z):
                best_z = v
            if rep[hist[a]] == a and rep[hist[b]] == b and better(v, best_d):
                best_d = v
    return log_ratio(best_d), log_ratio(best_z)


def _def2_check(inst: Instance) -> Outcome:
    d_form, z_form = _def2_forms(inst.mechanism)
    pu = PURE(inst.mechanism)
    return Outcome(combine([compare(d_form, "==", pu), compare(z_form, "==", pu)],
                            "Def. 2 D-form == Z-form == pure_dp (replace-one)"),
                   {"d_form": d_form, "z_form": z_form, "pure_dp": pu})


def _def2_z_general_check(inst: Instance) -> Outcome:
    _, z_form = _def2_forms(inst.mechanism)
    pu = PURE(inst.mechanism)
    return Outcome(compare(z_form, "==", pu), {"z_form": z_form, "pure_dp": pu})


@functools.lru_cache(maxsize=None)
def _def2_witness() -> Family:
    half = [Fraction(1, 2), Fraction(1, 2)]
    rows = {(1, 0, 0): [Fraction(1, 4), Fraction(3, 4)], (0, 1, 1): [Fraction(3, 4), Fraction(1, 4)]}
    M = Mechanism(B3, [0, 1], [rows.get(p, half) for p in B3.points], _built="<not a dataset mechanism>")
    return witness_family("(1,0,0) and (0,1,1): neighbouring datasets, Hamming distance 3", M, name="minimal-witness")


DEF2 = Claim(
    id="identitydp.def2",
    title="Definition 2 (eps-DP on datasets)",
    source="Sec. 2.3, Definition 2, eq. (7)",
    quote=("Two datasets x, x' in D are said to be neighbors if ||x - x'||_1 = 2. Two record sequences x, x' in Z are "
           "said to be neighbors if their corresponding datasets are neighbors. [...] A mechanism M : D -> P(R) gives "
           "eps-differential privacy if for all neighbors x, x' in Z (or neighbors x, x' in D), and all r in R, "
           "there is Pr[M(x) = r] <= e^eps Pr[M(x') = r], (7)"),
    kind="definition",
    readings=[
        Reading(
            name="literal",
            statement=("for dataset mechanisms, the tightest eps of (7) over histogram neighbours (D-form) and over "
                       "record sequences with neighbouring datasets (Z-form) both equal pure_dp on replace-one "
                       "neighbours"),
            check=_def2_check,
            families=[rf("sym", "joint", 7, 40), zf("joint")],
            hypotheses=(DATASET_MECHANISM,),
            expected=Verdict.CHECKED,
            notes=SYMMETRIC_NOTE,
        ),
        Reading(
            name="z-form-general-mechanisms",
            statement=("without the dataset hypothesis: the Z-form of (7) (sequences whose datasets are neighbours) "
                       "equals replace-one pure DP"),
            check=_def2_z_general_check,
            families=[_def2_witness(), rf("gen", "joint", 8, 40)],
            form={"quantifier": "forall-instances", "hypotheses": [], "claim": "Z == DP",
                  "measures": {"Z": {"notion": "pure_dp", "neighbours": "datasets"},
                               "DP": {"notion": "pure_dp"}}},
            expected=Verdict.REFUTED,
            finding=Finding.VARIANT,
            why=("drops Sec. 2.3's hypothesis that M is a function of the dataset: (1,0,0) and (0,1,1) have "
                 "neighbouring datasets but differ in all three records, so the Z-form exceeds replace-one DP"),
            notes=("On {0,1}^3, (1,0,0) and (0,1,1) have neighbouring datasets but differ in all three "
                   "records, so for a mechanism that is not a function of the dataset the Z-form is stricter than "
                   "replace-one DP. The paper's mechanisms are dataset functions (Sec. 2.3), where the two agree "
                   "(reading 'literal'); this is why the bank's general-mechanism readings use replace-one DP, the "
                   "weaker hypothesis."),
        ),
    ],
)


def _g(a0, a1, b0, b1, x):
    return (a0 * x + a1) / (b0 * x + b1)


def _lemma1_params(inst: Instance):
    return tuple(Fraction(inst.params[k]) for k in ("a0", "a1", "b0", "b1", "x", "x2"))


def _lemma1_hypothesis(same_side: bool) -> Hypothesis:
    """x < x' both in the domain of g (b0 x + b1 != 0); for the pole-free reading also on the
    same side of the pole."""

    def hyp(inst: Instance) -> bool:
        a0, a1, b0, b1, x, x2 = _lemma1_params(inst)
        if x >= x2 or b0 * x + b1 == 0 or b0 * x2 + b1 == 0:
            return False
        return not same_side or (b0 * x + b1 > 0) == (b0 * x2 + b1 > 0)

    if same_side:
        return Hypothesis("same-side-of-the-pole", "x < x' in the domain of g, on the same side of the pole "
                          "-b1/b0", hyp, params=_LEMMA1_PARAMS)
    return Hypothesis("in-the-domain", "x < x' with b0 x + b1 != 0 and b0 x' + b1 != 0", hyp, params=_LEMMA1_PARAMS)


#: every parameter of Lemma 1 (a_0, a_1, b_0, b_1 any rationals; x, x' as the hypothesis says)
_LEMMA1_PARAMS = ("a0", "a1", "b0", "b1", "x", "x2")


def _lemma1_check(inst: Instance) -> Outcome:
    a0, a1, b0, b1, x, x2 = _lemma1_params(inst)
    gx, gx2 = _g(a0, a1, b0, b1, x), _g(a0, a1, b0, b1, x2)
    if a0 * b1 > a1 * b0:
        return Outcome(compare(gx, "<=", gx2), {"g(x)": gx, "g(x')": gx2, "claim": "non-decreasing"})
    return Outcome(compare(gx, ">=", gx2), {"g(x)": gx, "g(x')": gx2, "claim": "non-increasing"})


def _lemma1_proof() -> Decision:
    """For every x, x' in the domain: g(x') − g(x) = (a0 b1 − a1 b0)(x' − x)/((b0 x + b1)(b0 x' + b1)),
    an identity of rational functions verified exactly (sympy ``cancel`` of the difference to 0).  On
    the same side of the pole the two denominators have the same sign, so their product is > 0, and
    x' − x > 0: the sign of g(x') − g(x) is the sign of a0 b1 − a1 b0, which is the statement (no
    calculus step is left to the reader)."""
    a0, a1, b0, b1, x, x2 = sympy.symbols("a0 a1 b0 b1 x x2", real=True)
    g = lambda t: (a0 * t + a1) / (b0 * t + b1)  # noqa: E731
    identity = g(x2) - g(x) - (a0 * b1 - a1 * b0) * (x2 - x) / ((b0 * x + b1) * (b0 * x2 + b1))
    diff = sympy.cancel(identity)
    if diff == 0:
        return Decision.true("sympy-cancel", "g(x') - g(x) = (a0 b1 - a1 b0)(x' - x)/((b0 x + b1)(b0 x' + b1)) "
                                              "cancels to 0; on one side of the pole the denominator is positive",
                             certificate={"identity": "g(x') - g(x) - (a0 b1 - a1 b0)(x' - x)/((b0 x + b1)(b0 x' + b1))"
                                                      " -> 0"})
    return Decision.undecided("sympy-cancel", f"the difference identity did not cancel: {diff}")  # pragma: no cover


@functools.lru_cache(maxsize=None)
def _fam_lemma1(kind: str) -> tuple:
    out = []
    if kind == "witness":
        out.append(Instance("g(x) = 1/x at x=-1, x'=1", params={"a0": 0, "a1": 1, "b0": 1, "b1": 0,
                                                              "x": -1, "x2": 1}))
        return tuple(out)
    vals = [Fraction(v) for v in (-2, -1, 0, 1, 3)] + [Fraction(1, 2)]
    rng = random.Random(11)
    for a0, a1, b0, b1 in itertools.product((-1, 0, 2), (-1, 1), (0, 1, -2), (1, -1)):
        x, x2 = sorted(rng.sample(vals, 2))
        out.append(Instance(f"grid a=({a0},{a1}) b=({b0},{b1}) x={x} x'={x2}",
                            params={"a0": a0, "a1": a1, "b0": b0, "b1": b1, "x": x, "x2": x2}))
    for k in range(120):
        p = {n: Fraction(rng.randint(-5, 5), rng.randint(1, 4)) for n in ("a0", "a1", "b0", "b1")}
        if kind == "positive":  # the paper's use: x >= 0, b0, b1 > 0
            p["b0"], p["b1"] = abs(p["b0"]) + Fraction(1, 3), abs(p["b1"]) + Fraction(1, 5)
            xs = sorted(Fraction(rng.randint(0, 12), rng.randint(1, 3)) for _ in range(2))
        else:
            xs = sorted(Fraction(rng.randint(-8, 8), rng.randint(1, 3)) for _ in range(2))
        p["x"], p["x2"] = xs
        out.append(Instance(f"random #{k}", params=p))
    return tuple(out)


LEMMA1 = Claim(
    id="identitydp.lemma1",
    title="Lemma 1",
    source="Sec. 2.4, Lemma 1",
    quote=("Let g(x) = (a0 x + a1)/(b0 x + b1). If a0 b1 > a1 b0, then g(x) is non-decreasing. If a0 b1 <= a1 b0, "
           "then g(x) is non-increasing. Proof. Note that the derivative of g(x) is g'(x) = (a0 b1 - a1 b0)/"
           "(b0 x + b1)^2, by which the claims are direct."),
    kind="inequality",
    readings=[
        Reading(
            name="literal-whole-domain",
            statement="for x < x' in the domain of g (b0 x + b1 != 0): the stated monotonicity between g(x) and g(x')",
            check=_lemma1_check,
            form={"quantifier": "forall-instances", "measures": {},
                  "hypotheses": ["range:x < x2 and b0*x + b1 != 0 and b0*x2 + b1 != 0"],
                  "claim": "(a0*b1 > a1*b0 and (a0*x + a1)/(b0*x + b1) <= (a0*x2 + a1)/(b0*x2 + b1)) or "
                           "(a0*b1 <= a1*b0 and (a0*x + a1)/(b0*x + b1) >= (a0*x2 + a1)/(b0*x2 + b1))"},
            hypotheses=(_lemma1_hypothesis(same_side=False),),
            families=[Family("minimal-witness", lambda: _fam_lemma1("witness"), "g = 1/x"),
                      Family("grid-and-random", lambda: _fam_lemma1("all"), "rational grid and random parameters")],
            expected=Verdict.REFUTED,
            finding=Finding.AS_WRITTEN,
            why=("g(x) = 1/x has a0 b1 - a1 b0 = -1 < 0 but g(-1) = -1 < g(1) = 1: g is monotone only on each "
                 "side of its pole (harmless for the paper's use on x >= 0 with positive coefficients)"),
            notes=("g(x) = 1/x (a0=0, a1=1, b0=1, b1=0) has a0 b1 - a1 b0 = -1 but g(-1) = -1 < g(1) = 1. "
                   "Monotonicity holds on each interval free of the pole -b1/b0, which is all the paper uses "
                   "(x >= 0 with positive coefficients, reading 'pole-free-interval')."),
        ),
        Reading(
            name="pole-free-interval",
            statement="for x < x' on the same side of the pole: the stated monotonicity",
            check=_lemma1_check,
            hypotheses=(_lemma1_hypothesis(same_side=True),),
            families=[Family("grid-and-random", lambda: _fam_lemma1("all"), "rational grid and random parameters"),
                      Family("paper-use", lambda: _fam_lemma1("positive"), "x >= 0, b0, b1 > 0 (the use in (36))")],
            prove=_lemma1_proof,
            expected=Verdict.PROVED,
        ),
    ],
)


def _lemma2_holds(inst: Instance) -> bool:
    a, b, c = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c"))
    if not (all(v > 0 for v in a + b) and all(ci >= 0 for ci in c)):
        return False
    ratios = [x / y for x, y in zip(a, b)]
    return all(ratios[0] <= r <= ratios[-1] for r in ratios) and any(ci > 0 for ci in c)


#: Lemma 2's hypotheses, and some c_i > 0 (else the middle term is 0/0)
LEMMA2_HYPOTHESIS = Hypothesis("extreme-ratios-first-and-last", "a_i, b_i > 0, c_i ≥ 0 not all 0, and "
                               "a_0/b_0 ≤ a_i/b_i ≤ a_k/b_k for all i", _lemma2_holds, params=("a", "b", "c"))


def _lemma2_check(inst: Instance) -> Outcome:
    a, b, c = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c"))
    ratios = [x / y for x, y in zip(a, b)]
    den = sum((ci * bi for ci, bi in zip(c, b)), Fraction(0))
    mid = sum((ci * ai for ci, ai in zip(c, a)), Fraction(0)) / den
    return Outcome(combine([compare(ratios[0], "<=", mid), compare(mid, "<=", ratios[-1])], "(8)"),
                   {"middle": mid, "low": ratios[0], "high": ratios[-1]})


LEMMA2 = Claim(
    id="identitydp.lemma2",
    title="Lemma 2 (mediant inequality)",
    source="Sec. 2.4, Lemma 2, eqs. (8)-(10)",
    quote=("Let ai > 0, bi > 0 and ci >= 0 for i in {0,...,k}. Set a0/b0 <= ai/bi <= ak/bk for all i. Then, "
           "a0/b0 <= sum ci ai / sum ci bi <= ak/bk. (8)"),
    kind="inequality",
    readings=[
        Reading(
            name="literal",
            statement="(8) whenever the middle term is defined (some c_i > 0)",
            check=_lemma2_check,
            hypotheses=(LEMMA2_HYPOTHESIS,),
            families=[Family("random", lambda: fam_vectors("lemma2", 150),
                             "150 random positive rational vectors of length 1..5, ratios sorted by construction, "
                             "c_i >= 0 with zeros (10% all zero)")],
            expected=Verdict.CHECKED,
            notes="All c_i = 0 makes the middle term 0/0 (undefined); such instances fail the hypothesis (skipped).",
        ),
    ],
)


CLAIMS: list[Claim] = [MODEL, DEF2, LEMMA1, LEMMA2]
