"""Cuff–Yu's interpretation remarks (§2.2) and informal claims (abstract, §1), as finite analogues.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016): the interpretation
remarks of §2.2 and the informal claims of the abstract and §1.

Main claims
-----------
* ``cuff2016.interp`` — 1 − TV is the minimum sum of the two error probabilities of a test; (ε, 0)-closeness
  bounds the Bayes factor; (ε, δ)-closeness is a piecewise-linear constraint on the error region (the
  Stein-lemma remark is asymptotic and not encoded);
* ``cuff2016.informal`` — finite analogues: with fully correlated entries a weak adversary learns more than
  the MI-DP level (a named construction); with independent entries I(X_i;Y) ≤ MI-DP (hypothesis
  ``independent-records``).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from exactpriv.claims import Claim, Family, Instance, Outcome
from exactpriv.claims.hypotheses import independent_records
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO
from exactpriv.measures.divergence import tv
from exactpriv.measures.information import record_mi
from exactpriv.mechanisms import zoo

from theorems.cuff2016.closeness import GAMMAS, log_form, event_masses, pair_delta, pair_eps
from theorems.cuff2016.steps import combine, measured_cmp
from theorems.cuff2016.instances import PAIR_HYPOTHESES, PAIRS_EXHAUSTIVE, PAIRS_RANDOM, mechs_random, rpmf
from theorems.cuff2016.measured import sharp_mi_dp
from theorems.cuff2016._common import CHECKED, reading_of

__all__ = ["CLAIMS"]


# ======================================================================================
# §2.2 interpretation remarks
# ======================================================================================
def _interp_tv_test_check(inst: Instance) -> Outcome:
    """1 − TV = min over tests (reject region A) of P(A) + Q(A^c) (deterministic tests suffice:
    the objective is linear in a randomised test)."""
    P, Q = inst.params["P"], inst.params["Q"]
    best = min(pa + 1 - qa for pa, qa in event_masses(P, Q))
    return Outcome(compare(best, "==", 1 - tv(P, Q)), {"min error sum": best})


def _interp_bayes_check(inst: Instance) -> Outcome:
    """Bayes factor: with prior π on {P, Q}, max over outputs of |ln posterior odds − ln prior
    odds| equals the tightest ε of (ε,0)-closeness, for every π in (0, 1)."""
    P, Q = inst.params["P"], inst.params["Q"]
    eps = pair_eps(P, Q)
    parts = []
    for pi in (Fraction(1, 2), Fraction(1, 5), Fraction(9, 10)):
        prior_odds = pi / (1 - pi)
        worst, infinite = Fraction(1), False
        for p, q in zip(P, Q):
            py = pi * p + (1 - pi) * q
            if py == 0:
                continue
            post_p, post_q = pi * p / py, (1 - pi) * q / py
            if post_p == 0 or post_q == 0:
                infinite = True
                continue
            r = (post_p / post_q) / prior_odds
            worst = max(worst, r, 1 / r)
        if infinite:
            parts.append(Decision.true("exact", "both infinite") if eps is OO else
                         Decision.false("exact", "posterior odds degenerate but eps finite"))
        else:
            parts.append(Decision.false("exact", "eps infinite but posterior odds finite") if eps is OO else
                         compare(log_form(worst), "==", eps))
    return Outcome(combine(parts, "Bayes factor"))


def _interp_region_check(inst: Instance) -> Outcome:
    """Kairouz et al.: (ε,δ)-close ⟺ every test A has P(A) + e^ε Q(A^c) >= 1 − δ and
    e^ε P(A) + Q(A^c) >= 1 − δ (a piecewise-linear error region)."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts = []
    for g in GAMMAS:
        # the smallest left-hand side over all tests A; the region constraint is "<= ... >= 1 - delta"
        worst = min(min(pa + g * (1 - qa), g * pa + (1 - qa)) for pa, qa in event_masses(P, Q))
        for d in (Fraction(0), Fraction(1, 10), Fraction(1, 3)):
            region = worst >= 1 - d
            close = pair_delta(P, Q, g) <= d  # the E_gamma form of Def. 4 (checked against (5)-(6) in def4)
            parts.append(Decision.true("exact", "agree") if close == region
                         else Decision.false("exact", f"gamma={g}, delta={d}: region {region}, close {close}"))
    return Outcome(combine(parts, "error region"))


