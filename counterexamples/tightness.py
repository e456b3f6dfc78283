"""The tightness explorer: how good is a stated parameter map of an implication?

For an implication "α-A ⇒ f(α)-B" the best possible map is

    f*(α) = sup { B(M) : A(M) <= α }   over finite mechanisms M (and priors of the allowed kind).

:func:`explore` estimates f* at a grid of levels α by search and reports, per α, a
**certified lower bound** on f* (a witness M with A(M) <= α decided exactly and B(M) exact or
certified from below), the stated f(α), the exact gap f(α) − B(M), and — where the bank
knows one — the tight map and a proved/cited upper bound.

Algorithm and why
-----------------
1. **Structured families at level α** (the extremal mechanisms of the seeds are of this kind:
   binary randomized response for Cuff–Yu (11), BSCs for (28), randomized response of the
   parity for semantic privacy): k-ary randomized response of a query, M_t = (1 − t)·δ_{f(x)} +
   t·U_k, for every query f (canonical surjections of the points onto k outputs that separate
   some neighbours) and k = 2..max_outputs.  For ``pure_dp`` with a rational e^α = a the level
   is hit exactly: t = k/(a + k − 1).
2. **Random exact mechanisms projected to the boundary**: seeded random rational rows R, then
   the mixture (1 − t)R + tU with the smallest t such that A <= α.  For ``pure_dp`` with
   rational e^α this t is solved exactly (each ratio is a ratio of affine functions of t); for
   other notions by bisection on dyadic t with exact decisions.  Mixing with the uniform
   mechanism decreases every jointly convex divergence (A(t) <= (1 − t)A(0)), so the
   bisection is sound as a search; and whatever it returns has A <= α *decided exactly*.
3. **Local search**: exact rational moves of probability mass inside rows of the best
   witness, re-projected to the boundary, kept when B grows.
Floats (``Measured.float``) only steer the search; the best candidate is chosen by exact
kernel comparisons, and every reported relation (violated / attained / below, equality with
the tight map) is a :func:`~exactpriv.exact.kernel.compare` decision.  When B is only
enclosed, its certified lower end is the lower bound on f*.

An upper bound on f* needs a proof for *all* mechanisms, which search cannot give.  Each
:class:`BankImplication` therefore records the best known map with its source (a paper's
proof, or an exact reduction of a measure) and :func:`explore` certifies, with
:func:`exactpriv.certify.prove_inequality`, whether that map lies strictly below the stated
one for every α > 0 — the stated constant is then not tight *given the cited upper bound*.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

import sympy

from exactpriv.claims import Instance
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.numbers import EPS, as_exact, to_sympy

__all__ = [
    "BankImplication",
    "LevelResult",
    "Exploration",
    "bank_implications",
    "explore",
    "explore_implication",
    "explore_entry",
    "default_levels",
    "exp_levels",
    "query_mechanism",
    "random_mechanism",
    "random_prior",
]

E = EPS
_OO = sympy.oo
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


def _canonical_queries(n_points: int, k: int, limit: int, rng: random.Random):
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
        return _float(getattr(self, name))

    def to_json(self) -> dict:
        from exactpriv import io

        def s(v):
            return None if v is None else sympy.sstr(to_sympy(v))

        return {"alpha": s(self.alpha), "alpha_float": _float(self.alpha), "stated": s(self.stated),
                "stated_float": _float(self.stated), "best_lower": s(self.best_lower),
                "best_float": _float(self.best_lower), "gap": s(self.gap), "gap_float": _float(self.gap),
                "tight": s(self.tight), "upper": s(self.upper), "status": self.status, "flags": list(self.flags),
                "found_by": self.found_by, "tried": self.tried, "seconds": round(self.seconds, 3),
                "witness": None if self.witness is None else io.instance_to_json(self.witness),
                "given_value": None if self.given_value is None else self.given_value.to_json(),
                "best": None if self.best is None else self.best.to_json()}


@dataclass
class Exploration:
    """All levels of one :func:`explore` run."""

    given: str
    measure: str
    stated: Any
    space: str
    levels: list
    seed: int
    seconds: float
    tight: Any = None
    upper_vs_stated: Any = None  # ProofResult of "upper < stated on (0, oo)"
    key: str = ""

    @property
    def flags(self) -> list[str]:
        return [f"α = {sympy.sstr(l.alpha)}: {f}" for l in self.levels for f in l.flags]

    @property
    def violated(self) -> bool:
        return any(l.status == "violated" for l in self.levels)

    def to_json(self) -> dict:
        return {"key": self.key, "given": self.given, "measure": self.measure, "stated": sympy.sstr(self.stated),
                "space": self.space, "seed": self.seed, "seconds": round(self.seconds, 3),
                "tight": None if self.tight is None or callable(self.tight) else sympy.sstr(self.tight),
                "upper_vs_stated": None if self.upper_vs_stated is None else self.upper_vs_stated.to_json(),
                "levels": [l.to_json() for l in self.levels]}


def _float(v) -> float | None:
    from exactpriv.measures.result import Measured, value_to_float

    if v is None:
        return None
    try:
        if isinstance(v, Measured):
            return v.float
        return value_to_float(v)
    except (TypeError, ValueError, ExactPrivError):
        return None


# --------------------------------------------------------------------------------------
# the search
# --------------------------------------------------------------------------------------
def _as_level(a, name="alpha"):
    v = to_sympy(as_exact(a, name, symbols=()))
    if v.is_negative:
        raise InvalidArgument(f"{name}={a!r} must be >= 0")
    return v


def _as_map(stated, name="stated"):
    if isinstance(stated, str):
        from exactpriv.exact.expressions import parse_expression

        return parse_expression(stated, symbols={"eps": EPS})
    if isinstance(stated, (int, Fraction)):
        return to_sympy(stated)
    if isinstance(stated, sympy.Basic):
        extra = stated.free_symbols - {EPS}
        if extra:
            raise InvalidArgument(f"{name}={stated} has symbols {sorted(map(str, extra))} other than eps")
        return stated
    raise InvalidArgument(f"{name}={stated!r} must be a sympy expression in eps or text of the safe grammar")


def _space(space):
    from exactpriv.spaces import Space

    if isinstance(space, Space):
        return space
    from counterexamples.conjecture import parse_space

    return parse_space(space)


class _Searcher:
    def __init__(self, given, measure, space, prior_kind, full_support, max_outputs, rng, deadline, *,
                 positive=False, bisection_steps=BISECTION_STEPS):
        from exactpriv.claims.relations import NOTIONS
        from exactpriv.measures import REGISTRY

        for n in (given, measure):
            if n not in REGISTRY and n != "record_mi":
                raise InvalidArgument(f"unknown measure {n!r}; known: {', '.join(REGISTRY)}, record_mi")
        self.given, self.measure = given, measure
        self.space, self.rng, self.deadline = space, rng, deadline
        self.max_outputs = max_outputs
        needs = [NOTIONS.get(n, ("", False, ""))[1] or (REGISTRY[n].needs_prior if n in REGISTRY else True)
                 for n in (given, measure)]
        self.needs_prior = any(needs)
        self.prior_kind, self.full_support = prior_kind, full_support
        self.positive, self.bisection_steps = positive, bisection_steps
        self.tried = 0

    # ----- measures
    def _fn(self, name):
        from exactpriv.measures import compute
        from exactpriv.measures.information import record_mi

        if name == "record_mi":
            return lambda M, P: record_mi(M, prior=P)
        return lambda M, P: compute(name, M, prior=P)

    def A(self, M, P):
        return self._fn(self.given)(M, P)

    def B(self, M, P):
        self.tried += 1
        return self._fn(self.measure)(M, P)

    def priors(self):
        from exactpriv.distributions import Prior

        if not self.needs_prior:
            return [None]
        out = [Prior.uniform(self.space)]
        if self.prior_kind != "uniform":
            for _ in range(2):
                kind = "independent" if self.prior_kind == "independent" else self.rng.choice(["independent",
                                                                                             "correlated"])
                out.append(random_prior(self.space, kind, self.rng, full_support=self.full_support or
                                        self.rng.random() < 0.7))
        return out

    # ----- feasibility A(M) <= alpha, decided exactly
    def feasible(self, M, P, alpha):
        from exactpriv.measures.result import at_most

        try:
            a = self.A(M, P)
        except ExactPrivError:
            return None
        d = at_most(a, alpha)
        return a if d.is_true else None

    def _pure_t(self, R, a: Fraction) -> Fraction:
        """Smallest t with pure_dp((1 − t)R + tU) <= ln a, exactly (see module docstring, step 2)."""
        k = len(R.outputs)
        t = Fraction(0)
        for i, j in R.inputs.directed_edges().tolist():
            for p, q in zip(R.rows[i], R.rows[j]):
                d = p - a * q
                if d > 0:
                    t = max(t, d / (d + (a - 1) / k))
        return t

    def project(self, R, P, alpha, exp_alpha):
        """(M, A(M)) with M = (1 − t)R + tU on the boundary of {A <= alpha}, or None."""
        if not R.is_rational:
            return None
        if self.given == "pure_dp" and exp_alpha is not None and exp_alpha > 1:
            t = self._pure_t(R, exp_alpha)
            M = _mix(R, t)
            a = self.feasible(M, P, alpha)
            return (M, a) if a is not None else None
        a0 = self.feasible(R, P, alpha)
        if a0 is not None:
            return R, a0
        lo, hi = Fraction(0), Fraction(1)
        best = None
        U = _mix(R, Fraction(1))
        a1 = self.feasible(U, P, alpha)
        if a1 is None:
            return None
        best = (U, a1)
        for _ in range(self.bisection_steps):
            if time.perf_counter() > self.deadline:
                break
            mid = (lo + hi) / 2
            M = _mix(R, mid)
            a = self.feasible(M, P, alpha)
            if a is not None:
                hi, best = mid, (M, a)
            else:
                lo = mid
        return best


def _mix(R, t: Fraction):
    from exactpriv.mechanisms.base import Mechanism

    if t == 0:
        return R
    k = len(R.outputs)
    rows = [[(1 - t) * p + t / k for p in row] for row in R.rows]
    return Mechanism(R.inputs, R.outputs, rows, _built=f"({R!r}) mixed with uniform, t={t}")


class _Best:
    """The best candidate so far; floats pre-screen, the kernel decides."""

    def __init__(self):
        self.M = self.P = self.a = self.b = None
        self.lower = None
        self.f = -math.inf
        self.found_by = ""

    def offer(self, M, P, a, b, found_by) -> bool:
        from exactpriv.exact.kernel import compare

        lower = b.value if b.value is not None else b.lower
        if lower is None:
            return False
        fv = _float(lower)
        if fv is None:
            return False
        if self.lower is not None:
            if fv < self.f - 1e-9 * max(1.0, abs(self.f)):  # float screen; a proved margin is not needed:
                return False                                # a skipped candidate only loses search quality
            d = compare(lower, ">", self.lower)
            if not d.is_true:
                return False
        self.M, self.P, self.a, self.b, self.lower, self.f, self.found_by = M, P, a, b, lower, fv, found_by
        return True


def _perturb(M, rng: random.Random):
    from exactpriv.mechanisms.base import Mechanism

    rows = [list(r) for r in M.rows]
    k = len(M.outputs)
    if k < 2:
        return None
    i = rng.randrange(len(rows))
    a, b = rng.sample(range(k), 2)
    if rows[i][b] == 0:
        return None
    move = min(rows[i][b], rows[i][b] * Fraction(rng.choice([1, 1, 2, 3]), rng.choice([2, 3, 4, 8])))
    rows[i][a] += move
    rows[i][b] -= move
    return Mechanism(M.inputs, M.outputs, rows, _built=f"perturbed {M!r}")


def _search_level(S: _Searcher, alpha, exp_alpha, deadline, *, queries: bool, local_steps: int,
                  max_queries: int) -> _Best:
    best = _Best()
    space = S.space
    n = space.size

    def consider(R, P, how):
        try:
            proj = S.project(R, P, alpha, exp_alpha)
            if proj is None:
                return
            M, a = proj
            if S.positive and any(v == 0 for row in M.rows for v in row):
                return  # the implication's hypothesis: positive mechanisms only
            b = S.B(M, P)
        except ExactPrivError:
            return
        best.offer(M, P, a, b, how)

    priors = S.priors()
    start = time.perf_counter()
    # 1. structured: randomized response of queries (always run once, even past the deadline)
    if queries:
        for k in range(2, min(S.max_outputs, n) + 1):
            for j, q in enumerate(_canonical_queries(n, k, max_queries, S.rng)):
                if j and time.perf_counter() > deadline and best.M is not None:
                    break  # at least one query per k, then only within the budget
                R = query_mechanism(space, q, k, t=0)
                for P in priors:
                    consider(R, P, f"randomized response of the query {q} (k={k})")

    def random_step():
        k = S.rng.randint(2, S.max_outputs)
        R = random_mechanism(space, k, S.rng, zeros=S.rng.random() < 0.5)
        consider(R, S.rng.choice(priors), "random exact mechanism projected to the boundary")

    # 2. random exact mechanisms projected to the boundary (first half of the remaining time)
    mid = start + (deadline - start) / 2
    while time.perf_counter() < mid:
        random_step()
        if S.needs_prior and S.rng.random() < 0.2:
            priors = S.priors()
    # 3. local search around the best, then random again until the deadline
    steps = 0
    while best.M is not None and steps < local_steps and time.perf_counter() < deadline:
        steps += 1
        cand = _perturb(best.M, S.rng)
        if cand is not None:
            consider(cand, best.P, "local search (exact mass moves, re-projected)")
    while time.perf_counter() < deadline:
        random_step()
    return best


def explore(given: str, measure: str, stated, *, alphas: Sequence, space="hamming:m=2,n=1",
            seconds: float = 5.0, seed: int = 0, prior: str = "any", full_support: bool = False,
            max_outputs: int = 3, tight=None, upper=None, queries: bool = True, local_steps: int = 200,
            max_queries: int = 40, prove_seconds: float = 3.0, key: str = "", positive: bool = False,
            bisection_steps: int = BISECTION_STEPS) -> Exploration:
    """Estimate f*(α) = sup{B(M) : A(M) <= α} for A = ``given``, B = ``measure`` on a grid of α.

    Parameters
    ----------
    given, measure : measure names of the registry (plus "record_mi")
    stated : the stated map f, a sympy expression in ``eps`` (or safe-grammar text)
    alphas : exact levels (sympy, Fraction, int; e.g. :func:`exp_levels` for α = ln a)
    space : a Space or a spec "hamming:m=2,n=1" (see counterexamples.conjecture.parse_space)
    seconds : wall-clock budget, split evenly over the levels (the structured family always
        runs at least once per level)
    prior : "any" | "independent" | "uniform" — kind of priors searched when a measure needs one
    full_support : search only full-support priors
    positive : search only mechanisms without zero entries (a hypothesis of some implications)
    bisection_steps : dyadic steps of the projection onto {A <= α} (notions other than pure_dp)
    tight : the best known map (sympy in eps, or a callable α -> exact value or None)
    upper : a map known (proved or cited) to bound f* from above (sympy in eps, or a callable
        α -> exact value); for a sympy map, "upper < stated on (0, oo)" is certified by
        :func:`exactpriv.certify.prove_inequality`

    Returns
    -------
    Exploration — one :class:`LevelResult` per α; see :class:`LevelResult` for the statuses.
    Every relation reported is an exact kernel decision.  The search is seeded
    (``random.Random(seed)``) but stops on wall-clock deadlines, so how far it gets — not the
    soundness of what it reports — depends on the machine.
    """
    from exactpriv.exact.kernel import compare

    f = _as_map(stated)
    levels = [_as_level(a) for a in alphas]
    if not levels:
        raise InvalidArgument("alphas must contain at least one level")
    if not isinstance(seconds, (int, float)) or seconds <= 0:
        raise InvalidArgument(f"seconds={seconds!r} must be a positive number")
    if prior not in ("any", "independent", "uniform"):
        raise InvalidArgument(f"prior={prior!r} must be 'any', 'independent' or 'uniform'")
    if not isinstance(max_outputs, int) or max_outputs < 2:
        raise InvalidArgument(f"max_outputs={max_outputs!r} must be an int >= 2")
    sp = _space(space)
    tight_fn = None
    if tight is not None:
        tight_fn = tight if callable(tight) and not isinstance(tight, sympy.Basic) else (
            lambda a, _t=_as_map(tight, "tight"): _t.subs(E, a))
    upper_fn = None
    if upper is not None:
        upper_fn = upper if callable(upper) and not isinstance(upper, sympy.Basic) else (
            lambda a, _u=_as_map(upper, "upper"): _u.subs(E, a))
    t0 = time.perf_counter()
    rng = random.Random(seed)
    out = []
    for k, alpha in enumerate(levels):
        ts = time.perf_counter()
        # the remaining budget is shared by the remaining levels (an overrun of the structured
        # family at one level does not starve the next ones of their structured family)
        deadline = ts + max(0.0, t0 + seconds - ts) / (len(levels) - k)
        S = _Searcher(given, measure, sp, prior, full_support, max_outputs, rng, deadline, positive=positive,
                      bisection_steps=bisection_steps)
        ea = sympy.exp(alpha)
        exp_alpha = Fraction(int(ea.p), int(ea.q)) if ea.is_Rational else None
        best = _search_level(S, alpha, exp_alpha, deadline, queries=queries, local_steps=local_steps,
                             max_queries=max_queries)
        fa = f.subs(E, alpha)
        lr = LevelResult(alpha, fa, tried=S.tried)
        if best.M is not None:
            lr.witness = Instance(f"best for α = {sympy.sstr(alpha)}: {best.found_by}", best.M, best.P)
            lr.given_value, lr.best, lr.best_lower, lr.found_by = best.a, best.b, best.lower, best.found_by
            if compare(best.lower, ">", fa).is_true:
                lr.status = "violated"
                lr.flags.append(f"VIOLATED: {measure} = {sympy.sstr(to_sympy(best.lower))} > stated "
                                f"{sympy.sstr(fa)} at {given} <= α (exact counterexample)")
            elif compare(best.lower, "==", fa).is_true:
                lr.status = "attained"
                lr.flags.append("stated bound attained (tight at α)")
            elif compare(best.lower, "<", fa).is_true:
                lr.status = "below"
            else:
                lr.status = "undecided"
                lr.flags.append("the kernel could not order the best value and the stated bound")
            lr.gap = fa - to_sympy(best.lower) if fa != _OO else _OO
            if tight_fn is not None:
                tv = tight_fn(alpha)
                lr.tight = tv
                if tv is not None:
                    lr.tight_attained = compare(best.lower, "==", tv)
                    if lr.tight_attained.is_true:
                        lr.flags.append("best found equals the tight map exactly")
            if upper_fn is not None:
                lr.upper = upper_fn(alpha)
            if lr.status == "below":
                if lr.upper is not None and compare(lr.upper, "<", fa).is_true:
                    lr.flags.append("stated bound not tight at α (a proved/cited upper bound on f* lies below it)")
                else:
                    lr.flags.append("stated bound not tight at α? (search gap; no proof of tightness)")
        lr.seconds = time.perf_counter() - ts
        out.append(lr)
    proof = None
    if upper is not None and isinstance(upper, (sympy.Basic, str, int, Fraction)) and _as_map(upper, "upper") != f:
        from exactpriv.certify import prove_inequality

        try:
            proof = prove_inequality(_as_map(upper, "upper"), "<", f, domain=(0, _OO), closed=(False, False),
                                     seconds=prove_seconds)
        except ExactPrivError:
            proof = None
    return Exploration(given, measure, f, repr(sp), out, seed, time.perf_counter() - t0,
                       tight=None if tight is None or callable(tight) and not isinstance(tight, sympy.Basic)
                       else _as_map(tight, "tight"), upper_vs_stated=proof, key=key)


# --------------------------------------------------------------------------------------
# the central implications of the bank
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BankImplication:
    """A central implication of the bank with what the explorer needs.

    stated : the paper's map (sympy in eps); claims : the claim ids stating it
    tight : the best known map (sympy, or callable α -> exact value on the level grid);
    tight_label, tight_source : its text and where it comes from
    paper_says_tight : the paper claims ``tight`` (or ``stated``) is the tightest possible
    upper : a map proved/cited to bound f* from above (often ``tight``)
    """

    key: str
    given: str
    measure: str
    stated: Any
    stated_label: str
    claims: tuple
    alphas: tuple
    space: str = "hamming:m=2,n=1"
    prior: str = "any"
    tight: Any = None
    tight_label: str = ""
    tight_source: str = ""
    paper_says_tight: bool = False
    upper: Any = None
    upper_source: str = ""
    note: str = ""
    #: the tight map as a parametric curve (symbol, α(symbol), value(symbol), lo, hi), for plots
    tight_parametric: Any = None


_P = sympy.Symbol("p", positive=True)


def _converse_map():
    """Zhao's converse map s -> ln((1+2s)/(1-2s)) (+oo for s >= 1/2), Theorems 1-2."""
    return sympy.Piecewise((sympy.log((1 + 2 * E) / (1 - 2 * E)), E < sympy.Rational(1, 2)), (_OO, True))


