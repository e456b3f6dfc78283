"""Reference values of the divergence-based DP notions, straight from their definitions.

pure DP, the (ε, δ) profile, TV-DP, KL-DP, Rényi-DP and free-lunch privacy: each is a maximum over
ordered pairs of rows of a divergence written out term by term in Fractions and log-forms; no
value codes, no float filter, no deduplication.  Non-integer Rényi orders give algebraic sums,
enclosed by certified ``arb`` balls.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.reference._common import (
    Reference,
    exact_max,
    flat,
    log_of,
    log_of_rational,
    ordered_neighbours,
    ratio_max,
    rows,
)

__all__ = ["approx_dp", "free_lunch", "kl_dp", "pure_dp", "renyi_dp", "tv_dp", "HockeyProfile"]

_PREC = 256


def _pairs_max_ratio(P, pairs):
    return ratio_max((P[x][y], P[x2][y]) for x, x2 in pairs for y in range(len(P[x])))


def pure_dp(M) -> Reference:
    """max over ordered neighbours (x, x') and outputs y of ln P(y|x)/P(y|x') (Cuff–Yu Def. 5;
    Dwork et al.); 0/0 ignored, a/0 = +oo; no neighbours: 0."""
    M = flat(M, "pure_dp")
    P = rows(M, "pure_dp")
    return Reference("pure_dp", log_of(_pairs_max_ratio(P, ordered_neighbours(M.inputs))), how="all pairs, all y")


def free_lunch(M) -> Reference:
    """max over ALL ordered pairs of distinct inputs and outputs of ln P(y|x)/P(y|x') (Cuff–Yu
    §6.2, (57)); one input: 0."""
    M = flat(M, "free_lunch")
    P = rows(M, "free_lunch")
    N = len(P)
    pairs = [(a, b) for a in range(N) for b in range(N) if a != b]
    return Reference("free_lunch", log_of(_pairs_max_ratio(P, pairs)), how="all ordered pairs")


def tv_dp(M) -> Reference:
    """max over neighbours of the total variation ½ Σ_y |P(y|x) − P(y|x')| (Cuff–Yu Def. 6)."""
    M = flat(M, "tv_dp")
    P = rows(M, "tv_dp")
    vals = [sum((abs(a - b) for a, b in zip(P[x], P[x2])), Fraction(0)) / 2 for x, x2 in ordered_neighbours(M.inputs)]
    return Reference("tv_dp", max(vals, default=Fraction(0)), how="½ Σ|p − q| per pair")


def _kl(p, q):
    """D(p‖q) = Σ_{p_y > 0} p_y (log p_y − log q_y): a LogForm, or oo when some q_y = 0 < p_y."""
    total = LogForm(0)
    for a, b in zip(p, q):
        if a == 0:
            continue  # 0 log 0 = 0
        if b == 0:
            return OO
        total = total + a * (LogForm.log(a) - LogForm.log(b))
    return total


def kl_dp(M) -> Reference:
    """max over ordered neighbours of D(P_x ‖ P_x') in nats (Cuff–Yu Def. 7)."""
    M = flat(M, "kl_dp")
    P = rows(M, "kl_dp")
    vals = [_kl(P[x], P[x2]) for x, x2 in ordered_neighbours(M.inputs)]
    best = exact_max(vals)
    return Reference("kl_dp", Fraction(0) if best is None else best, how="Σ p log(p/q) per pair")


def _alpha(alpha):
    if alpha == OO:
        return OO
    a = as_rational(alpha, "alpha")
    if a <= 0 or a == 1:
        raise InvalidArgument(f"alpha={alpha!r} must be a rational > 0 other than 1 (or oo)")
    return a


def renyi_dp(M, alpha) -> Reference:
    """max over ordered neighbours of D_α(P_x‖P_x') = 1/(α−1) ln Σ_y P(y|x)^α P(y|x')^{1−α}.

    Integer α: the sum is rational, the value exact.  Other α: every pair's sum is an algebraic
    number, enclosed by ``arb`` at 256 bits, and the result is the enclosure of the maximum.
    Terms with P(y|x) = 0 vanish; for α > 1 a term with P(y|x) > 0 = P(y|x') makes the pair +oo;
    for α < 1 such a term is 0 and a pair with sum 0 is +oo.
    """
    a = _alpha(alpha)
    if a == OO:
        return Reference("renyi_dp", pure_dp(M).exact, how="alpha = oo: max divergence")
    M = flat(M, "renyi_dp")
    P = rows(M, "renyi_dp")
    pairs = ordered_neighbours(M.inputs)
    if not pairs:
        return Reference("renyi_dp", Fraction(0), how="no neighbours")
    if a.denominator == 1:
        k = int(a)  # >= 2: ln(s)/(k − 1) is increasing in the rational s, so the max is taken on s
        best = None
        for x, x2 in pairs:
            s = Fraction(0)
            for p, q in zip(P[x], P[x2]):
                if p == 0:
                    continue
                if q == 0:
                    return Reference("renyi_dp", OO, how="a support gap")
                s += p ** k / q ** (k - 1)
            best = s if best is None else max(best, s)
        return Reference("renyi_dp", log_of_rational(best, k - 1), how="integer order: rational power sums")
    # non-integer order: certified balls of each pair's value, p^α q^(1−α) = exp(α ln p + (1−α) ln q)
    lo_best = hi_best = None
    old = flint.ctx.prec
    flint.ctx.prec = _PREC
    try:
        A = _arb(a)
        for x, x2 in pairs:
            total, inf, any_term = flint.arb(0), False, False
            for p, q in zip(P[x], P[x2]):
                if p == 0:
                    continue
                if q == 0:
                    if a > 1:
                        inf = True
                        break
                    continue
                total += (A * _arb(p).log() + (1 - A) * _arb(q).log()).exp()
                any_term = True
            if inf or not any_term:
                return Reference("renyi_dp", OO, how="a pair with infinite divergence")
            lo, hi = arb_to_fractions(total.log() / (A - 1))
            lo_best = lo if lo_best is None else max(lo_best, lo)
            hi_best = hi if hi_best is None else max(hi_best, hi)
    finally:
        flint.ctx.prec = old
    return Reference("renyi_dp", enclosure=Enclosure(lo_best, hi_best, "arb", _PREC),
                     how="non-integer order: arb enclosure of the max")


def _arb(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


class HockeyProfile:
    """δ(γ) = max over ordered neighbours of E_γ(P_x‖P_x') = Σ_y max(0, P(y|x) − γ P(y|x'))
    (Cuff–Yu Def. 1 with Def. 4: M is (ε, δ)-DP iff δ(e^ε) ≤ δ), evaluated on demand."""

    def __init__(self, P, pairs):
        self.P, self.pairs = P, pairs

    def delta(self, exp_eps):
        """δ at γ = ``exp_eps``: a rational γ gives a Fraction; an irrational closed γ (e.g.
        sqrt(3)) gives the exact sympy number, each term's sign decided by the kernel."""
        if isinstance(exp_eps, sympy.Basic) and not exp_eps.is_Rational:
            return self._delta_irrational(exp_eps)
        g = as_rational(exp_eps, "exp_eps")
        best = Fraction(0)
        for x, x2 in self.pairs:
            s = sum((max(Fraction(0), p - g * q) for p, q in zip(self.P[x], self.P[x2])), Fraction(0))
            best = max(best, s)
        return best

    def _delta_irrational(self, g):
        vals = [sympy.Integer(0)]
        for x, x2 in self.pairs:
            A = B = Fraction(0)
            for p, q in zip(self.P[x], self.P[x2]):
                if p == 0:
                    continue
                if q == 0 or compare(sympy.Rational(p.numerator, p.denominator), ">",
                                     g * sympy.Rational(q.numerator, q.denominator)).is_true:
                    A, B = A + p, B + q
            vals.append(sympy.Rational(A.numerator, A.denominator) - g * sympy.Rational(B.numerator, B.denominator))
        return exact_max(vals)

    def breakpoints(self):
        """The ratios p/q (> 1) where some pair's event {y : p_y > γ q_y} changes."""
        out = set()
        for x, x2 in self.pairs:
            for p, q in zip(self.P[x], self.P[x2]):
                if p and q and p > q:
                    out.add(p / q)
        return sorted(out)


def approx_dp(M) -> Reference:
    """The exact (ε, δ) profile as a :class:`HockeyProfile` (compare ``.delta(exp_eps=γ)``)."""
    M = flat(M, "approx_dp")
    return Reference("approx_dp", HockeyProfile(rows(M, "approx_dp"), ordered_neighbours(M.inputs)),
                     how="hockey-stick sums per pair")
