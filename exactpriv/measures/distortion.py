"""Privacy–distortion measures of Wang–Ying–Zhang (seed 000): distortion, h, ε_X, ε̃_X, the optimal
distortion under ε-DP / ε-identifiability / the relaxed problem R-PD, and the KKT / rate–distortion
certificates of Theorem 2.

Algorithms, and why
-------------------
* **Optimal distortion (PD-DP (14)–(17), PD-I (8)–(13), R-PD (22)–(27)) are linear programs** once
  e^ε = t is rational.  PD-DP is linear in p(y|x) as written.  PD-I is bilinear in (p(x|y), p_Y),
  but in the joint q(x, y) = p_Y(y) p(x|y) = p_X(x) p(y|x) it is linear: the posterior-ratio
  constraint (9) p(x|y) <= t p(x'|y) is q(x,y) <= t q(x',y) (p_Y(y) cancels; outputs with
  p_Y(y) = 0 carry free posteriors that can always be chosen feasible, e.g. uniform), (12) is
  Σ_y q(x,y) = p_X(x), and the objective (8) is Σ q(x,y) d(x,y).  R-PD in the joint is the same
  LP with (12) replaced by Σ_{x,y} q(x,y) = 1 (the marginal constraint dropped: Fig. 3).
  Every LP is solved by :func:`exactpriv.exact.lp.solve_lp` — HiGHS in floating point, then an
  exact certificate (rational primal and dual feasibility with equal objectives, or an exact
  re-solve on the optimal basis); no hand-written simplex.  An infeasible LP (PD-I below ε_X,
  Lemma 3) gives D* = +oo with a checked Farkas certificate.  Measured: the 729-variable PD-DP
  LP on D^3, m = 3 certifies in well under a second (``bench/bench_pd_lp.py``); the PD-I LP of
  the same size needs the exact basis solve (1–3 s).
* **ε̃_X** (defined after (18)): for t = e^ε > 1 the posterior matrix K_t(x, y) = t^{-d(x,y)} /
  (1 + (m-1)/t)^n is the n-fold Kronecker power of k_t = ((t-1) I + J)/(t+m-1), and
  k_t^{-1} = ((t+m-1) I - J)/(t-1), so the unique candidate p_Y = K_t^{-1} p_X has entries
  P_y(t)/(t-1)^n with P_y = [((t+m-1) I - J)^{⊗n} p_X](y) a polynomial of degree <= n.  The
  feasible set {t : all P_y(t) >= 0} is computed *exactly*: the distinct irreducible factors of the
  P_y (sympy ``factor_list``) have their real roots isolated in rational intervals (sympy
  ``Poly.intervals``, Vincent–Akritas; intervals refined by exact bisection), every P_y is
  evaluated exactly at rational points between consecutive roots, and a root belongs to the
  feasible set iff every P_y either vanishes there (its factor divides P_y) or is positive next
  to it.  ε̃_X = log(inf of that set): a LogForm when the infimum is rational, otherwise a
  ``CRootOf`` with a certified rational enclosure.  Whether the set is upward closed (used
  silently by Lemma 4) is *reported*, not assumed.  The polynomial algebra uses python-flint
  ``fmpq_poly`` (exact, fast); the Kronecker application is hand-written (a few lines) because
  no library applies a structured Kronecker inverse to polynomial-valued tensors.
* **Theorem 2** is checked by certificates, never by a convex solver: the stationarity (94) of
  PD-MIP with the paper's multipliers is verified term by term in exact log-forms
  (:class:`~exactpriv.exact.logforms.LogForm`), and R(D) = I(E_i) is certified by Csiszár's
  dual bound R(D) >= -sD + Σ_x p(x) ln λ(x), valid whenever Σ_x p(x) λ(x) e^{-s d(x,y)} <= 1 for
  every y (Csiszár 1974; Berger 1971, Thm 2.5.3) — with s = ε and λ(x) = 1/(p(x)(1+(m-1)e^{-ε})^n)
  the condition holds with equality for every y and the bound equals I(E_i) exactly, so
  I(E_i) = R(h(ε)).  This certificate also covers ε = ε̃_X, where p_Y has zeros and (94) is
  undefined (ln 0/0).

Conventions: distortions and LP optima are exact Fractions (``sympy.oo`` for an infeasible
problem); ε-valued results are LogForms (or ``sympy.oo``); 0·log 0 = 0.  Privacy levels enter as
``exp_eps`` = e^ε, an exact rational >= 1, so that every LP is rational.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import ExactPrivError, InvalidArgument, SpaceTooLargeError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.lp import LPResult, solve_lp
from exactpriv.exact.numbers import as_exact, as_rational, to_sympy
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.measures.result import Measured
from exactpriv.spaces import Hamming, describe_size

__all__ = [
    "EpsTilde",
    "KKTResult",
    "OptimalDistortion",
    "RateDistortion",
    "eps_tilde_X",
    "exp_eps_X",
    "exp_h_inverse",
    "expected_distortion",
    "h",
    "h_inverse",
    "kkt_check_pdmip",
    "optimal_distortion_dp",
    "optimal_distortion_identifiability",
    "posterior_polynomials",
    "rate_distortion_certificate",
    "rate_distortion_dual_bound",
    "relaxed_distortion",
    "relaxed_dual_certificate",
]

#: Largest number of LP variables (N^2 = m^{2n}) the privacy–distortion LPs accept by default.
#: 6,561 (D^4, m = 3) is where the exact basis solve becomes a matter of minutes.
#: Empirically determined parameter.
MAX_LP_VARIABLES = 6561

_T = sympy.Symbol("t", positive=True)


# ======================================================================================
# validation
# ======================================================================================
def _int(v, name: str, low: int) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        if isinstance(v, Fraction) and v.denominator == 1:
            v = int(v)
        elif isinstance(v, sympy.Integer):
            v = int(v)
        else:
            raise InvalidArgument(f"{name}={v!r} of type {type(v).__name__} must be an int >= {low}")
    v = int(v)
    if v < low:
        raise InvalidArgument(f"{name}={v!r} must be an int >= {low}")
    return v


def _nm(n, m) -> tuple[int, int]:
    return _int(n, "n", 1), _int(m, "m", 2)


def _exp_eps(t, name: str = "exp_eps") -> Fraction:
    """e^ε as an exact rational >= 1 (ε >= 0); floats raise NotExactError (from as_rational)."""
    q = as_rational(t, name)
    if q < 1:
        raise InvalidArgument(f"{name}={q} must be >= 1 (it is e^eps with eps >= 0)")
    return q


def _prior_on_Dn(prior, what: str) -> tuple[Hamming, int, int]:
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior ({what})")
    space = prior.space
    if not isinstance(space, Hamming) or len(set(space.alphabets)) != 1:
        raise InvalidArgument(
            f"{what} needs a prior on D^n (Hamming(values, n) with one alphabet, seed 000 §2), got {space!r}")
    m = len(space.alphabets[0])
    if m < 2:
        raise InvalidArgument(f"{what} needs |D| = m >= 2 (seed 000 §2), got the alphabet {list(space.alphabets[0])!r}")
    return space, space.n, m


def _check_lp_size(variables: int, max_variables: int, what: str) -> None:
    if not isinstance(max_variables, int) or isinstance(max_variables, bool) or max_variables < 1:
        raise InvalidArgument(f"max_variables={max_variables!r} must be a positive int")
    if variables > max_variables:
        raise SpaceTooLargeError(
            f"{what} has {variables:,} variables, above max_variables={max_variables:,}; use a smaller D^n "
            f"or pass max_variables=... deliberately")


# ======================================================================================
# distortion, h, ε_X
# ======================================================================================
def expected_distortion(M, prior):
    """Expected Hamming distortion E[d(X, Y)] = Σ_{x,y} p_X(x) p(y|x) d(x, y)  (seed 000, eq. (5)).

    The mechanism's outputs must be databases of the input space D_1 × ... × D_n (the paper's
    setting R = D^n); d is the Hamming distance.  Returns an exact Fraction for rational
    mechanisms, a (cancelled) sympy expression for symbolic ones.

    Raises InvalidArgument if an output is not a database of the input space, SpaceMismatchError
    if the prior lives on another space.
    """
    if isinstance(M, ProductMechanism):
        M = M.expand()
    if not isinstance(M, Mechanism):
        raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism")
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior")
    prior.check_space(M.inputs, "mechanism")
    space = M.inputs
    if not isinstance(space, Hamming):
        raise InvalidArgument(f"expected_distortion needs a Hamming input space (D^n), got {space!r}")
    out_idx = []
    for y in M.outputs:
        if y not in space:
            raise InvalidArgument(
                f"output {y!r} is not a database of {space!r}: the Hamming distortion d(x, y) of seed 000 (5) "
                f"needs outputs in the same universe as the inputs")
        out_idx.append(space.index(y))
    dist = space.distance_matrix()[:, out_idx]
    if M.is_rational:
        num, den = M.integer_rows()
        total = Fraction(0)
        for x, p in enumerate(prior.pmf):
            if p == 0:
                continue
            row = num[x].astype(object) if num.dtype != object else num[x]
            s = int(np.dot(row, dist[x].astype(object)))
            total += p * Fraction(s, int(den[x]))
        return total
    terms = [to_sympy(p) * to_sympy(v) * int(dist[x, j])
             for x, (p, row) in enumerate(zip(prior.pmf, M.rows)) if p != 0
             for j, v in enumerate(row) if dist[x, j] != 0]
    expr = sympy.cancel(sympy.Add(*terms))
    return Fraction(int(expr.p), int(expr.q)) if expr.is_Rational else expr


def _t_of(eps, exp_eps):
    """(t, exact?) from exactly one of eps / exp_eps: a Fraction when e^eps is rational, else sympy."""
    if (eps is None) == (exp_eps is None):
        raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
    if exp_eps is not None:
        return _exp_eps(exp_eps)
    if isinstance(eps, LogForm):
        eps = eps.to_sympy()
    if eps is sympy.oo or eps == sympy.oo:
        return sympy.oo
    e = as_exact(eps, "eps")
    es = to_sympy(e)
    if es.is_negative:
        raise InvalidArgument(f"eps={eps!r} must be >= 0")
    t = sympy.exp(es)
    return Fraction(int(t.p), int(t.q)) if t.is_Rational else t


def h(eps=None, n=None, m=None, *, exp_eps=None):
    """h(ε) = n / (1 + e^ε/(m-1))  (seed 000, eqs. (19), (36)): the optimal distortion of R-PD.

    Give ``eps`` (exact number, LogForm, sympy expression in ``EPS``, or ``sympy.oo``) or
    ``exp_eps`` = e^ε (exact rational >= 1).  Returns a Fraction when e^ε is rational, else a sympy
    expression.  h is decreasing with h(0) = n(m-1)/m and h(oo) = 0.
    """
    n, m = _nm(n, m)
    t = _t_of(eps, exp_eps)
    if t == sympy.oo:
        return Fraction(0)
    if isinstance(t, Fraction):
        return Fraction(n * (m - 1)) / (m - 1 + t)
    return sympy.Integer(n) / (1 + t / (m - 1))


def exp_h_inverse(D, n, m):
    """e^{h^{-1}(D)} = (n/D - 1)(m - 1) (seed 000, eq. (19)): rational for rational D.

    ``sympy.oo`` at D = 0 and 0 at D = n; D must lie in [0, n]."""
    n, m = _nm(n, m)
    d = as_rational(D, "D")
    if not 0 <= d <= n:
        raise InvalidArgument(f"D={d} must lie in [0, n] = [0, {n}]")
    if d == 0:
        return sympy.oo
    return (Fraction(n) / d - 1) * (m - 1)


def h_inverse(D, n, m):
    """h^{-1}(D) = ln(n/D - 1) + ln(m - 1)  (seed 000, eq. (19)), for rational D in [0, n].

    An exact LogForm (negative when D > n(m-1)/m); ``sympy.oo`` at D = 0, ``-sympy.oo`` at D = n.
    """
    t = exp_h_inverse(D, n, m)
    if t == sympy.oo:
        return sympy.oo
    if t == 0:
        return -sympy.oo
    return LogForm.log(t)


def exp_eps_X(prior) -> Fraction:
    """e^{ε_X} = max over neighbours x ~ x' of p_X(x)/p_X(x')  (seed 000, eq. (18)).

    A Fraction >= 1; ``sympy.oo`` when some neighbour pair has p(x) > 0 = p(x') (ε_X infinite);
    0/0 pairs are ignored; 1 if there is no pair.  :func:`exactpriv.measures.bayesian.eps_X`
    gives ln of this value with its witness.
    """
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior")
    best = Fraction(1)
    pmf = prior.pmf
    for a, b in prior.space.directed_edges().tolist():
        pa, pb = pmf[a], pmf[b]
        if pb == 0:
            if pa > 0:
                return sympy.oo
            continue
        if pa / pb > best:
            best = pa / pb
    return best


# ======================================================================================
# ε̃_X: exact feasibility of the posterior family (61)
# ======================================================================================
def _kron_apply(values, n: int, m: int, diag, off, add):
    """Apply (diag·I + off·J)^{⊗n} to a flat tensor (last record fastest), elementwise ring ops.

    Hand-written: a structured Kronecker product on a tensor of polynomials (no library does this
    for flint polynomials); cost n·m^n.  ``add`` is the zero of the ring.
    """
    t = list(values)
    N = m ** n
    for axis in range(n):
        stride = m ** (n - 1 - axis)
        out = [None] * N
        for base in range(N):
            if (base // stride) % m != 0:
                continue
            idx = [base + k * stride for k in range(m)]
            s = add
            for i in idx:
                s = s + t[i]
            for i in idx:
                out[i] = diag * t[i] + off * s
        t = out
    return t


def posterior_polynomials(prior) -> list:
    """P_y(t) = [((t+m-1) I - J)^{⊗n} p_X](y), so that p_Y = K_t^{-1} p_X = P(t)/(t-1)^n (t = e^ε > 1).

    Seed 000, definition of ε̃_X (after (18)) and E_i (29).  Returns sympy Polys in ``t`` over QQ,
    aligned with ``prior.space.points``.
    """
    space, n, m = _prior_on_Dn(prior, "posterior_polynomials")
    tpoly = flint.fmpq_poly([m - 1, 1])  # t + m - 1
    vals = [flint.fmpq_poly([flint.fmpq(p.numerator, p.denominator)]) for p in prior.pmf]
    res = _kron_apply(vals, n, m, tpoly, flint.fmpq_poly([-1]), flint.fmpq_poly([0]))
    out = []
    for P in res:
        coeffs = [Fraction(int(c.p), int(c.q)) for c in P.coeffs()]
        out.append(sympy.Poly([sympy.Rational(c.numerator, c.denominator) for c in reversed(coeffs)] or [0],
                              _T, domain=sympy.QQ))
    return out


@functools.lru_cache(maxsize=4096)
def _int_coeffs(P: sympy.Poly) -> tuple[int, ...]:
    """Integer coefficients (highest degree first) of a positive multiple of P; () for P = 0."""
    cs = [Fraction(int(c.p), int(c.q)) for c in P.all_coeffs()]
    L = math.lcm(*(c.denominator for c in cs)) if cs else 1
    out = tuple(int(c * L) for c in cs)
    return () if not any(out) else out


def _qsign(P: sympy.Poly, q: Fraction) -> int:
    """sign P(q) for rational q, in integer arithmetic: b^deg · P(a/b) = Σ c_i a^(deg-i) b^i."""
    cs = _int_coeffs(P)
    if not cs:
        return 0
    a, b = q.numerator, q.denominator
    acc, bp = 0, 1
    for c in cs:  # homogeneous Horner: acc_k = acc_{k-1}·a + c_k·b^k, so acc_d = b^d P(a/b) (b > 0)
        acc = acc * a + c * bp
        bp *= b
    return (acc > 0) - (acc < 0)


def _sgn(v) -> int:
    return (v > 0) - (v < 0)


class _Root:
    """A real root of the irreducible Poly ``f``: exactly ``lo`` when lo == hi, else the unique root
    in the open interval (lo, hi) with f(lo)·f(hi) < 0 (rational ends are never roots of an
    irreducible polynomial of degree >= 2)."""

    __slots__ = ("f", "lo", "hi")

    def __init__(self, f, lo: Fraction, hi: Fraction):
        self.f, self.lo, self.hi = f, lo, hi
        if lo != hi and _qsign(f, lo) * _qsign(f, hi) >= 0:
            raise ExactPrivError(f"internal: ({lo}, {hi}) does not isolate a simple root of {f.as_expr()}")

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    def bisect(self) -> None:
        if self.exact:
            return
        mid = (self.lo + self.hi) / 2
        v = _qsign(self.f, mid)
        if v == 0:
            self.lo = self.hi = mid
        elif v == _qsign(self.f, self.lo):
            self.lo = mid
        else:
            self.hi = mid

    def refine(self, width: Fraction) -> None:
        while not self.exact and self.hi - self.lo > width:
            self.bisect()

    def cmp(self, q: Fraction) -> int:
        """sign(root - q), exactly."""
        while True:
            if self.exact:
                return _sgn(self.lo - q)
            if q <= self.lo:
                return 1
            if q >= self.hi:
                return -1
            v = _qsign(self.f, q)
            if v == 0:  # only for linear factors
                self.lo = self.hi = q
                return 0
            return 1 if v == _qsign(self.f, self.lo) else -1

    def to_sympy(self):
        if self.exact:
            return sympy.Rational(self.lo.numerator, self.lo.denominator)
        index = self.f.count_roots(None, sympy.Rational(self.lo.numerator, self.lo.denominator))
        return sympy.CRootOf(self.f.as_expr(), int(index))

    def __repr__(self):
        return f"root of {self.f.as_expr()} in [{self.lo}, {self.hi}]"


def _roots_above_one(polys) -> list[_Root]:
    """Sorted, pairwise strictly separated real roots > 1 of the nonzero polys (distinct roots)."""
    factors = {}
    for P in polys:
        if P.is_zero or P.degree() <= 0:
            continue
        _, fl = P.factor_list()
        for f, _e in fl:
            f = f.monic()
            factors[f.as_expr()] = f
    roots = []
    for f in factors.values():
        for (a, b), _mult in f.intervals():
            a, b = Fraction(int(a.p), int(a.q)), Fraction(int(b.p), int(b.q))
            if a == b:
                r = _Root(f, a, a)
            else:
                r = _Root(f, a, b)
            if r.cmp(Fraction(1)) > 0:
                roots.append(r)
    # sort and separate (distinct irreducible monic factors have distinct roots)
    changed = True
    while changed:
        changed = False
        roots.sort(key=lambda r: (r.lo, r.hi))
        for r1, r2 in zip(roots, roots[1:]):
            if r1.hi >= r2.lo:
                r1.bisect()
                r2.bisect()
                changed = True
    for r in roots:  # strictly above 1
        while r.lo <= 1 and not r.exact:
            r.bisect()
    return roots


def _divides(f: sympy.Poly, P: sympy.Poly) -> bool:
    return (not P.is_zero) and P.rem(f).is_zero


@dataclass(frozen=True, repr=False)
class EpsTilde(Measured):
    """ε̃_X with its exact description (see :func:`eps_tilde_X`).

    Extra attributes: ``exp_value`` (t̃ = e^{ε̃_X}: a Fraction, a sympy ``CRootOf`` or ``sympy.oo``),
    ``exact`` (ε̃_X as a sympy expression), ``exp_enclosure`` (rational lo <= t̃ <= hi),
    ``feasible_pieces`` (the feasible set in t as a list of ("point", r) / ("open", a, b) pieces, in
    increasing order, with b = oo for the last), ``upward_closed`` (feasible for every t >= t̃),
    ``attained`` (t̃ itself feasible), ``polynomials`` (the P_y).
    """

    exp_value: Any = None
    exact: Any = None
    exp_enclosure: tuple = ()
    feasible_pieces: tuple = ()
    upward_closed: bool = True
    attained: bool = True
    polynomials: tuple = ()
    _root: Any = None
    _uniform: bool = False

    def exp_compare(self, t) -> int:
        """sign(t - t̃) exactly, for a rational t (t̃ = e^{ε̃_X}); -1 when t̃ = oo."""
        q = as_rational(t, "t")
        if self.exp_value == sympy.oo:
            return -1
        if isinstance(self.exp_value, Fraction):
            return _sgn(q - self.exp_value)
        return -self._root.cmp(q)

    def feasible_at(self, t) -> bool:
        """Is the posterior family (61) feasible at e^ε = t (all P_y(t) >= 0; t = 1: uniform prior)?"""
        q = _exp_eps(t, "t")
        if q == 1:
            return self._uniform
        return all(_qsign(P, q) >= 0 for P in self.polynomials)

    def __repr__(self):
        return (f"EpsTilde(exp_value={self.exp_value}, enclosure={[str(v) for v in self.exp_enclosure]}, "
                f"upward_closed={self.upward_closed}, attained={self.attained})")


def eps_tilde_X(prior, *, width=Fraction(1, 2 ** 40)) -> EpsTilde:
    """ε̃_X: the smallest ε such that the posteriors p(x|y) = e^{-ε d(x,y)}/(1+(m-1)e^{-ε})^n are
    feasible, i.e. some pmf p_Y has Σ_y p(x|y) p_Y(y) = p_X(x) for all x  (seed 000, after (18)).

    Exact algorithm (module docstring): for t = e^ε > 1 the only candidate is p_Y = K_t^{-1} p_X =
    P(t)/(t-1)^n, so the feasible set is {t > 1 : P_y(t) >= 0 ∀y}, plus t = 1 iff p_X is uniform
    (K_1 = J/N).  It is computed exactly by real-root isolation; ε̃_X = ln(inf of the set) — ``sympy.oo``
    when the set is empty (priors without full support can be infeasible for every finite ε).

    The result's ``value`` is the exact LogForm ln t̃ when t̃ is rational; otherwise ``value`` is
    None, ``exact`` is ln(CRootOf(...)) and ``lower``/``upper`` are the LogForms ln(lo), ln(hi)
    of a certified enclosure of width <= ``width`` in t.  ``upward_closed`` reports whether
    feasibility holds for every ε >= ε̃_X (implicitly assumed by Lemma 4).
    """
    space, n, m = _prior_on_Dn(prior, "eps_tilde_X")
    width = as_rational(width, "width")
    if width <= 0:
        raise InvalidArgument(f"width={width} must be > 0")
    polys = posterior_polynomials(prior)
    uniform = all(p == prior.pmf[0] for p in prior.pmf)
    roots = _roots_above_one(polys)

    def signs_at(q):
        return [_qsign(P, q) for P in polys]

    # sample points: gap k lies between roots[k-1] and roots[k] (gap 0 starts at 1, last is unbounded)
    samples = []
    for k in range(len(roots) + 1):
        lo = Fraction(1) if k == 0 else roots[k - 1].hi
        hi = roots[k].lo if k < len(roots) else None
        samples.append(lo + 1 if hi is None else (lo + hi) / 2)
    gap_ok = [all(s >= 0 for s in signs_at(q)) for q in samples]
    gap_sign = [signs_at(q) for q in samples]
    root_ok = []
    for k, r in enumerate(roots):
        ok = True
        for y, P in enumerate(polys):
            if P.is_zero or _divides(r.f, P):
                continue
            if gap_sign[k + 1][y] < 0:
                ok = False
                break
        root_ok.append(ok)
    pieces = []
    if uniform:
        pieces.append(("point", Fraction(1)))
    for k in range(len(roots) + 1):
        if k > 0 and root_ok[k - 1]:
            pieces.append(("point", roots[k - 1]))
        if gap_ok[k]:
            a = Fraction(1) if k == 0 else roots[k - 1]
            b = roots[k] if k < len(roots) else sympy.oo
            pieces.append(("open", a, b))
    if not pieces:
        return EpsTilde("eps_tilde_X", sympy.oo, witness=_tilde_witness(prior, polys, samples[-1]),
                        method="exact real-root isolation (sympy intervals) + exact evaluation",
                        note="the posterior family (61) is infeasible for every finite eps", exp_value=sympy.oo,
                        exact=sympy.oo, exp_enclosure=(), feasible_pieces=(), upward_closed=True, attained=False,
                        polynomials=tuple(polys), _uniform=uniform)
    first = pieces[0]
    inf_root = first[1]
    attained = first[0] == "point"
    if isinstance(inf_root, Fraction):  # t̃ = 1
        upward = all(gap_ok) and all(root_ok)
    else:
        k = roots.index(inf_root)
        upward = all(root_ok[k:]) and all(gap_ok[k + 1:])
        if inf_root.exact:
            inf_root = inf_root.lo
    root = None
    if isinstance(inf_root, Fraction):
        t_val, enc = inf_root, (inf_root, inf_root)
        value = exact = LogForm.log(inf_root)
        lower = upper = None
    else:
        inf_root.refine(width)
        t_val = inf_root.to_sympy()
        exact = sympy.log(t_val, evaluate=False)
        enc = (inf_root.lo, inf_root.hi)
        root = inf_root
        value, lower, upper = None, LogForm.log(inf_root.lo), LogForm.log(inf_root.hi)
    return EpsTilde(
        "eps_tilde_X", value, lower, upper,
        witness=_tilde_witness(prior, polys, None),
        method="exact real-root isolation (sympy Poly.intervals) + exact evaluation of every P_y",
        note="feasible set of the posterior family (61) computed exactly; p_Y = P(t)/(t-1)^n",
        exp_value=t_val, exact=exact, exp_enclosure=enc,
        feasible_pieces=tuple(_piece_str(p) for p in pieces), upward_closed=upward, attained=attained,
        polynomials=tuple(polys), _root=root, _uniform=uniform)


def _piece_str(p):
    def s(v):
        if isinstance(v, _Root):
            return str(v.lo) if v.exact else repr(v)
        return str(v)

    return (p[0],) + tuple(s(v) for v in p[1:])


def _tilde_witness(prior, polys, q):
    w = {"prior": repr(prior)}
    if q is not None:
        bad = [(prior.space.points[y], str(P.as_expr())) for y, P in enumerate(polys) if _qsign(P, q) < 0]
        if bad:
            w["negative_at_large_t"] = {"output": bad[0][0], "P_y": bad[0][1]}
    return w


# ======================================================================================
# privacy–distortion linear programs
# ======================================================================================
@dataclass(frozen=True, repr=False)
class OptimalDistortion(Measured):
    """An exactly certified optimal distortion D*(ε) (a :class:`Measured` whose value is a Fraction,
    ``sympy.oo`` when the problem is infeasible, or None with LP bounds when uncertified).

    Extra attributes: ``problem`` ("PD-DP", "PD-I", "R-PD"), ``exp_eps``, ``mechanism`` (an optimal
    mechanism when meaningful), ``joint`` (optimal q(x, y) for PD-I/R-PD, as a dict), ``posterior``
    (for the per-output R-PD forms), ``lp`` (the :class:`~exactpriv.exact.lp.LPResult` with its
    certificate).
    """

    problem: str = ""
    exp_eps: Any = None
    mechanism: Any = None
    joint: Any = None
    posterior: Any = None
    lp: Any = None

    @property
    def certified(self) -> bool:
        return self.lp is not None and self.lp.certified

    def __repr__(self):
        v = "uncertified" if self.value is None else self.value
        return f"OptimalDistortion({self.problem}, exp_eps={self.exp_eps}, value={v})"


def _ratio_rows(space, N: int, t: Fraction):
    """Rows z[a, y] - t z[b, y] <= 0 for every directed neighbour pair (a, b) and output y."""
    rows = []
    for a, b in space.directed_edges().tolist():
        ra, rb = a * N, b * N
        for y in range(N):
            rows.append({ra + y: 1, rb + y: -t})
    return rows


def _solve(c, **kw) -> LPResult:
    """:func:`solve_lp`, retried once with the other HiGHS algorithm when the first answer cannot be
    certified.  Near-degenerate instances (e^ε just above ε̃_X, where p_Y almost vanishes) can make
    dual simplex return a basis that is feasible only within float tolerance, so that neither the
    rationalised point nor the exact basis solve is exactly feasible; interior point + crossover
    usually lands on an exactly certifiable vertex (and vice versa).  Both answers are certified
    the same way, so the retry cannot weaken anything."""
    res = solve_lp(c, **kw)
    if res.status != "uncertified":
        return res
    first = res.certificate.get("solver", "")
    other = "simplex" if "ipm" in first else "ipm"
    res2 = solve_lp(c, float_solver=other, **kw)
    if res2.status != "uncertified":
        res2.certificate["retried_after"] = f"{first}: {res.reason[:200]}"
        return res2
    return res


def _lp_measured(name, problem, res: LPResult, t, witness, note, **extra) -> OptimalDistortion:
    if res.status == "optimal":
        value = res.objective
        method = f"certified LP ({res.certificate.get('method')})"
        lo = hi = None
    elif res.status == "infeasible":
        value, lo, hi = sympy.oo, None, None
        method = "certified LP infeasibility (Farkas)"
        note = (note + "; " if note else "") + "infeasible: D* = inf of the empty set = +oo"
    else:
        value = None
        enc = res.certificate.get("enclosure") or (None, None)
        lo, hi = enc
        method = "uncertified LP"
        note = (note + "; " if note else "") + f"uncertified: {res.reason}"
    return OptimalDistortion(name, value, lo, hi, witness=witness, method=method, note=note, problem=problem,
                             exp_eps=t, lp=res, **extra)


def optimal_distortion_dp(prior, exp_eps, *, max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_d(ε): the optimal value of PD-DP (seed 000, (14)–(17)) at e^ε = ``exp_eps``.

        min Σ_{x,y} p_X(x) p(y|x) d(x,y)  s.t.  p(y|x) <= e^ε p(y|x') (x ~ x', all y),
                                               Σ_y p(y|x) = 1,  p(y|x) >= 0.

    Solved by :func:`~exactpriv.exact.lp.solve_lp` and certified exactly.  ``mechanism`` is an
    optimal ε-DP mechanism (outputs = the points of D^n).  Theorem 1 (21):
    h(ε + ε_X) <= D*_d(ε) <= h(ε).
    """
    space, n, m = _prior_on_Dn(prior, "optimal_distortion_dp")
    t = _exp_eps(exp_eps)
    N = space.size
    _check_lp_size(N * N, max_variables, "PD-DP")
    dist = space.distance_matrix().tolist()
    c = [p * d for p, drow in zip(prior.pmf, dist) for d in drow]
    A_eq = [{x * N + y: 1 for y in range(N)} for x in range(N)]
    A_ub = _ratio_rows(space, N, t)
    res = _solve(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=[1] * N)
    mech = None
    if res.status == "optimal":
        rows = [res.x[x * N:(x + 1) * N] for x in range(N)]
        mech = Mechanism(space, list(space.points), rows, _built=f"<PD-DP optimum, exp_eps={t}>")
    return _lp_measured("optimal_distortion_dp", "PD-DP", res, t, {"prior": repr(prior), "exp_eps": str(t)},
                        "seed 000 PD-DP (14)-(17)", mechanism=mech)


def optimal_distortion_identifiability(prior, exp_eps, *, max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_i(ε): the optimal value of PD-I (seed 000, (8)–(13)) at e^ε = ``exp_eps``.

    Linearised in the joint q(x, y) = p_Y(y) p(x|y) = p_X(x) p(y|x):

        min Σ q(x,y) d(x,y)  s.t.  q(x,y) <= e^ε q(x',y) (x ~ x', all y),  Σ_y q(x,y) = p_X(x),  q >= 0.

    (9) ⟺ the joint-ratio rows because p_Y(y) cancels (outputs with p_Y(y) = 0 have free posteriors,
    which can be chosen feasible).  Infeasible (value ``sympy.oo``, Farkas certificate) when
    ε < ε_X (Lemma 3).  ``mechanism`` is p(y|x) = q(x,y)/p_X(x) (full-support priors).
    Theorem 1 (20): D*_i(ε) = h(ε) for ε >= ε̃_X.
    """
    space, n, m = _prior_on_Dn(prior, "optimal_distortion_identifiability")
    t = _exp_eps(exp_eps)
    N = space.size
    _check_lp_size(N * N, max_variables, "PD-I")
    dist = space.distance_matrix().tolist()
    c = [d for drow in dist for d in drow]
    A_eq = [{x * N + y: 1 for y in range(N)} for x in range(N)]
    A_ub = _ratio_rows(space, N, t)
    res = _solve(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=list(prior.pmf))
    mech = joint = None
    if res.status == "optimal":
        joint = {(space.points[x], space.points[y]): res.x[x * N + y] for x in range(N) for y in range(N)
                 if res.x[x * N + y] != 0}
        if prior.has_full_support:
            rows = [[res.x[x * N + y] / prior.pmf[x] for y in range(N)] for x in range(N)]
            mech = Mechanism(space, list(space.points), rows, _built=f"<PD-I optimum, exp_eps={t}>")
    return _lp_measured("optimal_distortion_identifiability", "PD-I", res, t,
                        {"prior": repr(prior), "exp_eps": str(t)},
                        "seed 000 PD-I (8)-(13), linearised in the joint q(x,y)", mechanism=mech, joint=joint)


_RELAXED_METHODS = ("joint", "posterior", "levels")


def relaxed_distortion(n, m, exp_eps, *, method: str = "joint",
                       max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_relaxed(ε): the optimal value of R-PD (seed 000, (22)–(27)) on D^n, |D| = m; Lemma 1 says
    it equals h(ε).

    ``method``:
      * "joint" — R-PD itself, linearised in q(x, y) = p_Y(y) p(x|y): min Σ q d s.t.
        q(x,y) <= e^ε q(x',y), Σ_{x,y} q = 1, q >= 0  (N^2 variables);
      * "posterior" — one output y0 = (first value)^n: min Σ_x p(x|y0) d(x,y0) over posteriors
        satisfying (23)–(25) (N variables).  Equal to "joint" because the objective of R-PD is
        Σ_y p_Y(y) f_y, minimised by putting p_Y on the best y, and D^n is vertex-transitive
        (coordinate-wise cyclic shifts preserve d), so every f_y is the same;
      * "levels" — the posterior problem reduced by the stabiliser of y0 (coordinate permutations
        and permutations of D fixing y0's values act transitively on each sphere N_l(y0), and the
        LP is convex, so a symmetric optimum exists): variables r_l = p(x|y0) for d(x, y0) = l,
        min Σ_l l N_l r_l s.t. Σ_l N_l r_l = 1, r_{l-1} <= e^ε r_l, r_l <= e^ε r_{l-1}, r >= 0
        (n + 1 variables; N_l = C(n,l)(m-1)^l).
    ``posterior`` (methods "posterior"/"levels") is the optimal posterior p(·|y0) as a dict.
    """
    n, m = _nm(n, m)
    t = _exp_eps(exp_eps)
    if method not in _RELAXED_METHODS:
        raise InvalidArgument(f"method={method!r} must be one of {_RELAXED_METHODS}")
    witness = {"n": n, "m": m, "exp_eps": str(t), "method": method}
    if method == "levels":
        Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
        c = [l * Nl[l] for l in range(n + 1)]
        A_ub = []
        for l in range(1, n + 1):
            A_ub.append({l - 1: 1, l: -t})
            A_ub.append({l: 1, l - 1: -t})
        res = _solve(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[dict(enumerate(Nl))], b_eq=[1])
        post = None
        if res.status == "optimal":
            post = {l: res.x[l] for l in range(n + 1)}
        return _lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                            "R-PD (22)-(27) reduced to distance levels by symmetry", posterior=post)
    if m ** n > max_variables:
        raise SpaceTooLargeError(f"D^{n} with m = {m} has {describe_size(m ** n)} points, above "
                                 f"max_variables={max_variables:,}")
    space = Hamming(range(m), n)
    N = space.size
    if method == "posterior":
        _check_lp_size(N, max_variables, "R-PD (posterior)")
        dist0 = space.distance_matrix()[:, 0].tolist()
        A_ub = [{a: 1, b: -t} for a, b in space.directed_edges().tolist()]
        res = _solve(dist0, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[{x: 1 for x in range(N)}], b_eq=[1])
        post = None
        if res.status == "optimal":
            post = {space.points[x]: res.x[x] for x in range(N)}
        return _lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                            "R-PD (22)-(27) for one output y0 (vertex-transitivity)", posterior=post)
    _check_lp_size(N * N, max_variables, "R-PD")
    dist = space.distance_matrix().tolist()
    c = [d for drow in dist for d in drow]
    A_ub = _ratio_rows(space, N, t)
    res = _solve(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[{k: 1 for k in range(N * N)}], b_eq=[1])
    joint = None
    if res.status == "optimal":
        joint = {(space.points[x], space.points[y]): res.x[x * N + y] for x in range(N) for y in range(N)
                 if res.x[x * N + y] != 0}
    return _lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                        "R-PD (22)-(27) linearised in the joint q(x,y) = p_Y(y)p(x|y)", joint=joint)