def _h(p):
    return -p * sympy.log(p) - (1 - p) * sympy.log(1 - p)


def _mi_tv_grid():
    """Levels α_p = ln 2 − h(p) (the MI-DP of BSC(p)) with the tight TV 1 − 2p of (28)."""
    ps = [sympy.Rational(1, 4), sympy.Rational(1, 8), sympy.Rational(1, 16)]
    alphas = tuple(sympy.log(2) - _h(p) for p in ps)
    table = {sympy.srepr(a): 1 - 2 * p for a, p in zip(alphas, ps)}
    return alphas, (lambda a: table.get(sympy.srepr(a)))


def _preset(key: str, given: str, measure: str, claims: tuple, alphas, **explorer) -> BankImplication | None:
    """An explorer preset for the implication ``given ⇒ measure`` that ``claims[0]`` declares: the stated map,
    its label and whether the paper calls it tight come from the claim's :class:`Relation` (the claims are
    the single source of truth); only the explorer's settings (levels, space, best known map) live here.
    None when no installed bank declares it."""
    from exactpriv.claims.banks import find_claim

    try:
        claim = find_claim(claims[0])
    except InvalidArgument:
        return None
    for r in claim.readings:
        for rel in r.relations:
            if (rel.source, rel.target, rel.kind) == (given, measure, "implication"):
                return BankImplication(key, given, measure, rel.map, rel.label, claims, alphas,
                                       paper_says_tight=rel.tight, **explorer)
    return None


