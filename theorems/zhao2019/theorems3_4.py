"""Zhao's Theorems 3 and 4: Bayesian DP ⇔ membership privacy over D* and over downward-scalable families.

Theorems 3 and 4 of Zhao: Bayesian DP and membership privacy over Zhao's family D* / Li et al.'s
downward-scalable families.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761), Sec. III-B.

Main claims
-----------
* ``zhao2019.thm3`` — ε-BDP ⇒ ε-MP over D*: with the remaining records drawn from the prior given
  (x_i, x_K) as in (24)-(25) each D_{i,K} is a BDP adversary A(i, K) and equality holds; with the
  remaining records drawn from the prior's marginal it holds too, and fails for priors with zeros only
  under exactpriv's old null-event rule (a reading of its own, class convention);
* ``zhao2019.thm4`` — downward-scalable family, ε-MP ⇒ ε-BDP: on D* (p free), on Li et al.'s D_I and
  D²_B, and the step (39) of the proof on an exact grid.
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Finding, Instance, Outcome, Reading, Verdict, implies
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, OO
from exactpriv.measures.membership import positive_membership
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets
from theorems.zhao2019.steps import exact_text, le, ratio_of
from theorems.zhao2019.instances import MECH_FAMILIES, make_family, make_instance, make_mechanism, prod, rpmf
from theorems.zhao2019.measured import FULL_SUPPORT, HAS_PRIOR, OLD_NULL_EVENTS, PAPER_NULL_EVENTS, bdp, mp

__all__ = ["CLAIMS", "SUBSETS", "check_thm3", "check_thm4_li"]

_C, _X = Verdict.CHECKED, Verdict.REFUTED
_PAPER, _OLD = f"null_events={PAPER_NULL_EVENTS}", f"null_events={OLD_NULL_EVENTS}"


def check_thm3(remaining: str, *, scale=Fraction(1), null_events: str = PAPER_NULL_EVENTS):
    """ε-BDP ⇒ ε-MP over D*: γ_MP ≤ e^{BDP} (``scale``: variant γ_MP ≤ e^{BDP·scale})."""

    def check(inst: Instance) -> Outcome:
        b = bdp(inst.mechanism, inst.prior, null_events)
        m = mp(inst.mechanism, inst.prior, remaining, null_events)
        r = ratio_of(b.value)
        g = m.value if m.value == OO else Fraction(m.value)
        if scale == 1 or r == OO:
            ok = le(g, r)
        else:  # γ ≤ r^scale with scale = 1/k: γ^k ≤ r
            k = int(1 / scale)
            ok = g != OO and g ** k <= r
        return Outcome(Decision.of(ok, "exact", f"MP level γ = {exact_text(g)} vs e^BDP = {exact_text(r)}"),
                       {"bayesian_dp": b, "membership": m})

    return check


def _marginal_form(hypothesis: str) -> dict:
    """Theorem 3's 'marginal' reading under the paper's null-event rule, as data for the independent checker."""
    return {"quantifier": "forall-instances", "hypotheses": [hypothesis], "claim": "MP <= exp(BDP)",
            "measures": {"BDP": {"notion": "bayesian_dp"}, "MP": {"notion": "two_point_membership"}}}


THM3 = Claim(
    "zhao2019.thm3", "Theorem 3: ε-BDP ⇒ ε-MP", "Theorem 3 and its proof, eqs. (24)-(25)",
    "Theorem 3. ε-Bayesian differential privacy implies ε-membership privacy.  [Proof: Under distribution D_{i,K} "
    "where P[x_i, x_K] = p and P[x'_i, x_K] = 1 − p for some p, we have P_{D_{i,K},Y}[Y | x_i] = "
    "P[Y(x_i, x_K, X_K̄) ∈ Y] (24), and P_{D_{i,K},Y}[Y | x̄_i] = P[Y(x'_i, x_K, X_K̄) ∈ Y] (25).]",
    "implication",
    [Reading("conditional", "MP level over D* (remaining records from the prior given (x_i, x_K)) ≤ e^{BDP}",
             check_thm3("conditional"), MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,), convention=_PAPER,
             notes="holds with equality: each D_{i,K} is a BDP adversary A(i, K), and sup over p of the MP level "
                   "is A",
             relations=(implies("bayesian_dp", "positive_membership", sympy.exp(EPS), "γ = e^ε"),)),
     Reading("conditional-skip-null", "as 'conditional' under exactpriv's old null-event rule (configurations "
             "of prior probability 0 skipped on both sides, fully known databases too)",
             check_thm3("conditional", null_events=OLD_NULL_EVENTS), MECH_FAMILIES, expected=_C,
             hypotheses=(HAS_PRIOR,), convention=_OLD),
     Reading("marginal", "MP level over D* with the remaining records from the prior's marginal ≤ e^{BDP}",
             check_thm3("marginal"), MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,), convention=_PAPER,
             form=_marginal_form("has_prior"),
             notes="the marginal reading runs Y at databases the prior may exclude; with fully known databases "
                   "counted BDP ≥ DP, and the two D* likelihoods average the same X_K̄ over rows differing in "
                   "record i only"),
     Reading("marginal-skip-null", "as 'marginal' under exactpriv's old null-event rule",
             check_thm3("marginal", null_events=OLD_NULL_EVENTS), MECH_FAMILIES, expected=_X,
             hypotheses=(HAS_PRIOR,), finding=Finding.CONVENTION, convention=_OLD,
             form={"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "MP <= exp(BDP)",
                   "measures": {"BDP": {"notion": "bayesian_dp", "null": "skip_null"},
                                "MP": {"notion": "two_point_membership"}}},
             why="a point-mass prior gives BDP = 0 only because databases of prior probability 0 are skipped, "
                 "while the marginal reading runs Y on them: MP level 3 > e^BDP = 1; under the paper's "
                 "convention ('marginal') it holds"),
     Reading("marginal-full-support", "as 'marginal' for full-support priors", check_thm3("marginal"),
             MECH_FAMILIES, expected=_C, hypotheses=(FULL_SUPPORT,), form=_marginal_form("prior_full_support"))],
)


_F = Fraction


def check_thm4_two_point(inst: Instance) -> Outcome:
    """D* (p free) is downward scalable: e^{BDP} ≤ γ_MP(D*, conditional)."""
    b, m = bdp(inst.mechanism, inst.prior), mp(inst.mechanism, inst.prior, "conditional")
    r = ratio_of(b.value)
    g = m.value if m.value == OO else Fraction(m.value)
    return Outcome(Decision.of(le(r, g), "exact", f"e^BDP = {exact_text(r)} vs MP level {exact_text(g)}"),
                   {"bayesian_dp": b, "membership": m})


# ----- Li et al. families on datasets (Thm 4 for D_I and D^2_B)
def _subsets_instances() -> tuple:
    rng = random.Random(31)
    out = []
    for t in range(12):
        U = ("a", "b") if t % 2 == 0 else ("a", "b", "c")
        sp = Subsets(U)
        ny = rng.choice((2, 3))
        M = make_mechanism(sp, [rpmf(rng, ny, zeros=t % 3 == 0) for _ in sp.points])
        out.append(make_instance(f"subsets{U}#{t}", M))
    for t in range(6):
        sp = Bounded(("a", "b", "c"), 2) if t % 2 == 0 else Bounded(("a", "b", "c", "d"), 2)
        ny = rng.choice((2, 3))
        M = make_mechanism(sp, [rpmf(rng, ny, zeros=t % 3 == 0) for _ in sp.points])
        out.append(make_instance(f"bounded#{t}", M))
    return tuple(out)


SUBSETS = make_family("datasets", functools.lru_cache(maxsize=None)(_subsets_instances),
               "12 random mechanisms on Subsets({a,b}), Subsets({a,b,c}) and 6 on Bounded(U, 2)")


def _li_family_ratios(M: Mechanism, family: str):
    """Likelihood ratios A = Pr[y|t]/Pr[y|¬t] over a grid of members of Li's families:
    D_I (each other entity present independently with p_s ∈ {0, 1/3, 1}) on Subsets;
    D^2_B (exactly one of t, s present, the others fixed) on Bounded; D_N (all p_s = 1/2)."""
    sp = M.inputs
    U = sp.universe
    rows = {T: M.rows[k] for k, T in enumerate(sp.points)}
    ny = len(M.outputs)
    out = []
    if family in ("independent", "uniform"):
        grid = (_F(1, 2),) if family == "uniform" else (_F(0), _F(1, 3), _F(1))
        for t in U:
            others = [s for s in U if s != t]
            for ps in itertools.product(grid, repeat=len(others)):
                num = [Fraction(0)] * ny
                den = [Fraction(0)] * ny
                for bits in itertools.product((0, 1), repeat=len(others)):
                    w = prod(p if b else 1 - p for p, b in zip(ps, bits))
                    if w == 0:
                        continue
                    T = frozenset(s for s, b in zip(others, bits) if b)
                    for y in range(ny):
                        num[y] += w * rows[T | {t}][y]
                        den[y] += w * rows[T][y]
                for y in range(ny):
                    if num[y] or den[y]:
                        out.append(OO if den[y] == 0 else num[y] / den[y])
    else:  # one_of_two on Bounded
        for T in sp.points:
            for t in T:
                for s in U:
                    if s in T:
                        continue
                    T2 = (T - {t}) | {s}
                    for y in range(ny):
                        a, b = rows[T][y], rows[T2][y]
                        if a or b:
                            out.append(OO if b == 0 else a / b)
    return out


def check_thm4_li(family_of=None):
    """Downward-scalable families of Li et al.: every likelihood ratio of a member is at most the
    family's MP level γ (so <D, ε>-MP bounds the family's BDP-type leakage, Thm 4)."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        fam = family_of or ("independent" if isinstance(M.inputs, Subsets) else "one_of_two")
        m = positive_membership(M, family=fam, form="gamma")
        g = m.value if m.value == OO else Fraction(m.value)
        ratios = _li_family_ratios(M, fam)
        worst = max(ratios, key=lambda v: (v == OO, v if v != OO else 0), default=Fraction(1))
        return Outcome(Decision.of(le(worst, g), "grid of members", f"family {fam}: max A = {exact_text(worst)} vs MP level {exact_text(g)}"),
                       {"membership": m, "max_A": worst})

    return check


