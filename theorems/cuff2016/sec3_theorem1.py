"""Cuff–Yu Theorem 1: ε-DP ⪰ MI-DP ⪰ (ε, δ)-DP, the strictness of (A) and (B), Lemma 1.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §3: Theorem 1, the
strictness of orderings (A) and (B), Lemma 1.

Main claims
-----------
* ``cuff2016.thm1`` — ε-DP ⪰ MI-DP ⪰ (ε, δ)-DP, and MI-DP = (ε, δ)-DP under a cardinality bound,
  checked through the lemmas' parameter maps; without a cardinality bound the last ordering fails;
* ``cuff2016.strict_AB`` — (A) and (B) are strict, and footnote 3 (ε-MI-DP but not ε'-DP for any ε'):
  witness sequences of named mechanisms (``open_search=False``: the statements are existential);
* ``cuff2016.lemma1`` — (21) ε-DP ⇒ min{ε, ε²}-KL-DP, (22) ε-KL-DP ⇒ ε-MI-DP, (23), and the identity (24).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims.by_reduction import reduction_reading
from exactpriv.claims import Claim, Family, Instance, Outcome
from exactpriv.claims.relations import does_not_imply, implies
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.measures.divergence import kl_dp
from exactpriv.measures.information import conditional_mi
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.cuff2016.closeness import GAMMAS, log_form, min_eps_eps2
from theorems.cuff2016.steps import combine, measured_cmp
from theorems.cuff2016.instances import MECH_FAMILIES, mech, rpmf
from theorems.cuff2016.measured import kl_dp_of, sharp_mi_dp, pure_dp_of, tv_dp_of, approx_delta, max_alphabet
from theorems.cuff2016.sec2_property3 import prop3_delta_prime
from theorems.cuff2016.sec3_lemma3 import lemma3_bound
from theorems.cuff2016._common import CHECKED, kl_bound_form, reading_of

__all__ = ["CLAIMS"]


# ======================================================================================
# Lemma 1 (orderings (A), (B)) and Theorem 1's first half
# ======================================================================================
def lemma1_21_check(bound):
    """(21): ε-DP ⇒ bound(ε)-KL-DP, checked as kl_dp(M) <= bound(pure_dp(M))."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        eps = pure_dp_of(M).value
        if eps == OO:
            return Outcome(Decision.true("vacuous", "pure_dp = oo"), {"pure_dp": "oo"})
        b = bound(eps)
        return Outcome(compare(kl_dp_of(M).value, "<=", b), {"pure_dp": eps, "kl_dp": kl_dp_of(M).value, "bound": b})

    return check


