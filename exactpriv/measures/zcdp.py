"""Zero-concentrated differential privacy: ρ = sup over α > 1 of D_α(P_x‖P_x')/α, certified.

Definition (Bun, Steinke, "Concentrated Differential Privacy: Simplifications, Extensions, and
Lower Bounds", TCC 2016, Def. 1.1): M is ρ-zCDP iff D_α(M(x)‖M(x')) ≤ ρα for every α ∈ (1, ∞)
and every ordered neighbour pair (x, x').  The tightest ρ is

    ρ(M) = max over ordered neighbour pairs of  sup_{α > 1} D_α(P_x‖P_x') / α.

Conventions: +oo when some P(y|x) > 0 = P(y|x') (D_α = +oo for every α > 1); 0 ln 0 = 0.

Algorithm and why (the sup argument)
------------------------------------
For one pair write g(α) = D_α/α.  The sup over an unbounded set of a transcendental function is
not a finite computation, so we enclose it with three certified facts:

1. **Monotonicity in the order** (van Erven, Harremoës, "Rényi Divergence and Kullback–Leibler
   Divergence", IEEE Trans. IT 2014, Thm 3): α ↦ D_α is non-decreasing, hence on [a, b] ⊂ [1, ∞)
   D_a/b ≤ g(α) ≤ D_b/a.  D_1 is the KL divergence (the limit α → 1).
   Away from α = 1 the mean-value form g(m) + max|g'([a, b])|·(b − a)/2 (g' enclosed by arb
   over the ball [a, b]) is used when smaller: it is second order at an interior maximum, where
   the monotone bound alone would need ~1/tolerance intervals.  On intervals in [1, 2] the expansion at
   α = 1 is used too: K(α) = (α − 1)·D_α has K(1) = 0, K'(1) = KL, so D_α ≤ KL + M·(α − 1)/2 with
   M ≥ max K'' on [1, b] (enclosed by arb); this encloses a sup at the limit α → 1 without bisection.
2. **Tail**: D_α ≤ D_∞ = ln max_y P(y)/P'(y), so g ≤ D_∞/A on [A, ∞); A is chosen with
   D_∞/A below the best lower bound.
3. **Branch and bound** on [1, A]: the interval with the largest upper bound is bisected; each
   D_a at a rational order a is an arb ball (128 bits; exact LogForm for a = 1), turned into
   rational bounds by outward rounding.  Lower bound = the best D_a/a (with KL = lim_{α→1} g);
   upper bound = the largest D_b/a over the remaining intervals and the tail.

The result is a certified enclosure [lower, upper] (``Measured.value`` is None) of width at
most ``tolerance`` unless the step budget ends first; the witness names the pair and the order
attaining the lower bound ("1" means the limit α → 1, i.e. the KL divergence).  For randomized
response the sup is the limit α → 1 (ρ = KL = ε tanh(ε/2) ≤ ε²/2, Bun–Steinke Prop. 1.4), so
the enclosure is [KL, KL + tolerance].
"""

from __future__ import annotations

import heapq
from fractions import Fraction

import flint

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_to_fmpq_bounds, working_precision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.result import Measured, at_most
from exactpriv.spaces import check_enumerable
from exactpriv.exact.numbers import OO
from exactpriv.measures.arguments import check_mechanism, check_pmf_pair, exact_level

__all__ = ["zcdp", "is_zcdp", "pair_zcdp"]

#: Working precision of the arb balls, bits.
_PREC = 128
#: Default width of the certified enclosure.
DEFAULT_TOLERANCE = Fraction(1, 10**12)
#: Most interval bisections per pair (each costs one arb evaluation of D_a).
_MAX_STEPS = 4000
#: Most (ordered pair, output) entries zcdp accepts (each distinct pair costs hundreds of arb sums).
_MAX_PAIR_ENTRIES = 100_000


def _arb_q(q):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def _q(x: Fraction):
    return flint.fmpq(x.numerator, x.denominator)


def _fraction(x) -> Fraction:
    return Fraction(int(x.p), int(x.q))