def bank_implications() -> list[BankImplication]:
    """The central implications of the bank with the explorer's settings; stated maps from the claims."""
    mi_alphas, mi_tight = _mi_tv_grid()
    tanh_kl = E * sympy.tanh(E / 2)
    presets = [
        _preset(
            "pure_dp=>kl_dp", "pure_dp", "kl_dp", ("cuff2016.lemma1", "cuff2016.prop1"), tuple(exp_levels("3/2", 2, 3, 5)),
            tight=tanh_kl, tight_label="ε·tanh(ε/2)",
            tight_source="Cuff–Yu (11), proved in App. A; equality for binary randomized response "
                         "(cuff2016.prop1_tight)", upper=tanh_kl,
            upper_source="Cuff–Yu (11), proved in the paper's App. A (cited; exactpriv checks it on instances)"),
        _preset(
            "kl_dp=>tv_dp", "kl_dp", "tv_dp", ("cuff2016.prop2",),
            (sympy.Rational(1, 8), sympy.Rational(1, 2), sympy.Integer(1), sympy.Integer(2)),
            tight_source="Pinsker; the paper: 'tight up to a multiplicative constant' (no closed form of f*)",
            note="kl_dp bounds both directions of KL on neighbours; sqrt(ε/2) > 1 is vacuous"),
        _preset(
            "mi_dp=>tv_dp", "mi_dp", "tv_dp", ("cuff2016.lemma2",), mi_alphas,
            tight=mi_tight, tight_label="1 − 2h⁻¹(ln 2 − ε)",
            tight_source="Cuff–Yu (28), App. C; attained by binary symmetric channels (cuff2016.lemma2)",
            upper=mi_tight,
            tight_parametric=(_P, sympy.log(2) - _h(_P), 1 - 2 * _P, 0, sympy.Rational(1, 2)),
            upper_source="(28), Cuff–Yu App. C; (28) <= √(2ε) for all ε is PROVED in the bank "
                         "(cuff2016.lemma2[relaxation-27-of-28])",
            note="levels α = ln 2 − h(p), p = 1/4, 1/8, 1/16, where (28) gives 1 − 2p"),
        _preset(
            "pure_dp=>semantic_privacy", "pure_dp", "semantic_privacy", ("zhao2019.thm2_fwd",), tuple(exp_levels("11/10", "5/4", "3/2", 2)), space="hamming:m=2,n=2",
            tight=sympy.tanh(E / 2), tight_label="tanh(ε/2)",
            tight_source="exact reduction of semantic privacy: SP = (√R − 1)/(√R + 1) with the cross ratio "
                         "R <= e^{2ε} (exactpriv.measures.semantic; zhao2019.thm2_fwd[sharper-tanh]); attained "
                         "by randomized response of the parity of two records",
            upper=sympy.tanh(E / 2),
            upper_source="exact reduction of the semantic_privacy measure (sup over beliefs in closed form)"),
        _preset(
            "semantic_privacy=>pure_dp", "semantic_privacy", "pure_dp", ("zhao2019.thm2_conv",), (sympy.Rational(1, 10), sympy.Rational(1, 5), sympy.Rational(1, 3)),
            space="hamming:m=2,n=1",
            tight_source="the paper does not claim tightness; the sharp converse is s-SP ⇒ 4·artanh(s)-DP "
                         "(zhao2019.thm2_conv tightness probes), and the literal reading fails when an output is "
                         "impossible for ⊥ (DP = ∞ with SP < 1/2)",
            note="all mechanisms (the literal reading); see zhao2019.thm2_conv[positive-mechanism] for the "
                 "hypothesis under which it holds"),
        _preset(
            "pure_dp=>identity_dp", "pure_dp", "identity_dp", ("identitydp.prop2",),
            tuple(exp_levels(2, 3)), space="hamming:m=2,n=2", prior="independent",
            tight=E, tight_label="ε", tight_source="randomized response of one record attains it",
            upper=E, upper_source="the stated map itself (identitydp.prop2, the paper's proof)",
            note="independent sources (product priors), as Proposition 2 assumes"),
    ]
    return [p for p in presets if p is not None]