def lemma1_22_check(scale=Fraction(1)):
    """(22): ε-KL-DP ⇒ ε-MI-DP, checked as mi_dp(M) <= scale·kl_dp(M) (the paper: scale 1)."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        k = kl_dp_of(M).value
        if k == OO:
            return Outcome(Decision.true("vacuous", "kl_dp = oo"))
        return Outcome(measured_cmp(sharp_mi_dp(M), "<=", k * scale), {"kl_dp": k, "mi_dp": sharp_mi_dp(M)})

    return check


def _lemma1_23_check(inst: Instance) -> Outcome:
    """(23): ε-DP ⇒ min{ε, ε²}-MI-DP, checked as mi_dp(M) <= min(pure, pure²)."""
    M = inst.mechanism
    eps = pure_dp_of(M).value
    if eps == OO:
        return Outcome(Decision.true("vacuous", "pure_dp = oo"))
    return Outcome(measured_cmp(sharp_mi_dp(M), "<=", min_eps_eps2(eps)), {"pure_dp": eps, "mi_dp": sharp_mi_dp(M)})


@functools.lru_cache(maxsize=None)
def _lemma1_24_instances():
    rng = random.Random(24)
    out = []
    for k, space in enumerate([Hamming([0, 1], 2), Hamming.product([[0, 1], [0, 1, 2]]), Hamming([0, 1, 2], 1)] * 2):
        ny = 3
        rows = [rpmf(rng, ny, rng.choice([3, 4, 6])) for _ in space.points]
        M = Mechanism(space, list(range(ny)), rows)
        pmf = rpmf(rng, space.size, 12)
        out.append(Instance(f"random mechanism + dependent prior #{k} (seed 24)", mechanism=M,
                            prior=Prior(space, pmf)))
    return tuple(out)


def _lemma1_24_check(inst: Instance) -> Outcome:
    """(24): I(X_i;Y|X_{-i}) = E[D(P_{Y|X^n} ‖ P_{Y|X_{-i}})], computed by hand as an exact
    LogForm from the definition, equals the library's conditional_mi."""
    M, pr = inst.mechanism, inst.prior
    pts = M.inputs.points
    parts = []
    for i in range(M.inputs.n):
        groups: dict = {}
        for x, p in zip(pts, pr.pmf):
            groups.setdefault(x[:i] + x[i + 1:], []).append((x, p))
        total = LogForm(0)
        for key, members in groups.items():
            mass = sum((p for _, p in members), Fraction(0))
            if mass == 0:
                continue
            mix = [sum((p * M.rows[M.inputs.index(x)][y] for x, p in members), Fraction(0)) / mass
                   for y in range(len(M.outputs))]
            for x, p in members:
                if p == 0:
                    continue
                row = M.rows[M.inputs.index(x)]
                total = total + LogForm(0, logs=[(w / mix[y], p * w) for y, w in enumerate(row) if w > 0])
        parts.append(compare(conditional_mi(M, prior=pr, record=i, method="exact").value, "==", total))
    return Outcome(combine(parts, "(24)"))


LEMMA1 = Claim(
    "cuff2016.lemma1", "Lemma 1 (orderings (A) and (B))", "§3.3, Lemma 1, eqs. (21)-(26)",
    "ε-DP ⟹ min{ε, ε²}-KL-DP (21); ε-KL-DP ⟹ ε-MI-DP (22). Therefore, ε-DP ⟹ min{ε, ε²}-MI-DP (23). "
    "[Proof:] I(X_i;Y|X^{-i}) = E[D(P_{Y|X^n=X̄^n} ‖ P_{Y|X^{-i}=X̄^{-i}})] (24).",
    "implication",
    [reading_of("eq21", "kl_dp(M) <= min{pure_dp(M), pure_dp(M)²}", lemma1_21_check(min_eps_eps2), MECH_FAMILIES,
        expected=CHECKED, form=kl_bound_form("B <= Min(A, A**2)"),
        relations=(implies("pure_dp", "kl_dp", sympy.Min(EPS, EPS ** 2), "min{ε,ε²}"),)),
     reduction_reading(
         "eq21-by-reduction", given="pure_dp", measure="kl_dp", bound=sympy.Min(EPS, EPS ** 2),
         families=MECH_FAMILIES, check=lemma1_21_check(min_eps_eps2),
         statement="(21) for EVERY mechanism on a finite space: kl_dp(M) <= min{pure_dp(M), pure_dp(M)²}: proved "
                   "by reduction to RR(ε) (each neighbouring pair is a post-processing of RR(pure_dp(M)), KL is "
                   "monotone under post-processing, KL(RR(ε)) = ε tanh(ε/2) <= min{ε, ε²} certified); each listed "
                   "mechanism's kernels are confirmed"),
     reading_of("eq22", "mi_dp(M) <= kl_dp(M) (decided from the certified upper side of mi_dp)", lemma1_22_check(),
        MECH_FAMILIES, expected=CHECKED,
        relations=(implies("kl_dp", "mi_dp", EPS, "ε"),)),
     reading_of("eq23", "mi_dp(M) <= min{pure_dp(M), pure_dp(M)²}", _lemma1_23_check, MECH_FAMILIES, expected=CHECKED,
        relations=(implies("pure_dp", "mi_dp", sympy.Min(EPS, EPS ** 2), "min{ε,ε²}"),)),
     reading_of("eq24-identity", "I(X_i;Y|X_{-i}) equals the expected KL of (24), computed from the definition, for "
                         "random mechanisms and random dependent priors",
        _lemma1_24_check, [Family("mechanism-prior-pairs", _lemma1_24_instances, "6 random (seed 24)")],
        expected=CHECKED)],
)

