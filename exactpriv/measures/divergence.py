"""Divergence-based DP measures: pure ε-DP, KL-DP, TV-DP, Rényi-DP, group, free-lunch and
personalized DP, plus the pair-level divergences they are built from.

Algorithm and why
-----------------
Every measure here is  max over ordered pairs (x, x') of a divergence between the rows
P(.|x) and P(.|x') of a mechanism.  For rational mechanisms the maximum is taken by the
exact scan engine :class:`exactpriv.measures._scan._Engine`: integer value codes when the
matrix has few distinct entries, else a float filter with a *proved* error margin whose
candidates are decided exactly (integer cross-multiplication, or exact :class:`LogForm` s
compared by :func:`exactpriv.exact.kernel.compare` for KL and Rényi).  Floats never decide;
the margin argument and the timings are in the head comment of that module.

Symbolic mechanisms (entries rational functions of t = e^{c·eps}): pure DP is the log of
the dominant ratio function, found by exact real-root isolation of polynomials on t > 1
(see :func:`_symbolic_max_log_ratio`).  ``ProductMechanism`` (independent output
coordinates): pure DP is max over pairs of Σ_j max_y log-ratio_j (never the sum of maxima).

Conventions (all measures): 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy

from exactpriv.distributions import check_pmf
from exactpriv.errors import (
    InvalidArgument,
    NotExactError,
    ShapeError,
    UndecidedError,
)
from exactpriv.exact.decisions import Decision, Truth
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.kernel import compare, exact_argmax_fractions
from exactpriv.exact.logforms import LogForm, logform_from_sympy
from exactpriv.exact.numbers import EPS, as_exact, as_rational, to_sympy
from exactpriv.measures._clamped import clamped_engine
from exactpriv.measures._product import product_max_ratio
from exactpriv.measures._scan import _OO, _Engine, _require_rational
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism, ProductMechanism, prove_zero
from exactpriv.spaces import Hamming, Subsets

__all__ = [
    # pair-level divergences (Cuff–Yu Def. 4)
    "max_divergence",
    "hockey_stick",
    "kl",
    "tv",
    "renyi",
    "is_close",
    # mechanism-level measures
    "pure_dp",
    "is_pure_dp",
    "tv_dp",
    "is_tv_dp",
    "kl_dp",
    "is_kl_dp",
    "renyi_dp",
    "is_renyi_dp",
    "group_privacy",
    "is_group_private",
    "free_lunch",
    "is_free_lunch",
    "personalized_dp",
    "personalized_dp_vector",
    "is_personalized_dp",
]



# ======================================================================================
# validation helpers
# ======================================================================================
def _check_mechanism(M, what: str):
    if isinstance(M, (Mechanism, ProductMechanism)):
        return M
    raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism ({what})")


def _flat(M, what: str) -> Mechanism:
    """A Mechanism (ProductMechanism expanded after its size check)."""
    _check_mechanism(M, what)
    return M.expand() if isinstance(M, ProductMechanism) else M


def _level(level, name: str, *, allow_symbols=False):
    """An exact, non-negative level (Fraction, LogForm, sympy expression or oo); floats refused."""
    if isinstance(level, bool):
        raise InvalidArgument(f"{name}={level!r} is a bool, not a privacy level")
    if isinstance(level, LogForm):
        value = level
    elif level is _OO:
        return level
    elif isinstance(level, sympy.Basic):
        value = as_exact(level, name, symbols=(EPS,) if allow_symbols else ())
    else:
        value = as_exact(level, name, symbols=())  # floats -> NotExactError
    if isinstance(value, sympy.Basic) and value.free_symbols:
        return value
    if compare(value, "<", 0).is_true:
        raise InvalidArgument(f"{name}={level!r} must be >= 0")
    return value


def _gamma_of(eps, name="eps"):
    """For an exact eps >= 0 return (gamma, gamma_expr): gamma = e^eps as a Fraction when
    rational (eps = log r, a LogForm with integer prime exponents, or 0), else None;
    gamma_expr is e^eps as an exact sympy expression."""
    if isinstance(eps, bool):
        raise InvalidArgument(f"{name}={eps!r} is a bool")
    if eps is _OO:
        raise InvalidArgument(f"{name}=oo: give a finite eps")
    if isinstance(eps, LogForm):
        lf = eps
    else:
        e = as_exact(eps, name, symbols=())
        if isinstance(e, Fraction):
            lf = LogForm.rational(e)
        else:
            lf = logform_from_sympy(e)
            if lf is None:
                if compare(e, "<", 0).is_true:
                    raise InvalidArgument(f"{name}={eps!r} must be >= 0")
                return None, sympy.exp(e)
    if compare(lf, "<", 0).is_true:
        raise InvalidArgument(f"{name}={eps!r} must be >= 0")
    if lf.q0 == 0 and all(c.denominator == 1 for c in lf.coefficients.values()):
        g = Fraction(1)
        for p, c in lf.coefficients.items():
            g *= Fraction(p) ** int(c)
        return g, sympy.Rational(g.numerator, g.denominator)
    return None, sympy.exp(lf.to_sympy())


def _pairs_array(pairs) -> np.ndarray:
    arr = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    return arr


_combine_decisions = Decision.all_of  # the conjunction of decisions


# ======================================================================================
# pair-level divergences (pmfs P, Q on a common finite set; Cuff–Yu Def. 4)
# ======================================================================================
def _pmf_pair(P, Q):
    p = check_pmf(P, name="P")
    q = check_pmf(Q, name="Q")
    if len(p) != len(q):
        raise ShapeError(f"P has {len(p)} entries but Q has {len(q)}; they must live on the same set")
    return p, q


def max_divergence(P, Q):
    """D_∞(P‖Q) = max_y ln P(y)/Q(y) over y with P(y) > 0 (+oo if P(y) > 0 = Q(y)).

    The smallest ε with P(A) ≤ e^ε Q(A) for every event A (Cuff–Yu Def. 4, (5) with δ = 0);
    (ε, 0)-closeness (7) is max(D_∞(P‖Q), D_∞(Q‖P)) ≤ ε.  Returns a :class:`LogForm` or
    ``sympy.oo``.
    """
    p, q = _pmf_pair(P, Q)
    best = None
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            return _OO
        r = a / b
        if best is None or r > best:
            best = r
    return _log_of(best)


def _as_gamma(gamma):
    if isinstance(gamma, bool):
        raise InvalidArgument(f"gamma={gamma!r} is a bool")
    g = as_exact(gamma, "gamma", symbols=())
    if compare(g, "<", 0).is_true:
        raise InvalidArgument(f"gamma={gamma!r} must be >= 0")
    return g


def hockey_stick(P, Q, gamma):
    """E_γ(P‖Q) = Σ_y max(0, P(y) − γ Q(y)) = max_A P(A) − γ Q(A)  (γ ≥ 0 exact).

    P and Q are (ε, δ)-close (Cuff–Yu Def. 4) iff E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ
    (the E_γ remark after (8)).  A Fraction for rational γ; an exact sympy expression for
    irrational γ (each sign of P(y) − γQ(y) is decided by the kernel; raises
    :class:`UndecidedError` if one cannot be).
    """
    p, q = _pmf_pair(P, Q)
    g = _as_gamma(gamma)
    if isinstance(g, Fraction):
        return sum((a - g * b for a, b in zip(p, q) if a > g * b), Fraction(0))
    total = sympy.Integer(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        d = compare(a, ">", to_sympy(b) * g)
        if d.is_undecided:
            raise UndecidedError(f"sign of P(y) - gamma Q(y) = {a} - {g}*{b} undecided: {d.reason}")
        if d.is_true:
            total += to_sympy(a) - g * to_sympy(b)
    return total


def tv(P, Q) -> Fraction:
    """Total variation ‖P − Q‖_TV = ½ Σ_y |P(y) − Q(y)| = E_1(P‖Q) (Cuff–Yu (8))."""
    p, q = _pmf_pair(P, Q)
    return sum((abs(a - b) for a, b in zip(p, q)), Fraction(0)) / 2


def kl(P, Q):
    """D(P‖Q) = Σ_y P(y) ln(P(y)/Q(y)) in nats (0 ln 0 = 0; +oo if P(y) > 0 = Q(y)).

    Cuff–Yu Def. 7 / (9).  Returns an exact :class:`LogForm` or ``sympy.oo``.
    """
    p, q = _pmf_pair(P, Q)
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return _OO
    return LogForm(0, logs=[(a / b, a) for a, b in zip(p, q) if a > 0])


def _check_alpha(alpha):
    if isinstance(alpha, bool):
        raise InvalidArgument(f"alpha={alpha!r} is a bool")
    if alpha is _OO:
        return _OO
    if isinstance(alpha, float):
        raise NotExactError(f"alpha={alpha!r} is a float; give an exact rational such as '3/2'")
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be > 0 (Rényi divergence of order alpha)")
    return a


def _renyi_sum_terms(p, q, a: Fraction):
    """The terms p^α q^{1−α} as exact sympy numbers (for rational non-integer α)."""
    A = sympy.Rational(a.numerator, a.denominator)
    return [sympy.Rational(x.numerator, x.denominator) ** A * sympy.Rational(y.numerator, y.denominator) ** (1 - A)
            for x, y in zip(p, q) if x > 0 and y > 0]


def renyi(P, Q, alpha):
    """Rényi divergence D_α(P‖Q) = 1/(α−1) ln Σ_y P(y)^α Q(y)^{1−α}, α > 0 rational.

    α > 1: +oo if P(y) > 0 = Q(y); α ∈ (0, 1): +oo iff P and Q have disjoint supports;
    α = 1 is the KL divergence and α = ``sympy.oo`` the max-divergence (their limits).
    Integer α ≥ 2: the sum is rational, the value an exact :class:`LogForm`.  Non-integer α:
    an exact sympy expression (algebraic numbers inside a log).
    """
    p, q = _pmf_pair(P, Q)
    a = _check_alpha(alpha)
    if a is _OO:
        return max_divergence(p, q)
    if a == 1:
        return kl(p, q)
    if a > 1 and any(x > 0 and y == 0 for x, y in zip(p, q)):
        return _OO
    if a < 1 and not any(x > 0 and y > 0 for x, y in zip(p, q)):
        return _OO
    if a.denominator == 1:
        k = int(a)
        s = sum((x ** k / y ** (k - 1) for x, y in zip(p, q) if x > 0), Fraction(0))
        return _log_of(s, k - 1)
    s = sympy.Add(*_renyi_sum_terms(p, q, a))
    return sympy.log(s) / sympy.Rational(a.numerator - a.denominator, a.denominator)


def is_close(P, Q, eps, delta) -> Decision:
    """Decide (ε, δ)-closeness P ≈ Q (Cuff–Yu Def. 4, (5)-(6)):
    P(A) ≤ e^ε Q(A) + δ and Q(A) ≤ e^ε P(A) + δ for every event A, i.e.
    E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ.  ε ≥ 0 and δ ≥ 0 exact (floats refused)."""
    p, q = _pmf_pair(P, Q)
    d = _level(delta, "delta")
    g, gexpr = _gamma_of(eps)
    gam = g if g is not None else gexpr
    e1, e2 = hockey_stick(p, q, gam), hockey_stick(q, p, gam)
    return _combine_decisions([compare(e1, "<=", d), compare(e2, "<=", d)],
                              f"(eps={eps}, delta={d})-closeness")

#: Rationals whose numerator and denominator fit in this many bits are turned into exact
#: LogForms (prime factorisation); beyond it factoring can take seconds (a 160-bit semiprime
#: took 1.4 s with FLINT here), so ln r stays an exact sympy ``log(r)``.
#: Empirically determined parameter.
_LOGFORM_BITS = 128


def _log_of(r: Fraction, scale: int = 1):
    """ln(r)/scale exactly: a LogForm when r is small enough to factor fast, else sympy."""
    if r.numerator.bit_length() <= _LOGFORM_BITS and r.denominator.bit_length() <= _LOGFORM_BITS:
        return LogForm.log(r) / scale
    return sympy.log(sympy.Rational(r.numerator, r.denominator)) / scale


def _decide_log_le(r, scale: int, level, what: str) -> Decision:
    """Decide ln(r)/scale <= level exactly for a rational r > 0 (or r = oo), without
    factoring r: when scale·level = ln t with t rational the test is r <= t (exact);
    otherwise e^{scale·level} is irrational (Lindemann–Weierstrass / unique factorisation),
    so r != e^{scale·level} and certified arb comparison of r with it terminates."""
    if r is _OO:
        if level is _OO:
            return Decision.true("infinity", f"{what} = oo <= oo")
        return Decision.false("infinity", f"{what} = oo > {level}", certificate={"value": "oo"})
    if level is _OO:
        return Decision.true("infinity", f"{what} is finite <= oo")
    if isinstance(level, sympy.log) and level.args[0].is_Rational and scale == 1:
        # level = ln t with t rational (e.g. the value of a measure): r <= t exactly, no factoring
        t = Fraction(int(level.args[0].p), int(level.args[0].q))
        ok = r <= t
        return Decision(Truth.TRUE if ok else Truth.FALSE, "rational",
                        f"{what}: ln({r}) {'<=' if ok else '>'} ln({t})", certificate={"r": str(r), "t": str(t)})
    lf = level if isinstance(level, LogForm) else (
        LogForm.rational(level) if isinstance(level, Fraction) else logform_from_sympy(level))
    if lf is not None:
        tl = lf * scale
        if tl.q0 == 0 and all(c.denominator == 1 for c in tl.coefficients.values()):
            t = Fraction(1)
            for p, c in tl.coefficients.items():
                t *= Fraction(p) ** int(c)
            ok = r <= t
            return Decision(Truth.TRUE if ok else Truth.FALSE, "rational",
                            f"{what}: ln({r})/{scale} {'<=' if ok else '>'} {level} since {r} {'<=' if ok else '>'} {t} "
                            f"= e^({scale}*level)", certificate={"r": str(r), "e^(scale*level)": str(t)})
        rhs = sympy.exp(tl.to_sympy())
    else:
        rhs = sympy.exp(scale * to_sympy(level))
    d = compare(sympy.Rational(r.numerator, r.denominator), "<=", rhs)
    return Decision(d.truth, d.method, f"{what}: ln(r)/{scale} <= level  <=>  r <= e^({scale}*level): {d.reason}",
                    d.precision, d.certificate)

# ======================================================================================
# symbolic mechanisms: entries rational functions of t = e^{c eps}
# ======================================================================================
_T = sympy.Symbol("t", positive=True)


def _exp_atoms(expr):
    atoms = set(expr.atoms(sympy.exp))
    if expr.has(sympy.E):
        atoms.add(sympy.E)
    return atoms


def _to_t(entries):
    """Rewrite exact entries as rational functions of t = e^{c·s}, where s = eps (symbolic
    entries, exponents q·eps) or a constant base exponent s (constant entries such as
    e/(e+1) or e^{√2}/(e^{√2}+1), exponents rational multiples of s), c = gcd of the q's.

    Returns (list of sympy rational functions in _T, c, s, symbolic) or raises
    InvalidArgument."""
    exps = set()
    for v in entries:
        if not isinstance(v, Fraction):
            exps |= _exp_atoms(v)
    args = sorted((((sympy.Integer(1) if atom is sympy.E else atom.args[0]), atom) for atom in exps),
                  key=lambda t: sympy.default_sort_key(t[0]))
    symbolic = any(arg.free_symbols for arg, _ in args)
    for arg, atom in args:
        if arg.free_symbols - {EPS}:
            raise InvalidArgument(f"entry exponent {atom} uses symbols other than eps")
        if symbolic and not arg.free_symbols:
            raise InvalidArgument("entries mix e^(q*eps) and constant exponentials; substitute eps first")
    base = EPS if symbolic else (args[0][0] if args else sympy.Integer(1))
    qs = []
    for arg, atom in args:
        q = sympy.cancel(arg / base)
        if not q.is_Rational or q == 0:
            raise InvalidArgument(
                f"cannot read the entry exponent {atom} as e^(q*{base}) with rational q; substitute a value "
                f"with rational e^eps, e.g. M.subs(eps=sympy.log(3))")
        qs.append((atom, Fraction(int(q.p), int(q.q))))
    c = Fraction(1)
    if qs:
        num_g, den_l = 0, 1
        for _, q in qs:
            num_g = math.gcd(num_g, abs(q.numerator))
            den_l = math.lcm(den_l, q.denominator)
        c = Fraction(num_g, den_l)
    rep = {atom: _T ** sympy.Rational(q / c) for atom, q in qs}
    out = []
    for v in entries:
        e = to_sympy(v)
        if rep:
            e = e.xreplace(rep)
        e = sympy.cancel(sympy.together(e))
        if e.free_symbols - {_T} or not e.is_rational_function(_T) or e.has(sympy.exp, sympy.E, sympy.log):
            raise InvalidArgument(
                f"entry {v} is not a rational function of e^(c*eps); substitute a value with rational e^eps "
                f"(M.subs(eps=...))")
        out.append(e)
    return out, c, base, symbolic


def _poly_sign_profile(expr):
    """The set of signs the rational function ``expr`` (in _T) takes on the open ray t > 1,
    decided exactly ({0} if identically zero).

    sign(N/D) = sign(N·D) where D != 0.  With the square-free factorisation
    N·D = c·Π f_i^{m_i}, the sign can only change at roots of factors with odd m_i; roots in
    (1, oo) are counted exactly by Sturm sequences (``Poly.count_roots``), and the sign away
    from the roots is read at a rational point where N·D != 0.
    """
    expr = sympy.cancel(expr)
    if expr == 0:
        return {0}
    n, d = sympy.fraction(expr)
    P = sympy.Poly(sympy.expand(n * d), _T)
    if P.is_zero:
        return {0}
    if P.degree() <= 0:
        return {int(sympy.sign(P.LC()))}
    _, factors = P.sqf_list()

    def roots_above_one(f):
        return f.count_roots(1, None) - (1 if f.eval(1) == 0 else 0)

    if any(m % 2 == 1 and roots_above_one(f) > 0 for f, m in factors):
        return {-1, 0, 1}
    t0 = sympy.Integer(2)
    while P.eval(t0) == 0:
        t0 += 1
    signs = {int(sympy.sign(P.eval(t0)))}
    if any(roots_above_one(f) > 0 for f, _ in factors):
        signs.add(0)
    return signs


def _symbolic_codes(M: Mechanism):
    """Distinct entries of M as rational functions of t, and an int32 code matrix."""
    index, entries = {}, []
    N, Y = M.shape
    codes = np.empty((N, Y), dtype=np.int64)
    for x, row in enumerate(M.rows):
        for y, v in enumerate(row):
            key = v if isinstance(v, Fraction) else to_sympy(v)
            k = index.get(key)
            if k is None:
                k = index[key] = len(entries)
                entries.append(v)
            codes[x, y] = k
    funcs, c, base, symbolic = _to_t(entries)
    return codes, funcs, c, base, symbolic


def _symbolic_max_log_ratio(M: Mechanism, pairs):
    """Closed form of max over ordered pairs in ``pairs`` and y of ln P(y|x)/P(y|x') for a
    mechanism whose entries are rational functions of t = e^{c·eps} (valid for eps > 0), or
    for constant entries rational in t = e^c (then the value is a closed number).

    Method: distinct entries f_k(t); the ratio functions f_a/f_b of the code pairs that occur;
    the dominant one is found by deciding the sign of r − r' on t > 1 by exact real-root
    isolation (sympy ``Poly.intervals``) and exact evaluation between roots.  When no single
    ratio dominates, the value is the exact ``Max`` of the undominated log-ratios.
    """
    codes, funcs, c, base, symbolic = _symbolic_codes(M)
    K = len(funcs)
    pairs = _pairs_array(pairs)
    if len(pairs) == 0:
        return Fraction(0), {}, "no pairs"
    ci, cj = codes[pairs[:, 0]], codes[pairs[:, 1]]
    comb = np.unique(np.concatenate([(ci * K + cj).ravel(), (cj * K + ci).ravel()]))
    constant = not symbolic
    zero = [f == 0 for f in funcs]
    if not constant:
        for k, f in enumerate(funcs):
            if not zero[k]:
                sg = _poly_sign_profile(f)
                if sg != {1}:
                    raise InvalidArgument(
                        f"entry {f.subs(_T, sympy.exp(EPS * sympy.Rational(c)))} vanishes or is negative for "
                        f"some eps > 0; pure DP is not continuous there -- substitute values (M.subs(eps=...))")
    ratios = {}
    for v in comb.tolist():
        a, b = divmod(v, K)
        if zero[a] and zero[b]:
            continue
        if zero[b]:
            return _OO, _symbolic_witness(M, codes, pairs, a, b), "support gap"
        if zero[a]:
            continue
        r = sympy.cancel(funcs[a] / funcs[b])
        ratios.setdefault(r, (a, b))
    rs = list(ratios)
    t0 = sympy.exp(sympy.Rational(c) * base) if constant else None

    def ge(r1, r2):  # r1 >= r2 everywhere on the domain?
        if constant:
            d = compare(r1.subs(_T, t0), ">=", r2.subs(_T, t0))
            if d.is_undecided:
                raise UndecidedError(f"could not compare ratios {r1} and {r2} at t = {t0}: {d.reason}")
            return d.is_true
        return _poly_sign_profile(r1 - r2) <= {0, 1}

    undominated = [r for r in rs if not any(o != r and ge(o, r) and not ge(r, o) for o in rs)]
    # merge identical functions (ge both ways) -- cancel() is canonical, so equal means equal
    def closed(r):
        if constant:
            return sympy.log(r.subs(_T, t0))
        return sympy.log(r.subs(_T, sympy.exp(EPS * sympy.Rational(c))))

    if len(undominated) == 1:
        r = undominated[0]
        a, b = ratios[r]
        return closed(r), _symbolic_witness(M, codes, pairs, a, b), "dominant ratio"
    wit = {"pairs": [_symbolic_witness(M, codes, pairs, *ratios[r]) for r in undominated]}
    return sympy.Max(*[closed(r) for r in undominated]), wit, "no single dominant ratio: Max of log-ratios"


def _symbolic_witness(M, codes, pairs, a, b):
    ci, cj = codes[pairs[:, 0]], codes[pairs[:, 1]]
    for A, B, fwd in ((ci, cj, True), (cj, ci, False)):
        hit = np.flatnonzero(((A == a) & (B == b)).ravel())
        if hit.size:
            r, y = divmod(int(hit[0]), codes.shape[1])
            x, x2 = (pairs[r, 0], pairs[r, 1]) if fwd else (pairs[r, 1], pairs[r, 0])
            pts = M.inputs.points
            return {"pair": [pts[int(x)], pts[int(x2)]], "output": M.outputs[y]}
    return {}  # pragma: no cover


# ======================================================================================
# ProductMechanism: per pair, Σ_j max_y log-ratio of factor j
# ======================================================================================
def _product_max_ratio_pairwise(PM: ProductMechanism, pairs):
    """Exact max over ordered pairs of Π_j max_{y_j} P_j(y_j|x)/P_j(y_j|x') (Fraction or oo),
    with the maximising pair and output tuple.  Python-int object arrays: factors are small
    (RAPPOR bits) and the products over factors grow beyond int64.  Pair by pair: the
    plain route, kept as the differential reference of :func:`_product_max_ratio`."""
    pairs = _pairs_array(pairs)
    if len(pairs) == 0:
        return None, None, None
    xs = np.concatenate([pairs[:, 0], pairs[:, 1]])
    x2s = np.concatenate([pairs[:, 1], pairs[:, 0]])
    E = len(xs)
    tot_n = np.ones(E, dtype=object)
    tot_d = np.ones(E, dtype=object)
    inf = np.zeros(E, dtype=bool)
    arg_y = []
    for f in PM.factors:
        _require_rational(f, "pure DP of a ProductMechanism factor")
        num, den = f.integer_rows()
        num, den = num.astype(object), den.astype(object)
        best_n = np.zeros(E, dtype=object)  # current best ratio best_n/best_d (starts at 0/1)
        best_d = np.ones(E, dtype=object)
        best_y = np.full(E, -1, dtype=np.int64)
        gap_y = np.full(E, -1, dtype=np.int64)
        for y in range(len(f.outputs)):
            n = num[xs, y] * den[x2s]
            d = num[x2s, y] * den[xs]
            gap = (d == 0) & (n != 0)
            gap_y = np.where(gap & (gap_y < 0), y, gap_y)
            better = (d != 0) & ((n * best_d > best_n * d) | (best_y < 0))
            best_n = np.where(better, n, best_n)
            best_d = np.where(better, d, best_d)
            best_y = np.where(better, y, best_y)
        f_inf = gap_y >= 0
        inf |= f_inf
        tot_n = tot_n * best_n
        tot_d = tot_d * best_d
        arg_y.append(np.where(f_inf, gap_y, best_y))

    def outputs(k):
        return tuple(PM.factors[j].outputs[int(arg_y[j][k])] for j in range(len(arg_y)))

    if inf.any():
        k = int(np.argmax(inf))
        return _OO, (int(xs[k]), int(x2s[k])), outputs(k)
    k, val = exact_argmax_fractions(tot_n, tot_d)
    return val, (int(xs[k]), int(x2s[k])), outputs(k)


def _product_max_ratio(PM: ProductMechanism, pairs):
    """As :func:`_product_max_ratio_pairwise`, from the factors' structure (measures._product)."""
    val, pair, ys, found = product_max_ratio(PM, pairs)
    if not found:
        return None, None, None
    return (_OO if val is None else val), pair, ys


# ======================================================================================
# pair sets
# ======================================================================================
def _edges(space):
    return _pairs_array(space.edges)


def _pairs_within(space, k: int):
    """Unordered pairs (i < j) at graph distance 1..k."""
    D = np.asarray(space.distance_matrix())
    i, j = np.nonzero((D >= 1) & (D <= k))
    sel = i < j
    return np.stack([i[sel], j[sel]], axis=1).astype(np.int64)


def _all_pairs(n: int):
    i, j = np.triu_indices(n, k=1)
    return np.stack([i, j], axis=1).astype(np.int64)


def _record_of_edges(space, edges):
    """Record index changed along each edge (product spaces: Hamming, Subsets)."""
    if not isinstance(space, (Hamming, Subsets)):
        raise InvalidArgument(
            f"per-record measures need a product space (Hamming or Subsets); {space!r} has no records "
            f"whose change makes a neighbour")
    rc = space.record_codes()
    diff = rc[edges[:, 0]] != rc[edges[:, 1]]
    return np.argmax(diff, axis=1)


def _check_k(k):
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise InvalidArgument(f"k={k!r} of type {type(k).__name__} must be an int >= 1 (group size)")
    return int(k)


# ======================================================================================
# pure DP and its relatives
# ======================================================================================
def _max_log_ratio(M, pairs, *, name, note=""):
    """Measured max over ordered pairs in ``pairs`` of max_y ln P(y|x)/P(y|x')."""
    pts = M.inputs.points
    if isinstance(M, ProductMechanism):
        if not all(f.is_rational for f in M.factors):
            raise InvalidArgument(f"{name} of a ProductMechanism needs rational factors; substitute eps first")
        val, pr, ys = _product_max_ratio(M, pairs)
        if val is None:
            return Measured(name, Fraction(0), witness={}, method="vacuous", note="no pairs: " + note)
        value = _OO if val is _OO else _log_of(val)
        return Measured(name, value, witness={"pair": [pts[pr[0]], pts[pr[1]]], "output": ys, "ratio": val},
                        method="exact: per-factor ratio tables, float filter with a proved margin, "
                               "candidates decided by exact count signatures",
                        note=note + "max over pairs of the SUM over factors of max_y log-ratios")
    structured = clamped_engine(M, pairs)  # counts with clamped noise: O(n) by the shift structure
    if structured is not None and not M.is_rational:
        value, wit, how = structured.symbolic_max_log_ratio()
        return Measured(name, value, witness=wit, method=structured.symbolic_method, note=note + how)
    if not M.is_rational:
        value, wit, how = _symbolic_max_log_ratio(M, pairs)
        return Measured(name, value, witness=wit, method="symbolic: real-root isolation on t = e^eps > 1",
                        note=note + f"closed form valid for eps > 0 ({how})")
    eng = structured or _Engine(M)
    val, w = eng.max_ratio(pairs)
    if val is None:
        return Measured(name, Fraction(0), witness={}, method="vacuous", note=note + "no pairs")
    method = structured.method if structured is not None else (
        "exact: integer value codes" if eng.codes is not None
        else "exact: float filter (proved margin) + integer cross-multiplication")
    value = _OO if val is _OO else _log_of(val)
    return Measured(name, value, witness={"pair": [pts[w[0]], pts[w[1]]], "output": M.outputs[w[2]], "ratio": val},
                    method=method, note=note)


def pure_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-DP: max over ordered neighbour pairs (x, x') and outputs y of
    ln P(y|x)/P(y|x')  (+oo if some P(y|x) > 0 = P(y|x'); 0/0 ignored).

    Cuff–Yu Def. 5 with Def. 4 (7); Wang–Ying–Zhang Def. 3 (2); Wu–Xia–He Def. 2 (7); Zhao
    def_dp.  On a finite output set the pointwise definition equals the event form
    Pr[Y∈S|x] ≤ e^ε Pr[Y∈S|x'] for all S.  Value: ``LogForm.log(max ratio)`` (exact),
    ``sympy.oo``, or for symbolic mechanisms a closed form in ``eps`` (valid for eps > 0).
    Witness: {"pair": [x, x'], "output": y}.
    """
    M = _check_mechanism(M, "pure_dp")
    return _max_log_ratio(M, _edges(M.inputs), name="pure_dp")


def _decide_level(m: Measured, level, name):
    lv = _level(level, name, allow_symbols=True)
    if isinstance(lv, sympy.Basic) and lv.free_symbols or (
            isinstance(m.value, sympy.Basic) and m.value.free_symbols):
        v = to_sympy(m.value)
        if prove_zero(v - to_sympy(lv)):
            return Decision.true("sympy-simplify", f"{m.name} = {v} equals the level {lv} identically")
        return Decision.undecided("symbolic", f"{m.name} = {v} vs level {lv}: symbolic comparison needs the "
                                              f"certifier (exactpriv claims); substitute a value of eps")
    if "ratio" in m.witness and m.value is not None:
        return _decide_log_le(m.witness["ratio"], 1, lv, f"{m.name}")
    return at_most(m, lv)


def is_pure_dp(M, eps) -> Decision:
    """Decide ε-DP: pure_dp(M) ≤ eps (exact; floats refused)."""
    _level(eps, "eps", allow_symbols=True)
    return _decide_level(pure_dp(M), eps, "eps")


def group_privacy(M, k) -> Measured:
    """Tightest ε_k with P_{Y|x} ≈(ε_k, 0) P_{Y|x'} for all x, x' at graph distance ≤ k:
    max over such ordered pairs and y of ln P(y|x)/P(y|x').

    Cuff–Yu Property 7 (45) says ε_k ≤ k·pure_dp(M).  Distances from
    ``M.inputs.distance_matrix()``; for k at least the diameter of a connected space this
    is :func:`free_lunch`.  Witness includes "distance".
    """
    M = _check_mechanism(M, "group_privacy")
    k = _check_k(k)
    space = M.inputs
    D = np.asarray(space.distance_matrix())
    if (D >= 0).all() and k >= int(D.max()) and space.size > 1:
        m = free_lunch(M)
        note = f"k={k} >= diameter {int(D.max())}: all pairs (free lunch)"
        return Measured("group_privacy", m.value, witness={**m.witness, "k": k}, method=m.method, note=note)
    m = _max_log_ratio(M, _pairs_within(space, k), name="group_privacy", note=f"pairs at distance <= {k}; ")
    w = dict(m.witness)
    if "pair" in w:
        w["distance"] = int(D[space.index(w["pair"][0]), space.index(w["pair"][1])])
    w["k"] = k
    return Measured("group_privacy", m.value, witness=w, method=m.method, note=m.note)


def is_group_private(M, k, eps) -> Decision:
    """Decide (ε, 0)-closeness of all pairs at distance ≤ k: group_privacy(M, k) ≤ eps."""
    _level(eps, "eps", allow_symbols=True)
    return _decide_level(group_privacy(M, k), eps, "eps")


def free_lunch(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-free-lunch privacy (Cuff–Yu §6.2, (57)): max over ALL ordered pairs
    of inputs x ≠ x' and outputs y of ln P(y|x)/P(y|x').

    For rational mechanisms this is max_y (max_x P(y|x)) / (min_x P(y|x)) (exact column
    extremes; a column with a zero and a non-zero entry gives +oo).  One input: 0 (no pairs).
    """
    M = _check_mechanism(M, "free_lunch")
    space = M.inputs
    if space.size < 2:
        return Measured("free_lunch", Fraction(0), witness={}, method="vacuous", note="one input: no pairs")
    if isinstance(M, ProductMechanism) or not M.is_rational:
        return _max_log_ratio(M, _all_pairs(space.size), name="free_lunch", note="all pairs; ")
    eng = _Engine(M)
    hi, lo = eng.column_extremes()
    ys = np.arange(eng.Y)
    nh, nl = eng.num[hi, ys], eng.num[lo, ys]
    pts = M.inputs.points
    gap = np.flatnonzero((nl == 0) & (nh > 0))
    if gap.size:
        y = int(gap[0])
        return Measured("free_lunch", _OO, witness={"pair": [pts[int(hi[y])], pts[int(lo[y])]], "output": M.outputs[y],
                                                    "ratio": _OO},
                        method="exact: column extremes", note="a column has a zero and a non-zero entry")
    ys = ys[nh > 0]  # all-zero columns are 0/0 for every pair: ignored
    hi, lo = hi[ys], lo[ys]
    n, d = eng._exact_ratio_arrays(hi, lo, ys)
    kk, val = exact_argmax_fractions(n, d)
    x, x2, k = int(hi[kk]), int(lo[kk]), int(ys[kk])
    if x == x2:  # constant column: ratio 1, attained by any two distinct inputs
        x2 = 1 if x == 0 else 0
    return Measured("free_lunch", _log_of(val), witness={"pair": [pts[x], pts[x2]], "output": M.outputs[k], "ratio": val},
                    method="exact: column extremes (" + ("integer value codes" if eng.codes is not None else
                                                         "float filter + exact comparison") + ")")


def is_free_lunch(M, eps) -> Decision:
    """Decide ε-free-lunch privacy (Cuff–Yu (57)): free_lunch(M) ≤ eps."""
    _level(eps, "eps", allow_symbols=True)
    return _decide_level(free_lunch(M), eps, "eps")


def personalized_dp_vector(M) -> list:
    """Per-record tightest ε_i (Cuff–Yu §6.1, (55)): for each record i, max over ordered
    neighbour pairs differing in record i of max_y ln P(y|x)/P(y|x').  Product spaces only."""
    return personalized_dp(M).witness["per_record"]


def personalized_dp(M) -> Measured:
    """Personalized DP (Cuff–Yu §6.1, (55)): value = max_i ε_i, witness "record" = the
    maximising record, "per_record" = [ε_1, ..., ε_n] (exact values)."""
    M = _check_mechanism(M, "personalized_dp")
    space = M.inputs
    edges = _edges(space)
    rec = _record_of_edges(space, edges)
    per, wits = [], []
    for i in range(space.n_records):
        m = _max_log_ratio(M, edges[rec == i], name="personalized_dp")
        per.append(m.value)
        wits.append(m)
    if _is_symbolic(*per):
        value = per[0] if all(prove_zero(to_sympy(v) - to_sympy(per[0])) for v in per) else sympy.Max(*per)
        best = 0
    else:
        best = 0
        for i, v in enumerate(per[1:], start=1):
            if compare(v, ">", per[best]).is_true:  # exact (LogForm/oo): never undecided
                best = i
        value = per[best]
    w = {**wits[best].witness, "record": best, "per_record": per,
         "per_record_ratio": [m.witness.get("ratio") for m in wits]}
    return Measured("personalized_dp", value, witness=w, method=wits[best].method,
                    note="max over records of the per-record epsilon_i")


def _is_symbolic(*vals):
    return any(isinstance(v, sympy.Basic) and v.free_symbols for v in vals)


def is_personalized_dp(M, eps_vector) -> Decision:
    """Decide personalized DP (Cuff–Yu (55)): ε_i(M) ≤ eps_vector[i] for every record i."""
    try:
        levels = list(eps_vector)
    except TypeError:
        raise InvalidArgument(f"eps_vector={eps_vector!r} must be a sequence of exact levels, one per record") from None
    for i, lv in enumerate(levels):
        _level(lv, f"eps_vector[{i}]", allow_symbols=True)
    m = personalized_dp(M)
    per = m.witness["per_record"]
    if len(levels) != len(per):
        raise ShapeError(f"eps_vector has {len(levels)} entries but the space has {len(per)} records")
    ratios = m.witness["per_record_ratio"]
    ds = [_decide_level(Measured("personalized_dp", v, witness={} if r is None else {"ratio": r}), lv,
                        f"eps_vector[{i}]")
          for i, (v, r, lv) in enumerate(zip(per, ratios, levels))]
    return _combine_decisions(ds, "personalized DP")


# ======================================================================================
# TV-DP, KL-DP, Rényi-DP
# ======================================================================================
def _pts_witness(M, pr):
    pts = M.inputs.points
    return {"pair": [pts[pr[0]], pts[pr[1]]]}


def tv_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest δ of (δ)-DP = (0, δ)-DP (Cuff–Yu Def. 6, (8)): max over neighbour pairs of
    the total variation ‖P_x − P_x'‖_TV (a Fraction).  Witness: pair and the event
    {y : P(y|x) > P(y|x')} attaining it."""
    M = _flat(M, "tv_dp")
    _require_rational(M, "tv_dp")
    eng = _Engine(M)
    val, pr, S, _, _ = eng.hockey(_edges(M.inputs), Fraction(1))
    if pr is None:
        return Measured("tv_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    return Measured("tv_dp", val, witness={**_pts_witness(M, pr), "event": [M.outputs[y] for y in S]},
                    method="exact: E_1 scan (integer)")


def is_tv_dp(M, delta) -> Decision:
    """Decide (δ)-DP (Cuff–Yu Def. 6): tv_dp(M) ≤ delta."""
    _level(delta, "delta")
    return at_most(tv_dp(M), _level(delta, "delta"))


def kl_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-KL-DP (Cuff–Yu Def. 7, (14)): max over ordered neighbour pairs of
    D(P_x ‖ P_x') in nats; an exact :class:`LogForm`, or +oo when some neighbour pair has
    P(y|x) > 0 = P(y|x')."""
    M = _flat(M, "kl_dp")
    _require_rational(M, "kl_dp")
    eng = _Engine(M)
    val, pr = eng.kl(_edges(M.inputs))
    if val is None:
        return Measured("kl_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    return Measured("kl_dp", val, witness=_pts_witness(M, pr),
                    method="exact LogForm; candidates by certified float filter; order by arb")


def is_kl_dp(M, eps) -> Decision:
    """Decide ε-KL-DP: kl_dp(M) ≤ eps."""
    _level(eps, "eps")
    return at_most(kl_dp(M), _level(eps, "eps"))


#: Non-integer α: exact sympy values only for pairs with at most this many support points.
_RENYI_SYMPY_TERMS = 64


def renyi_dp(M: Mechanism | ProductMechanism, alpha: Any) -> Measured:
    """Tightest ε of (α, ε)-Rényi DP: max over ordered neighbour pairs of
    D_α(P_x‖P_x') = 1/(α−1) ln Σ_y P(y|x)^α P(y|x')^{1−α}, for rational α > 0, α ≠ 1
    (α = 1 gives :func:`kl_dp`, α = ``sympy.oo`` gives :func:`pure_dp`).

    Integer α ≥ 2: the sum is rational, the value an exact LogForm ln(R)/(α−1).
    Non-integer α: each pair's sum is algebraic; every distinct pair gets a certified arb
    ball (128 bits).  If one pair is certified maximal and has ≤ 64 support points, the
    value is its exact sympy expression; otherwise ``value`` is None and ``lower``/``upper``
    are certified rational bounds (method "arb").
    """
    a = _check_alpha(alpha)
    M = _flat(M, "renyi_dp")
    if a is _OO:
        m = pure_dp(M)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = oo: max-divergence")
    if a == 1:
        m = kl_dp(M)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = 1: KL divergence")
    _require_rational(M, "renyi_dp")
    eng = _Engine(M)
    edges = _edges(M.inputs)
    if len(edges) == 0:
        return Measured("renyi_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    if a.denominator == 1:
        k = int(a)
        R, pr = eng.renyi_int(edges, k)
        value = _OO if R is _OO else _log_of(R, k - 1)
        return Measured("renyi_dp", value, witness={**_pts_witness(M, pr), "alpha": str(a), "sum": R},
                        method="exact: rational power sums", note=f"alpha={a}")
    # non-integer alpha
    if a > 1:
        gap = eng.support_gap(edges)
        if gap is not None:
            return Measured("renyi_dp", _OO, witness={**_pts_witness(M, gap[:2]), "output": M.outputs[gap[2]]},
                            method="exact support check", note=f"alpha={a} > 1 and P(y|x) > 0 = P(y|x')")
    return _renyi_general(M, eng, edges, a)


def _renyi_general(M, eng, edges, a: Fraction):
    """Non-integer α: certified arb balls of every distinct pair's D_α, then the exact sympy
    expression of the maximiser when it is certified and small (see :func:`renyi_dp`)."""
    prec = 128
    items = eng.distinct_pairs(edges)
    A = flint.fmpq(a.numerator, a.denominator)
    balls = []
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        for ms, _ in items:
            s = flint.arb(0)
            for (p, q), n in ms.items():
                if p and q:
                    s += n * flint.arb(flint.fmpq(p.numerator, p.denominator)) ** A * \
                        flint.arb(flint.fmpq(q.numerator, q.denominator)) ** (1 - A)
            if not any(p and q for p, q in ms):  # exactly zero: disjoint supports (alpha < 1)
                balls.append(None)
                continue
            balls.append(s.log() / flint.arb(flint.fmpq(a.numerator - a.denominator, a.denominator)))
    finally:
        flint.ctx.prec = old
    if any(b is None for b in balls):
        k = balls.index(None)
        return Measured("renyi_dp", _OO, witness={**_pts_witness(M, items[k][1]), "alpha": str(a)},
                        method="exact support check", note=f"alpha={a} < 1 and disjoint supports")
    ends = [arb_to_fractions(b) for b in balls]
    top_lo = max(lo for lo, _ in ends)
    cand = [k for k, (lo, hi) in enumerate(ends) if hi >= top_lo]
    w = {"alpha": str(a)}
    if all(len(items[k][0]) <= _RENYI_SYMPY_TERMS for k in cand):
        Asym = sympy.Rational(a.numerator, a.denominator)
        exprs = {}
        for k in cand:
            s = sympy.Add(*[n * sympy.Rational(p.numerator, p.denominator) ** Asym *
                            sympy.Rational(q.numerator, q.denominator) ** (1 - Asym)
                            for (p, q), n in items[k][0].items() if p and q])
            exprs[k] = sympy.log(s) / (Asym - 1)
        best, ok = cand[0], True
        for k in cand[1:]:
            if exprs[k] == exprs[best]:
                continue
            d = compare(exprs[k], ">", exprs[best])
            if d.is_undecided:
                ok = False
                break
            if d.is_true:
                best = k
        if ok:
            return Measured("renyi_dp", exprs[best], witness={**_pts_witness(M, items[best][1]), **w},
                            method="exact sympy expression; maximum certified by arb", note=f"alpha={a}")
    lo = max(e[0] for e in ends)
    hi = max(e[1] for e in ends)
    k = max(range(len(ends)), key=lambda i: ends[i][1])
    return Measured("renyi_dp", None, lo, hi, witness={**_pts_witness(M, items[k][1]), **w},
                    method="arb", note=f"alpha={a}: certified enclosure at {prec} bits")


def is_renyi_dp(M, alpha, level) -> Decision:
    """Decide (α, ε)-Rényi DP: renyi_dp(M, alpha) ≤ level."""
    a = _check_alpha(alpha)
    lv = _level(level, "level")
    m = renyi_dp(M, alpha)
    if "sum" in m.witness:
        return _decide_log_le(m.witness["sum"], int(a) - 1, lv, "renyi_dp")
    if "ratio" in m.witness:
        return _decide_log_le(m.witness["ratio"], 1, lv, "renyi_dp")
    return at_most(m, lv)