def explore_implication(imp: BankImplication, *, seconds: float = 4.0, seed: int = 0, **kw) -> Exploration:
    """:func:`explore` with the fields of a :class:`BankImplication`."""
    if not isinstance(imp, BankImplication):
        raise InvalidArgument(f"imp={imp!r} must be a BankImplication (see bank_implications())")
    return explore(imp.given, imp.measure, imp.stated, alphas=imp.alphas, space=imp.space, seconds=seconds,
                   seed=seed, prior=imp.prior, tight=imp.tight, upper=imp.upper, key=imp.key, **kw)


# --------------------------------------------------------------------------------------
# every implication of the atlas table (quick)
# --------------------------------------------------------------------------------------
_LOG_NOTIONS = {"pure_dp", "free_lunch", "identifiability", "bayesian_dp", "identity_dp", "adversarial_privacy"}
_RATIO_NOTIONS = {"positive_membership", "negative_membership"}


def default_levels(notion: str) -> tuple:
    """A small grid of exact levels suited to the scale of ``notion``: ln(3/2), ln 3 for
    log-ratio notions; γ = 3/2, 3 for membership levels; 1/8, 1/3 for the others (KL, MI, TV,
    semantic privacy)."""
    if notion in _LOG_NOTIONS:
        return tuple(exp_levels("3/2", 3))
    if notion in _RATIO_NOTIONS:
        return (sympy.Rational(3, 2), sympy.Integer(3))
    return (sympy.Rational(1, 8), sympy.Rational(1, 3))