# ======================================================================================
# Theorem 1 (finite readings via the lemmas' parameter maps)
# ======================================================================================
def _thm1_c_check(inst: Instance) -> Outcome:
    """MI-DP ⪰ (ε,δ)-DP via (27): for every ε' >= 0, δ(e^{ε'}) <= √(2·mi_dp)."""
    M = inst.mechanism
    m = sharp_mi_dp(M)
    parts = [measured_cmp(m, ">=", approx_delta(M, g) ** 2 / 2) for g in GAMMAS]
    return Outcome(combine(parts, "(eps',delta)-profile <= sqrt(2 mi)"))


def _thm1_d_check(inst: Instance) -> Outcome:
    """(18): (ε,δ)-DP ⪰ MI-DP with the cardinality bound: Property 3 (ε' = 0) gives (δ₀)-DP,
    then Lemma 3: mi_dp <= ε'(δ₀) with m = min{|Y|, max|X_i| + 1}, for each ε in the grid."""
    M = inst.mechanism
    m = min(len(M.outputs), max_alphabet(M) + 1)
    parts = []
    for g in GAMMAS:
        d0 = prop3_delta_prime(approx_delta(M, g), g, Fraction(1))
        parts.append(measured_cmp(sharp_mi_dp(M), "<=", lemma3_bound(d0, m)))
    return Outcome(combine(parts, "(18) via Property 3 + Lemma 3"))


@functools.lru_cache(maxsize=None)
def _cardinality_instances():
    return tuple(mech(f"erasure_channel(N=2^{k}, 1/2)", zoo.erasure_channel(2 ** k, Fraction(1, 2)), N=2 ** k)
                 for k in (1, 2, 3, 5))


def _thm1_card_check(inst: Instance) -> Outcome:
    """Without a cardinality bound (δ)-DP does not bound MI: erasure channels with tv_dp = 1/2
    have mi_dp = (1/2) ln N, unbounded in N."""
    M, N = inst.mechanism, inst.params["N"]
    parts = [compare(tv_dp_of(M).value, "==", Fraction(1, 2)), measured_cmp(sharp_mi_dp(M), ">=", log_form(N) / 2)]
    return Outcome(combine(parts, "MI grows with the cardinality"))


THM1 = Claim(
    "cuff2016.thm1", "Theorem 1 (main result)", "§3.1, Theorem 1, eqs. (17)-(19); §3.3 (20)",
    "ε-DP ⪰ MI-DP ⪰ (ε,δ)-DP. Furthermore, if the cardinality of the database entries or the query response is "
    "bounded, then MI-DP = (ε,δ)-DP, where the relationship (ε,δ)-DP ⪰ MI-DP is dependent on the cardinality "
    "bound min{|Y|, max_i |X_i|}.",
    "equivalence",
    [reading_of("eps-DP-over-MI-DP", "Parameter map of (23): mi_dp <= min{pure_dp, pure_dp²}",
        _lemma1_23_check, MECH_FAMILIES, expected=CHECKED),
     reading_of("MI-DP-over-eps-delta-DP", "Parameter map of (27): δ(e^ε') <= sqrt(2 mi_dp) for e^ε' in {1, 3/2, 2, 3}",
        _thm1_c_check, MECH_FAMILIES, expected=CHECKED),
     reading_of("eps-delta-DP-over-MI-DP", "(18) via Property 3 (ε' = 0) and Lemma 3: mi_dp <= 2h(δ₀) + 2δ₀ ln m with "
                                   "δ₀ = 1 − 2(1 − δ(e^ε))/(e^ε + 1), m = min{|Y|, max|X_i| + 1}",
        _thm1_d_check, MECH_FAMILIES, expected=CHECKED),
     reading_of("cardinality-needed", "Without a cardinality bound the last ordering fails: erasure channels with "
                              "tv_dp = 1/2 have mi_dp >= ½ ln N for N = 2, 4, 8, 32",
        _thm1_card_check, [Family("erasure-growing-N", _cardinality_instances, "N = 2, 4, 8, 32, delta = 1/2")],
        expected=CHECKED,
        open_search=False)],
)


