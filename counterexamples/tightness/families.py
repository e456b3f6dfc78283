"""Candidate mechanisms and priors for the tightness explorer: query randomized response and random rows.

Step 1 of :mod:`counterexamples.tightness`: the extremal mechanisms of the papers are k-ary
randomized response of a query, M_t = (1 − t)·δ_{f(x)} + t·U_k, over canonical queries f (surjections
of the points onto k outputs that separate some neighbours); for ``pure_dp`` with rational e^α the
level is hit exactly (t = k/(a + k − 1)).  Seeded random exact rows and priors feed step 2.  All
entries are exact rationals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from exactpriv.claims import Instance
from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import EPS, to_sympy
from .results import as_float

__all__ = ["exp_levels", "query_mechanism", "random_mechanism", "random_prior", "LevelResult"]


E = EPS


#: dyadic bisection steps for the projection of a mechanism onto {A <= α}
#: Empirically determined parameter: 12 steps put the witness within 2^-12 of the boundary in t.
BISECTION_STEPS = 12


# --------------------------------------------------------------------------------------
# exact generators
# --------------------------------------------------------------------------------------
def exp_levels(*ratios) -> list:
    """Levels α = ln a for rational a > 1 (``exp_levels(2, "3/2")`` -> [log 2, log 3/2])."""
    from exactpriv.exact.numbers import as_rational

    out = []
    for a in ratios:
        q = as_rational(a, "ratio")
        if q <= 1:
            raise InvalidArgument(f"ratio={a!r} must be > 1 (α = ln a > 0)")
        out.append(sympy.log(sympy.Rational(q.numerator, q.denominator)))
    return out


def query_mechanism(space, f, k: int, *, exp_eps=None, t=None):
    """k-ary randomized response of the query ``f``: P(y | x) = (1 − t)[y = f(x)] + t/k.

    ``f`` is a callable on points or a sequence of output codes aligned with ``space.points``;
    give ``exp_eps`` = a (then t = k/(a + k − 1), i.e. P(f(x)|x) = a/(a + k − 1), the pure-DP
    level is ln a when f separates some neighbours) or the mixing weight ``t`` in [0, 1].
    """
    from exactpriv.exact.numbers import as_rational
    from exactpriv.mechanisms.base import Mechanism

    if not isinstance(k, int) or k < 2:
        raise InvalidArgument(f"k={k!r} must be an int >= 2")
    if (exp_eps is None) == (t is None):
        raise InvalidArgument("give exactly one of exp_eps=... and t=...")
    if exp_eps is not None:
        a = as_rational(exp_eps, "exp_eps")
        if a < 1:
            raise InvalidArgument(f"exp_eps={exp_eps!r} must be >= 1")
        t = Fraction(k) / (a + k - 1)
    t = as_rational(t, "t")
    if not 0 <= t <= 1:
        raise InvalidArgument(f"t={t!r} must lie in [0, 1]")
    pts = space.points
    codes = [f(x) for x in pts] if callable(f) else list(f)
    if len(codes) != len(pts) or any(not isinstance(c, int) or not 0 <= c < k for c in codes):
        raise InvalidArgument(f"query codes {codes!r} must be {len(pts)} ints in range({k})")
    miss = t / k
    rows = [[(1 - t) + miss if y == c else miss for y in range(k)] for c in codes]
    return Mechanism(space, list(range(k)), rows, _built=f"query_mechanism({space!r}, {tuple(codes)}, k={k}, t={t})")


def random_mechanism(space, k: int, rng: random.Random, *, zeros: bool = True, max_weight: int = 8):
    """A seeded random exact mechanism: rows of integer weights (0 allowed when ``zeros``)."""
    from exactpriv.mechanisms.base import Mechanism

    lo = 0 if zeros else 1
    rows = []
    for _ in space.points:
        w = [rng.randint(lo, max_weight) for _ in range(k)]
        if sum(w) == 0:
            w[rng.randrange(k)] = 1
        s = sum(w)
        rows.append([Fraction(x, s) for x in w])
    return Mechanism(space, list(range(k)), rows, _built=f"random_mechanism({space!r}, k={k})")


def random_prior(space, kind: str, rng: random.Random, *, full_support: bool = True, max_weight: int = 6):
    """A seeded random exact prior: ``kind`` "independent" (product of random marginals) or
    "correlated" (a random pmf on the points)."""
    from exactpriv.distributions import Prior

    lo = 1 if full_support else 0

    def pmf(n):
        w = [rng.randint(lo, max_weight) for _ in range(n)]
        if sum(w) == 0:
            w[rng.randrange(n)] = 1
        return [Fraction(x, sum(w)) for x in w]

    if kind == "independent":
        if space.records is None:
            raise InvalidArgument(f"independent priors need a product space, got {space!r}")
        return Prior.product(space, [pmf(len(a)) for a in space.records])
    if kind == "correlated":
        return Prior(space, pmf(space.size), _built=f"random correlated prior on {space!r}")
    raise InvalidArgument(f"kind={kind!r} must be 'independent' or 'correlated'")


def canonical_queries(n_points: int, k: int, limit: int, rng: random.Random):
    """Restricted-growth strings of length n with exactly k distinct values (surjections up to
    relabelling the outputs); at most ``limit``, sampled by ``rng`` when there are more."""
    def gen(prefix, m):
        if len(prefix) == n_points:
            if m == k:
                yield tuple(prefix)
            return
        if m + (n_points - len(prefix)) < k:
            return
        for c in range(min(m + 1, k)):
            yield from gen(prefix + [c], max(m, c + 1))

    all_q = []
    for q in gen([], 0):
        all_q.append(q)
        if len(all_q) > 20 * limit:
            break
    if len(all_q) > limit:
        all_q = rng.sample(all_q, limit)
    return all_q


# --------------------------------------------------------------------------------------
# results
# --------------------------------------------------------------------------------------
@dataclass
class LevelResult:
    """The explorer's answer at one level α.

    best_lower : certified lower bound on f*(α) (exact: B of the witness, or its certified
        lower end)
    status : "violated" (B(witness) > f(α): the implication is false at α, an exact
        counterexample), "attained" (B = f(α): tight at α), "below" (B < f(α)), "undecided"
        (the kernel could not order them), "none" (no feasible candidate found)
    flags : human-readable findings ("stated bound not tight at α ...", "tight map attained")
    """

    alpha: Any
    stated: Any
    witness: Instance | None = None
    given_value: Any = None
    best: Any = None
    best_lower: Any = None
    found_by: str = ""
    status: str = "none"
    gap: Any = None
    tight: Any = None
    tight_attained: Any = None
    upper: Any = None
    flags: list = field(default_factory=list)
    tried: int = 0
    seconds: float = 0.0

    def float_of(self, name: str) -> float | None:
        return as_float(getattr(self, name))

    def to_json(self) -> dict:
        from exactpriv import io

        def s(v):
            return None if v is None else sympy.sstr(to_sympy(v))

        return {"alpha": s(self.alpha), "alpha_float": as_float(self.alpha), "stated": s(self.stated),
                "stated_float": as_float(self.stated), "best_lower": s(self.best_lower),
                "best_float": as_float(self.best_lower), "gap": s(self.gap), "gap_float": as_float(self.gap),
                "tight": s(self.tight), "upper": s(self.upper), "status": self.status, "flags": list(self.flags),
                "found_by": self.found_by, "tried": self.tried, "seconds": round(self.seconds, 3),
                "witness": None if self.witness is None else io.instance_to_json(self.witness),
                "given_value": None if self.given_value is None else self.given_value.to_json(),
                "best": None if self.best is None else self.best.to_json()}