@functools.lru_cache(maxsize=32)
def relaxed_dual_certificate(n, m) -> Decision:
    """Prove D*_relaxed(ε) >= h(ε) for *every* ε >= 0 on D^n, |D| = m, by an explicit dual certificate.

    For one output y (all are alike), the posterior LP min Σ_x p(x) d(x,y) s.t. p(u) <= t p(v) on
    every edge u ~ v, Σ p = 1, p >= 0 (t = e^ε) has the Lagrangian lower bound μ whenever
        d(u, y) - μ + Σ_{edges (u,v)} w_{uv} - t Σ_{edges (v,u)} w_{vu} >= 0 for every u,  w >= 0.
    Certificate: μ = h(ε); w = λ_l / E_l on each edge from level l-1 to level l (E_l = l N_l such
    edges), 0 elsewhere, with λ_l = t^{l-1} Σ_{k<l} (μ - k) N_k t^{-k}.  The check is symbolic in t:
    every reduced cost cancels to exactly 0 (sympy ``cancel``) and every λ_l (t+m-1) is a
    polynomial with no sign change on (1, oo) and nonnegative there (exact root isolation).
    R-PD's objective Σ_y p_Y(y) Σ_x p(x|y) d(x,y) is then >= μ as Σ_y p_Y(y) = 1.
    (General n, m: Σ_{k<l}(μ - k) w_k >= 0 because μ is the w-weighted mean of k.)
    """
    n, m = _nm(n, m)
    t = _T
    Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
    mu = sympy.Integer(n * (m - 1)) / (t + m - 1)
    lam = [sympy.Integer(0)] * (n + 2)
    for l in range(1, n + 1):
        lam[l] = sympy.cancel(sum(t ** (l - 1 - k) * (mu - k) * Nl[k] for k in range(l)))
    space = Hamming(range(m), n)
    N = space.size
    d0 = space.distance_matrix()[:, 0].tolist()
    red = [sympy.Integer(d0[u]) - mu for u in range(N)]
    for a, b in space.directed_edges().tolist():
        la, lb = d0[a], d0[b]
        if lb == la + 1:  # edge constraint p(a) <= t p(b), a at level l-1, b at level l
            l = lb
            w = lam[l] / (l * Nl[l])
            red[a] += w
            red[b] -= t * w
    bad = [space.points[u] for u in range(N) if sympy.cancel(red[u]) != 0]
    if bad:
        return Decision.false("symbolic-dual", f"reduced cost of {bad[0]} does not cancel", certificate={})
    for l in range(1, n + 1):
        P = sympy.Poly(sympy.cancel(lam[l] * (t + m - 1)), t)
        roots = _roots_above_one([P])
        # sign on (1, oo): constant between roots; check at a sample in each gap
        pts = [Fraction(1) + (roots[0].lo - 1) / 2 if roots else Fraction(2)]
        pts += [(r1.hi + r2.lo) / 2 for r1, r2 in zip(roots, roots[1:])] + ([roots[-1].hi + 1] if roots else [])
        if any(_qsign(P, q) < 0 for q in pts):
            return Decision.false("symbolic-dual", f"lambda_{l} is negative somewhere on t > 1", certificate={})
    return Decision.true(
        "symbolic-dual",
        f"R-PD >= h(eps) for all eps >= 0 on D^{n}, m = {m}: closed-form dual certificate verified symbolically",
        certificate={"mu": str(mu), "lambda": [str(v) for v in lam[1:n + 1]], "reduced_costs": "all cancel to 0",
                     "lambda_nonnegative_on": "t >= 1 (exact root isolation)"})


