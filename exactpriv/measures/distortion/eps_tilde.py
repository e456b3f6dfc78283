"""ε_X and ε̃_X of a prior.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016, Lemma 3 and the definition after eq. (18).

For t = e^ε > 1 the posterior matrix K_t is the n-fold Kronecker power of k_t = ((t−1)I + J)/(t+m−1),
so the unique candidate p_Y = K_t^{-1} p_X has entries P_y(t)/(t−1)^n with P_y a polynomial of degree
<= n.  The feasible set {t : all P_y(t) >= 0} is computed exactly: real roots of the irreducible
factors are isolated in rational intervals (sympy ``Poly.intervals``, Vincent–Akritas, refined by
exact bisection) and every P_y is evaluated exactly between consecutive roots.  ε̃_X = log(inf of
that set): a LogForm when rational, else a ``CRootOf`` with a certified enclosure; whether the set is
upward closed (used silently by Lemma 4) is reported, not assumed.  The Kronecker application is
hand-written (a few lines): no library applies a structured Kronecker inverse to polynomial tensors.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import flint
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.result import Measured
from .inputs import check_exp_eps, check_prior_on_Dn, EXP_EPS_SYMBOL

__all__ = ["exp_eps_X", "posterior_polynomials", "EpsTilde", "eps_tilde_X"]


def exp_eps_X(prior) -> Fraction:
    """e^{ε_X} = max over neighbours x ~ x' of p_X(x)/p_X(x')  (Wang–Ying–Zhang, eq. (18)).

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

    Wang–Ying–Zhang, definition of ε̃_X (after (18)) and E_i (29).  Returns sympy Polys in ``t`` over QQ,
    aligned with ``prior.space.points``.
    """
    space, n, m = check_prior_on_Dn(prior, "posterior_polynomials")
    tpoly = flint.fmpq_poly([m - 1, 1])  # t + m - 1
    vals = [flint.fmpq_poly([flint.fmpq(p.numerator, p.denominator)]) for p in prior.pmf]
    res = _kron_apply(vals, n, m, tpoly, flint.fmpq_poly([-1]), flint.fmpq_poly([0]))
    out = []
    for P in res:
        coeffs = [Fraction(int(c.p), int(c.q)) for c in P.coeffs()]
        out.append(sympy.Poly([sympy.Rational(c.numerator, c.denominator) for c in reversed(coeffs)] or [0],
                              EXP_EPS_SYMBOL, domain=sympy.QQ))
    return out


@functools.lru_cache(maxsize=4096)
def _int_coeffs(P: sympy.Poly) -> tuple[int, ...]:
    """Integer coefficients (highest degree first) of a positive multiple of P; () for P = 0."""
    cs = [Fraction(int(c.p), int(c.q)) for c in P.all_coeffs()]
    L = math.lcm(*(c.denominator for c in cs)) if cs else 1
    out = tuple(int(c * L) for c in cs)
    return () if not any(out) else out


def sign_at_rational(P: sympy.Poly, q: Fraction) -> int:
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
        if lo != hi and sign_at_rational(f, lo) * sign_at_rational(f, hi) >= 0:
            raise ExactPrivError(f"internal: ({lo}, {hi}) does not isolate a simple root of {f.as_expr()}")

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    def bisect(self) -> None:
        if self.exact:
            return
        mid = (self.lo + self.hi) / 2
        v = sign_at_rational(self.f, mid)
        if v == 0:
            self.lo = self.hi = mid
        elif v == sign_at_rational(self.f, self.lo):
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
            v = sign_at_rational(self.f, q)
            if v == 0:  # only for linear factors
                self.lo = self.hi = q
                return 0
            return 1 if v == sign_at_rational(self.f, self.lo) else -1

    def to_sympy(self):
        if self.exact:
            return sympy.Rational(self.lo.numerator, self.lo.denominator)
        index = self.f.count_roots(None, sympy.Rational(self.lo.numerator, self.lo.denominator))
        return sympy.CRootOf(self.f.as_expr(), int(index))

    def __repr__(self):
        return f"root of {self.f.as_expr()} in [{self.lo}, {self.hi}]"


def roots_above_one(polys) -> list[_Root]:
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
        q = check_exp_eps(t, "t")
        if q == 1:
            return self._uniform
        return all(sign_at_rational(P, q) >= 0 for P in self.polynomials)

    def __repr__(self):
        return (f"EpsTilde(exp_value={self.exp_value}, enclosure={[str(v) for v in self.exp_enclosure]}, "
                f"upward_closed={self.upward_closed}, attained={self.attained})")


def eps_tilde_X(prior, *, width=Fraction(1, 2 ** 40)) -> EpsTilde:
    """ε̃_X: the smallest ε such that the posteriors p(x|y) = e^{-ε d(x,y)}/(1+(m-1)e^{-ε})^n are
    feasible, i.e. some pmf p_Y has Σ_y p(x|y) p_Y(y) = p_X(x) for all x  (Wang–Ying–Zhang, after (18)).

    Exact algorithm (module docstring): for t = e^ε > 1 the only candidate is p_Y = K_t^{-1} p_X =
    P(t)/(t-1)^n, so the feasible set is {t > 1 : P_y(t) >= 0 ∀y}, plus t = 1 iff p_X is uniform
    (K_1 = J/N).  It is computed exactly by real-root isolation; ε̃_X = ln(inf of the set) — ``sympy.oo``
    when the set is empty (priors without full support can be infeasible for every finite ε).

    The result's ``value`` is the exact LogForm ln t̃ when t̃ is rational; otherwise ``value`` is
    None, ``exact`` is ln(CRootOf(...)) and ``lower``/``upper`` are the LogForms ln(lo), ln(hi)
    of a certified enclosure of width <= ``width`` in t.  ``upward_closed`` reports whether
    feasibility holds for every ε >= ε̃_X (implicitly assumed by Lemma 4).
    """
    space, n, m = check_prior_on_Dn(prior, "eps_tilde_X")
    width = as_rational(width, "width")
    if width <= 0:
        raise InvalidArgument(f"width={width} must be > 0")
    polys = posterior_polynomials(prior)
    uniform = all(p == prior.pmf[0] for p in prior.pmf)
    roots = roots_above_one(polys)

    def signs_at(q):
        return [sign_at_rational(P, q) for P in polys]

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
        bad = [(prior.space.points[y], str(P.as_expr())) for y, P in enumerate(polys) if sign_at_rational(P, q) < 0]
        if bad:
            w["negative_at_large_t"] = {"output": bad[0][0], "P_y": bad[0][1]}
    return w
