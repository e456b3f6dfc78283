"""Pure DP of symbolic and product mechanisms (the non-scan paths of ``pure_dp``).

* **Symbolic mechanisms** (entries rational functions of t = e^{c·eps}): pure DP is the log of
  the dominant ratio function; which ratio dominates on t > 1 is decided by exact real-root
  isolation of the polynomial differences (:func:`symbolic_max_log_ratio`), never by
  sampling eps.
* **Product mechanisms** (independent output coordinates): pure DP is
  max over pairs of Σ_j max_y log-ratio_j (never the sum of the coordinate maxima); the worst
  pair comes from the factors (:mod:`exactpriv.measures.engines.product`).

Used by :mod:`exactpriv.measures.divergence`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, UndecidedError, refuse_symbolic
from exactpriv.exact.kernel import compare, exact_argmax_fractions
from exactpriv.exact.numbers import EPS, OO, to_sympy
from exactpriv.measures.engines.product import product_max_ratio
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import pairs_array

__all__: list[str] = []  # private module

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


def symbolic_max_log_ratio(M: Mechanism, pairs):
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
    pairs = pairs_array(pairs)
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
            return OO, _symbolic_witness(M, codes, pairs, a, b), "support gap"
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
def product_worst_ratio_pairwise(PM: ProductMechanism, pairs):
    """Exact max over ordered pairs of Π_j max_{y_j} P_j(y_j|x)/P_j(y_j|x') (Fraction or oo),
    with the maximising pair and output tuple.  Python-int object arrays: factors are small
    (RAPPOR bits) and the products over factors grow beyond int64.  Pair by pair: the
    plain route, kept as the differential reference of :func:`product_worst_ratio`."""
    pairs = pairs_array(pairs)
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
        refuse_symbolic(f, "pure DP of a ProductMechanism factor")
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
        return OO, (int(xs[k]), int(x2s[k])), outputs(k)
    k, val = exact_argmax_fractions(tot_n, tot_d)
    return val, (int(xs[k]), int(x2s[k])), outputs(k)


def product_worst_ratio(PM: ProductMechanism, pairs):
    """As :func:`product_worst_ratio_pairwise`, from the factors' structure (measures.engines.product)."""
    val, pair, ys, found = product_max_ratio(PM, pairs)
    if not found:
        return None, None, None
    return (OO if val is None else val), pair, ys
