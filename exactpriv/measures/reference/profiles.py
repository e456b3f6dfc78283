"""Reference profiles δ(ε) of the privacy-loss notions: privacy loss distributions (Sommer, Meiser,
Mohammadi, PoPETs 2019) and probabilistic DP (Machanavajjhala et al., ICDE 2008; Meiser 2018).

Each profile is evaluated on demand at a given γ = e^ε straight from its definition, per ordered
neighbour pair (or per input), summing over outputs — no atoms grouped, no step tables:

* PLD: δ(γ) = max over ordered pairs of E_{y~P_x}[(1 − γ P(y|x')/P(y|x))_+] and the tail
  P_{y~P_x}[ln P(y|x)/P(y|x') > ε] (a zero P(y|x') < P(y|x) is an infinite loss);
* probabilistic DP, "disclosure_set": max over x of P_x(Disc(x, ε)), Disc(x, ε) = outputs with
  |ln P(y|x)/P(y|x')| > ε for some neighbour x' (one zero side: +oo); "pairwise": max over ordered
  pairs of P_x[ln P(y|x)/P(y|x') > ε].
Irrational γ (e.g. sqrt(2)) are handled with the kernel's exact comparisons.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.reference._common import Reference, exact_max, flat, ordered_neighbours, rows

__all__ = ["LossProfile", "privacy_loss_distribution", "probabilistic_dp"]


def _gt(r: Fraction, g) -> bool:
    """r > γ exactly (γ rational or a closed sympy number)."""
    if isinstance(g, Fraction):
        return r > g
    g2 = g * g
    if g2.is_Rational and g.is_positive:  # γ = sqrt(k): r > γ  <=>  r² > k, exactly
        return r * r > Fraction(int(g2.p), int(g2.q))
    return compare(sympy.Rational(r.numerator, r.denominator), ">", g).is_true


def _gamma(g):
    if isinstance(g, sympy.Basic) and not g.is_Rational:
        return g
    return as_rational(g, "exp_eps")


class LossProfile:
    """Evaluates δ(γ) and tail(γ) of a mechanism's privacy losses (module docstring)."""

    def __init__(self, P, pairs, neighbours, kind):
        self.P, self.pairs, self.neighbours, self.kind = P, pairs, neighbours, kind

    def breakpoints(self):
        out = set()
        for x, x2 in self.pairs:
            for p, q in zip(self.P[x], self.P[x2]):
                if p and q:
                    out.add(max(p / q, q / p))
        return sorted(out)

    def tail(self, g):
        """max over ordered pairs of P_x[loss > ln γ] (the pairwise probabilistic-DP δ)."""
        g = _gamma(g)
        best = Fraction(0)
        for x, x2 in self.pairs:
            s = sum((p for p, q in zip(self.P[x], self.P[x2]) if p and (q == 0 or _gt(p / q, g))), Fraction(0))
            best = max(best, s)
        return best

    def hockey(self, g):
        """max over ordered pairs of Σ_y P(y|x) (1 − γ P(y|x')/P(y|x))_+."""
        g = _gamma(g)
        vals = [Fraction(0)]
        for x, x2 in self.pairs:
            terms = []
            for p, q in zip(self.P[x], self.P[x2]):
                if p == 0:
                    continue
                if q == 0:
                    terms.append(p)
                elif _gt(p / q, g):
                    terms.append(p - g * q if isinstance(g, Fraction) else
                                 sympy.Rational(p.numerator, p.denominator) - g * sympy.Rational(q.numerator, q.denominator))
            vals.append(sum(terms, Fraction(0)) if all(isinstance(t, Fraction) for t in terms) else sympy.Add(*terms))
        return exact_max(vals)

    def disclosure(self, g):
        """max over inputs x with a neighbour of P_x(Disc(x, ln γ))."""
        g = _gamma(g)
        best = Fraction(0)
        for x, nbrs in self.neighbours.items():
            if not nbrs:
                continue
            s = Fraction(0)
            for y, p in enumerate(self.P[x]):
                if p == 0:
                    continue
                if any(self.P[z][y] == 0 or _gt(max(p / self.P[z][y], self.P[z][y] / p), g) for z in nbrs):
                    s += p
            best = max(best, s)
        return best

    def delta(self, g):
        return {"pld": self.hockey, "pairwise": self.tail, "disclosure_set": self.disclosure}[self.kind](g)


def _profile(M, name, kind):
    M = flat(M, name)
    P = rows(M, name)
    pairs = ordered_neighbours(M.inputs)
    nbrs = {x: [] for x in range(len(P))}
    for x, x2 in pairs:
        nbrs[x].append(x2)
    return LossProfile(P, pairs, nbrs, kind)


def privacy_loss_distribution(M) -> Reference:
    """The PLD profile: ``delta`` (hockey-stick via the loss law) and ``tail`` at any γ."""
    return Reference("privacy_loss_distribution", _profile(M, "privacy_loss_distribution", "pld"),
                     how="loss expectations per ordered pair")


def probabilistic_dp(M, *, variant: str = "disclosure_set") -> Reference:
    """The probabilistic-DP profile δ(γ) of ``variant`` ("disclosure_set" or "pairwise")."""
    if variant not in ("disclosure_set", "pairwise"):
        raise InvalidArgument(f"variant={variant!r} must be 'disclosure_set' or 'pairwise'")
    return Reference("probabilistic_dp", _profile(M, "probabilistic_dp", variant), how=f"{variant} sums")
