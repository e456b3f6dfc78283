"""Probabilistic differential privacy: ε-DP except on outputs of total probability at most δ.

Definitions
-----------
* Disclosure-set form (Machanavajjhala, Kifer, Abowd, Gehrke, Vilhuber, "Privacy: Theory meets
  Practice on the Map", ICDE 2008, as restated by Meiser 2018): the disclosure set
  of x is Disc(x, ε) = {y : |ln P(y|x)/P(y|x')| > ε for some neighbour x'} (a ratio with one zero
  side counts as +oo; outputs impossible under x and all its neighbours are ignored), and M is
  (ε, δ)-PDP iff P_x(Disc(x, ε)) ≤ δ for every x.  ``variant="disclosure_set"`` (default).
* Pairwise form (Meiser, "Approximate and Probabilistic Differential Privacy Definitions", IACR
  ePrint 2018/277, §3; the tail of the privacy loss distribution): for every ordered neighbour
  pair, P_{y ~ P_x}[ln P(y|x)/P(y|x') > ε] ≤ δ.  ``variant="pairwise"``.

Both imply (ε, δ)-DP; (ε, δ)-DP does not imply either (Meiser 2018, §3).

Algorithm and why: δ as a function of ε is a non-increasing step function with jumps at the
exact loss values ln r (r rational).  For each x (or ordered pair) the outputs are labelled by
their exact worst ratio r(x, y) ≥ 1 (Fractions; +oo for a zero on one side), so
δ(ε) = max_x Σ_{y : r(x, y) > e^ε} P(y|x) is a finite exact sum; :class:`StepProfile` stores the
sorted jump points and values, so ``delta``, ``epsilon`` (the smallest ε with δ(ε) ≤ δ) and the
decision are exact rational comparisons (ln of a rational is compared via its rational e^ε).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS, OO, as_rational
from exactpriv.measures.pair_divergences import gamma_of, log_of_ratio
from exactpriv.measures.arguments import check_mechanism, check_pair_scan, exact_level
from exactpriv.measures.result import Measured

__all__ = ["StepProfile", "is_probabilistic_dp", "probabilistic_dp"]

_VARIANTS = ("disclosure_set", "pairwise")


@dataclass(frozen=True)
class StepProfile:
    """δ(ε) = max over units u (inputs or ordered pairs) of Σ_{y : r_u(y) > e^ε} P_u(y).

    ``units`` = ((label, ((r, mass), ...), infinite_mass), ...) with finite ratios r ≥ 1.
    """

    units: tuple

    def _at(self, g):
        """(δ at γ = e^ε, index of a maximising unit); γ a Fraction or an exact sympy number."""
        best, arg = None, None
        for k, (_, atoms, inf) in enumerate(self.units):
            if isinstance(g, Fraction):
                v = sum((m for r, m in atoms if r > g), Fraction(0)) + inf
            else:
                v = sum((m for r, m in atoms
                         if compare(sympy.Rational(r.numerator, r.denominator), ">", g).is_true), Fraction(0)) + inf
            if best is None or v > best:
                best, arg = v, k
        return best, arg

    def delta(self, eps=None, *, exp_eps=None) -> Fraction:
        """δ(ε) exactly (a Fraction: the masses are rational whatever ε is)."""
        if (eps is None) == (exp_eps is None):
            raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
        if exp_eps is not None:
            g = as_rational(exp_eps, "exp_eps")
        else:
            g, gexpr = gamma_of(eps)
            g = g if g is not None else gexpr
        return self._at(g)[0]

    @property
    def jumps(self) -> tuple:
        """The ratios r where δ may jump (δ is constant on [ln r_k, ln r_{k+1})), increasing."""
        return tuple(sorted({r for _, atoms, _ in self.units for r, _ in atoms}))

    def epsilon(self, delta):
        """The smallest ε ≥ 0 with δ(ε) ≤ delta: 0, the log of a jump ratio (exact LogForm), or oo."""
        d = as_rational(delta, "delta")
        if d < 0:
            raise InvalidArgument(f"delta={delta!r} must be >= 0")
        for g in (Fraction(1),) + self.jumps:
            if self._at(g)[0] <= d:
                return log_of_ratio(g)
        return OO

    def to_sympy(self):
        """δ as a ``Piecewise`` in ``eps``: constant on [ln r_k, ln r_{k+1}) (right-continuous steps)."""
        pts = (Fraction(1),) + tuple(r for r in self.jumps if r > 1)
        args = []
        for k, g in enumerate(pts):
            value = sympy.Rational(*_nd(self._at(g)[0]))
            cond = EPS < sympy.log(sympy.Rational(*_nd(pts[k + 1]))) if k + 1 < len(pts) else True
            args.append((value, cond))
        return sympy.Piecewise(*args)


def _nd(q: Fraction):
    return q.numerator, q.denominator


def _ratio(a: Fraction, b: Fraction):
    """max(a/b, b/a) with a zero on one side -> None (+oo); both zero -> 1."""
    if a == 0 and b == 0:
        return Fraction(1)
    if a == 0 or b == 0:
        return None
    return max(a / b, b / a)


def probabilistic_dp(M, *, variant: str = "disclosure_set") -> Measured:
    """The exact probabilistic-DP profile δ(ε) of M (see the module head for both variants).

    Value: a :class:`StepProfile` (``delta(eps=...)``, ``epsilon(delta)``, ``to_sympy()``);
    M is (ε, δ)-PDP iff ``value.delta(eps=ε) <= δ``.  Witness: the maximising input (or pair) at
    ε = 0.  Rational mechanisms.
    """
    if variant not in _VARIANTS:
        raise InvalidArgument(f"variant={variant!r} must be one of {list(_VARIANTS)}")
    M = check_mechanism(check_mechanism(M, "probabilistic_dp", expand=False), "probabilistic_dp")
    M.require_rational("probabilistic_dp")
    check_pair_scan(M, "probabilistic_dp")
    pts = M.inputs.points
    edges = M.inputs.edges.tolist()
    nbrs: dict = {i: [] for i in range(len(pts))}
    for i, j in edges:
        nbrs[i].append(j)
        nbrs[j].append(i)
    units = []
    if variant == "pairwise":
        for i, js in nbrs.items():
            for j in js:
                acc, inf = {}, Fraction(0)
                for a, b in zip(M.rows[i], M.rows[j]):
                    if a == 0:
                        continue
                    if b == 0:
                        inf += a
                    elif a > b:  # loss ln(a/b) > 0; losses <= 0 never exceed eps >= 0
                        acc[a / b] = acc.get(a / b, Fraction(0)) + a
                units.append(((pts[i], pts[j]), tuple(sorted(acc.items())), inf))
    else:
        for i, js in nbrs.items():
            if not js:
                continue
            acc, inf = {}, Fraction(0)
            for y, a in enumerate(M.rows[i]):
                if a == 0:
                    continue
                worst = Fraction(1)
                for j in js:
                    r = _ratio(a, M.rows[j][y])
                    if r is None:
                        worst = None
                        break
                    worst = max(worst, r)
                if worst is None:
                    inf += a
                elif worst > 1:
                    acc[worst] = acc.get(worst, Fraction(0)) + a
            units.append((pts[i], tuple(sorted(acc.items())), inf))
    if not units:
        return Measured("probabilistic_dp", StepProfile(((None, (), Fraction(0)),)), method="vacuous",
                        note="no neighbour pairs")
    prof = StepProfile(tuple(units))
    d0, k = prof._at(Fraction(1))
    return Measured("probabilistic_dp", prof,
                    witness={"variant": variant, ("pair" if variant == "pairwise" else "input"): units[k][0],
                             "delta_at_eps_0": d0},
                    method="exact: outputs labelled by their exact worst likelihood ratio",
                    note="value is a StepProfile: .delta(eps=...), .epsilon(delta), .to_sympy()")


def is_probabilistic_dp(M, eps, delta, *, variant: str = "disclosure_set") -> Decision:
    """Decide (ε, δ)-probabilistic DP exactly: δ_PDP(ε) ≤ δ."""
    dl = exact_level(delta, "delta")
    g, gexpr = gamma_of(eps)
    prof = probabilistic_dp(M, variant=variant).value
    val, k = prof._at(g if g is not None else gexpr)
    d = compare(val, "<=", dl)
    return Decision(d.truth, d.method, f"probabilistic DP ({variant}) delta(eps={eps}) = {val} vs {dl}: {d.reason}",
                    d.precision, {**d.certificate, "delta_at_eps": str(val), "unit": str(prof.units[k][0])})
