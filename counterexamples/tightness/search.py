"""The search at one level α: projection of random mechanisms to the boundary A = α, and local search.

Step 2-3 of :mod:`counterexamples.tightness`.  Random rows R are mixed with the uniform mechanism,
(1 − t)R + tU, with the smallest t such that A <= α: solved exactly for ``pure_dp`` with rational e^α
(each ratio is a ratio of affine functions of t), by bisection on dyadic t with exact decisions
otherwise (mixing with U decreases every jointly convex divergence, so the bisection is sound as a
search).  Local search moves exact rational mass inside rows of the best witness.  Floats only steer;
the best candidate is chosen by exact kernel comparisons.
"""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction

import sympy

from exactpriv import effort
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.numbers import EPS, as_exact, to_sympy
from .families import canonical_queries, BISECTION_STEPS, query_mechanism, random_mechanism, random_prior
from .results import as_float

__all__: list[str] = []  # helpers of the package; its public names are re-exported by counterexamples.tightness


# --------------------------------------------------------------------------------------
# the search
# --------------------------------------------------------------------------------------
def as_level(a, name="alpha"):
    """The level ``a`` as an exact sympy number >= 0."""
    v = to_sympy(as_exact(a, name, symbols=()))
    if v.is_negative:
        raise InvalidArgument(f"{name}={a!r} must be >= 0")
    return v


def as_stated_map(stated, name="stated"):
    """The stated map (text of the safe grammar, a number, or a sympy expression) as a sympy expression in eps."""
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


def as_space(space):
    """``space`` as a Space (a Space, or its text as the conjecture command takes it)."""
    from exactpriv.spaces import Space

    if isinstance(space, Space):
        return space
    from counterexamples.conjecture import parse_space

    return parse_space(space)


class ExplorationStopped(BaseException):
    """The time limit stopped the exploration (caught by :func:`~counterexamples.tightness.explore`; a
    BaseException, so the searches' handlers of refused candidates never swallow it)."""


def _check_time() -> None:
    """Raise :class:`ExplorationStopped` once the time limit in force has passed: the clock only stops (issue 19)."""
    if effort.expired():
        raise ExplorationStopped()


class Searcher:
    """The search for mechanisms near the boundary of one (given, measure) pair: candidates, their exact
    measures and the best one found at each level."""

    def __init__(self, given, measure, space, prior_kind, full_support, max_outputs, rng, *,
                 positive=False, bisection_steps=BISECTION_STEPS):
        from exactpriv.claims.relations import NOTIONS
        from exactpriv.measures import REGISTRY

        for n in (given, measure):
            if n not in REGISTRY and n != "record_mi":
                raise InvalidArgument(f"unknown measure {n!r}; known: {', '.join(REGISTRY)}, record_mi")
        self.given, self.measure = given, measure
        self.space, self.rng = space, rng
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
        return _remembered((self.given, "value"), M, P, lambda: self._fn(self.given)(M, P))

    def B(self, M, P):
        self.tried += 1
        return _remembered((self.measure, "value"), M, P, lambda: self._fn(self.measure)(M, P))

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
        """A(M) when A(M) <= alpha is decided true, else None."""
        return _remembered((self.given, "<=", alpha), M, P, lambda: self._feasible(M, P, alpha))

    def _feasible(self, M, P, alpha):
        from exactpriv.measures.result import at_most

        try:
            a = self.A(M, P)
        except ExactPrivError:
            return None
        holds = _at_most_by_balls(a.value, alpha) if _BALLS else None
        if holds is None:  # a tie, an infinity, an enclosure, or balls that overlap: the kernel decides
            holds = at_most(a, alpha).is_true
        return a if holds else None

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
            _check_time()
            mid = (lo + hi) / 2
            M = _mix(R, mid)
            a = self.feasible(M, P, alpha)
            if a is not None:
                hi, best = mid, (M, a)
            else:
                lo = mid
        return best


# --------------------------------------------------------------------------------------
# feasibility from certified balls
# --------------------------------------------------------------------------------------
# The search needs only the truth of A(M) <= α (of ~9,400 feasibility decisions in a report, none keeps its
# Decision); the kernel's compare also writes the decision's reason and certificate — the text of both sides,
# their difference as an exact value — about 40% of its cost.  Certified balls of both sides that do not overlap
# decide it the same way (Arb's containment guarantee: the exact values lie in the balls); anything else —
# equal values (a level the stated map attains), an infinity, an enclosure, a value arb_eval refuses (a Float, a
# free symbol: compare raises the same typed error) — goes to the kernel.  _BALLS = False is the plain path.
_BALLS = True
_BALL_PREC = 64