def explore_entry(entry, *, seconds: float = 0.5, seed: int = 0, alphas=None) -> Exploration | None:
    """Quick :func:`explore` of one implication entry of the atlas table (its source notion,
    target notion, stated map and hypotheses: product priors for "independent", full-support
    priors, positive mechanisms).  None for entries whose map is not a function of the level
    alone (cardinalities, n, ε_X) or whose hypotheses cannot be generated (bounded datasets)."""
    from exactpriv.claims.relations import NOTIONS

    if entry.kind != "implication" or not entry.is_composable:
        return None
    # two records where a prior, the per-record structure (MI-DP) or the default value ⊥ of semantic
    # privacy matters (its extremal mechanism, RR of the parity, needs n = 2); one binary record otherwise
    two = {"mi_dp", "semantic_privacy", "bayesian_semantic_privacy"}
    needs = NOTIONS[entry.source][1] or NOTIONS[entry.target][1] or {entry.source, entry.target} & two
    space = "hamming:m=2,n=2" if needs else "hamming:m=2,n=1"
    conds = set(entry.conditions)
    return explore(entry.source, entry.target, entry.map, alphas=alphas or default_levels(entry.source),
                   space=space, seconds=seconds, seed=seed,
                   prior="independent" if "independent" in conds else ("uniform" if "uniform" in conds else "any"),
                   full_support="full-support" in conds, positive="positive" in conds, max_outputs=2,
                   local_steps=20, max_queries=8, bisection_steps=8,
                   key=f"{entry.claim}[{entry.reading}]")