INTERP = Claim(
    "cuff2016.interp", "Remarks: interpretation of the divergences (§2.2)",
    "§2.2, paragraph before Property 3",
    "Total variation distance precisely captures the error probability in a binary hypothesis test. That is, one "
    "minus the total variation distance is the minimum sum of the two types of binary error probability. "
    "Kullback-Leibler divergence precisely captures the asymptotic hypothesis testing error upon observing many "
    "independent observations. ... (ε,0)-closeness has an interpretation in the Bayesian setting as a bound on "
    "the Bayes factor. That is, the log-posterior-odds-ratio cannot change by more than ε due to the "
    "observation. Finally, (ε,δ)-closeness is shown in [17] to be precisely a piecewise linear constraint on "
    "the error region in a binary hypothesis test.",
    "identity",
    [reading_of("tv-min-error", "1 − TV(P, Q) = min over tests A of P(A) + Q(A^c) (brute force over tests)",
        _interp_tv_test_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED, hypotheses=PAIR_HYPOTHESES),
     reading_of("bayes-factor", "max_y |ln posterior odds − ln prior odds| = tightest ε of (ε,0)-closeness, for priors "
                        "1/2, 1/5, 9/10", _interp_bayes_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED,
        hypotheses=PAIR_HYPOTHESES),
     reading_of("error-region", "(ε,δ)-close ⟺ every test has P(A) + e^ε Q(A^c) >= 1 − δ and e^ε P(A) + Q(A^c) >= 1 − δ",
        _interp_region_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED, hypotheses=PAIR_HYPOTHESES,
        notes="The Stein-lemma remark (KL as the asymptotic error exponent) is a limit over i.i.d. "
              "sample sizes and is not encoded.")],
    reason="The KL / Stein error-exponent remark is asymptotic in the number of observations (not encoded).",
)


# ======================================================================================
# informal claims: finite analogues
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _correlated_instances():
    out = []
    for n in (2, 3):
        M = zoo.count_query_geometric(n, exp_eps=2)
        pts = M.inputs.points
        pr = Prior(M.inputs, [Fraction(1, 2) if len(set(x)) == 1 else Fraction(0) for x in pts])
        out.append(Instance(f"count_query_geometric(n={n}, exp_eps=2), X_1 = ... = X_n ~ Bern(1/2)", mechanism=M,
                            prior=pr))
    return tuple(out)


def _correlated_check(inst: Instance) -> Outcome:
    """With fully correlated entries the weak adversary's I(X_1;Y) exceeds the MI-DP level
    (the strong adversary's sup I(X_i;Y|X_{-i})): DP does not bound evidence of participation."""
    M = inst.mechanism
    r = record_mi(M, prior=inst.prior, record=0, method="exact")
    return Outcome(measured_cmp(sharp_mi_dp(M), "<", r.value), {"I(X_1;Y)": r, "mi_dp": sharp_mi_dp(M)})


@functools.lru_cache(maxsize=None)
def _independent_instances():
    rng = random.Random(44)
    out = []
    mechs = [zoo.count_query_geometric(2, exp_eps=2), zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)]
    mechs += [m.mechanism for m in mechs_random()[2::4][:4]]
    for k, M in enumerate(mechs):
        marg = [rpmf(rng, len(a), rng.choice([2, 3, 5])) for a in M.inputs.records]
        out.append(Instance(f"{M!r} with product prior #{k} (seed 44)", mechanism=M,
                            prior=Prior.product(M.inputs, marg)))
    return tuple(out)


def _independent_check(inst: Instance) -> Outcome:
    """With independent entries, I(X_i;Y) <= mi_dp for every record (Property 4)."""
    M = inst.mechanism
    parts = [measured_cmp(sharp_mi_dp(M), ">=", record_mi(M, prior=inst.prior, record=i, method="exact").value)
             for i in range(M.inputs.n)]
    return Outcome(combine(parts, "independent entries"))


INFORMAL = Claim(
    "cuff2016.informal", "Informal claims (abstract, §1)", "abstract and §1",
    "The definition prevents a strong adversary who knows all but one entry in the database from further "
    "inferring about the last one. This strong adversary assumption can be overlooked, resulting in "
    "misinterpretation of the privacy guarantee. ... MI-DP makes this explicit ... it is shown in [18] that a "
    "weaker adversary can compromise privacy severely if the entries in the database are correlated ... "
    "Clearly, this does not bound the unconditional mutual information when correlations are present.",
    "informal",
    [reading_of("correlated-weak-adversary", "With all entries equal (X_1 = ... = X_n ~ Bern(½)), the count query with "
                                     "geometric noise leaks I(X_1;Y) > mi_dp (n = 2, 3)",
        _correlated_check, [Family("correlated-priors", _correlated_instances, "n = 2, 3, e^eps = 2")],
        expected=CHECKED, notes="Finite analogue of 'does not bound the unconditional mutual information when "
                           "correlations are present' (cf. Example 4.1).",
        open_search=False),
     reading_of("independent-entries", "With a product prior, I(X_i;Y) <= mi_dp for every record",
        _independent_check, [Family("product-priors", _independent_instances, "6 mechanisms (seed 44)")],
        expected=CHECKED, notes="Finite analogue of 'DP protects evidence of participation for independent entries' "
                           "(Property 4 / Corollary 4).",
        hypotheses=(independent_records,), open_search=False)],
    reason="'Strong adversary assumption', 'misinterpretation', 'MI is a well-understood quantity' and the "
           "remarks on correlated query responses ([15], [6]) are interpretations; only the two finite analogues "
           "are encoded.",
)


CLAIMS = [INTERP, INFORMAL]