def _exact_scalar(v) -> bool:
    from exactpriv.exact.logforms import LogForm

    return isinstance(v, (Fraction, LogForm, sympy.Expr)) or (isinstance(v, int) and not isinstance(v, bool))


def _at_most_by_balls(value, level) -> bool | None:
    """``value <= level`` when certified arb balls of both at 64 bits lie apart, else None."""
    from exactpriv.exact.intervals import arb_eval

    if not (_exact_scalar(value) and _exact_scalar(level)):
        return None
    try:
        x, y = arb_eval(value, _BALL_PREC), arb_eval(level, _BALL_PREC)
    except ExactPrivError:
        return None
    if not (x.is_finite() and y.is_finite()):
        return None
    if x <= y:  # arb's comparisons hold for every pair of points of the two balls, else they are False
        return True
    if x > y:
        return False
    return None


# --------------------------------------------------------------------------------------
# measures remembered per exact candidate
# --------------------------------------------------------------------------------------
# A measure of a rational mechanism (and prior) is a pure function of its exact entries and the effort, and the
# explorer asks for the same ones again and again: the uniform mechanism of every projection, a query's
# randomized response under each prior and at each level, and the same seeded candidates in every exploration
# from the same notion (one report: 18,248 measures of 10,999 distinct candidates).  Mechanisms hash by their
# spaces only (Mechanism.__hash__), so the key holds the rows themselves.  Only exact rational candidates are
# remembered, never a result a time limit stopped; a caller gets its own witness dict (a shallow copy).
_MEMO: dict = {}
_MEMO_SIZE = 50_000


def _candidate_key(M, P):
    """The exact data of (M, P) as a hashable key, or None (a symbolic mechanism, an unusual prior)."""
    try:
        if not M.is_rational:
            return None
        key = (M.inputs, M.outputs, M.rows, None if P is None else (P.space, tuple(P.pmf)))
        hash(key)
    except (TypeError, AttributeError):
        return None
    return key


def _remembered(what: tuple, M, P, compute):
    """``compute()`` (a measure of (M, P), or a decision on one), remembered per (what, exact M, P, effort)."""
    from exactpriv.effort import current_effort, expired, recording_stops

    cand = _candidate_key(M, P) if _MEMO_SIZE > 0 else None
    if cand is None:
        return compute()
    key = (what, cand, current_effort())
    if key in _MEMO:
        found = _MEMO[key]
    else:
        with recording_stops() as stops:
            found = compute()
        if stops or expired():  # the time limit stopped part of the work: not the effort's result alone
            return found
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = found
    if dataclasses.is_dataclass(found) and isinstance(getattr(found, "witness", None), dict):
        # a shallow copy: callers set keys of a witness dict (conjecture's "kernel"), none mutates its values;
        # a deep copy of every answer was ~4% of the explorer
        return dataclasses.replace(found, witness=dict(found.witness))
    return found


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
        fv = as_float(lower)
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


def search_level(S: Searcher, alpha, exp_alpha, *, queries: bool, local_steps: int, max_queries: int,
                  examples: int) -> _Best:
    """The best candidate at level ``alpha`` after a fixed effort: the structured queries (at most
    ``max_queries`` per output count), ``examples`` random exact mechanisms projected to the boundary (half
    before the local search, half after) and ``local_steps`` local moves — counts, never the clock, so the
    same seed gives the same exploration on every machine.  The time limit in force only stops it
    (:class:`ExplorationStopped`)."""
    best = _Best()
    space = S.space
    n = space.size

    def consider(R, P, how):
        _check_time()
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
    # 1. structured: randomized response of queries
    if queries:
        for k in range(2, min(S.max_outputs, n) + 1):
            for q in canonical_queries(n, k, max_queries, S.rng):
                R = query_mechanism(space, q, k, t=0)
                for P in priors:
                    consider(R, P, f"randomized response of the query {q} (k={k})")

    def random_step():
        k = S.rng.randint(2, S.max_outputs)
        R = random_mechanism(space, k, S.rng, zeros=S.rng.random() < 0.5)
        consider(R, S.rng.choice(priors), "random exact mechanism projected to the boundary")

    # 2. random exact mechanisms projected to the boundary (the first half of the examples)
    first = examples // 2
    for _ in range(first):
        random_step()
        if S.needs_prior and S.rng.random() < 0.2:
            priors = S.priors()
    # 3. local search around the best, then the other half of the random examples
    for _ in range(local_steps if best.M is not None else 0):
        cand = _perturb(best.M, S.rng)
        if cand is not None:
            consider(cand, best.P, "local search (exact mass moves, re-projected)")
    for _ in range(examples - first):
        random_step()
    return best
