"""Exact constructors for the mechanisms the five papers use.

Privacy parameters: give ``eps`` (an exact number or sympy expression, e.g. ``log(3)``, or
the symbol ``EPS`` for a symbolic family) or ``exp_eps`` (e^eps as an exact rational).
When e^eps is rational (``eps=log(3)``, ``exp_eps=2``) the entries are Fractions and every
measure takes the fast exact path; otherwise they are sympy expressions.
"""

from __future__ import annotations

import functools
import itertools
import math
import sys
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, SupportError
from exactpriv.exact.numbers import EPS, as_exact, as_rational, describe_number, to_sympy
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.mechanisms.clamped import T as _T
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism, Exponent, ClampedFamily
from exactpriv.spaces import GraphSpace, Hamming, Subsets, check_enumerable

__all__ = [
    "randomized_response",
    "binary_symmetric_channel",
    "erasure_channel",
    "binary_erasure_channel",
    "truncated_geometric",
    "count_query_geometric",
    "exponential_mechanism_hamming",
    "wang_E_d",
    "wang_E_i",
    "one_time_pad",
    "cuff_example_5_1",
    "k_max",
    "rappor",
]


def _exact(v):
    """Fraction when rational, else a sympy expression."""
    v = to_sympy(v) if not isinstance(v, Fraction) else v
    if isinstance(v, Fraction):
        return v
    v = sympy.nsimplify(v) if v.is_Float else v  # never reached for exact inputs (floats refused earlier)
    return Fraction(int(v.p), int(v.q)) if v.is_Rational else v


def _printable(value, name):
    """``value``, when Python can print it: a parameter is written into the mechanism's label, repr and evidence,
    and Python refuses to print an integer of more than 4,300 digits (sys.get_int_max_str_digits) — a typed error
    here instead of a ValueError from the first repr."""
    if isinstance(value, Fraction):
        try:
            str(value)
        except ValueError:
            raise InvalidArgument(f"{name}={describe_number(value)} is too long to print (Python prints integers of "
                                  f"at most {sys.get_int_max_str_digits():,} digits): give a shorter value") from None
    return value


def _alpha(eps, exp_eps, *, name="eps"):
    """Return (alpha = e^eps as an exact value, text for repr)."""
    if (eps is None) == (exp_eps is None):
        raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
    if exp_eps is not None:
        a = _printable(as_rational(exp_eps, "exp_eps"), "exp_eps")
        if a < 1:
            raise InvalidArgument(f"exp_eps={a} must be >= 1 (eps >= 0)")
        return a, f"exp_eps={a}"
    e = _printable(as_exact(eps, name), name)
    e_s = to_sympy(e)
    if e_s.is_negative:
        raise InvalidArgument(f"{name}={eps!r} must be >= 0")
    return _exact(sympy.exp(e_s)), f"{name}={sympy.sstr(e_s)}"


def _prob(p, name):
    v = _printable(as_exact(p, name), name)
    s = to_sympy(v)
    if s.is_negative or (1 - s).is_negative:
        raise InvalidArgument(f"{name}={p!r} must lie in [0, 1]")
    return v


