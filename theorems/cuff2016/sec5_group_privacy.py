"""Cuff–Yu §5: group privacy for ε, δ, (ε, δ) (Properties 7–9), none for MI-DP (Ex. 5.1), (53), Cor. 8.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §5: group privacy —
Properties 7–9, Example 5.1, (53), Corollary 8.

Main claims
-----------
* ``cuff2016.prop7``, ``prop8``, ``prop9`` — group privacy for ε, δ and (ε, δ) (exact: log-ratios are
  LogForms, TV and E_γ are Fractions at rational γ = e^ε);
* ``cuff2016.ex5_1`` — Example 5.1: no group property for MI-DP; (51) is a boundary finding (it fails only
  for |X_1| = 1); the values for every e ∈ [0, 1] are PROVED;
* ``cuff2016.eq53`` — (53): ε-DP bounds the capacity by min{nε, (nε)²};
* ``cuff2016.cor8`` — Corollary 8 (hypothesis k√(2ε) ≤ 1, the domain of h).
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.claims import Claim, Family, Finding, Instance, Outcome, Reading, Verdict, param_domain
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.relations import implies
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_to_fractions, working_precision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO, to_sympy
from exactpriv.forall import value_for_all
from exactpriv.measures import divergence as dv
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.cuff2016.exact_information import (
    LOG2,
    certified_bounds,
    capacity_of,
    decide_equal,
    exact_value,
    as_int,
    mi_dp_of,
    scaled,
    measured_sum,
    conj,
    group_mi,
    gt,
    le,
)
from theorems.cuff2016.measured import pure_dp_of
from theorems.cuff2016.random_objects import mech
from theorems.cuff2016.sec7_renyi import fq
from theorems.cuff2016.symbolic import all_steps

__all__ = ["CLAIMS"]


# ======================================================================================
# Group privacy: Properties 7-9
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_group_random(seed=15, count=14, zeros=False):
    rng = random.Random(seed)
    spaces = [Hamming((0, 1), 2), Hamming((0, 1), 3), Hamming((0, 1, 2), 2), Hamming.product([[0, 1], [0, 1, 2]])]
    out = []
    for t in range(count):
        sp = spaces[t % len(spaces)]
        out.append(Instance(f"random {sp!r} #{t}", mech(rng, sp, rng.choice((2, 3)), den=5, zeros=zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_group_exhaustive():
    """All mechanisms on {0,1}^2 with binary output and P(Y=1|x) in {1/4, 1/2, 3/4} (81)."""
    sp = Hamming((0, 1), 2)
    vals = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4))
    return tuple(Instance(f"P(Y=1|x) = {[str(v) for v in t]}", Mechanism(sp, [0, 1], [[1 - v, v] for v in t]))
                 for t in itertools.product(vals, repeat=4))


@functools.lru_cache(maxsize=None)
def _fam_group_zoo():
    return tuple(Instance(repr(M), M) for M in (zoo.count_query_geometric(3, exp_eps=2),
                                                zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3),
                                                zoo.cuff_example_5_1(3, Fraction(1, 2))))


_F_GROUP = [Family("random zero-free mechanisms on small Hamming spaces (seed 15)", _fam_group_random),
            Family("random mechanisms with zeros (seed 16)", lambda: _fam_group_random(16, 8, True)),
            Family("exhaustive: {0,1}^2, binary output, P(Y=1|x) in {1/4,1/2,3/4}", _fam_group_exhaustive),
            Family("zoo: count query geometric, E_d, Example 5.1", _fam_group_zoo)]


def _pairs_within(space, k):
    D = np.asarray(space.distance_matrix())
    return [(int(i), int(j)) for i, j in zip(*np.nonzero((D >= 1) & (D <= k)))]


def _check_prop7(inst, *, slack=0):
    M = inst.mechanism
    e = exact_value(pure_dp_of(M))
    parts, vals = [], {"pure_dp": e}
    for k in range(1, M.inputs.n + 1):
        g = _group_eps(M, k)
        vals[f"group_{k}"] = g
        parts.append((f"k={k}: eps_k <= {k - slack} eps", le(g, scaled(k - slack, e))))
    return Outcome(conj(parts), vals)


def _group_eps(M, k):
    """max over ordered pairs at Hamming distance <= k of D_oo(P_x || P_x') (exact LogForm or oo),
    by brute force over the pairs and outputs.  (divergence.group_privacy is not used: for k at the
    diameter it calls free_lunch, which raises on an all-zero output column -- reported.)"""
    best = None
    for i, j in _pairs_within(M.inputs, k):
        for p, q in zip(M.rows[i], M.rows[j]):
            if p:
                if not q:
                    return OO
                best = p / q if best is None or p / q > best else best
    return LogForm.log(best) if best is not None else Fraction(0)


_PROP7 = Claim(
    "cuff2016.prop7", "Property 7 (Epsilon)", "Section 5, Property 7, eq. (45)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is eps-DP. Then P_{Y|X^n=x^n} ~(k eps, 0) P_{Y|X^n=x~^n}. (45)",
    "implication",
    [Reading("literal", "on Hamming spaces, for k = 1..n: max over pairs at Hamming distance <= k of "
                        "max_y ln P(y|x)/P(y|x') <= k * pure_dp(M) (exact LogForms)",
             _check_prop7, _F_GROUP, expected=Verdict.CHECKED)])


def _check_prop8(inst, *, slack=0):
    M = inst.mechanism
    d = exact_value(dv.tv_dp(M))
    parts, vals = [], {"tv_dp": d}
    for k in range(1, M.inputs.n + 1):
        g = max((dv.tv(M.rows[i], M.rows[j]) for i, j in _pairs_within(M.inputs, k)), default=Fraction(0))
        vals[f"tv_group_{k}"] = g
        parts.append((f"k={k}: TV <= {k - slack} delta", le(g, (k - slack) * d)))
    return Outcome(conj(parts), vals)


_PROP8 = Claim(
    "cuff2016.prop8", "Property 8 (Delta)", "Section 5, Property 8, eq. (46)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is (delta)-DP. Then P_{Y|X^n=x^n} ~(0, k delta) P_{Y|X^n=x~^n}. (46)",
    "implication",
    [Reading("literal", "for k = 1..n: max TV over pairs at Hamming distance <= k <= k * tv_dp(M) (exact Fractions)",
             _check_prop8, _F_GROUP, expected=Verdict.CHECKED)])


def _delta_of(M, gamma, pairs):
    return max((dv.hockey_stick(M.rows[i], M.rows[j], gamma) for i, j in pairs), default=Fraction(0))


def _check_prop9(inst, *, variant="literal"):
    M = inst.mechanism
    g = Fraction(inst.params["gamma"])
    edges = [(int(i), int(j)) for i, j in M.inputs.directed_edges()]
    delta = _delta_of(M, g, edges)
    parts, vals = [], {"delta(eps)": delta}
    for k in range(1, M.inputs.n + 1):
        if variant == "k-1 eps":
            gk, coef = g ** (k - 1), (g ** k - 1) / (g - 1)
        elif variant == "k delta":
            gk, coef = g ** k, Fraction(k)
        else:
            gk, coef = g ** k, (g ** k - 1) / (g - 1)
        dk = _delta_of(M, gk, _pairs_within(M.inputs, k))
        vals[f"delta_{k}"] = dk
        parts.append((f"k={k}: E_(gamma^k) <= {coef} delta", le(dk, coef * delta)))
    return Outcome(conj(parts), vals)


@functools.lru_cache(maxsize=None)
def _fam_prop9(base: str):
    fams = {"random": (_fam_group_random(), (Fraction(11, 10), Fraction(3))),
            "exhaustive": (_fam_group_exhaustive(), (Fraction(2),)),
            "zoo": (_fam_group_zoo(), (Fraction(3, 2), Fraction(2), Fraction(3)))}
    insts, gammas = fams[base]
    return tuple(Instance(f"{inst.label}, e^eps = {g}", inst.mechanism, params={"gamma": g})
                 for inst in insts for g in gammas)


@functools.lru_cache(maxsize=None)
def _fam_prop9_tight():
    """Property 9 is attained: on {0,1}^2 with binary output put P_00 = (0, 1),
    P_01 = P_10 = (d, 1-d), P_11 = ((1+g)d, 1-(1+g)d).  Every neighbour pair has
    E_g <= d (with equality), and E_{g^2}(P_11 || P_00) = (1+g)d = (g^2-1)/(g-1) d."""
    sp = Hamming((0, 1), 2)
    out = []
    d = Fraction(1, 10)
    for g in (Fraction(3, 2), Fraction(2), Fraction(3)):
        rows = [[0, 1], [d, 1 - d], [d, 1 - d], [(1 + g) * d, 1 - (1 + g) * d]]
        out.append(Instance(f"tight construction, e^eps = {g}, delta = {d}", Mechanism(sp, [0, 1], rows),
                            params={"gamma": g}))
    return tuple(out)


_F_PROP9 = [Family("tight construction (equality in (47)) x e^eps in {3/2, 2, 3}", _fam_prop9_tight),
            Family("random zero-free mechanisms x e^eps in {11/10, 3}", lambda: _fam_prop9("random")),
            Family("exhaustive {0,1}^2 binary-output mechanisms, e^eps = 2", lambda: _fam_prop9("exhaustive")),
            Family("zoo mechanisms x e^eps", lambda: _fam_prop9("zoo"))]


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
PROP9_DOMAIN = param_domain("gamma", lo=1, open_lo=True, text="γ = e^ε > 1 (the reading's rational γ)")


_PROP9 = Claim(
    "cuff2016.prop9", "Property 9 (General)", "Section 5, Property 9, eq. (47)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is (eps,delta)-DP. Then "
    "P_{Y|X^n=x^n} ~(k eps, (e^{k eps}-1)/(e^eps-1) delta) P_{Y|X^n=x~^n}. (47)",
    "implication",
    [Reading("literal", "at rational gamma = e^eps > 1 with delta = delta(eps) = max over ordered neighbours of "
                        "E_gamma(P_x||P_x'): for k = 1..n every ordered pair at distance <= k has "
                        "E_{gamma^k}(P_x||P_x') <= (gamma^k - 1)/(gamma - 1) * delta (exact Fractions)",
             _check_prop9, _F_PROP9, hypotheses=(PROP9_DOMAIN,), expected=Verdict.CHECKED,
             notes="(eps, delta)-closeness is E_{e^eps} <= delta both ways (the paper's E_gamma remark); checking the "
                   "tightest delta(eps) for each eps covers every (eps, delta) the mechanism satisfies.  eps = 0 "
                   "makes the coefficient 0/0; its limit k is Property 8.")])


# ======================================================================================
# Example 5.1, (53), Corollary 8
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_ex51(Ns, es):
    return tuple(Instance(f"cuff_example_5_1(N={N}, e={e})", zoo.cuff_example_5_1(N, e), params={"N": N, "e": e})
                 for N in Ns for e in es)


def _check_ex51_cap(inst):
    M = inst.mechanism
    N, e = as_int(inst.params["N"]), Fraction(inst.params["e"])
    C = capacity_of(M)
    f1 = LogForm.log(N + 1) * e
    f2 = LogForm.log(len(M.outputs) - 1) * e
    parts = [("max_P I(X1,X2;Y) == e log(|X1|+1)", decide_equal(C, f1)), ("== e log(|Y|-1)", decide_equal(C, f2))]
    if e == Fraction(1, 2):  # independent certified cross-check (Blahut-Arimoto + arb certificate)
        num = capacity_of(M, "numeric")
        parts.append(("numeric enclosure contains e log(|X1|+1)",
                      conj([("lower", le(num.lower, f1)), ("upper", le(f1, num.upper))])))
    return Outcome(conj(parts), {"capacity": C, "formula": f1})


def _check_ex51_midp(inst):
    M = inst.mechanism
    N, e = as_int(inst.params["N"]), Fraction(inst.params["e"])
    m = mi_dp_of(M)
    parts = [("mi_dp <= e ln 2", le(m, LOG2 * e))]
    if N >= 2:
        parts.append(("mi_dp == e ln 2 (binary erasure channel per context)", decide_equal(m, LOG2 * e)))
    return Outcome(conj(parts), {"mi_dp": m})


@functools.lru_cache(maxsize=None)
def _fam_ex51_group():
    return tuple(Instance(f"c={c}, N={2 ** c}", zoo.cuff_example_5_1(2 ** c, Fraction(1, 2)), params={"c": c})
                 for c in (1, 2, 3))


def _check_ex51_group(inst):
    M, c = inst.mechanism, as_int(inst.params["c"])
    C, m = capacity_of(M), mi_dp_of(M)
    return Outcome(gt(C, scaled(c, exact_value(m)), f"max_P I(X1,X2;Y) > {c} * mi_dp"), {"capacity": C, "mi_dp": m})


# ---- all-parameter values (symbolic families)
_E = sympy.Symbol("e", nonnegative=True)


def _ex51(N):
    space = Hamming(range(N), 2)
    outs = list(range(N)) + ["e1", "e2"]
    rows = []
    for x1, x2 in space.points:
        row = [sympy.Integer(0)] * (N + 2)
        row[N] = 1 - _E
        if x1 == x2:
            row[x1] = _E
        else:
            row[N + 1] = _E
        rows.append(row)
    return Mechanism(space, outs, rows, symbols=(_E,), _built=f"cuff_example_5_1(N={N}, e=e)")


def _prove_ex51() -> Decision:
    """Example 5.1 (N = 2, 3): mi_dp = e ln 2 and capacity = e ln(N + 1) for every e ∈ [0, 1]."""
    parts = []
    for N in (2, 3):
        M = _ex51(N)
        parts.append(value_for_all(M, "mi_dp", _E * sympy.log(2), domain=(0, 1), closed=(True, True)))
        parts.append(value_for_all(M, "capacity", _E * sympy.log(N + 1), domain=(0, 1), closed=(True, True)))
    return all_steps(parts, "Example 5.1 for all e in [0, 1]")


def _ex51_form() -> dict:
    """Example 5.1 for every e ∈ [0, 1] (N = 2, 3) as data for the independent checker (docs/certificates.md,
    "forall-family"): MI its MI-DP level and C its capacity, both derived by the checker from the matrix."""
    from exactpriv.certify.checker_format import family_entry
    from exactpriv.claims.evidence import space_json

    families = []
    for N in (2, 3):
        M = _ex51(N)
        entry = family_entry(f"Example 5.1, N = {N}", "e", "[0, 1]", space_json(M.inputs), M.to_json()["outputs"],
                             M.rows)
        families.append(dict(entry, params={"N": str(N)}))
    return {"quantifier": "forall-family", "families": families,
            "measures": {"MI": {"notion": "mi_dp"}, "C": {"notion": "capacity"}},
            "claim": "MI == e*log(2) and C == e*log(N + 1)"}


_F_EX51_LITERAL = Family("N = 1..4, e in {1/2, 1/5}",
                         lambda: _fam_ex51((1, 2, 3, 4), (Fraction(1, 2), Fraction(1, 5))))


AT_LEAST_TWO_VALUES = Hypothesis(
    "at-least-two-values", "|X_1| = |X_2| = N >= 2 (some input has X_1 != X_2)",
    lambda inst: as_int(inst.params["N"]) >= 2)


_EX51 = Claim(
    "cuff2016.ex5_1", "Example 5.1 (no group property for MI-DP)", "Section 5, Example 5.1, eqs. (48)-(51)",
    "If X_1 = X_2: Y = X_1 with probability eps, e_1 with probability 1-eps. (48) If X_1 != X_2: Y = e_2 with "
    "probability eps, e_1 with probability 1-eps. (49) This mechanism satisfies (eps ln 2)-MI-DP. ... On the other "
    "hand, the mutual information I(X_1,X_2;Y) is unbounded if there are no constraints on X_1 and X_2. Indeed, if we "
    "let X_1 be a continuous random variable, and we set X_2 = X_1, then I(X_1,X_2;Y) = oo. (50) More generally, if "
    "the domains X_1 and X_2 are equal, then the capacity of the erasure channel gives the achievable mutual "
    "information (where e_2 represents an additional input symbol selected by any choice of X_1 != X_2): "
    "max_{P_{X_1,X_2}} I(X_1,X_2;Y) = eps log(|X_1|+1) = eps log(|Y|-1). (51)",
    "value",
    [Reading("literal", "(51) for equal finite domains |X_1| = |X_2| = N >= 1 (finite analogue of the real-valued "
                        "entries; the paper's eps is the probability e): capacity == e log(N+1) == e log(|Y|-1)",
             _check_ex51_cap,
             [_F_EX51_LITERAL],
             form={"quantifier": "forall-instances",
                   "family": {"construction": "cuff_example_5_1", "params": ["N", "e"]},
                   "hypotheses": ["range:N >= 1 and 0 <= e and e <= 1"], "measures": {"C": {"notion": "capacity"}},
                   "claim": "C == e*log(N + 1)"},
             expected=Verdict.REFUTED,
             notes="REFUTED only at the degenerate N = |X_1| = 1: there is no input with X_1 != X_2, so e_2 is "
                   "unreachable and the capacity is 0, not e log 2.  For N >= 2 the formula is exact (see "
                   "'nondegenerate'); the '+1' in |X_1|+1 is right (e_2 is the extra symbol), and equals |Y|-1.",
        open_search=False, finding=Finding.BOUNDARY,
        why="fails only at the degenerate domain |X_1| = 1, where no input has X_1 ≠ X_2, e_2 is unreachable and the capacity is 0, not e log 2; exact for every |X_1| >= 2 (reading nondegenerate)"),
     Reading("nondegenerate", "(51) for N = |X_1| >= 2: capacity == e log(N+1) == e log(|Y|-1), and the "
                              "Blahut-Arimoto certified enclosure contains e log(N+1)",
             _check_ex51_cap, [_F_EX51_LITERAL, Family("N = 2..5, e in {1/2, 1/5, 1}",
                                      lambda: _fam_ex51((2, 3, 4, 5), (Fraction(1, 2), Fraction(1, 5), Fraction(1))))],
             expected=Verdict.CHECKED,
        hypotheses=(AT_LEAST_TWO_VALUES,), open_search=False),
     Reading("mi-dp", "the mechanism is (e ln 2)-MI-DP (mi_dp <= e ln 2), with equality when N >= 2",
             _check_ex51_midp, [Family("N = 1..5, e in {1/2, 1/5, 1}",
                                       lambda: _fam_ex51((1, 2, 3, 4, 5),
                                                         (Fraction(1, 2), Fraction(1, 5), Fraction(1))))],
             expected=Verdict.CHECKED,
        open_search=False),
     Reading("no-group-property", "finite analogue of 'unbounded': for c = 1, 2, 3 the domain N = 2^c gives "
                                  "max_P I(X_1,X_2;Y) > c * mi_dp (no bound c*eps on a group of k = 2 entries)",
             _check_ex51_group, [Family("e = 1/2, N = 2^c, c = 1..3", _fam_ex51_group)], expected=Verdict.CHECKED,
             notes="(50) (continuous X_1, I = oo) is not encodable; its finite analogue is this unbounded growth "
                   "e log(N+1) / (e ln 2) = log2(N+1).",
        open_search=False),
     Reading("forall-e", "with symbolic e ∈ [0, 1] and N ∈ {2, 3}: mi_dp = e ln 2 and capacity = "
              "e ln(N+1)", prove=_prove_ex51, expected=Verdict.PROVED, open_search=False, form=_ex51_form())])


_N_REC = sympy.Symbol("n", positive=True)  # the number of records in (53)'s map


@functools.lru_cache(maxsize=None)
def _fam_eq53_zoo():
    out = []
    for a in (Fraction(11, 10), Fraction(2), Fraction(5)):
        out.append(Instance(f"RR(exp_eps={a})", zoo.randomized_response(2, exp_eps=a)))
    for a in (Fraction(11, 10), Fraction(2)):
        out.append(Instance(f"count_query_geometric(2, exp_eps={a})", zoo.count_query_geometric(2, exp_eps=a)))
    out.append(Instance("E_d([0,1], 2, exp_eps=3/2)",
                        zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=Fraction(3, 2))))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_dp_random(seed=17):
    rng = random.Random(seed)
    out = []
    for t in range(3):
        out.append(Instance(f"random zero-free single record #{t}",
                            mech(rng, Hamming(range(rng.choice((2, 3))), 1), rng.choice((2, 3)), den=5, zeros=False)))
    for t in range(2):
        out.append(Instance(f"random zero-free {{0,1}}^2 #{t}", mech(rng, Hamming((0, 1), 2), 3, den=5, zeros=False)))
    return tuple(out)


F_DP = [Family("zoo: RR, count query geometric, E_d", _fam_eq53_zoo),
         Family("random zero-free mechanisms, n = 1, 2 (seed 17)", _fam_dp_random)]


def _check_eq53(inst):
    M = inst.mechanism
    e = exact_value(pure_dp_of(M))
    n = M.inputs.n
    C = capacity_of(M)
    if e is OO:
        return Outcome(Decision.true("infinity", "eps = oo: vacuous"), {"capacity": C})
    ne = to_sympy(scaled(n, e))
    bound = sympy.Min(ne, ne ** 2)
    return Outcome(le(C, bound, "sup_P I(X^n;Y) <= min{n eps, (n eps)^2}"), {"capacity": C, "pure_dp": e})


_EQ53 = Claim(
    "cuff2016.eq53", "Claim (53)", "Section 5, eqs. (52)-(53)",
    "If we apply Property 7 with k = n, the conclusion is that P_{Y|X^n=x^n} ~(n eps, 0) P_{Y|X^n=x~^n} (52) for any "
    "two databases x^n and x~^n. By revisiting the proof of Lemma 1, we obtain I(X^n;Y) <= min{n eps, (n eps)^2} "
    "nats. (53)",
    "implication",
    [Reading("all-priors", "sup_P I(X^n;Y) (capacity) <= min{n eps, (n eps)^2} with eps = pure_dp(M)",
             _check_eq53, F_DP, expected=Verdict.CHECKED,
             notes="Checking the capacity covers every prior.  Dropping n (min{eps, eps^2}) was not refuted on "
                   "these small families: per-record capacities grow like eps^2/8, so n >= 6 records would be "
                   "needed; it is not used as a broken variant.",
        relations=(implies("pure_dp", "capacity", sympy.Min(_N_REC * EPS, (_N_REC * EPS) ** 2), "min{nε,(nε)²}",
                           conditions=("n-records",), composable=False),))])


def _cor8_f(e: Fraction, k: int, Mcard: int):
    """(lower, upper) certified bounds of f(e) = 2h(d) + 2 d ln M, d = k sqrt(2e), or None if d <= 1
    is not certified (h is defined on [0, 1])."""
    if e == 0:
        return Fraction(0), Fraction(0)
    with working_precision(256):
        d = flint.arb(k) * (flint.arb(2) * flint.arb(fq(e))).sqrt()
        one = flint.arb(1)
        if not (one - d) > 0:
            return None
        hd = -d * d.log() - (one - d) * (one - d).log()
        return arb_to_fractions(2 * hd + 2 * d * flint.arb(Mcard).log())


def _cor8_bound_lower(eps_lo, eps_hi, k, Mcard) -> Fraction | None:
    """Certified lower bound of min over eps in [eps_lo, eps_hi] of f(eps) (see :func:`_cor8_f`).
    f is concave in d on [0, 1] (f'' = -2/(d(1-d))) and d is increasing in eps, so the minimum
    over the interval is at an end point."""
    ends = [_cor8_f(e, k, Mcard) for e in (eps_lo, eps_hi)]
    return None if any(v is None for v in ends) else min(v[0] for v in ends)


def _check_cor8(inst, *, broken=False):
    M, k = inst.mechanism, as_int(inst.params["k"])
    eps = mi_dp_of(M)
    G = group_mi(M, k)
    if broken:  # BROKEN variant: a group property k*eps without any cardinality term
        return Outcome(le(G, measured_sum(*([eps] * k)), f"group MI (k={k}) <= k eps"), {"mi_dp": eps, "group": G})
    lo, hi = certified_bounds(eps)
    Mcard = min(len(M.outputs), max(len(a) for a in M.inputs.records) ** k + 1)
    vals = {"mi_dp": eps, "group": G, "M": Mcard}
    L = _cor8_bound_lower(max(lo, Fraction(0)), hi, k, Mcard)
    if L is None:
        return Outcome(Decision.undecided("arb", "k sqrt(2 eps) not certified <= 1"), vals)
    vals["bound_lower"] = L
    what = f"group MI (k={k}) <= 2h(k sqrt(2eps)) + 2k sqrt(2eps) ln M"
    if certified_bounds(G)[1] <= L:
        return Outcome(Decision.true("arb", f"{what}: group upper <= certified lower bound of the bound"), vals)
    if lo == hi:  # exact eps: refute only against an upper bound of f(eps) itself
        fe = _cor8_f(lo, k, Mcard)
        if fe is not None and certified_bounds(G)[0] > fe[1]:
            return Outcome(Decision.false("arb", f"{what}: group lower > bound upper {float(fe[1])}"), vals)
    return Outcome(Decision.undecided("arb", f"{what}: not separated by the enclosures"), vals)


def _cor8_hypothesis(inst):
    """The bound needs k sqrt(2 eps) <= 1 (h is defined on [0, 1]): 2 k^2 eps_upper <= 1."""
    k = as_int(inst.params["k"])
    return 2 * k * k * certified_bounds(mi_dp_of(inst.mechanism))[1] <= 1


COR8_DOMAIN = Hypothesis("k-sqrt-2eps-at-most-1", "k sqrt(2 eps) <= 1, the domain of h in Corollary 8's bound "
                         "(shown from the certified upper end of mi_dp)", _cor8_hypothesis)


@functools.lru_cache(maxsize=None)
def _fam_cor8_near_uniform(seed=18, count=2):
    rng = random.Random(seed)
    sp = Hamming((0, 1), 2)
    out = []
    for t in range(count):
        rows = []
        for _ in sp.points:
            d = Fraction(rng.randint(-3, 3), 40)
            rows.append([Fraction(1, 2) + d, Fraction(1, 2) - d])
        M = Mechanism(sp, [0, 1], rows)
        for k in (1, 2):
            out.append(Instance(f"near-uniform {{0,1}}^2 #{t}, k={k}", M, params={"k": k}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor8_ex51():
    return tuple(Instance(f"cuff_example_5_1(N={N}, e=1/10), k={k}", zoo.cuff_example_5_1(N, Fraction(1, 10)),
                          params={"k": k}) for N in (2, 4) for k in (1, 2))


@functools.lru_cache(maxsize=None)
def _fam_cor8_zoo():
    out = []
    for M in (zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=Fraction(6, 5)),
              zoo.exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=Fraction(11, 10)),
              zoo.count_query_geometric(2, exp_eps=Fraction(11, 10))):
        out += [Instance(f"{M!r}, k={k}", M, params={"k": k}) for k in (1, 2)]
    return tuple(out)


_F_COR8 = [Family("Example 5.1 with e = 1/10, N in {2, 4}, k in {1, 2}", _fam_cor8_ex51),
           Family("E_d and the count query with e^eps close to 1, k in {1, 2}", _fam_cor8_zoo),
           Family("near-uniform random mechanisms on {0,1}^2, k in {1, 2} (seed 18)", _fam_cor8_near_uniform,
                  slow=True)]


_COR8 = Claim(
    "cuff2016.cor8", "Corollary 8", "Section 5, Corollary 8, eq. (54)",
    "Suppose the randomized mechanism P_{Y|X^n} satisfies eps-MI-DP. Then for any subset of indices I, with |I| = k, "
    "and with I^c = [n] \\ I, sup_{P_{X^n}} I(X_I;Y|X_{I^c}) <= 2h(k sqrt(2 eps)) + 2k sqrt(2 eps) log M, (54) "
    "where M = min{|Y|, (max_i |X_i|)^k + 1}.",
    "implication",
    [Reading("literal", "with eps = mi_dp(M) and k sqrt(2 eps) <= 1 (the domain of h): max over |I| = k of "
                        "sup_P I(X_I;Y|X_{I^c}) <= 2h(k sqrt(2eps)) + 2k sqrt(2eps) ln M (h in nats)",
             _check_cor8, _F_COR8, hypotheses=(COR8_DOMAIN,), expected=Verdict.CHECKED,
             notes="sup_P I(X_I;Y|X_{I^c}) = max over contexts x_{I^c} of the capacity of x_I -> Y.  The bound is "
                   "not monotone in eps (it decreases for k sqrt(2eps) > M/(M+1)), but it is concave in "
                   "d = k sqrt(2 eps), so its minimum over the certified eps-enclosure is at an end point; and it "
                   "never drops below 2 ln M, above every capacity here, so the tightest eps suffices.  Instances "
                   "with k sqrt(2eps) > 1 (h undefined) are skipped by the hypothesis.")])

CLAIMS = [_PROP7, _PROP8, _PROP9, _EX51, _EQ53, _COR8]