# ======================================================================================
# Theorem 2: KKT (94) and the rate–distortion certificate
# ======================================================================================
@dataclass(frozen=True)
class KKTResult:
    """Outcome of :func:`kkt_check_pdmip`.

    decision : TRUE iff primal feasibility, dual feasibility, complementary slackness and the
        stationarity (94) hold exactly at every (x, y) (with the chosen convention at zero outputs)
    stationarity_violations : (x, y) pairs where (94) evaluates to a non-zero number
    undefined : (x, y) pairs where (94) contains ln(0/0) (p_Y(y) = 0, only at ε = ε̃_X)
    multipliers : {"lambda": LogForm, "mu": {x: LogForm}, "eta": 0}
    D : the distortion constraint h(ε)
    """

    decision: Decision
    stationarity_violations: tuple = ()
    undefined: tuple = ()
    multipliers: dict = field(default_factory=dict)
    D: Any = None
    mechanism: Any = None


def kkt_check_pdmip(prior, exp_eps, *, convention: str = "literal") -> KKTResult:
    """Verify the KKT conditions of PD-MIP ((31)–(34)) at E_i with the multipliers of seed 000's
    proof of Theorem 2, exactly.

    Stationarity (94): p_X(x) ln(p(y|x)/p_Y(y)) + λ p_X(x) d(x,y) + μ(x) - η(x,y) = 0 with
    λ = h^{-1}(D) = ε, μ(x) = p_X(x) ln[p_X(x)(1 + (m-1)e^{-ε})^n], η = 0; D = h(ε).  Every term
    is a LogForm, so "= 0" is decided exactly.  Also checked: primal feasibility (E_i is a
    mechanism with E[d] = D), dual feasibility (λ >= 0, η >= 0), complementary slackness.

    ``convention``: "literal" — at outputs with p_Y(y) = 0 (ε = ε̃_X) the term ln(0/0) is
    undefined and the pair is reported in ``undefined`` (the decision is then FALSE: (94) does not
    hold as written); "posterior" — there ln(p(y|x)/p_Y(y)) is read as ln(p(x|y)/p_X(x)) with the
    posterior (88)/(61), its continuous extension.
    Raises SupportError when ε < ε̃_X (E_i is not a mechanism).
    """
    from exactpriv.mechanisms.zoo import wang_E_i

    space, n, m = _prior_on_Dn(prior, "kkt_check_pdmip")
    t = _exp_eps(exp_eps)
    if convention not in ("literal", "posterior"):
        raise InvalidArgument(f"convention={convention!r} must be 'literal' or 'posterior'")
    prior.require_full_support("PD-MIP's multipliers mu(x) = p_X(x) ln[p_X(x)(...)] need p_X(x) > 0")
    if t == 1:
        raise InvalidArgument("exp_eps = 1 (eps = 0): E_i is undefined (K singular); use exp_eps > 1")
    E = wang_E_i(prior, exp_eps=t)
    N = space.size
    Z = ((t + m - 1) / t) ** n  # (1 + (m-1)e^{-eps})^n
    D = h(None, n, m, exp_eps=t)
    lam = LogForm.log(t)
    mu = [p * LogForm.log(p * Z) for p in prior.pmf]
    p_y = [sum((prior.pmf[x] * E.rows[x][y] for x in range(N)), Fraction(0)) for y in range(N)]
    dist = space.distance_matrix().tolist()
    viol, undefined = [], []
    for x in range(N):
        px = prior.pmf[x]
        for y in range(N):
            w = E.rows[x][y]
            if p_y[y] == 0:
                if convention == "literal":
                    undefined.append((space.points[x], space.points[y]))
                    continue
                ratio_log = LogForm.log(t ** (-dist[x][y]) / (Z * px))  # ln p(x|y)/p_X(x), (61)
            else:
                ratio_log = LogForm.log(w / p_y[y])
            s = px * ratio_log + px * dist[x][y] * lam + mu[x]
            if not s.is_zero:
                viol.append((space.points[x], space.points[y]))
    dist_E = expected_distortion(E, prior)
    parts = []
    if dist_E != D:
        parts.append(f"primal: E[d] = {dist_E} != D = {D}")
    if viol:
        parts.append(f"stationarity (94) fails at {len(viol)} pairs, e.g. (x, y) = {viol[0]}")
    if undefined:
        parts.append(f"stationarity (94) is undefined (ln 0/0, p_Y(y) = 0) at {len(undefined)} pairs, "
                     f"e.g. (x, y) = {undefined[0]}")
    mult = {"lambda": lam, "mu": {space.points[x]: mu[x] for x in range(N)}, "eta": 0}
    if parts:
        dec = Decision.false("logform-exact", "; ".join(parts),
                             certificate={"undefined": len(undefined), "violations": len(viol)})
    else:
        dec = Decision.true(
            "logform-exact",
            f"E_i at exp_eps={t}: primal feasible (E[d] = h = {D}), lambda = eps >= 0, eta = 0, complementary "
            f"slackness (E[d] = D), stationarity (94) = 0 exactly at all {N * N} pairs",
            certificate={"lambda": str(lam), "D": str(D), "convention": convention})
    return KKTResult(dec, tuple(viol), tuple(undefined), mult, D, E)