# ======================================================================================
# strictness of (A), (B); footnote 3
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _strict_a_instances():
    out = []
    sp = Hamming([0, 1], 1)
    for k in (1, 2, 4, 8, 12):
        a = Fraction(1, 2 ** k)
        u = Fraction(1, 2)
        while True:
            M = Mechanism(sp, [0, 1], [[1 - u, u], [1 - u / 8, u / 8]])
            if compare(kl_dp(M).value, "<=", a).is_true:
                break
            u /= 2
        out.append(mech(f"rows (1-u,u), (1-u/8,u/8), u={u}: KL-DP <= {a}", M, alpha=a))
    return tuple(out)


def _strict_a_check(inst: Instance) -> Outcome:
    """(A) is strict: KL-DP <= α' (any α' in the sequence) with pure DP = ln 8 > β' = 1 fixed."""
    M, a = inst.mechanism, inst.params["alpha"]
    parts = [compare(kl_dp_of(M).value, "<=", a), compare(pure_dp_of(M).value, ">", 1)]
    return Outcome(combine(parts, "small KL-DP, pure DP > 1"))


@functools.lru_cache(maxsize=None)
def _strict_b_instances():
    return tuple(mech(f"erasure_channel(2, 1/2^{k})", zoo.erasure_channel(2, Fraction(1, 2 ** k)),
                       alpha=Fraction(1, 2 ** k)) for k in (1, 3, 6, 10, 20))


def _strict_b_check(inst: Instance) -> Outcome:
    """(B) is strict even with |X| = 2, |Y| = 3: mi_dp = α ln 2 <= α but kl_dp = pure_dp = oo
    (also footnote 3: ε-MI-DP but not ε'-DP for any ε')."""
    M, a = inst.mechanism, inst.params["alpha"]
    parts = [measured_cmp(sharp_mi_dp(M), "<=", a),
             Decision.true("exact", "kl_dp = oo") if kl_dp_of(M).value == OO else Decision.false("exact", "kl_dp finite"),
             Decision.true("exact", "pure_dp = oo") if pure_dp_of(M).value == OO else
             Decision.false("exact", "pure_dp finite")]
    return Outcome(combine(parts, "small MI-DP, infinite KL-DP and eps"))


STRICT_AB = Claim(
    "cuff2016.strict_AB", "Claim: orderings (A) and (B) are strict; footnote 3",
    "§3.3 after (20); §1 footnote 3",
    "It is worth noting both (A) and (B) are in fact strict orderings — the reverse implications do not hold, "
    "even if cardinality bounds are assumed. [Footnote 3:] The other direction is not true in general, as "
    "there exist mechanisms which satisfy ε-MI-DP but not ε'-DP for any ε'.",
    "non-implication",
    [reading_of("A-strict", "For β' = 1 and every α' in 1/2, 1/4, ..., 1/4096 there is a binary mechanism with "
                    "kl_dp <= α' and pure_dp = ln 8 > 1",
        _strict_a_check, [Family("kl-small-pure-large", _strict_a_instances, "rows (1-u,u), (1-u/8,u/8)")],
        expected=CHECKED,
        open_search=False, relations=(does_not_imply("kl_dp", "pure_dp"),)),
     reading_of("B-strict-and-footnote-3", "For α' = 2^-k, the binary erasure channel with δ = α' has mi_dp = α' ln 2 <= "
                                   "α' but kl_dp = pure_dp = oo (|X| = 2, |Y| = 3)",
        _strict_b_check, [Family("erasure-small-delta", _strict_b_instances, "delta = 1/2^k")], expected=CHECKED,
        open_search=False,
        relations=(does_not_imply("mi_dp", "kl_dp"), does_not_imply("mi_dp", "pure_dp", note="footnote 3")))],
)


CLAIMS = [THM1, STRICT_AB, LEMMA1]
