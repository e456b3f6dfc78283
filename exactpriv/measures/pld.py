"""Privacy loss distributions: the exact law of the privacy loss of a pair, and δ(ε) from it.

Definition (Sommer, Meiser, Mohammadi, "Privacy Loss Classes: The Central Limit Theorem in
Differential Privacy", PoPETs 2019; Koskela, Jälkö, Honkela, "Computing Tight Differential
Privacy Guarantees Using FFT", AISTATS 2020): for pmfs P, Q the privacy loss of an output y is
L(y) = ln P(y)/Q(y) (+oo when Q(y) = 0 < P(y)); the PLD ω_{P/Q} is the law of L(Y) for Y ~ P.
On a finite output set it is a finite list of atoms (ln r, mass) plus a mass at +oo.  The
hockey-stick divergence, hence the tight δ of (ε, δ)-DP, follows from it:

    δ_{P/Q}(ε) = E_{L ~ ω}[(1 − e^{ε − L})_+] = Σ_{atoms r > e^ε} m_r (1 − e^ε / r) + m_∞.

Composition multiplies independent losses' exponentials: the PLD of (P1 × P2, Q1 × Q2) is the
convolution of the two PLDs (:meth:`PrivacyLoss.compose`), computed exactly on the ratios.

Algorithm and why: the atoms are grouped by the exact rational ratio r = P(y)/Q(y) (Fractions
hash exactly, so equal losses merge without any tolerance); δ at a rational e^ε is a finite sum of
Fractions.  This is a second, independent computation of the exact (ε, δ) profile of
:mod:`exactpriv.measures.approx` (which scans events with integer arithmetic); the tests compare
them.  For a mechanism, :func:`privacy_loss_distribution` keeps the PLD of every distinct ordered
neighbour pair; δ(ε) is their maximum.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures.pair_divergences import gamma_of, log_of_ratio
from exactpriv.measures.arguments import check_mechanism, check_pair_scan, check_pmf_pair, exact_level
from exactpriv.measures.engines.composition import ComposedLossEngine, pair_loss_atoms
from exactpriv.measures.pair_divergences import gamma_of_eps_or_exp
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import ProductMechanism

__all__ = ["PrivacyLoss", "PrivacyLossProfile", "is_privacy_loss_dp", "pair_privacy_loss",
           "privacy_loss_distribution"]


@dataclass(frozen=True)
class PrivacyLoss:
    """The PLD of one ordered pair: ``atoms`` = ((r, mass), ...) with loss ln r, r increasing, and
    ``infinite`` = the mass at loss +oo (outputs with Q(y) = 0 < P(y))."""

    atoms: tuple
    infinite: Fraction = Fraction(0)

    @property
    def losses(self) -> list:
        """[(exact loss ln r as a LogForm, mass)] (plus ("oo", mass) when the mass at +oo is > 0)."""
        out = [(log_of_ratio(r), m) for r, m in self.atoms]
        if self.infinite:
            out.append((sympy.oo, self.infinite))
        return out

    def delta(self, eps=None, *, exp_eps=None):
        """δ(ε) = Σ_{r > e^ε} m (1 − e^ε/r) + m_∞ (Sommer et al. 2019); a Fraction for rational e^ε,
        else an exact sympy expression (atoms located by certified comparison)."""
        g, gexpr = gamma_of_eps_or_exp(eps, exp_eps)
        if g is not None:
            return sum((m * (1 - g / r) for r, m in self.atoms if r > g), Fraction(0)) + self.infinite
        terms = [sympy.Rational(m.numerator, m.denominator) * (1 - gexpr / sympy.Rational(r.numerator, r.denominator))
                 for r, m in self.atoms if compare(sympy.Rational(r.numerator, r.denominator), ">", gexpr).is_true]
        return sympy.Add(*terms) + sympy.Rational(self.infinite.numerator, self.infinite.denominator)

    def tail(self, eps=None, *, exp_eps=None):
        """P_{L ~ ω}[L > ε] = Σ_{r > e^ε} m + m_∞ (the probabilistic-DP tail, Meiser 2018)."""
        g, gexpr = gamma_of_eps_or_exp(eps, exp_eps)
        if g is not None:
            return sum((m for r, m in self.atoms if r > g), Fraction(0)) + self.infinite
        return sum((m for r, m in self.atoms
                    if compare(sympy.Rational(r.numerator, r.denominator), ">", gexpr).is_true), Fraction(0)) \
            + self.infinite

    def compose(self, other: "PrivacyLoss") -> "PrivacyLoss":
        """The PLD of the product pair (P1 × P2 ‖ Q1 × Q2): losses add, so ratios multiply and masses
        multiply (convolution); a +oo loss absorbs."""
        if not isinstance(other, PrivacyLoss):
            raise InvalidArgument(f"other={other!r} must be a PrivacyLoss")
        acc: dict = {}
        for r1, m1 in self.atoms:
            for r2, m2 in other.atoms:
                acc[r1 * r2] = acc.get(r1 * r2, Fraction(0)) + m1 * m2  # accumulate: products may coincide
        finite = sum((m for _, m in self.atoms), Fraction(0)) * sum((m for _, m in other.atoms), Fraction(0))
        return PrivacyLoss(tuple(sorted(acc.items())), 1 - finite)

    def to_sympy(self):
        """δ(ε) as a sympy expression in ``eps``: Σ m·Max(0, 1 − e^ε/r) + m_∞."""
        return sympy.Add(*[sympy.Rational(m.numerator, m.denominator)
                           * sympy.Max(0, 1 - sympy.exp(EPS) / sympy.Rational(r.numerator, r.denominator))
                           for r, m in self.atoms]) + sympy.Rational(self.infinite.numerator, self.infinite.denominator)

    def to_json(self) -> dict:
        """{"atoms": [[r, mass], ...] (the loss of an atom is ln r; exact rationals as text), "infinite"}.
        Ratios, not logs: writing ln r as a prime factorisation costs seconds on random rationals."""
        return {"atoms": [[str(r), str(m)] for r, m in self.atoms], "infinite": str(self.infinite),
                "loss": "ln(r)"}


def pair_privacy_loss(P, Q) -> PrivacyLoss:
    """The exact PLD ω_{P/Q} of two pmfs (Y ~ P; loss ln P(y)/Q(y)); 0-mass outputs dropped."""
    acc, inf = pair_loss_atoms(*check_pmf_pair(P, Q))
    return PrivacyLoss(tuple(sorted(acc.items())), inf)


@dataclass(frozen=True)
class PrivacyLossProfile:
    """PLDs of the distinct ordered neighbour pairs of a mechanism: ``pairs`` = ((x, x'), PLD), ...;
    ``delta`` and ``tail`` are the maxima over pairs."""

    pairs: tuple

    def delta(self, eps=None, *, exp_eps=None):
        vals = [pl.delta(eps, exp_eps=exp_eps) for _, pl in self.pairs]
        return _exact_max(vals)

    def tail(self, eps=None, *, exp_eps=None):
        return max(pl.tail(eps, exp_eps=exp_eps) for _, pl in self.pairs)

    def worst_pair(self, eps=None, *, exp_eps=None):
        """The ordered pair attaining δ(ε)."""
        vals = [pl.delta(eps, exp_eps=exp_eps) for _, pl in self.pairs]
        best = _exact_max(vals)
        return next(pr for (pr, _), v in zip(self.pairs, vals) if v == best)

    def to_sympy(self):
        exprs = list(dict.fromkeys(pl.to_sympy() for _, pl in self.pairs))
        return exprs[0] if len(exprs) == 1 else sympy.Max(*exprs)


def _exact_max(vals):
    best = vals[0]
    for v in vals[1:]:
        if isinstance(v, Fraction) and isinstance(best, Fraction):
            best = max(best, v)
        elif compare(v, ">", best).is_true:
            best = v
    return best


def privacy_loss_distribution(M, *, pair=None) -> Measured:
    """The exact privacy loss distributions of M (Sommer–Meiser–Mohammadi 2019).

    With ``pair=(x, x')`` the value is that pair's :class:`PrivacyLoss`; otherwise a
    :class:`PrivacyLossProfile` of every distinct ordered neighbour pair (pairs with the same
    multiset of (P(y|x), P(y|x')) share one PLD), whose ``delta(eps=...)`` is M's exact δ(ε).
    Witness: the atoms (loss, mass) of each pair (JSON) and the pairs.  Rational mechanisms.
    """
    check_mechanism(M, "privacy_loss_distribution", expand=False)
    if isinstance(M, ProductMechanism) and len(M.factors) > 1 and pair is None:
        return _composed_profile(M)
    M = check_mechanism(M, "privacy_loss_distribution")
    M.require_rational("privacy_loss_distribution")
    check_pair_scan(M, "privacy_loss_distribution")
    pts = M.inputs.points
    if pair is not None:
        try:
            x, x2 = pair
        except (TypeError, ValueError):
            raise InvalidArgument(f"pair={pair!r} must be a pair of input points (x, x')") from None
        i, j = M.inputs.index(x), M.inputs.index(x2)
        pl = pair_privacy_loss(M.rows[i], M.rows[j])
        return Measured("privacy_loss_distribution", pl, witness={"pair": [pts[i], pts[j]], **pl.to_json()},
                        method="exact: atoms grouped by the rational likelihood ratio")
    seen: dict = {}
    for i, j in M.inputs.edges.tolist():
        for x, x2 in ((i, j), (j, i)):
            key = tuple(sorted(zip(M.rows[x], M.rows[x2])))
            if key not in seen:
                seen[key] = ((pts[x], pts[x2]), pair_privacy_loss(M.rows[x], M.rows[x2]))
    if not seen:
        return Measured("privacy_loss_distribution", Fraction(0), method="vacuous", note="no neighbour pairs")
    prof = PrivacyLossProfile(tuple(seen.values()))
    wit = {"pairs": [{"pair": list(pr), **pl.to_json()} for pr, pl in prof.pairs]}
    return Measured("privacy_loss_distribution", prof, witness=wit,
                    method="exact: atoms grouped by the rational likelihood ratio, per distinct ordered pair",
                    note="value is a PrivacyLossProfile: .delta(eps=...), .tail(eps=...), .pairs")


def _composed_profile(M: ProductMechanism) -> Measured:
    """The PLDs of a composition, from the convolution of its factors' (exactly grouped by log-ratio; the
    Π|Y_j| joint outputs are never built: exactpriv.measures.engines.composition)."""
    for f in M.factors:
        f.require_rational("privacy_loss_distribution")
    eng = ComposedLossEngine(M.factors)
    pts = M.inputs.points
    edges = M.inputs.edges.tolist()
    if not edges:
        return Measured("privacy_loss_distribution", Fraction(0), method="vacuous", note="no neighbour pairs")
    pairs = tuple(((pts[x], pts[x2]), PrivacyLoss(tuple(pl.atoms()), pl.infinite))
                  for (x, x2), pl in eng.distinct_losses(edges))
    prof = PrivacyLossProfile(pairs)
    return Measured("privacy_loss_distribution", prof,
                    witness={"pairs": [{"pair": list(pr), "atoms": len(pl.atoms)} for pr, pl in pairs],
                             "factors": len(M.factors)},
                    method="exact: the factors' PLDs convolved, atoms grouped by exact log-ratio, per distinct "
                           "ordered pair",
                    note="value is a PrivacyLossProfile: .delta(eps=...), .tail(eps=...), .pairs")


def is_privacy_loss_dp(M, eps, delta) -> Decision:
    """Decide (ε, δ)-DP from the PLDs: max over ordered neighbour pairs of δ_{P/Q}(ε) ≤ δ."""
    dl = exact_level(delta, "delta")
    g, gexpr = gamma_of(eps)
    m = privacy_loss_distribution(M)
    val = m.value.delta(exp_eps=g) if g is not None else m.value.delta(eps)
    d = compare(val, "<=", dl)
    return Decision(d.truth, d.method, f"PLD delta(eps={eps}) = {val} vs {dl}: {d.reason}", d.precision,
                    {**d.certificate, "delta_at_eps": str(val)})