class _PairSup:
    """Branch and bound for sup_{α>1} D_α(P‖Q)/α of one pair with supp P ⊆ supp Q.

    The orders and bounds are exact rationals held as ``flint.fmpq`` (the same values as Fractions: exact
    arithmetic in C instead of Python, which took most of the time of the bisection); results are Fractions.
    """

    def __init__(self, p, q):
        self.terms = [(a, b) for a, b in zip(p, q) if a > 0]
        self.cache: dict = {}
        self.m2_cache: dict = {}
        kl = LogForm(0, logs=[(a / b, a) for a, b in self.terms])
        # keyed by (numerator, denominator): an fmpq hashes through Python's Fraction hash, which was a fifth of the time
        self.cache[(flint.fmpz(1), flint.fmpz(1))] = arb_to_fmpq_bounds(kl.arb(_PREC))
        ratio = max(a / b for a, b in self.terms)
        with working_precision(_PREC):
            self.dmax = arb_to_fmpq_bounds(_arb_q(ratio).log())[1]  # D_∞ upper bound
            # p^a q^(1-a) = q exp(a ln(p/q)): the balls of q and ln(p/q) are computed once
            self.q_balls = [_arb_q(y) for _, y in self.terms]
            self.log_ratios = [(_arb_q(x) / _arb_q(y)).log() for x, y in self.terms]

    def D(self, a):
        """Rational bounds (fmpq) of D_a (a ≥ 1 an fmpq)."""
        key = (a.p, a.q)
        got = self.cache.get(key)
        if got is None:
            with working_precision(_PREC):
                A = flint.arb(a)
                s = flint.arb(0)
                for qb, lr in zip(self.q_balls, self.log_ratios):
                    s += qb * (A * lr).exp()
                got = self.cache[key] = arb_to_fmpq_bounds(s.log() / flint.arb(a - 1))
        return got

    def taylor_at_one(self, a, b):
        """An upper bound of g = D_α/α on [a, b] from the expansion at α = 1 (None when arb cannot bound K'').

        With K(α) = ln Σ q e^{α ln(p/q)} (so D_α = K(α)/(α − 1), K(1) = 0, K'(1) = KL) and t = α − 1,
        Taylor's theorem with the integral remainder gives K(1 + t) ≤ KL·t + M·t²/2 for M ≥ max K'' on [1, b],
        hence g(α) ≤ (KL + M·(α − 1)/2)/α = c1 + (c0 − c1)/α with c0 = KL, c1 = M/2: monotone in α, so its
        maximum on [a, b] is at a (c0 ≥ c1) or at b.  K'' = S''/S − (S'/S)² is enclosed by arb over the ball
        [1, b], where it has no 0/0 (the mean-value form's g' has one at α = 1, which made every interval
        near 1 fall back on the monotone bound and be bisected down to the tolerance).  When KL > M/2 (for
        randomized response always: ε·tanh(ε/2) > ε²·sech²(ε/2)/2) the bound is KL at α = 1, so a sup at the
        limit α → 1 is enclosed without bisecting towards it."""
        key = (b.p, b.q)
        m2 = self.m2_cache.get(key)
        if m2 is None:
            with working_precision(_PREC):
                al = flint.arb(1).union(flint.arb(b))
                S, dS, d2S = flint.arb(0), flint.arb(0), flint.arb(0)
                for qb, lr in zip(self.q_balls, self.log_ratios):
                    t = qb * (al * lr).exp()
                    S += t
                    dS += t * lr
                    d2S += t * lr * lr
                k2 = d2S / S - (dS / S) ** 2
                m2 = arb_to_fmpq_bounds(k2)[1] if k2.is_finite() else False
            self.m2_cache[key] = m2
        if m2 is False:
            return None
        c0, c1 = self.D(flint.fmpq(1))[1], max(m2, flint.fmpq(0)) / 2
        return c1 + (c0 - c1) / (a if c0 >= c1 else b)

    def upper_on(self, a, b):
        """An upper bound of g = D_α/α on [a, b]: the smallest of the monotone bound D_b/a, the
        mean-value form g(m) + max|g'([a, b])|·(b − a)/2 (m the midpoint; g' enclosed by arb
        over the ball [a, b]; second order near an interior maximum, where g' is small) and, for
        b ≤ 2, the expansion at α = 1 (:meth:`taylor_at_one`; first order at a sup in the limit α → 1)."""
        mono = self.D(b)[1] / a
        if b <= 2:
            near_one = self.taylor_at_one(a, b)
            if near_one is not None:
                mono = min(mono, near_one)
        if a == 1:
            return mono
        m = (a + b) / 2
        gm = self.D(m)[1] / m
        with working_precision(_PREC):
            al = flint.arb(a).union(flint.arb(b))
            S, dS = flint.arb(0), flint.arb(0)
            for qb, lr in zip(self.q_balls, self.log_ratios):
                t = qb * (al * lr).exp()
                S += t
                dS += t * lr
            K, dK = S.log(), dS / S
            den = al * (al - 1)
            dg = (dK * den - K * (2 * al - 1)) / (den * den)
            if not dg.is_finite():
                return mono
            bound = arb_to_fmpq_bounds(abs(dg))[1]
        return min(mono, gm + bound * (b - a) / 2)

    def run(self, tolerance: Fraction, max_steps: int, floor: Fraction | None = None):
        """(lower, upper, argmax order) as Fractions with lower ≤ sup g ≤ upper.

        floor : a lower bound of the maximum over all pairs (another pair's): the bisection stops once this
            pair's upper bound is within ``tolerance`` of it, since then the pair cannot widen the maximum's
            enclosure beyond the tolerance (its own lower bound is still returned, and is still a lower bound).
        """
        lo, up, arg = self._run(_q(tolerance), max_steps, None if floor is None else _q(floor))
        return _fraction(lo), _fraction(up), _fraction(arg)

    def _run(self, tolerance, max_steps: int, floor):
        one, zero = flint.fmpq(1), flint.fmpq(0)
        lo_best, arg = self.D(one)[0], one  # lim_{α→1} g = KL
        if self.dmax <= 0:  # P = Q on the support: every D_α = 0
            return zero, zero, one
        heap = []  # (-upper, a, b)
        a = one
        while True:
            b = a * 2
            heapq.heappush(heap, (-self.upper_on(a, b), a, b))
            lo = self.D(b)[0] / b
            if lo > lo_best:
                lo_best, arg = lo, b
            a = b
            if self.dmax / a <= max(lo_best, zero) or a > 2**40:
                break
        tail = self.dmax / a
        for _ in range(max_steps):
            up = max(-heap[0][0], tail)
            if up - (lo_best if floor is None else max(lo_best, floor)) <= tolerance or -heap[0][0] < tail:
                break
            _, a, b = heapq.heappop(heap)
            # the sup often sits at the limit alpha -> 1: approach 1 geometrically
            m = 1 + (b - 1) / 16 if a == 1 else (a + b) / 2
            dm = self.D(m)
            if dm[0] / m > lo_best:
                lo_best, arg = dm[0] / m, m
            heapq.heappush(heap, (-self.upper_on(a, m), a, m))
            heapq.heappush(heap, (-self.upper_on(m, b), m, b))
        up = max(-heap[0][0], tail)
        return lo_best, max(up, lo_best), arg


