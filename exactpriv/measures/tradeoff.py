"""f-differential privacy: exact piecewise-linear trade-off functions of finite mechanisms.

Definitions (Dong, Roth, Su, "Gaussian Differential Privacy", JRSS-B 84(1), 2022; arXiv 2019):
for pmfs P, Q the trade-off function T(P, Q)(α) = inf{β_φ : α_φ ≤ α} over rejection rules φ
(α_φ = E_P[φ] type I, β_φ = 1 − E_Q[φ] type II error).  M is f-DP iff T(M(x), M(x')) ≥ f for
every ordered neighbour pair (Def. 2.3).  The tightest f that is itself a trade-off function is the
greatest convex minorant of f_M = min over ordered pairs of T(P_x, P_x') (a convex f below f_M is
below its convex minorant, and convex, continuous, non-increasing functions with f(α) ≤ 1 − α are
trade-off functions, DRS Prop. 2.2).

Algorithm and why
-----------------
* One pair (Neyman–Pearson): the optimal tests reject the outputs in decreasing order of the
  likelihood ratio Q(y)/P(y) (P(y) = 0 first); the vertices of T(P, Q) are the partial sums
  (Σ P, 1 − Σ Q) over those prefixes, equal ratios grouped — exact Fractions, convex by
  construction, randomised tests interpolate linearly.
* Mechanism: each T(P_x, P_x') is the lower boundary of the convex hull of its vertices plus
  upward rays, so the greatest convex minorant of their minimum is the *lower convex hull of the
  union of all vertices* — one exact monotone-chain hull (Andrew's algorithm; a dozen lines, no
  library does exact-rational lower hulls), no segment intersections needed.
* ε/δ conversion (DRS Prop. 2.12): f-DP ⇒ (ε, δ(ε))-DP with δ(ε) = 1 + f*(−e^ε), f* the convex
  conjugate; for a piecewise-linear f the sup is at a vertex: δ(ε) = max_k (1 − β_k − e^ε α_k).
  Conversely (ε, δ)-DP is f_{ε,δ}-DP, f_{ε,δ}(α) = max{0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)}
  (DRS Prop. 2.5 / eq. (5)), built exactly by :meth:`TradeOff.from_eps_delta`.

Decisions compare two piecewise-linear functions exactly at the union of their breakpoints
(between breakpoints both are linear).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.pair_divergences import gamma_of
from exactpriv.measures.arguments import check_mechanism, check_pair_scan, check_pmf_pair
from exactpriv.measures.result import Measured

__all__ = ["ALPHA", "TradeOff", "f_dp", "is_f_dp", "pair_tradeoff", "tradeoff_from_tests"]

#: The type I error variable of trade-off curves in sympy forms.
ALPHA = sympy.Symbol("alpha", nonnegative=True)


def _lower_hull(points):
    """Lower convex hull of exact points (sorted by x, then y), leftmost-lowest to rightmost-lowest."""
    pts = sorted(set(points))
    hull: list = []
    for p in pts:
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            # drop hull[-1] unless it lies strictly below the chord hull[-2] -> p
            if (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) <= 0:
                hull.pop()
            else:
                break
        if hull and hull[-1][0] == p[0]:
            continue  # same x, higher y (sorted): not on the lower hull
        hull.append(p)
    return hull


@dataclass(frozen=True)
class TradeOff:
    """A convex piecewise-linear trade-off function on [0, 1], by its vertices (α_k, β_k).

    α_0 = 0 < α_1 < ... < α_m = 1 and β non-increasing to β_m = 0; f is linear between vertices.
    ``f(alpha)`` evaluates exactly; :meth:`delta` is the (ε, δ) conversion; :meth:`dominates`
    decides f ≥ g pointwise; :meth:`to_sympy` is a ``Piecewise`` in :data:`ALPHA`.
    """

    vertices: tuple

    def __post_init__(self):
        v = tuple((Fraction(a), Fraction(b)) for a, b in self.vertices)
        if len(v) < 2 or v[0][0] != 0 or v[-1][0] != 1:
            raise InvalidArgument(f"vertices={self.vertices!r} must run from alpha = 0 to alpha = 1")
        if any(b[0] <= a[0] for a, b in zip(v, v[1:])):
            raise InvalidArgument(f"vertices={self.vertices!r} must have strictly increasing alpha")
        object.__setattr__(self, "vertices", v)

    @classmethod
    def from_eps_delta(cls, eps=None, *, exp_eps=None, delta=0) -> "TradeOff":
        """f_{ε,δ}(α) = max{0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)} (DRS 2022, eq. (5)); e^ε rational."""
        if (eps is None) == (exp_eps is None):
            raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
        g = as_rational(exp_eps, "exp_eps") if exp_eps is not None else gamma_of(eps)[0]
        if g is None or g < 1:
            raise InvalidArgument(f"e^eps must be a rational >= 1 (got eps={eps!r}, exp_eps={exp_eps!r})")
        d = as_rational(delta, "delta")
        if not 0 <= d <= 1:
            raise InvalidArgument(f"delta={delta!r} must lie in [0, 1]")
        a1 = (1 - d) / (g + 1)
        pts = [(Fraction(0), 1 - d), (a1, a1), (1 - d, Fraction(0)), (Fraction(1), Fraction(0))]
        return cls(tuple(_lower_hull(pts)))

    def __call__(self, alpha) -> Fraction:
        a = as_rational(alpha, "alpha")
        if not 0 <= a <= 1:
            raise InvalidArgument(f"alpha={alpha!r} must lie in [0, 1]")
        v = self.vertices
        for (x1, y1), (x2, y2) in zip(v, v[1:]):
            if a <= x2:
                return y1 + (y2 - y1) * (a - x1) / (x2 - x1)
        return v[-1][1]  # pragma: no cover

    def delta(self, eps=None, *, exp_eps=None):
        """δ(ε) = 1 + f*(−e^ε) = max over vertices of (1 − β_k − e^ε α_k), at least 0 (DRS Prop. 2.12).
        A Fraction for rational e^ε, else an exact sympy expression."""
        if (eps is None) == (exp_eps is None):
            raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
        if exp_eps is not None:
            g = as_rational(exp_eps, "exp_eps")
            gexpr = None
        else:
            g, gexpr = gamma_of(eps)
        if g is not None:
            return max(max(1 - b - g * a for a, b in self.vertices), Fraction(0))
        vals = [1 - sympy.Rational(b.numerator, b.denominator) - gexpr * sympy.Rational(a.numerator, a.denominator)
                for a, b in self.vertices]
        best = vals[0]
        for v in vals[1:]:
            if compare(v, ">", best).is_true:
                best = v
        return best

    def dominates(self, other: "TradeOff") -> Decision:
        """Decide self(α) ≥ other(α) for every α ∈ [0, 1], exactly (checked at every breakpoint)."""
        if not isinstance(other, TradeOff):
            raise InvalidArgument(f"other={other!r} must be a TradeOff")
        xs = sorted({a for a, _ in self.vertices} | {a for a, _ in other.vertices})
        for x in xs:
            s, o = self(x), other(x)
            if s < o:
                return Decision.false("rational", f"at alpha = {x}: {s} < {o}", certificate={"alpha": str(x),
                                                                                           "f": str(s), "g": str(o)})
        return Decision.true("rational", f"f >= g at all {len(xs)} breakpoints (both linear in between)")

    def inverse(self) -> "TradeOff":
        """The generalised inverse f^{-1}(α) = inf{t ∈ [0, 1] : f(t) ≤ α} (DRS 2022, §2), exactly.

        f is continuous, convex and non-increasing, so f^{-1} is piecewise linear with breakpoints
        among f's values at its vertices and f(0): it is 0 from f(0) on, and below f(0) it is the
        first crossing of the level α (1 where f never gets that low).
        """
        levels = sorted({Fraction(0), Fraction(1)} | {b for _, b in self.vertices})
        return TradeOff(tuple(_lower_hull((y, self._first_at_most(y)) for y in levels)))

    def _first_at_most(self, level: Fraction) -> Fraction:
        """min{t ∈ [0, 1] : f(t) ≤ level}, or 1 where f stays above the level."""
        v = self.vertices
        if v[0][1] <= level:
            return Fraction(0)
        for (x1, y1), (x2, y2) in zip(v, v[1:]):
            if y2 <= level:  # y1 > level >= y2 on this segment, so y1 > y2
                return x1 + (y1 - level) * (x2 - x1) / (y1 - y2)
        return Fraction(1)

    def is_symmetric(self) -> bool:
        """f equals its inverse f^{-1} (a symmetric trade-off function, DRS 2022 §2), decided exactly
        at the union of both breakpoint sets (both are linear in between)."""
        inv = self.inverse()
        xs = {a for a, _ in self.vertices} | {a for a, _ in inv.vertices}
        return all(self(x) == inv(x) for x in xs)

    def to_sympy(self):
        """f as a ``Piecewise`` in :data:`ALPHA` on [0, 1]."""
        args = []
        for (x1, y1), (x2, y2) in zip(self.vertices, self.vertices[1:]):
            s = (y2 - y1) / (x2 - x1)
            line = sympy.Rational(y1.numerator, y1.denominator) + sympy.Rational(s.numerator, s.denominator) * (
                ALPHA - sympy.Rational(x1.numerator, x1.denominator))
            args.append((sympy.expand(line), ALPHA <= sympy.Rational(x2.numerator, x2.denominator)))
        return sympy.Piecewise(*args)

    def __repr__(self):
        return "TradeOff((" + ", ".join(f"('{a}', '{b}')" for a, b in self.vertices) + ",))"


def _pair_vertices(p, q):
    """Vertices of T(P, Q): prefixes in decreasing order of Q(y)/P(y), equal ratios grouped."""
    groups: dict = {}
    for a, b in zip(p, q):
        if a == 0 and b == 0:
            continue
        key = None if a == 0 else b / a  # None: ratio +oo, rejected first
        ga, gb = groups.get(key, (Fraction(0), Fraction(0)))
        groups[key] = (ga + a, gb + b)
    order = sorted(groups, key=lambda r: (r is not None, -(r or 0)))
    pts = [(Fraction(0), Fraction(1))]
    sa, sb = Fraction(0), Fraction(0)
    for r in order:
        ga, gb = groups[r]
        sa, sb = sa + ga, sb + gb
        pts.append((sa, 1 - sb))
    return pts


def pair_tradeoff(P, Q) -> TradeOff:
    """T(P, Q) of two exact pmfs (H0: P, H1: Q), by the Neyman–Pearson lemma (DRS 2022, §2.1)."""
    p, q = check_pmf_pair(P, Q)
    return TradeOff(tuple(_lower_hull(_pair_vertices(p, q))))


def tradeoff_from_tests(P, Q) -> TradeOff:
    """T(P, Q) from the definition, without the likelihood-ratio order: the lower convex hull of the
    error pairs (P(S), 1 − Q(S)) of all 2^|Y| deterministic tests S (randomised tests are their
    mixtures).  Exponential; an independent check of :func:`pair_tradeoff` for small |Y|."""
    import itertools

    p, q = check_pmf_pair(P, Q)
    if len(p) > 16:
        raise InvalidArgument(f"tradeoff_from_tests enumerates 2^{len(p)} tests; at most 16 outputs")
    pts = []
    for bits in itertools.product((0, 1), repeat=len(p)):
        pts.append((sum((a for a, s in zip(p, bits) if s), Fraction(0)),
                    1 - sum((b for b, s in zip(q, bits) if s), Fraction(0))))
    return TradeOff(tuple(_lower_hull(pts)))


def f_dp(M) -> Measured:
    """The tightest trade-off function f with M f-DP (DRS 2022, Def. 2.3): the greatest convex
    minorant of min over ordered neighbour pairs of T(P_x, P_x'), exact.

    Value: a :class:`TradeOff` (``.delta(eps)`` converts to (ε, δ), ``.to_sympy()``); witness:
    for each vertex, an ordered pair whose curve passes through it.  Rational mechanisms.
    """
    M = check_mechanism(check_mechanism(M, "f_dp", expand=False), "f_dp")
    M.require_rational("f_dp")
    check_pair_scan(M, "f_dp")
    pts = M.inputs.points
    edges = M.inputs.edges.tolist()
    if not edges:
        return Measured("f_dp", TradeOff(((0, 1), (1, 0))), method="vacuous",
                        note="no neighbour pairs: f(alpha) = 1 - alpha")
    owner: dict = {}
    for i, j in edges:
        for x, x2 in ((i, j), (j, i)):
            for v in _pair_vertices(M.rows[x], M.rows[x2]):
                owner.setdefault(v, (x, x2))
    hull = _lower_hull(owner)
    f = TradeOff(tuple(hull))
    wit = {"vertices": [[str(a), str(b), [pts[owner[(a, b)][0]], pts[owner[(a, b)][1]]]] for a, b in hull
                        if (a, b) in owner]}
    return Measured("f_dp", f, witness=wit, method="exact: Neyman-Pearson vertices + lower convex hull",
                    note="value is a TradeOff: f(alpha), .delta(eps=...), .vertices, .to_sympy() in alpha")


def is_f_dp(M, f) -> Decision:
    """Decide M is f-DP for a piecewise-linear trade-off function ``f`` (a :class:`TradeOff`, e.g.
    ``TradeOff.from_eps_delta(exp_eps=2, delta='1/10')``): f_dp(M) ≥ f pointwise, exactly."""
    if not isinstance(f, TradeOff):
        raise InvalidArgument(f"f={f!r} of type {type(f).__name__} must be a TradeOff (see TradeOff.from_eps_delta)")
    return f_dp(M).value.dominates(f)