# ======================================================================================
def _step39_grid() -> tuple:
    out = []
    for gamma in (_F(1), _F(3, 2), _F(2), _F(3)):
        for alpha in (gamma + _F(1, 10), gamma + 1, 2 * gamma, 10 * gamma):
            qmax = (alpha - gamma) / (gamma * (alpha - 1))
            for q in (qmax / 2, qmax * _F(99, 100), qmax / 1000, qmax):
                out.append(make_instance(f"gamma={gamma},alpha={alpha},q={q}", None, gamma=gamma, alpha=alpha, q=q,
                                 at_bound=q == qmax))
    return tuple(out)


STEP39 = make_family("step39-grid", functools.lru_cache(maxsize=None)(_step39_grid),
              "e^eps in {1, 3/2, 2, 3}, alpha > e^eps, q below and at (alpha - e^eps)/(e^eps (alpha - 1))")


def check_step39(inst: Instance) -> Outcome:
    """(39): for α > e^ε and 0 < q < (α − e^ε)/(e^ε(α − 1)): α/(αq + 1 − q) > e^ε (at q equal to
    the bound the ratio is exactly e^ε — checked too, as equality)."""
    P = inst.params
    gamma, alpha, q = P["gamma"], P["alpha"], P["q"]
    ratio = alpha / (alpha * q + 1 - q)
    ok = ratio == gamma if P.get("at_bound") else ratio > gamma
    return Outcome(Decision.of(ok, "exact", f"alpha/(alpha q + 1 - q) = {ratio} vs e^eps = {gamma}"))