def rate_distortion_dual_bound(prior, D, *, exp_s, lam):
    """Csiszár's lower bound on the rate–distortion function R(D) of p_X on D^n, Hamming distortion.

    For any s >= 0 and λ(x) > 0 with c(y) = Σ_x p(x) λ(x) e^{-s d(x,y)} <= 1 for every y:
        R(D) >= -s D + Σ_x p(x) ln λ(x)
    (Csiszár 1974; Berger 1971, Thm 2.5.3: I(W) + s E_W[d] - Σ p ln λ = D(p_X W || μ) >= -ln μ(total)
    >= 0 for μ(x,y) = p_Y(y)p(x)λ(x)e^{-sd}, whose total mass Σ_y p_Y(y)c(y) is <= 1).

    ``exp_s`` = e^s (rational >= 1), ``lam`` a sequence of positive rationals aligned with the
    prior's points.  Returns (bound: LogForm, feasible: Decision, c: list of Fractions).
    """
    space, n, m = _prior_on_Dn(prior, "rate_distortion_dual_bound")
    ts = _exp_eps(exp_s, "exp_s")
    d = as_rational(D, "D")
    lam = [as_rational(v, f"lam[{k}]") for k, v in enumerate(lam)]
    if len(lam) != space.size:
        raise InvalidArgument(f"lam has {len(lam)} entries, expected {space.size}")
    if any(v <= 0 for v in lam):
        raise InvalidArgument("every lam[x] must be > 0")
    dist = space.distance_matrix().tolist()
    N = space.size
    c = [sum((prior.pmf[x] * lam[x] / ts ** dist[x][y] for x in range(N)), Fraction(0)) for y in range(N)]
    worst = max(range(N), key=lambda y: c[y])
    feas = (Decision.true("rational", f"max_y c(y) = {c[worst]} <= 1") if c[worst] <= 1 else
            Decision.false("rational", f"c({space.points[worst]}) = {c[worst]} > 1"))
    bound = -d * LogForm.log(ts) + sum((p * LogForm.log(l) for p, l in zip(prior.pmf, lam) if p != 0),
                                       LogForm.rational(0))
    return bound, feas, c


