"""Expected Hamming distortion and the function h(ε) with its inverse.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016, eq. (18).

h(ε) = n(m−1)/(m−1+e^ε) is the distortion of the exponential mechanism E_ε; it is a rational
function of t = e^ε, so h and its inverse are computed exactly (a Fraction, or a LogForm for ε).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import as_exact, as_rational, to_sympy
from exactpriv.measures.arguments import check_mechanism
from exactpriv.spaces import Hamming
from .inputs import check_exp_eps, check_n_m

__all__ = ["expected_distortion", "h", "exp_h_inverse", "h_inverse"]


# ======================================================================================
# distortion, h, ε_X
# ======================================================================================
def expected_distortion(M, prior):
    """Expected Hamming distortion E[d(X, Y)] = Σ_{x,y} p_X(x) p(y|x) d(x, y)  (Wang–Ying–Zhang, eq. (5)).

    The mechanism's outputs must be databases of the input space D_1 × ... × D_n (the paper's
    setting R = D^n); d is the Hamming distance.  Returns an exact Fraction for rational
    mechanisms, a (cancelled) sympy expression for symbolic ones.

    Raises InvalidArgument if an output is not a database of the input space, SpaceMismatchError
    if the prior lives on another space.
    """
    M = check_mechanism(M, "expected_distortion")
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
                f"output {y!r} is not a database of {space!r}: the Hamming distortion d(x, y) of Wang–Ying–Zhang (5) "
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
        return check_exp_eps(exp_eps)
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
    """h(ε) = n / (1 + e^ε/(m-1))  (Wang–Ying–Zhang, eqs. (19), (36)): the optimal distortion of R-PD.

    Give ``eps`` (exact number, LogForm, sympy expression in ``EPS``, or ``sympy.oo``) or
    ``exp_eps`` = e^ε (exact rational >= 1).  Returns a Fraction when e^ε is rational, else a sympy
    expression.  h is decreasing with h(0) = n(m-1)/m and h(oo) = 0.
    """
    n, m = check_n_m(n, m)
    t = _t_of(eps, exp_eps)
    if t == sympy.oo:
        return Fraction(0)
    if isinstance(t, Fraction):
        return Fraction(n * (m - 1)) / (m - 1 + t)
    return sympy.Integer(n) / (1 + t / (m - 1))


def exp_h_inverse(D, n, m):
    """e^{h^{-1}(D)} = (n/D - 1)(m - 1) (Wang–Ying–Zhang, eq. (19)): rational for rational D.

    ``sympy.oo`` at D = 0 and 0 at D = n; D must lie in [0, n]."""
    n, m = check_n_m(n, m)
    d = as_rational(D, "D")
    if not 0 <= d <= n:
        raise InvalidArgument(f"D={d} must lie in [0, n] = [0, {n}]")
    if d == 0:
        return sympy.oo
    return (Fraction(n) / d - 1) * (m - 1)


def h_inverse(D, n, m):
    """h^{-1}(D) = ln(n/D - 1) + ln(m - 1)  (Wang–Ying–Zhang, eq. (19)), for rational D in [0, n].

    An exact LogForm (negative when D > n(m-1)/m); ``sympy.oo`` at D = 0, ``-sympy.oo`` at D = n.
    """
    t = exp_h_inverse(D, n, m)
    if t == sympy.oo:
        return sympy.oo
    if t == 0:
        return -sympy.oo
    return LogForm.log(t)