THM4 = Claim(
    "zhao2019.thm4", "Theorem 4: downward-scalable D, ε-MP ⇒ ε-BDP", "Theorem 4 and its proof, eq. (39)",
    "Theorem 4. For a family of distributions that are downward scalable in the sense of Li et al. [4], "
    "ε-membership privacy implies ε-Bayesian differential privacy.  [Proof: [...] P_{D'}[x_i] = q for an "
    "arbitrarily small q [...] P_{D',Y}[x_i | Y]/P_{D'}[x_i] = α/(αq + 1 − q). (39) The above ratio is greater "
    "than e^ε given α > e^ε, once we ensure q < (α − e^ε)/(e^ε(α − 1)).]",
    "implication",
    [Reading("two-point", "D* (p free, hence downward scalable): e^{BDP(M, prior)} ≤ MP level over D*",
             check_thm4_two_point, MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,),
             relations=(implies("positive_membership", "bayesian_dp", sympy.log(EPS), "ln γ"),)),
     Reading("li-families", "D_I (Subsets) and D^2_B (Bounded): every likelihood ratio Pr[y|t]/Pr[y|¬t] of a "
             "member (grid of members) is at most the family's MP level", check_thm4_li(), (SUBSETS,),
             expected=_C),
     Reading("step-39", "(39): α > e^ε and 0 < q < (α − e^ε)/(e^ε(α − 1)) give α/(αq + 1 − q) > e^ε (= at the "
             "bound)", check_step39, (STEP39,), expected=_C)],
)


CLAIMS: list[Claim] = [THM3, THM4]