@dataclass(frozen=True, repr=False)
class RateDistortion(Measured):
    """R(D) at D = h(ε), certified (see :func:`rate_distortion_certificate`).

    Extra attributes: ``D``, ``exp_eps``, ``mechanism`` (E_i), ``mutual_information`` (I(X;Y) of E_i by
    definition (4), a LogForm), ``dual_bound`` (LogForm), ``decision`` (TRUE iff the bound is valid and
    equals I(E_i), so R(D) = I(E_i) exactly), ``c`` (the dual feasibility values c(y)).
    """

    D: Any = None
    exp_eps: Any = None
    mechanism: Any = None
    mutual_information: Any = None
    dual_bound: Any = None
    decision: Any = None
    c: tuple = ()

    def __repr__(self):
        return f"RateDistortion(D={self.D}, value={self.value}, decision={self.decision.truth.value})"


def rate_distortion_certificate(prior, exp_eps) -> RateDistortion:
    """R(h(ε)) = I(X;Y) under E_i (seed 000, Theorem 2), certified without a convex solver.

    Primal: E_i (29) is a mechanism with E[d] = h(ε) (checked exactly), so R(h(ε)) <= I(E_i), with
    I(E_i) computed from definition (4) as an exact LogForm
    (:func:`exactpriv.measures.information.mi_privacy`, method "exact").  Dual: Csiszár's bound
    (:func:`rate_distortion_dual_bound`) with s = ε and λ(x) = 1/(p_X(x)(1+(m-1)e^{-ε})^n).
    The value is R(D) (a LogForm) when both meet exactly; ``decision`` says whether they did.
    Needs ε >= ε̃_X (else SupportError) and ε > 0.
    """
    from exactpriv.mechanisms.zoo import wang_E_i
    from exactpriv.measures.information import mi_privacy

    space, n, m = _prior_on_Dn(prior, "rate_distortion_certificate")
    t = _exp_eps(exp_eps)
    if t == 1:
        raise InvalidArgument("exp_eps = 1 (eps = 0): E_i is undefined; use exp_eps > 1")
    prior.require_full_support("E_i divides by p_X(x)")
    E = wang_E_i(prior, exp_eps=t)
    D = h(None, n, m, exp_eps=t)
    dE = expected_distortion(E, prior)
    Z = ((t + m - 1) / t) ** n
    lam = [1 / (p * Z) for p in prior.pmf]
    bound, feas, c = rate_distortion_dual_bound(prior, D, exp_s=t, lam=lam)
    mi = mi_privacy(E, prior=prior, method="exact")
    I = mi.value
    parts = []
    if dE != D:
        parts.append(f"E[d] under E_i is {dE} != h = {D}")
    if not feas.is_true:
        parts.append(f"dual infeasible: {feas.reason}")
    if I is None or not (I - bound if isinstance(I, LogForm) else None) == 0:
        parts.append(f"I(E_i) = {I} differs from the dual bound {bound}")
    if parts:
        dec = Decision.false("logform-exact", "; ".join(parts))
        value, lo, hi = None, bound if feas.is_true else None, I
    else:
        dec = Decision.true("logform-exact",
                            f"R({D}) = I(E_i) = {bound}: dual bound (s = eps, lambda(x) = 1/(p(x) Z)) valid with "
                            f"c(y) <= 1 for all y, and equal to I(E_i) exactly",
                            certificate={"exp_s": str(t), "max_c": str(max(c)), "bound": str(bound)})
        value, lo, hi = I, None, None
    return RateDistortion("rate_distortion", value, lo, hi, witness={"prior": repr(prior), "exp_eps": str(t)},
                          method="primal E_i + Csiszar dual certificate", note="seed 000 Theorem 2",
                          D=D, exp_eps=t, mechanism=E, mutual_information=I, dual_bound=bound, decision=dec,
                          c=tuple(c))
