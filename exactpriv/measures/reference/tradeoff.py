"""Reference check of f-DP (Dong, Roth, Su, JRSS-B 2022): the trade-off function of each ordered
neighbour pair from the definition, and what the tightest f must satisfy.

T(P, Q)(α) = inf{β_φ : α_φ ≤ α} over tests φ : Y → [0, 1], α_φ = Σ φ P, β_φ = 1 − Σ φ Q.  For a fixed
α this is a fractional knapsack (maximise Σ φ_y Q(y) under Σ φ_y P(y) ≤ α), solved here by filling
outputs in decreasing order of Q(y)/P(y) (outputs with P(y) = 0 are free and go first), the last one
fractionally.  The reference does not build a hull; :func:`exactpriv.measures.reference.agree`
checks a fast f against the definition of "tightest": f is convex, f ≤ f_M = min over pairs of
T(P_x, P_x') at every pair's breakpoint, and each vertex of f lies on f_M — which together say f is
the greatest convex minorant of f_M — and the (ε, δ) conversions δ(γ) = sup_α (1 − f(α) − γα) agree
(the sup of 1 − f_M − γα over α, attained at breakpoints, equals that of its convex minorant).
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.measures.reference._common import Reference, flat, ordered_neighbours, rows

__all__ = ["PairCurves", "f_dp"]


def tradeoff_at(p, q, alpha: Fraction) -> Fraction:
    """T(P, Q)(α) by the greedy fractional knapsack (module docstring)."""
    order = sorted(range(len(p)), key=lambda y: (p[y] != 0, -(q[y] / p[y]) if p[y] else 0))
    budget, power = Fraction(alpha), Fraction(0)
    for y in order:
        if p[y] == 0:
            power += q[y]
            continue
        if budget <= 0:
            break
        take = min(Fraction(1), budget / p[y])
        power += take * q[y]
        budget -= take * p[y]
    return max(Fraction(0), 1 - power)


def breakpoints(p, q):
    """Type-I errors where T(P, Q) can bend: the mass of P on {Q/P >= r} for every ratio r, plus 0, 1."""
    mass: dict = {}
    for a, b in zip(p, q):
        if a:
            mass[b / a] = mass.get(b / a, Fraction(0)) + a
    out, acc = {Fraction(0), Fraction(1)}, Fraction(0)
    for r in sorted(mass, reverse=True):
        acc += mass[r]
        out.add(acc)
    return sorted(a for a in out if a <= 1)


class PairCurves:
    """The trade-off curves of every ordered neighbour pair of a mechanism."""

    def __init__(self, P, pairs):
        self.P, self.pairs = P, pairs

    def f_M(self, alpha) -> Fraction:
        if not self.pairs:
            return 1 - Fraction(alpha)  # no neighbours: the trivial trade-off f(α) = 1 − α
        return min(tradeoff_at(self.P[x], self.P[x2], alpha) for x, x2 in self.pairs)

    def breakpoints(self):
        if getattr(self, "_bps", None) is None:
            out = {Fraction(0), Fraction(1)}
            for x, x2 in self.pairs:
                out.update(breakpoints(self.P[x], self.P[x2]))
            self._bps = sorted(out)
            self._fM = {a: self.f_M(a) for a in self._bps}
        return self._bps

    def delta(self, g) -> Fraction:
        """sup over α of 1 − f_M(α) − γα, at the breakpoints (f_M piecewise linear per pair)."""
        return max([Fraction(0)] + [1 - self._fM[a] - g * a for a in self.breakpoints()])


def f_dp(M) -> Reference:
    """The pair curves behind the tightest f of f-DP (checked by ``agree``, module docstring)."""
    M = flat(M, "f_dp")
    return Reference("f_dp", PairCurves(rows(M, "f_dp"), ordered_neighbours(M.inputs)), how="greedy knapsack per pair")