def _div(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a / b
    return _exact(sympy.cancel(to_sympy(a) / to_sympy(b)))


def _f(v):
    return v if isinstance(v, Fraction) else (Fraction(v) if isinstance(v, int) else v)


def _tag(M, tag: dict) -> None:
    """Tag ``M`` with its family and exact parameters for exactpriv.measures.closed_forms, bound to the input space
    it was built on (and RAPPOR's factors): a copy whose space or factors were replaced is no longer answered from
    the formula."""
    M.closed_form = {**tag, "inputs": M.inputs}


def randomized_response(k: int = 2, *, eps=None, exp_eps=None, p=None) -> Mechanism:
    """k-ary randomized response on one record with values 0..k-1.

    P(y = x) = e^eps / (e^eps + k - 1), P(y = y') = 1 / (e^eps + k - 1) otherwise; its pure-DP
    level is exactly eps.  For k = 2 one may give ``p`` = P(y = x) instead (p >= 1/2).
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise InvalidArgument(f"k={k!r} must be an int >= 2")
    space = Hamming(range(k), 1)
    if p is not None:
        if k != 2 or eps is not None or exp_eps is not None:
            raise InvalidArgument("p=... is only for binary randomized response, without eps")
        pv = _prob(p, "p")
        q = _exact(1 - to_sympy(pv)) if not isinstance(pv, Fraction) else 1 - pv
        rows = [[pv, q], [q, pv]]
        if isinstance(pv, Fraction):  # the short form rebuilds it under `from exactpriv import *`
            return Mechanism(space, [0, 1], rows, _built=f"randomized_response(k=2, p={str(pv)!r})", _roundtrip=True)
        return Mechanism(space, [0, 1], rows, _built=f"randomized_response(k=2, p={pv})")
    a, txt = _alpha(eps, exp_eps)
    denom = _f(a) + (k - 1) if isinstance(a, Fraction) else to_sympy(a) + (k - 1)
    hit, miss = _div(_f(a), denom), _div(Fraction(1), denom)
    rows = [[hit if x == y else miss for y in range(k)] for x in range(k)]
    # short forms that rebuild it under `from exactpriv import *`: rational exp_eps or eps, or eps=EPS
    short = None
    if exp_eps is not None:
        short = f"exp_eps={str(a)!r}"
    elif to_sympy(as_exact(eps, "eps")) == EPS:
        short = "eps=EPS"
    elif isinstance(as_exact(eps, "eps"), Fraction):
        short = f"eps={str(as_exact(eps, 'eps'))!r}"
    if short is not None:
        M = Mechanism(space, list(range(k)), rows, _built=f"randomized_response(k={k}, {short})", _roundtrip=True)
    else:
        M = Mechanism(space, list(range(k)), rows, _built=f"randomized_response(k={k}, {txt})")
    if isinstance(a, Fraction):
        _tag(M, {"family": "randomized_response", "k": k, "exp_eps": a})
    return M


def binary_symmetric_channel(p) -> Mechanism:
    """BSC with crossover probability p on one binary record (Cuff–Yu, Lemma 2)."""
    pv = _prob(p, "p")
    q = 1 - pv if isinstance(pv, Fraction) else _exact(1 - pv)
    return Mechanism(Hamming((0, 1), 1), [0, 1], [[q, pv], [pv, q]], _built=f"binary_symmetric_channel(p={pv})")


def erasure_channel(N: int, delta) -> Mechanism:
    """Cuff–Yu Example 3.3: X in {1..N}; Y = X w.p. delta, Y = 0 (erasure) w.p. 1 - delta.

    Note ``delta`` is the probability of *not* erasing, as in the paper; capacity delta*log N.
    """
    if not isinstance(N, int) or isinstance(N, bool) or N < 1:
        raise InvalidArgument(f"N={N!r} must be a positive int")
    d = _prob(delta, "delta")
    e = 1 - d if isinstance(d, Fraction) else _exact(1 - d)
    zero = Fraction(0)  # one object for the N² − N zeros (Fractions are immutable)
    rows = [[e] + [d if y == x else zero for y in range(1, N + 1)] for x in range(1, N + 1)]
    return Mechanism(Hamming(range(1, N + 1), 1), [0] + list(range(1, N + 1)), rows,
                     _built=f"erasure_channel(N={N}, delta={d})")


def binary_erasure_channel(delta) -> Mechanism:
    """``erasure_channel(2, delta)``: binary input {1, 2}, output 0 = erasure."""
    m = erasure_channel(2, delta)
    m._built = f"binary_erasure_channel(delta={m.rows[0][1]})"
    return m


def _geometric_rows(n, a):
    """Truncated geometric (Ghosh–Roughgarden–Sundararajan) on {0..n} with alpha = 1/a."""
    rows = []
    if isinstance(a, Fraction):
        al = 1 / a
        for c in range(n + 1):
            row = []
            for z in range(n + 1):
                w = al ** abs(z - c)
                row.append(w / (1 + al) if z in (0, n) else w * (1 - al) / (1 + al))
            rows.append(row)
        if n == 0:
            rows = [[Fraction(1)]]
        return rows
    al = 1 / to_sympy(a)
    for c in range(n + 1):
        row = []
        for z in range(n + 1):
            w = al ** abs(z - c)
            row.append(sympy.cancel(w / (1 + al) if z in (0, n) else w * (1 - al) / (1 + al)))
        rows.append(row)
    if n == 0:
        rows = [[Fraction(1)]]
    return rows


def truncated_geometric(n: int, *, eps=None, exp_eps=None) -> Mechanism:
    """Truncated geometric mechanism on counts {0..n} with neighbours |c - c'| = 1
    (Ghosh–Roughgarden–Sundararajan, STOC 2009).

    P(z | c) = (1-a)/(1+a) a^|z-c| for 0 < z < n and a^|z-c|/(1+a) at z in {0, n}, a = e^-eps:
    clamp(c + Z, 0, n) with two-sided geometric noise Z.  It is exactly eps-DP on the path graph
    of counts.  Returned as a :class:`~exactpriv.mechanisms.clamped.ClampedNoiseMechanism` (O(n)
    numbers instead of (n+1)^2; pure ε and δ(ε) from the shift structure) when e^eps is rational
    or eps = s·``EPS`` with s > 0 rational (the symbolic family is certified once for all eps).
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidArgument(f"n={n!r} must be a positive int")
    a, txt = _alpha(eps, exp_eps)
    label = f"truncated_geometric(n={n}, {txt})"
    if isinstance(a, Fraction):
        # the label rebuilds it under `from exactpriv import *` (exp_eps as an int or a quoted rational)
        short = f"exp_eps={a}" if a.denominator == 1 else f"exp_eps={str(a)!r}"
        # lazy: the 2n − 1 window integers (35,000 bits each at 0..10^4, e^ε = 11/10) are made on first use, so a
        # closed-form answer (measures/closed_forms.py) reads its few entries without them
        M = geometric_family(Fraction(1)).at(a, n, name=f"truncated_geometric(n={n}, {short})", lazy=True)
        M._roundtrip = True
        _tag(M, {"family": "truncated_geometric", "n": n, "exp_eps": a})
        return M
    scale = _eps_scale(a)
    if scale is not None:
        M = ClampedNoiseMechanism(n, family=geometric_family(scale).certify(n), name=label)
        if scale == 1:
            M._built, M._roundtrip = f"truncated_geometric(n={n}, eps=EPS)", True
        return M
    space = GraphSpace.from_edges(list(range(n + 1)), [(c, c + 1) for c in range(n)])
    rows = _geometric_family_rows(n, a)
    if rows is None:
        return Mechanism(space, list(range(n + 1)), _geometric_rows(n, a), _built=label)
    return Mechanism(space, list(range(n + 1)), None, _built=label, _validated=rows)


def _eps_scale(a):
    """s when a = exp(s·eps) with s a positive rational, else None."""
    a = to_sympy(a)
    if isinstance(a, sympy.exp):
        s = sympy.cancel(a.args[0] / EPS)
        if s.is_Rational and s > 0:
            return Fraction(int(s.p), int(s.q))
    return None


def geometric_family(scale: Fraction) -> ClampedFamily:
    """The two-sided geometric noise clamped to the counts, t = e^{scale·eps}:
    p(k) = (t−1)/(t+1)·t^−|k|, P(Z <= −j) = P(Z >= j) = t/(t+1)·t^−j (j >= 0)."""
    fam = _GEOMETRIC.get(scale)
    if fam is None:
        fam = _GEOMETRIC[scale] = ClampedFamily(
            scale=scale, label="two-sided geometric noise",
            factors={"window": (_T - 1) / (_T + 1), "lower": _T / (_T + 1), "upper": _T / (_T + 1)},
            exponents={"window": Exponent(-1, absolute=True), "lower": Exponent(-1), "upper": Exponent(-1)})
    return fam


_GEOMETRIC: dict = {}


def _geometric_family_rows(n, a):
    """Symbolic truncated-geometric rows validated once for the family, or None.

    Per-entry validation (a sympy ``cancel`` and a range check for each of the (n+1)² entries,
    and a symbolic row sum per row) took 33 s at n = 20.  Here each of the 2(n+1) distinct
    entries E_k = α^k·w/(1+α) (α = e^-eps, w = 1 at the ends, 1 − α inside) is built once;
    α and E_0 (both kinds) are range-checked by the Mechanism's own entry check, which
    covers every E_k = α^k·E_0 (products of numbers in [0, 1]); every row sum is checked as
    an identity of polynomials in α with python-flint (exact):
        (1 − α)·Σ_{0<z<n} α^|z−c| + α^c + α^(n−c) == 1 + α,
    which, being an identity in α, holds for every eps.  Returns None when ``a`` is not
    e^(expression in eps) (then the per-entry route runs).
    """
    import flint

    from exactpriv.mechanisms.base.entries import check_entry

    al = sympy.cancel(1 / to_sympy(a))
    if n == 0:
        return None
    one_minus = [1, -1]  # 1 − α as coefficients in α
    for c in range(n + 1):
        total = flint.fmpq_poly([0] * c + [1]) + flint.fmpq_poly([0] * (n - c) + [1])
        inner = flint.fmpq_poly([0])
        for z in range(1, n):
            inner += flint.fmpq_poly([0] * abs(z - c) + [1])
        total += inner * flint.fmpq_poly(one_minus)
        if total != flint.fmpq_poly([1, 1]):
            return None  # cannot happen; the per-entry route would then report the row
    # Range: α and the two k = 0 entries are checked by the entry check (certifier included);
    # every other entry is α^k times a k = 0 entry, a product of values in [0, 1].
    check_entry(al, "alpha = e^-eps", (EPS,))
    check_entry(sympy.cancel(1 / (1 + al)), "P(z | c) at z = c in {0, n}", (EPS,))
    check_entry(sympy.cancel((1 - al) / (1 + al)), "P(z | c) at z = c, 0 < z < n", (EPS,))
    def cancelled(k):
        w = al**k
        return sympy.cancel(w / (1 + al)), sympy.cancel(w * (1 - al) / (1 + al))

    # sympy's cancel (0.01 s an entry) gives, for al = e^-eps and k >= 1,
    # 1/(e^{k eps} + e^{(k-1) eps}) and (e^eps - 1)/(e^{(k+1) eps} + e^{k eps}); those forms are
    # built directly when cancel is seen to produce them for k = 1, 2 (else cancel every k)
    t = sympy.exp(EPS)

    def direct(k):
        return (1 / (sympy.exp(k * EPS) + sympy.exp((k - 1) * EPS)),
                (t - 1) / (sympy.exp((k + 1) * EPS) + sympy.exp(k * EPS)))

    fast = al == 1 / t and all(cancelled(k) == direct(k) for k in (1, 2))
    ends, inside = {}, {}
    for k in range(n + 1):
        ends[k], inside[k] = direct(k) if fast and k >= 1 else cancelled(k)
    return tuple(tuple((ends if z in (0, n) else inside)[abs(z - c)] for z in range(n + 1)) for c in range(n + 1))


def _geometric_integer_rows(n, a):
    """Integer rows of the truncated geometric with rational a = e^eps = v/u (u <= v).

    With alpha = 1/a = u/v: P(z|c) = alpha^k·w_z/(1 + alpha), k = |z − c|, w_z = 1 at the ends
    and 1 − alpha inside; over the row denominator v^n·(u + v) the numerator is
    u^k·v^(n−k)·(v at the ends, v − u inside).  Built as integers (no Fraction per entry)."""
    import numpy as np

    u, v = a.denominator, a.numerator
    pw_u = [u**k for k in range(n + 1)]
    pw_v = [v**k for k in range(n + 1)]
    ends = [0, n]
    num = np.empty((n + 1, n + 1), dtype=object)
    for c in range(n + 1):
        row = [pw_u[abs(z - c)] * pw_v[n - abs(z - c)] * (v - u) for z in range(n + 1)]
        for z in ends:
            row[z] = pw_u[abs(z - c)] * pw_v[n - abs(z - c)] * v
        num[c, :] = row
    den = np.empty(n + 1, dtype=object)
    den[:] = [pw_v[n] * (u + v)] * (n + 1)
    return num, den


def count_query_geometric(n: int, *, eps=None, exp_eps=None, values=(0, 1)) -> Mechanism:
    """Count of 1-records in D^n (D = ``values``, counting ``values[-1]``) plus truncated
    geometric noise: eps-DP under replace-one neighbours (the count moves by at most 1)."""
    a, txt = _alpha(eps, exp_eps)
    space = Hamming(values, n)
    geo = _geometric_rows(n, a)
    target = tuple(values)[-1]
    built = f"count_query_geometric(n={n}, {txt}, values={list(values)!r})"
    if isinstance(a, Fraction):
        # one integer row per count, indexed by each input's count: 2^n inputs share n + 1 rows, and no
        # Fraction per entry is built (they were, 2^n (n + 1) of them, before the first measure could start);
        # the 2^n rows are made on first use (a closed form reads two entries)
        M = _CountQueryGeometric(space, n, geo, target, name=built)
        if len(set(values)) >= 2:
            _tag(M, {"family": "count_query_geometric", "n": n, "values": tuple(values), "exp_eps": a})
        return M
    counts = [sum(v == target for v in x) for x in space.points]
    rows = [geo[c] for c in counts]
    return Mechanism(space, list(range(n + 1)), rows, _built=built)


class _CountQueryGeometric(Mechanism):
    """:func:`count_query_geometric` with a rational e^ε: the mechanism ``Mechanism.from_integer_rows`` builds from
    one integer row per count, its 2^n rows (and the enumeration of D^n) made on first use; before that an entry
    P(y | x) is the geometric's row at the count of x (``tests/mechanisms/test_count_query_lazy.py``: every entry,
    the integers and the measures against the eager build)."""

    def __init__(self, space, n: int, geo, target, *, name: str):
        # not Mechanism.__init__: no matrix yet; the size checks it would make, in the same order
        check_enumerable(space.size, lambda: repr(space))
        check_enumerable(space.size * (n + 1), f"a {space.size}x{n + 1} matrix")
        self.inputs, self.outputs, self.symbols = space, tuple(range(n + 1)), (EPS,)
        self._built, self._roundtrip, self._rows = name, False, None
        self._n, self._geo, self._target = n, geo, target
        self._alphabet = frozenset(space.alphabets[0])

    @functools.cached_property
    def _integer_rows(self):
        """The eager build's (num, den), by its own steps."""
        from exactpriv.mechanisms._integer import read_only, validate_integer_rows

        geo, n = self._geo, self._n
        dens = [math.lcm(*(v.denominator for v in row)) for row in geo]
        table = [[v.numerator * (d // v.denominator) for v in row] for row, d in zip(geo, dens)]
        dtype = np.int64 if max(dens) < (1 << 62) else object
        idx = np.asarray([sum(v == self._target for v in x) for x in self.inputs.points], dtype=np.int64)
        return read_only(*validate_integer_rows(np.array(table, dtype=dtype)[idx], np.array(dens, dtype=dtype)[idx],
                                                len(idx), n + 1))

    def prob(self, y, x):
        """P(Y = y | X = x): the geometric's entry at the count of x until the rows are made (a point of D^n: n
        values of the alphabet; anything else goes the general way, which names it)."""
        if "_integer_rows" not in self.__dict__ and type(y) is int and 0 <= y <= self._n:
            try:
                point = tuple(x)
                ok = len(point) == self._n and all(v in self._alphabet for v in point)
            except TypeError:
                ok = False
            if ok:
                return self._geo[sum(v == self._target for v in point)][y]
        return super().prob(y, x)


def exponential_mechanism_hamming(values, n: int, *, eps=None, exp_eps=None) -> Mechanism:
    """Exponential mechanism with score -d_H on D^n (Wang–Ying–Zhang eq. (30), E_d).

    P(y | x) = e^{-eps d(x,y)} / (1 + (m-1) e^{-eps})^n, x, y in D^n.  It is eps-DP with
    expected distortion h(eps) = n / (1 + e^eps/(m-1)) for every prior (Lemma 5).
    """
    a, txt = _alpha(eps, exp_eps)
    space = Hamming(values, n)
    m = len(space.alphabets[0])
    pts = space.points
    dist = space.distance_matrix()
    built = f"exponential_mechanism_hamming({list(space.alphabets[0])!r}, n={n}, {txt})"
    if isinstance(a, Fraction):
        # a = p/q: e^{-eps d}/(1+(m-1)e^{-eps})^n = p^{n-d} q^d / (p + (m-1) q)^n, integer rows
        # (row sum Σ_d C(n,d) (m-1)^d p^{n-d} q^d = (p + (m-1)q)^n): built from integer arrays,
        # not one Fraction per entry, which made the first measure on E_d cost ~10x a repeat
        # (bench/bench_first_call.py)
        p, q = a.numerator, a.denominator
        table = [p ** (n - d) * q ** d for d in range(n + 1)]
        denom = (p + (m - 1) * q) ** n
        dtype = np.int64 if denom < (1 << 62) else object
        num = np.array(table, dtype=dtype)[np.asarray(dist, dtype=np.int64)]
        M = Mechanism.from_integer_rows(space, list(pts), num, np.full(len(pts), denom, dtype=dtype), name=built)
        _tag(M, {"family": "exponential_hamming", "k": m, "n": n, "exp_eps": a})
        return M
    else:
        A = to_sympy(a)
        vals = [sympy.cancel(A ** (n - d) / (A + m - 1) ** n) for d in range(n + 1)]
    rows = [[vals[d] for d in drow] for drow in dist.tolist()]
    return Mechanism(space, list(pts), rows, _built=built)


def wang_E_d(values, n: int, *, eps=None, exp_eps=None) -> Mechanism:
    """Wang–Ying–Zhang's E_d (Wang–Ying–Zhang eq. (30)); same as :func:`exponential_mechanism_hamming`."""
    m = exponential_mechanism_hamming(values, n, eps=eps, exp_eps=exp_eps)
    m._built = m._built.replace("exponential_mechanism_hamming", "wang_E_d")
    return m


def wang_E_i(prior: Prior, *, eps=None, exp_eps=None) -> Mechanism:
    """Wang–Ying–Zhang's E_i (Wang–Ying–Zhang eq. (29)), the identifiability-optimal mechanism.

    P(y | x) = p_Y(y) e^{-eps d(x,y)} / (p_X(x) (1 + (m-1) e^{-eps})^n), where p_Y solves
    sum_y K(x, y) p_Y(y) = p_X(x) with K(x, y) = e^{-eps d(x,y)}/(1+(m-1)e^{-eps})^n.
    K is the n-fold Kronecker power of the m x m matrix k(u, v) = a^{[u=v]}/(a + m - 1)
    (a = e^eps), so p_Y = (k^{-1})^{(x)n} p_X, computed exactly record by record.
    Valid iff p_Y >= 0, i.e. eps >= eps~_X; otherwise :class:`SupportError` says so.
    Needs a full-support prior on a Hamming space with a common alphabet, and rational e^eps.
    """
    space = prior.space
    if not isinstance(space, Hamming) or len(set(space.alphabets)) != 1:
        raise InvalidArgument(f"wang_E_i needs a prior on D^n (Hamming with one alphabet), got {space!r}")
    prior.require_full_support("E_i divides by p_X(x) (Wang–Ying–Zhang eq. (29))")
    a, txt = _alpha(eps, exp_eps)
    if not isinstance(a, Fraction):
        raise InvalidArgument("wang_E_i needs a rational e^eps (e.g. eps=log(2) or exp_eps=2)")
    m, n = len(space.alphabets[0]), space.n
    # inverse of k = (I*(a-1) + J)/(a+m-1): k^{-1} = (a+m-1)/(a-1) * (I - J/(a+m-1))
    if a == 1:
        raise SupportError("eps = 0: K is singular (all posteriors equal); E_i exists only if p_X is uniform")
    c = (a + m - 1) / (a - 1)
    diag, off = c * (1 - Fraction(1, a + m - 1)), c * (-Fraction(1, a + m - 1))
    # apply k^{-1} along each record axis of the tensor p_X
    import numpy as np

    t = np.array(prior.pmf, dtype=object).reshape((m,) * n)
    for axis in range(n):
        s = t.sum(axis=axis, keepdims=True)
        t = (diag - off) * t + off * s
    p_y = list(t.reshape(-1))
    bad = [k for k, v in enumerate(p_y) if v < 0]
    if bad:
        raise SupportError(
            f"eps is below eps~_X for this prior: p_Y({space.points[bad[0]]!r}) = {p_y[bad[0]]} < 0, "
            f"so E_i (Wang–Ying–Zhang eq. (29)) is not a valid mechanism"
        )
    dist = space.distance_matrix().tolist()
    denom = (a + m - 1) ** n  # e^{-eps d}/(1+(m-1)e^{-eps})^n = a^{n-d}/(a+m-1)^n
    rows = [[p_y[y] * a ** (n - dist[x][y]) / (denom * prior.pmf[x]) for y in range(len(p_y))]
            for x in range(len(p_y))]
    return Mechanism(space, list(space.points), rows, _built=f"wang_E_i({prior!r}, {txt})")


def one_time_pad(N: int, *, part: str = "both") -> Mechanism:
    """Cuff–Yu Example 4.3: Y1 = X1 + U mod N, Y2 = U, U uniform on {0..N-1}.

    ``part`` = "both" (outputs (y1, y2)), "first" (Y1 alone) or "second" (Y2 alone); each part
    alone is independent of X1 (0-MI-DP), the pair reveals X1.
    """
    if not isinstance(N, int) or isinstance(N, bool) or N < 2:
        raise InvalidArgument(f"N={N!r} must be an int >= 2")
    space = Hamming(range(N), 1)
    if part == "both":
        outs = [(a, b) for a in range(N) for b in range(N)]
        rows = [[Fraction(1, N) if (y1 - y2) % N == x else Fraction(0) for (y1, y2) in outs] for (x,) in space.points]
    elif part in ("first", "second"):
        outs = list(range(N))
        rows = [[Fraction(1, N)] * N for _ in range(N)]
    else:
        raise InvalidArgument(f"part={part!r} must be 'both', 'first' or 'second'")
    return Mechanism(space, outs, rows, _built=f"one_time_pad(N={N}, part={part!r})")


def cuff_example_5_1(N: int, e) -> Mechanism:
    """Cuff–Yu Example 5.1 (finite analogue): X1, X2 in {0..N-1}.

    If X1 = X2: Y = X1 w.p. e, else 'e1'.  If X1 != X2: Y = 'e2' w.p. e, else 'e1'.
    The paper calls the probability epsilon; here it is ``e`` in [0, 1].
    """
    if not isinstance(N, int) or isinstance(N, bool) or N < 1:
        raise InvalidArgument(f"N={N!r} must be a positive int")
    ev = _prob(e, "e")
    rest = 1 - ev if isinstance(ev, Fraction) else _exact(1 - ev)
    space = Hamming(range(N), 2)
    outs = list(range(N)) + ["e1", "e2"]
    zero = Fraction(0)
    rows = []
    for x1, x2 in space.points:
        row = [zero] * (N + 2)
        row[N] = rest
        if x1 == x2:
            row[x1] = ev
        else:
            row[N + 1] = ev
        rows.append(row)
    return Mechanism(space, outs, rows, _built=f"cuff_example_5_1(N={N}, e={ev})")


def k_max(n: int, k: int, *, empty: str = "lowest") -> Mechanism:
    """Li et al.'s k-Max mechanism (Li et al. Def. 5.2) on subsets of entities {1..n}.

    With j = max(T): output uniform on {c_j..c_{j+k-1}} if j + k - 1 <= n, else on
    {c_{n-k+1}..c_n}; outputs are entity ranks 1..n.  The paper leaves T = {} undefined;
    ``empty`` chooses a reading: "lowest" (uniform on {c_1..c_k}, as if j were 1) or
    "uniform" (uniform on all n values).  Inputs: Subsets(1..n), add/remove neighbours.
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise InvalidArgument(f"k={k!r} must be an int >= 2")
    if not isinstance(n, int) or isinstance(n, bool) or n < k:
        raise InvalidArgument(f"n={n!r} must be an int >= k={k}")
    if empty not in ("lowest", "uniform"):
        raise InvalidArgument(f"empty={empty!r} must be 'lowest' or 'uniform'")
    space = Subsets(range(1, n + 1))
    outs = list(range(1, n + 1))
    rows = []
    for T in space.points:
        if not T:
            support = range(1, k + 1) if empty == "lowest" else range(1, n + 1)
        else:
            j = max(T)
            support = range(j, j + k) if j + k - 1 <= n else range(n - k + 1, n + 1)
        s = set(support)
        mass, zero = Fraction(1, len(s)), Fraction(0)  # shared by the row's entries (Fractions are immutable)
        rows.append([mass if c in s else zero for c in outs])
    return Mechanism(space, outs, rows, _built=f"k_max(n={n}, k={k}, empty={empty!r})")


def rappor(items, bits: int, hashes, *, f=None, p=None, q=None) -> ProductMechanism:
    """Per-bit randomized response over Bloom-filter bits (RAPPOR-like, kept in product form).

    Each item x sets the Bloom bits ``hashes[x]`` (a set of indices in 0..bits-1).  Bit j is
    reported as 1 w.p. ``p`` if set and ``q`` if not (independently per bit).  Give either
    ``f`` (permanent-RR flip rate: p = 1 - f/2, q = f/2) or both ``p`` and ``q``.
    Inputs: one record with values ``items`` (all pairs neighbours).
    """
    items = list(items)
    if not isinstance(bits, int) or isinstance(bits, bool) or bits < 1:
        raise InvalidArgument(f"bits={bits!r} must be a positive int")
    hashes = dict(hashes)
    for it in items:
        if it not in hashes:
            raise InvalidArgument(f"hashes has no Bloom bits for item {it!r}")
        for b in hashes[it]:
            if not isinstance(b, int) or not 0 <= b < bits:
                raise InvalidArgument(f"hashes[{it!r}] contains {b!r}, not a bit index in 0..{bits - 1}")
    if f is not None:
        if p is not None or q is not None:
            raise InvalidArgument("give f or (p, q), not both")
        fv = as_rational(f, "f")
        if not 0 <= fv <= 1:
            raise InvalidArgument(f"f={f!r} must lie in [0, 1]")
        p, q = 1 - fv / 2, fv / 2
    p, q = as_rational(p, "p"), as_rational(q, "q")
    for name, v in (("p", p), ("q", q)):
        if not 0 <= v <= 1:
            raise InvalidArgument(f"{name}={v} must lie in [0, 1]")
    space = Hamming(items, 1)
    # Two distinct rows (bit set / not set) serve every factor: validated once here, then
    # shared (128 bits x 1,000 items re-validated entry by entry took ~7 s).
    row_set, row_unset = (1 - p, p), (1 - q, q)
    Mechanism(GraphSpace.from_edges(["set", "unset"], []), [0, 1], [row_set, row_unset])
    bit_sets = [set(hashes[x]) for (x,) in space.points]
    factors = []
    for j in range(bits):
        rows = tuple(row_set if j in s else row_unset for s in bit_sets)
        factors.append(Mechanism(space, [0, 1], None, _built=f"rappor_bit({j})", _validated=rows))
    M = ProductMechanism(factors, _built=f"rappor({items!r}, bits={bits}, hashes={hashes!r}, p={p}, q={q})")
    _tag(M, {"family": "rappor", "bit_sets": bit_sets, "p": p, "q": q, "factors": tuple(factors)})
    return M