def pair_zcdp(P, Q, *, tolerance=DEFAULT_TOLERANCE) -> Measured:
    """sup_{α>1} D_α(P‖Q)/α for two exact pmfs, as a certified enclosure (see the module head)."""
    p, q = check_pmf_pair(P, Q)
    tol = _tolerance(tolerance)
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return Measured("zcdp", OO, method="exact support check", note="P(y) > 0 = Q(y): D_alpha = oo")
    lo, hi, arg = _PairSup(p, q).run(tol, _MAX_STEPS)
    return Measured("zcdp", None, lo, hi, witness={"alpha": str(arg)}, method=_METHOD,
                    note=_width_note(lo, hi, tol))


def _width_note(lo: Fraction, hi: Fraction, tol: Fraction) -> str:
    """Say what width was reached: the requested tolerance, or the wider enclosure the step budget
    left (the sup can sit so close to α = 1 that the bisection needs more than _MAX_STEPS steps)."""
    width = hi - lo
    if width <= tol:
        return f"tolerance {tol} reached"
    return (f"enclosure width {float(width):.3g} is wider than the requested tolerance {tol}: "
            f"the bisection stopped at its step budget of {_MAX_STEPS} steps per pair")


_METHOD = ("certified enclosure: monotonicity of D_alpha in alpha, mean-value form, tail D_oo/A, bisection on [1, A] "
           f"(arb, {_PREC} bits)")


def _tolerance(tolerance):
    if isinstance(tolerance, (bool, float)):
        raise InvalidArgument(f"tolerance={tolerance!r} must be an exact positive rational such as '1/10**12'")
    try:
        t = Fraction(tolerance)
    except (TypeError, ValueError):
        raise InvalidArgument(f"tolerance={tolerance!r} must be an exact positive rational") from None
    if t <= 0:
        raise InvalidArgument(f"tolerance={tolerance!r} must be > 0")
    return t


def zcdp(M, *, tolerance=DEFAULT_TOLERANCE) -> Measured:
    """Tightest ρ of ρ-zCDP (Bun–Steinke, TCC 2016, Def. 1.1): max over ordered neighbour pairs
    of sup_{α>1} D_α(P_x‖P_x')/α, as a certified enclosure of width ≤ ``tolerance``.

    ``+oo`` when some neighbour pair has P(y|x) > 0 = P(y|x').  Rational mechanisms only.
    Witness: {"pair": [x, x'], "alpha": order attaining the lower bound ("1" = the limit, KL)}.
    Pairs with equal row multisets are evaluated once; a pair is refined only while its upper
    bound reaches the best lower bound found so far.
    """
    M = check_mechanism(check_mechanism(M, "zcdp", expand=False), "zcdp")
    M.require_rational("zcdp")
    check_enumerable(2 * len(M.inputs.edges) * len(M.outputs), lambda: f"the zcdp bisection of {M!r:.80} (pairs x outputs)",
                     limit=_MAX_PAIR_ENTRIES)
    tol = _tolerance(tolerance)
    pts = M.inputs.points
    edges = M.inputs.edges
    if len(edges) == 0:
        return Measured("zcdp", Fraction(0), method="vacuous", note="no neighbour pairs")
    seen: dict = {}
    for i, j in edges.tolist():
        for x, x2 in ((i, j), (j, i)):
            key = tuple(sorted(zip(M.rows[x], M.rows[x2])))
            if key in seen:
                continue
            seen[key] = (x, x2)
    for key, (x, x2) in seen.items():
        if any(a > 0 and b == 0 for a, b in key):
            return Measured("zcdp", OO, witness={"pair": [pts[x], pts[x2]]}, method="exact support check",
                            note="P(y|x) > 0 = P(y|x'): D_alpha = oo for every alpha > 1")
    # coarse pass, then refine the pairs that can still be the maximum
    coarse = {}
    for key, pr in seen.items():
        s = _PairSup([a for a, _ in key], [b for _, b in key])
        coarse[key] = (s, *s.run(Fraction(1, 2**10), 60))
    best_lo = max(c[1] for c in coarse.values())
    lo, hi, wit = Fraction(-1), Fraction(0), None
    # the pairs that can still be the maximum, most promising first, so that the best lower bound found so far
    # stops the others' bisection early (their upper bounds need only come within the tolerance of it)
    order = {key: k for k, key in enumerate(coarse)}  # ties go to the first pair in edge order, as before
    wit_at = len(order)
    for key, (s, clo, chi, carg) in sorted(coarse.items(), key=lambda kv: (-kv[1][2], -kv[1][1], order[kv[0]])):
        if chi < max(best_lo, lo):
            hi = max(hi, chi)
            continue
        plo, phi, parg = s.run(tol, _MAX_STEPS, floor=max(best_lo, lo))
        if clo > plo:  # the floor can stop the refinement before the coarse pass's steps: keep the better bound
            plo, parg = clo, carg
        hi = max(hi, phi)
        if plo > lo or (plo == lo and order[key] < wit_at):
            lo, wit, wit_at = plo, (seen[key], parg), order[key]
    (x, x2), arg = wit
    hi = max(hi, lo)
    return Measured("zcdp", None, lo, hi, witness={"pair": [pts[x], pts[x2]], "alpha": str(arg)},
                    method=_METHOD, note=_width_note(lo, hi, tol))


def is_zcdp(M, rho, *, tolerance=DEFAULT_TOLERANCE) -> Decision:
    """Decide ρ-zCDP: zcdp(M) ≤ rho.  TRUE when the certified upper bound is ≤ rho, FALSE when
    the lower bound exceeds it; otherwise the enclosure is refined (tolerance / 2^20) once more
    before answering UNDECIDED with the enclosure."""
    lv = exact_level(rho, "rho")
    m = zcdp(M, tolerance=tolerance)
    if m.value is not None:
        return compare(m.value, "<=", lv)
    d = at_most(m, lv)
    if d.is_undecided:
        d = at_most(zcdp(M, tolerance=_tolerance(tolerance) / 2**20), lv)
    return d
